// node bench/two-machines.bench.ts --dir DIR [--machines 2]
// A full build shared by machines, simulated on this one (issue 30 item 1, "what the next factor
// needs"). DIR is a folder `npm run bench:build -- --reuse DIR` seeded and built (data/, site/), with
// this code's kept renderer. The catalogue's pages are split by search shard (a section's item pages
// and its section page go with its shard, `search-index.ts`; the pages no shard holds go to every
// machine but the first, which writes the redirect pages), and each "machine" is a process of
// its own that reads the catalogue from the shop's API over HTTP, renders its pages with the kept
// renderer, writes them with their .br and .gz, and indexes its shards with Pagefind, as a full
// build does. The machines run one after the other, each with the whole of this computer, as
// separate computers would each have theirs. Then their folders are merged into one (hard links)
// with what only the build's coordinator makes (the compiled site's own files, the sitemap,
// `_headers`), taken from the live build, and every file is compared with the live full build's.
// Prints each machine's time and CPU, the merge's, and how many files match byte for byte.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createApiClient } from '../src/lib/api/client.ts';
import { readCatalogue, shareCatalogue } from '../src/lib/catalogue/load.ts';
import { redirectsText, shareOnlyPages } from '../src/lib/catalogue/site-pages.ts';
import { siteOrigin } from '../src/lib/catalogue/site-url.ts';
import { startApi } from '../src/publish/catalogue-source.ts';
import { InlineHashSet } from '../src/publish/deploy-files.ts';
import { endedChildrenCpuSeconds, PART_PAGES, renderOrder } from '../src/publish/full-build.ts';
import { boundHeapGrowth } from '../src/publish/heap-growth.ts';
import { loadKeptRenderer } from '../src/publish/kept-renderer.ts';
import { PageWriters } from '../src/publish/page-writer.ts';
import { writeRedirectPagesInWorker } from '../src/publish/redirect-writer.ts';
import { buildSearchIndex, isSearched, shardOf } from '../src/publish/search-index.ts';
import { liveSite, readManifest, siteFolders } from '../src/publish/site-folders.ts';
import { loadConfig } from '../src/server/config.ts';

const ROOT = resolve(import.meta.dirname, '..');

/** What one machine is given: its pages, its shards, and where to write. */
interface Part {
  machine: number;
  code: string;
  out: string;
  paths: string[];
  /** Every catalogue page of the site (the redirect writer skips them). */
  allPaths: string[] | null;
  shards: number[];
  shardCount: number;
}

interface PartResult {
  machine: number;
  pages: number;
  searchPages: number;
  wall: number;
  catalogueRead: number;
  rendering: number;
  writers: number;
  pagefind: number;
  cpu: number;
  peakMb: number;
}

const { values } = parseArgs({
  options: { dir: { type: 'string' }, machines: { type: 'string', default: '2' }, part: { type: 'string' } },
  strict: true,
});

if (values.part !== undefined) {
  await machine(JSON.parse(readFileSync(values.part, 'utf8')) as Part);
} else {
  if (values.dir === undefined) {
    console.error('Usage: node bench/two-machines.bench.ts --dir DIR [--machines N]');
    process.exit(2);
  }
  await coordinate(resolve(values.dir), Number(values.machines));
}

