import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import type { InlineCounts } from '../server/site-headers.ts';
import { FolderWriter, InlineHashSet } from './deploy-files.ts';

/**
 * The page writers of a full build: threads that take each rendered page, find
 * its inline hashes, compress it (brotli and gzip) and write the three files,
 * so the main thread does nothing but render. On two cores the main thread
 * renders on one while the writers, the redirect-page worker and Pagefind share
 * the other; before, the main thread also parsed every page for its hashes and
 * drove the thread pool's compressions and file writes, and spent more time on
 * that than on rendering.
 *
 * Files are handed over in batches (one message for the files handed over in
 * one turn of the event loop, their bytes moved, not copied), and each thread
 * counts the inline hashes of the pages it wrote, handed back once at the end.
 */

interface WriterSetup {
  kind: 'aisle:page-writer';
  dir: string;
  /** The build's standby folder: each file written is hard-linked into it too (`standby-links.ts`). */
  standby: string | undefined;
}

interface Job {
  id: number;
  rel: string;
  data: Uint8Array;
}

type ToWriter = { jobs: Job[] } | { end: true };
type FromWriter =
  | { done: number[]; failed: { id: number; error: string }[] }
  | { counts: InlineCounts; cpuSeconds: number };

/** Files `writeAll` hands each writer thread at a time. */
const IN_FLIGHT_PER_THREAD = 16;

interface Thread {
  worker: Worker;
  busy: number;
  queued: Job[];
  transfer: ArrayBuffer[];
  counts: Promise<{ counts: InlineCounts; cpuSeconds: number }>;
}

export class PageWriters {
  readonly #threads: Thread[];
  readonly #pending = new Map<number, { resolve: () => void; reject: (e: Error) => void; done: Promise<void> }>();
  readonly #inline: InlineHashSet | null;
  #next = 0;
  #flushing = false;
  #closed = false;
  #failed: Error | null = null;
  /** The CPU seconds (user and system) the writer threads spent, known once `close` resolved. */
  cpuSeconds = 0;

  /**
   * Writers into `dir` (each file also hard-linked into `standby` when named); the inline
   * hashes of the HTML pages they write are counted into `inline` by `close`.
   */
  constructor(dir: string, inline: InlineHashSet | null, opts: { standby?: string; threads?: number } = {}) {
    this.#inline = inline;
    const threads = opts.threads ?? Math.max(1, availableParallelism());
    this.#threads = Array.from({ length: threads }, () => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { kind: 'aisle:page-writer', dir, standby: opts.standby } satisfies WriterSetup,
        // A writer holds a few pages at a time and the inline hashes' counts: a bounded heap makes V8 collect
        // the pages' garbage instead of growing (about 170 MB less for the rebuild's process at 20,000 items, one run).
        resourceLimits: { maxOldGenerationSizeMb: 96 },
      });
      let gotCounts: (c: { counts: InlineCounts; cpuSeconds: number }) => void = () => {};
      const thread: Thread = {
        worker,
        busy: 0,
        queued: [],
        transfer: [],
        counts: new Promise((resolve) => {
          gotCounts = resolve;
        }),
      };
      worker.on('message', (msg: FromWriter) => {
        if ('counts' in msg) {
          gotCounts(msg);
          return;
        }
        thread.busy -= msg.done.length + msg.failed.length;
        for (const id of msg.done) {
          this.#pending.get(id)?.resolve();
          this.#pending.delete(id);
        }
        for (const { id, error } of msg.failed) {
          this.#pending.get(id)?.reject(new Error(error));
          this.#pending.delete(id);
        }
      });
      worker.on('error', (e) => this.#fail(e));
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new Error(`A page writer ended with code ${code}.`));
      });
      return thread;
    });
  }

  #fail(e: Error): void {
    this.#failed ??= e;
    for (const w of this.#pending.values()) w.reject(e);
    this.#pending.clear();
  }

  /**
   * Hands one file (a page, a search-index file) to the least busy writer;
   * resolves once it is written with its `.br` and `.gz`. The bytes of a Buffer
   * that owns its whole memory are moved, not copied: do not use it afterwards.
   */
  write(rel: string, data: Uint8Array): Promise<void> {
    if (this.#failed !== null) return Promise.reject(this.#failed);
    let thread = this.#threads[0] as Thread;
    for (const t of this.#threads) if (t.busy < thread.busy) thread = t;
    const id = this.#next++;
    const whole =
      data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
    let settle = { resolve: () => {}, reject: (_e: Error) => {} };
    const done = new Promise<void>((resolve, reject) => {
      settle = { resolve, reject };
    });
    this.#pending.set(id, { ...settle, done });
    // A failure is the caller's to handle; a write nobody awaits must not end the process.
    done.catch(() => {});
    thread.busy++;
    thread.queued.push({ id, rel, data });
    if (whole) thread.transfer.push(data.buffer as ArrayBuffer);
    if (!this.#flushing) {
      this.#flushing = true;
      setImmediate(() => this.#flush());
    }
    return done;
  }

  #flush(): void {
    this.#flushing = false;
    for (const t of this.#threads) {
      if (t.queued.length === 0) continue;
      t.worker.postMessage({ jobs: t.queued } satisfies ToWriter, t.transfer);
      t.queued = [];
      t.transfer = [];
    }
  }

  /** Writes many files, keeping the writers busy without holding them all in their queues. */
  async writeAll(files: Iterable<[string, Uint8Array]>): Promise<void> {
    const writing = new Set<Promise<void>>();
    for (const [rel, data] of files) {
      const p = this.write(rel, data).finally(() => writing.delete(p));
      writing.add(p);
      if (writing.size >= this.#threads.length * IN_FLIGHT_PER_THREAD) await Promise.race(writing);
    }
    await Promise.all(writing);
  }

  /** Waits for what was handed over, counts the pages' inline hashes, then ends the threads. */
  async close(): Promise<void> {
    if (this.#closed) return;
    await Promise.allSettled([...this.#pending.values()].map((p) => p.done));
    if (this.#failed === null) {
      for (const t of this.#threads) t.worker.postMessage({ end: true } satisfies ToWriter);
      for (const t of this.#threads) {
        const { counts, cpuSeconds } = await t.counts;
        this.#inline?.merge(counts);
        this.cpuSeconds += cpuSeconds;
      }
    }
    this.#closed = true;
    await Promise.all(this.#threads.map((t) => t.worker.terminate()));
    if (this.#failed !== null) throw this.#failed;
  }
}

function serve(setup: WriterSetup): void {
  const out = new FolderWriter(setup.dir, setup.standby);
  const inline = new InlineHashSet();
  parentPort?.on('message', (msg: ToWriter) => {
    if ('end' in msg) {
      const cpu = process.threadCpuUsage();
      parentPort?.postMessage({
        counts: inline.counts(),
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      } satisfies FromWriter);
      return;
    }
    const done: number[] = [];
    const failed: { id: number; error: string }[] = [];
    for (const job of msg.jobs) {
      try {
        const data = Buffer.from(job.data.buffer, job.data.byteOffset, job.data.byteLength);
        if (job.rel.endsWith('.html')) inline.add(data.toString('utf8'));
        out.write(job.rel, data);
        done.push(job.id);
      } catch (e) {
        failed.push({ id: job.id, error: (e as Error).message });
      }
    }
    parentPort?.postMessage({ done, failed } satisfies FromWriter);
  });
}

if (!isMainThread && (workerData as WriterSetup | undefined)?.kind === 'aisle:page-writer') {
  serve(workerData as WriterSetup);
}
