import { availableParallelism } from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { buildStats } from '../lib/catalogue/build-stats.ts';
import {
  bookItems,
  type Catalogue,
  type CatalogueRows,
  indexFrame,
  rowKey,
  sectionItems,
  withItems,
} from '../lib/catalogue/catalogue.ts';
import { shareCatalogue } from '../lib/catalogue/load.ts';
import { shareOnlyPages } from '../lib/catalogue/site-pages.ts';
import type { ItemDto } from '../lib/domain/catalogue.ts';
import type { InlineCounts } from '../server/site-headers.ts';
import { FolderWriter, InlineHashSet } from './deploy-files.ts';
import { loadKeptRenderer } from './kept-renderer.ts';

/**
 * The rendering threads of a full build: each loads the kept renderer and
 * renders a part of the catalogue's pages at a time, then finds each page's
 * inline hashes, compresses it (brotli and gzip) and writes the three files
 * itself, so no page crosses a thread. A thread holds the catalogue's frame
 * (categories, stores, sections: small) and only the items of the part it
 * renders, sent with the part: the main thread keeps the one whole catalogue.
 *
 * `AISLE_BUILD_THREADS` sets how many; 1 renders on the main thread with the
 * page writers' threads beside it, as before. The default is one a core on a
 * machine of more than two cores, where rendering on the main thread is what
 * the build waits for; on two it is 1: the main thread renders on one core and
 * the page writers take the other, which built as fast with two rendering
 * threads (20,000 items: 94 s against 96, three pairs alternating) with about
 * 130 MB less; at 250,000 items two threads took 2,638 MB, far over the main
 * thread's 1,466 MB of an earlier day (bench/README.md, "Issue 30: rendering on
 * every core").
 */

/** Cores from which a full build renders on one thread a core by default. */
const THREADS_FROM_CORES = 3;

/** How many rendering threads a full build starts: `AISLE_BUILD_THREADS`, else one a core on more than two cores. */
export function renderThreadCount(env: NodeJS.ProcessEnv = process.env, cores = availableParallelism()): number {
  const raw = env.AISLE_BUILD_THREADS;
  if (raw === undefined || raw.trim() === '') return cores >= THREADS_FROM_CORES ? cores : 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw new Error(`AISLE_BUILD_THREADS must be a whole number from 1 to 64 (it is "${raw}").`);
  }
  return n;
}

/**
 * The items a catalogue part's pages show, from the whole catalogue: an item
 * page its item, a section page the items filed in it, a book page the items it
 * lists. The other pages show the frame only. Rendered from these items and the
 * frame, each page is the page the whole catalogue renders (the incremental
 * rebuild relies on the same: `cataloguePagesAt`).
 */
export function partItems(cat: Catalogue, paths: readonly string[]): ItemDto[] {
  const items = new Map<string, ItemDto>();
  const add = (list: Iterable<ItemDto>) => {
    for (const i of list) items.set(rowKey(i.ItemID, i.DbID), i);
  };
  for (const path of paths) {
    const m = /^\/app\/(section|store-section|book)\/(\d+)\/(\d+)$/.exec(path);
    if (m === null) continue;
    const key = rowKey(Number(m[2]), Number(m[3]));
    if (m[1] === 'section') {
      const item = cat.itemByKey.get(key);
      if (item !== undefined) items.set(key, item);
      continue;
    }
    const section = cat.sectionByKey.get(key);
    if (section === undefined) continue;
    add(m[1] === 'book' ? bookItems(cat, section) : sectionItems(cat, section));
  }
  return [...items.values()];
}

interface ThreadSetup {
  kind: 'aisle:render-thread';
  code: string;
  dir: string;
  standby: string | undefined;
  frame: Omit<CatalogueRows, 'items'>;
  /** Pages rendered at a time in the thread (one renders while the others wait on their promises). */
  concurrency: number;
}

type ToThread = { part: { paths: string[]; items: ItemDto[] } } | { end: true };
type FromThread =
  | { ready: true }
  | { progress: number }
  | { rendered: string[] }
  | { failed: ThreadFailure }
  | { counts: InlineCounts; cpuSeconds: number; heapMb: number };

interface Thread {
  worker: Worker;
  /** The part it renders now, if any. */
  part: { resolve: (rendered: string[]) => void; reject: (e: Error) => void } | null;
  rendered: number;
  counts: Promise<{ counts: InlineCounts; cpuSeconds: number; heapMb: number }>;
  /** Ends the wait for `counts` when the thread failed. */
  lost: (e: Error) => void;
}