/** One machine's share: read the catalogue, render and write its pages, index its shards. */
async function machine(part: Part): Promise<void> {
  // As a full build runs (`scripts/build.ts`, `scripts/rebuild.ts`): the same heap bound.
  boundHeapGrowth();
  const started = performance.now();
  const api = process.env.API_URL as string;
  const catalogue = await readCatalogue(createApiClient({ baseURL: api, retry: 2 }));
  const catalogueRead = (performance.now() - started) / 1000;
  const renderer = await loadKeptRenderer(part.code);
  if (renderer === null) throw new Error(`No kept renderer for the code ${part.code}: build DIR with this code first.`);
  mkdirSync(part.out, { recursive: true });
  const writers = new PageWriters(part.out, new InlineHashSet());
  const redirects =
    part.allPaths === null
      ? Promise.resolve(0)
      : writeRedirectPagesInWorker({
          dir: part.out,
          redirectsText: redirectsText(catalogue),
          site: siteOrigin(),
          pages: part.allPaths,
        });
  redirects.catch(() => {});
  const mainCpu = process.threadCpuUsage();
  let searching: Promise<void> = Promise.resolve();
  let searchPages = 0;
  shareCatalogue(Promise.resolve(catalogue));
  for (const group of renderOrder(part.paths, part.shardCount)) {
    for (let start = 0; start < group.paths.length; start += PART_PAGES) {
      const slice = group.paths.slice(start, start + PART_PAGES);
      renderer.forget();
      shareOnlyPages(Promise.resolve(slice));
      await renderer.render(slice, 8, (f) => writers.write(f.file, f.body));
    }
    const shard = group.shard;
    if (shard === null || !part.shards.includes(shard)) continue;
    // As a full build does: each shard indexed once its pages are written, while the next ones render.
    searching = searching.then(async () => {
      if (shard === 0) await redirects;
      const index = await buildSearchIndex(part.out, part.shardCount, {
        only: [shard],
        sink: (files) => writers.writeAll(files),
      });
      searchPages += index.pages;
    });
  }
  const rendering = process.threadCpuUsage(mainCpu);
  renderer.forget();
  shareCatalogue(null);
  shareOnlyPages(null);
  await redirects;
  await searching;
  await writers.close();
  const usage = process.resourceUsage();
  const result: PartResult = {
    machine: part.machine,
    pages: part.paths.length,
    searchPages,
    wall: (performance.now() - started) / 1000,
    catalogueRead,
    rendering: (rendering.user + rendering.system) / 1e6,
    writers: writers.cpuSeconds,
    pagefind: endedChildrenCpuSeconds(),
    cpu: (usage.userCPUTime + usage.systemCPUTime) / 1e6 + endedChildrenCpuSeconds(),
    peakMb: usage.maxRSS / 1024,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

function runMachine(file: string, api: string): Promise<PartResult> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench/two-machines.bench.ts'), '--part', file], {
      cwd: ROOT,
      env: { ...process.env, API_URL: api, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.once('close', (code) => {
      const line = /^RESULT (.*)$/m.exec(out)?.[1];
      if (code === 0 && line !== undefined) done(JSON.parse(line) as PartResult);
      else fail(new Error(`machine ${file} ended with ${code}: ${out.slice(-2000)}`));
    });
  });
}

/** Every file under `dir`, relative to it (a few hundred thousand at 100,000 items). */
function filesUnder(dir: string, prefix = '', out: string[] = []): string[] {
  for (const e of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix === '' ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory()) filesUnder(dir, rel, out);
    else if (e.isFile()) out.push(rel);
  }
  return out;
}

