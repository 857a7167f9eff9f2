import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Reporter } from './progress.ts';
import { COMPILE_CACHE_DIR, PROJECT_ROOT } from './project-root.ts';

/**
 * The site compiler: `astro build` of the pages without keys (login, cart, 404,
 * …), run by a full build in a child process of its own. Vite bundles the site,
 * Astro renders those few pages, and the compiled renderer is kept (see
 * `kept-renderer.ts`) for the catalogue pages, which the full build then renders
 * in bounded parts. Astro's and Vite's memory ends with the child: the rebuild's
 * own process never loads them, so its peak is the catalogue and one part.
 */

interface CompileJob {
  /** Astro's output folder. */
  outDir: string;
  /** Where the compiled renderer is kept. */
  keep: string;
  /** The API the child reads the catalogue from (the pages' navigation needs it). */
  apiUrl: string;
}

interface CompileAnswer {
  kind: 'aisle:compiled';
  /** The paths of the pages and files Astro wrote. */
  rendered: string[];
}

const JOB_ENV = 'AISLE_SITE_COMPILE_JOB';

/** Compiles the site into `job.outDir` in a child process; resolves to the paths Astro rendered. */
export function compileSite(job: CompileJob, reporter: Reporter): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, API_URL: job.apiUrl, [JOB_ENV]: JSON.stringify(job) },
      // Astro's warnings and errors go where the rebuild's log goes.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let answer: CompileAnswer | undefined;
    child.on('message', (m: CompileAnswer) => {
      if (m?.kind === 'aisle:compiled') answer = m;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (answer !== undefined && code === 0) {
        reporter.log(`Build: the site compiled and ${answer.rendered.length} pages without keys rendered.`);
        resolve(answer.rendered);
      } else {
        reject(new Error(`Astro could not compile the site (its process ended with ${signal ?? `code ${code}`}).`));
      }
    });
  });
}

async function compile(job: CompileJob): Promise<void> {
  const { enableCompileCache } = await import('node:module');
  enableCompileCache(COMPILE_CACHE_DIR);
  const [{ createApiClient }, { readCatalogue }, { keepRendererIn }, { runAstro }] = await Promise.all([
    import('../lib/api/client.ts'),
    import('../lib/catalogue/load.ts'),
    import('./kept-renderer.ts'),
    import('./renderer.ts'),
  ]);
  const catalogue = readCatalogue(createApiClient({ baseURL: job.apiUrl, retry: 2 }));
  const quiet: Reporter = {
    log: () => {},
    step: () => {},
    phase: () => ({ update: () => {}, end: () => {} }),
  };
  keepRendererIn(job.keep);
  const rendered = await runAstro(quiet, job.outDir, catalogue, Promise.resolve([]), Promise.resolve(0));
  const answer: CompileAnswer = { kind: 'aisle:compiled', rendered };
  await new Promise<void>((done) => process.send?.(answer, () => done()));
}

const raw = process.env[JOB_ENV];
if (raw !== undefined && process.send !== undefined) {
  // A rebuild that dies (killed, or its build interrupted) takes its compiler with it.
  process.once('disconnect', () => process.exit(1));
  try {
    await compile(JSON.parse(raw) as CompileJob);
    process.exit(0);
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  }
}