/** What a thread tells of an error: its message, and the code and path `disk-full.ts` reads. */
interface ThreadFailure {
  message: string;
  code?: string | undefined;
  path?: string | undefined;
}

/** An error from a thread, with the code and path `disk-full.ts` reads. */
function threadError(e: ThreadFailure): Error {
  return Object.assign(
    new Error(e.message),
    e.code === undefined ? {} : { code: e.code },
    e.path ? { path: e.path } : {},
  );
}

export class RenderThreads {
  readonly #threads: Thread[];
  readonly #idle: Thread[] = [];
  readonly #waiting: ((t: Thread) => void)[] = [];
  #closed = false;
  #failed: Error | null = null;
  /** The CPU seconds (user and system) the threads spent, known once `close` resolved. */
  cpuSeconds = 0;
  /** The largest heap (MB) a thread held, sampled as it rendered, known once `close` resolved. */
  heapMb = 0;

  constructor(opts: {
    code: string;
    dir: string;
    standby?: string;
    catalogue: Catalogue;
    threads: number;
    concurrency: number;
  }) {
    const { categories, stores, sections } = opts.catalogue;
    const setup: ThreadSetup = {
      kind: 'aisle:render-thread',
      code: opts.code,
      dir: opts.dir,
      standby: opts.standby,
      frame: { categories, stores, sections },
      concurrency: opts.concurrency,
    };
    this.#threads = Array.from({ length: opts.threads }, () => {
      const worker = new Worker(new URL(import.meta.url), { workerData: setup });
      let gotCounts: (c: { counts: InlineCounts; cpuSeconds: number; heapMb: number }) => void = () => {};
      let lost: (e: Error) => void = () => {};
      const counts = new Promise<{ counts: InlineCounts; cpuSeconds: number; heapMb: number }>((resolve, reject) => {
        gotCounts = resolve;
        lost = reject;
      });
      counts.catch(() => {});
      const thread: Thread = { worker, part: null, rendered: 0, counts, lost };
      worker.on('message', (msg: FromThread) => {
        if ('ready' in msg) this.#release(thread);
        else if ('progress' in msg) thread.rendered = msg.progress;
        else if ('counts' in msg) gotCounts(msg);
        else if ('rendered' in msg) {
          const part = thread.part;
          thread.part = null;
          part?.resolve(msg.rendered);
          this.#release(thread);
        } else if ('failed' in msg) {
          const part = thread.part;
          thread.part = null;
          const error = threadError(msg.failed);
          this.#failed ??= error;
          part?.reject(error);
        }
      });
      worker.on('error', (e) => this.#fail(thread, e));
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(thread, new Error(`A rendering thread ended with code ${code}.`));
      });
      return thread;
    });
  }

  #fail(thread: Thread, e: Error): void {
    this.#failed ??= e;
    thread.part?.reject(e);
    thread.part = null;
    thread.lost(e);
    // Whoever waits for a thread learns of the failure.
    for (const wait of this.#waiting.splice(0)) wait(thread);
  }

  #release(thread: Thread): void {
    const wait = this.#waiting.shift();
    if (wait !== undefined) wait(thread);
    else this.#idle.push(thread);
  }

  /** How many threads render. */
  get count(): number {
    return this.#threads.length;
  }

  /** Pages rendered so far, over every thread. */
  get rendered(): number {
    let n = 0;
    for (const t of this.#threads) n += t.rendered;
    return n;
  }

  /**
   * Renders and writes `paths` (pages of the catalogue, shown from `items` and the frame) on the
   * next free thread. Resolves once the part is handed over (a thread was free), so at most one
   * part a thread is held; its `written` resolves to the paths rendered once they are written.
   */
  async render(paths: string[], items: ItemDto[]): Promise<{ written: Promise<string[]> }> {
    if (this.#failed !== null) throw this.#failed;
    const thread = this.#idle.shift() ?? (await new Promise<Thread>((resolve) => this.#waiting.push(resolve)));
    if (this.#failed !== null) throw this.#failed;
    const written = new Promise<string[]>((resolve, reject) => {
      thread.part = { resolve, reject };
    });
    written.catch(() => {});
    thread.worker.postMessage({ part: { paths, items } } satisfies ToThread);
    return { written };
  }

  /** Waits for the threads to finish their parts, counts the pages' inline hashes, then ends them. */
  async close(inline: InlineHashSet | null): Promise<void> {
    if (this.#closed) return;
    if (this.#failed === null) {
      for (const t of this.#threads) t.worker.postMessage({ end: true } satisfies ToThread);
      for (const t of this.#threads) {
        const { counts, cpuSeconds, heapMb } = await t.counts;
        this.heapMb = Math.max(this.heapMb, heapMb);
        inline?.merge(counts);
        this.cpuSeconds += cpuSeconds;
      }
    }
    this.#closed = true;
    await Promise.all(this.#threads.map((t) => t.worker.terminate()));
    if (this.#failed !== null) throw this.#failed;
  }
}

async function serve(setup: ThreadSetup): Promise<void> {
  const port = parentPort;
  if (port === null) return;
  const frame = indexFrame(setup.frame);
  const out = new FolderWriter(setup.dir, setup.standby);
  const inline = new InlineHashSet();
  const stats = buildStats();
  stats.pagesRendered = 0;
  const renderer = await loadKeptRenderer(setup.code);
  if (renderer === null) throw new Error('The site compiler did not keep its compiled renderer.');
  let heap = 0;
  const timer = setInterval(() => {
    heap = Math.max(heap, getHeapStatistics().total_heap_size);
    port.postMessage({ progress: stats.pagesRendered } satisfies FromThread);
  }, 100);
  port.on('message', (msg: ToThread) => {
    if ('end' in msg) {
      clearInterval(timer);
      const cpu = process.threadCpuUsage();
      port.postMessage({
        counts: inline.counts(),
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        heapMb: Math.round(heap / 2 ** 20),
      } satisfies FromThread);
      return;
    }
    const { paths, items } = msg.part;
    const rendered: string[] = [];
    renderer.forget();
    shareCatalogue(Promise.resolve(withItems(frame, items)));
    shareOnlyPages(Promise.resolve(paths));
    renderer
      .render(paths, setup.concurrency, async (f) => {
        if (f.file.endsWith('.html')) inline.add(f.body.toString('utf8'));
        out.write(f.file, f.body);
        rendered.push(f.path);
      })
      .then(
        () => {
          port.postMessage({ progress: stats.pagesRendered } satisfies FromThread);
          port.postMessage({ rendered } satisfies FromThread);
        },
        (e: Error & { code?: string; path?: string }) => {
          port.postMessage({ failed: { message: e.message, code: e.code, path: e.path } } satisfies FromThread);
        },
      )
      .finally(() => {
        renderer.forget();
        shareCatalogue(null);
        shareOnlyPages(null);
      });
  });
  port.postMessage({ ready: true } satisfies FromThread);
}

if (!isMainThread && (workerData as ThreadSetup | undefined)?.kind === 'aisle:render-thread') {
  serve(workerData as ThreadSetup).catch((e: Error) => {
    // The thread ends with its error (the main thread's `error` event).
    throw e;
  });
}

/**
 * The catalogue file made from the whole catalogue (every item's aliases), not from a part's
 * items: `renderParts` leaves it to the caller, which holds the whole catalogue.
 */
export const REDIRECTS_PATH = '/_redirects';

/**
 * Renders `groups` (a full build's pages in render order, `renderOrder`) `partPages` at a time
 * on `threads`, each part with the items its pages show, and `REDIRECTS_PATH` with
 * `writeRedirects`; `onShard(shard)` is called once every page of a search shard is written.
 * Resolves to the paths rendered; after a failure it rejects only once every part already
 * handed over has ended.
 */
export async function renderParts(
  threads: RenderThreads,
  cat: Catalogue,
  groups: readonly { shard: number | null; paths: readonly string[] }[],
  partPages: number,
  onShard: (shard: number) => void,
  writeRedirects: () => Promise<void>,
): Promise<string[]> {
  const rendered: string[] = [];
  const handedOver: Promise<unknown>[] = [];
  try {
    for (const group of groups) {
      const parts: Promise<string[]>[] = [];
      const paths = group.paths.filter((p) => p !== REDIRECTS_PATH);
      if (paths.length < group.paths.length) parts.push(writeRedirects().then(() => [REDIRECTS_PATH]));
      for (let start = 0; start < paths.length; start += partPages) {
        const part = paths.slice(start, start + partPages);
        const { written } = await threads.render(part, partItems(cat, part));
        parts.push(written);
        handedOver.push(written);
      }
      const shardWritten = Promise.all(parts).then((lists) => {
        for (const list of lists) rendered.push(...list);
        if (group.shard !== null) onShard(group.shard);
      });
      shardWritten.catch(() => {});
      handedOver.push(shardWritten);
    }
  } finally {
    await Promise.allSettled(handedOver);
  }
  await Promise.all(handedOver);
  return rendered;
}
