import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { redirectPageEntries } from '../lib/catalogue/redirect-pages.ts';
import { FolderWriter } from './deploy-files.ts';

/** What the worker needs: everything else it works out itself, off the main thread. */
interface RedirectJob {
  kind: 'aisle:redirect-pages';
  dir: string;
  /** The build's standby folder: each page is hard-linked into it too. */
  standby?: string;
  redirectsText: string;
  site: string;
  /** Paths that are pages (no redirect page is written for them). */
  pages: string[];
}

/**
 * Writes the redirect pages of `redirectsText` (with their `.br` and `.gz`) into
 * `dir`, in a worker thread: a full build runs it while Astro renders on the main
 * thread, so the two share the machine's cores rather than one event loop.
 * Resolves to the number of pages written.
 */
export function writeRedirectPagesInWorker(job: Omit<RedirectJob, 'kind'>): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { kind: 'aisle:redirect-pages', ...job },
      // What it keeps is the page set and the redirects' text; the rest is garbage of pages already written,
      // which a bounded heap collects instead of growing (with the page writers' bound, about 60 MB less at
      // 250,000 items: bench/README.md, "Issue 30 on the AMD EPYC VM").
      resourceLimits: { maxOldGenerationSizeMb: redirectHeapMb(job.pages.length, job.redirectsText.length) },
    });
    let written: number | undefined;
    worker.once('message', (n: number) => {
      written = n;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (written !== undefined) resolve(written);
      else reject(new Error(`The redirect pages could not be written (the worker ended with code ${code}).`));
    });
  });
}

/** The redirect worker's heap bound: 128 MB, and 1 MB more for every 2,000 pages and every 250 kB of redirects. */
function redirectHeapMb(pages: number, redirectsChars: number): number {
  return 128 + Math.ceil(pages / 2000) + Math.ceil(redirectsChars / 250_000);
}

function work(job: RedirectJob): void {
  const pages = new Set(job.pages);
  // The worker does nothing else: blocking writes cost about half the CPU of promise-based ones.
  const out = new FolderWriter(job.dir, job.standby);
  // Redirect pages get no `.br` or `.gz` (nor in a rebuild, `addRedirectPages`): the site server
  // answers their paths from `_redirects` with an HTTP redirect before any file, so only a host that
  // ignores `_redirects` serves them, and a page of about 370 bytes shrinks by less than its headers
  // take. At 100,000 items they are 187,000 pages: their compressed forms were 375,000 files.
  let written = 0;
  for (const [file, html] of redirectPageEntries(job.redirectsText, job.site, (p) => pages.has(p))) {
    out.write(file, Buffer.from(html), false);
    written++;
  }
  parentPort?.postMessage(written);
}

if (!isMainThread && (workerData as RedirectJob | undefined)?.kind === 'aisle:redirect-pages') {
  work(workerData as RedirectJob);
}