async function coordinate(dir: string, machines: number): Promise<void> {
  process.env.DATA_DIR = join(dir, 'data');
  process.env.SITE_DIR = join(dir, 'site');
  delete process.env.API_URL;
  delete process.env.DATABASE_URL;
  const folders = siteFolders(join(dir, 'site'));
  const live = liveSite(folders);
  if (live.kind !== 'build') throw new Error(`${dir}/site is not a built site.`);
  const manifest = readManifest(folders, live.dir);
  if (manifest === null || typeof manifest.searchShards !== 'number')
    throw new Error('The live build has no manifest.');
  const shardCount = manifest.searchShards;
  const allPaths = manifest.pages.paths().filter((p) => p !== '/_redirects');
  const work = join(dir, 'machines');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const parts: Part[] = Array.from({ length: machines }, (_, m) => ({
    machine: m + 1,
    code: manifest.code,
    out: join(work, `machine-${m + 1}`),
    paths: [],
    allPaths: m === 0 ? allPaths : null,
    shards: Array.from({ length: shardCount }, (_, s) => s).filter((s) => s % machines === m),
    shardCount,
  }));
  // The first machine writes the redirect pages (187,000 small pages at 100,000 items): the pages no shard
  // holds (books, stores, categories) go to the others.
  let rest = 0;
  for (const path of allPaths) {
    const m = isSearched(path)
      ? shardOf(path, shardCount) % machines
      : machines === 1
        ? 0
        : 1 + (rest++ % (machines - 1));
    parts[m]?.paths.push(path);
  }
  const api = await startApi(loadConfig(), () => {});
  console.log(
    `two-machines: ${allPaths.length} catalogue pages, ${shardCount} search shards, ${machines} machines, ` +
      `one after the other (${new Date().toISOString()})`,
  );
  const results: PartResult[] = [];
  try {
    for (const part of parts) {
      const file = join(work, `part-${part.machine}.json`);
      writeFileSync(file, JSON.stringify(part));
      const result = await runMachine(file, api.url);
      console.log(
        `  machine ${result.machine}: ${result.pages} pages and ${part.shards.length} shards in ${result.wall.toFixed(1)} s ` +
          `(catalogue read ${result.catalogueRead.toFixed(1)} s); CPU ${result.cpu.toFixed(1)} s: rendering ` +
          `${result.rendering.toFixed(1)}, writers ${result.writers.toFixed(1)}, Pagefind ${result.pagefind.toFixed(1)}; ` +
          `peak ${result.peakMb.toFixed(0)} MB (its own process)`,
      );
      results.push(result);
    }
  } finally {
    await api.stop();
  }

  // The merge: every machine's folder, then what the coordinator makes (taken from the live build).
  const merged = join(work, 'merged');
  const mergeStarted = performance.now();
  mkdirSync(merged, { recursive: true });
  for (const part of parts) {
    const cp = spawnSync('cp', ['-al', `${part.out}/.`, merged], { stdio: 'pipe' });
    if (cp.status !== 0) throw new Error(`merging ${part.out}: ${cp.stderr.toString()}`);
  }
  const mergeSeconds = (performance.now() - mergeStarted) / 1000;
  const liveFiles = filesUnder(live.dir);
  let same = 0;
  let coordinator = 0;
  const differ: string[] = [];
  for (const rel of liveFiles) {
    const mine = join(merged, rel);
    if (!existsSync(mine)) {
      coordinator++;
      continue;
    }
    if (readFileSync(mine).equals(readFileSync(join(live.dir, rel)))) same++;
    else differ.push(rel);
  }
  const extra = filesUnder(merged).filter((rel) => !existsSync(join(live.dir, rel)));
  const slowest = Math.max(...results.map((r) => r.wall));
  console.log(
    `  merge: ${mergeSeconds.toFixed(1)} s (hard links); of the live build's ${liveFiles.length} files ` +
      `${same} are the machines' byte for byte, ${differ.length} differ, ${coordinator} come from the coordinator ` +
      `(the compiled site's files, sitemap, _headers); ${extra.length} files the live build lacks.`,
  );
  if (differ.length > 0) console.log(`  differing: ${differ.slice(0, 10).join(', ')}`);
  if (extra.length > 0) console.log(`  not in the live build: ${extra.slice(0, 10).join(', ')}`);
  console.log(
    `  the slowest machine took ${slowest.toFixed(1)} s; all machines ` +
      `${results.reduce((s, r) => s + r.cpu, 0).toFixed(1)} CPU-seconds.`,
  );
  console.log(
    `RESULTS ${JSON.stringify({ results, mergeSeconds, same, differ: differ.length, coordinator, extra: extra.length })}`,
  );
  rmSync(work, { recursive: true, force: true });
  if (differ.length > 0 || extra.length > 0) process.exitCode = 1;
}
