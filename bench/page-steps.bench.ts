// node bench/page-steps.bench.ts <built site folder> [--reps 3]
// What one page costs a full build's page writer, step by step, on real pages: the CPU
// milliseconds of this thread per page (process.threadCpuUsage, which a loaded machine
// inflates less than wall time) and the bytes each compression makes, for the HTML pages
// under `app/` of a built site (e.g. the e2e suite's site, test-results/e2e-site-builds/site-1,
// or a bench:build site). Also what the files cost (three files and three standby links a
// page, in fresh folders) and a redirect page (its own folder in the build and the standby,
// one file, one link), and the whole of `FolderWriter.write` as the writers call it.
// Nothing is written outside a temp folder. See bench/README.md "Issue 30 item 1".
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { redirectPage } from '../src/lib/catalogue/redirect-pages.ts';
import { brotliWindow, FolderWriter, InlineHashSet } from '../src/publish/deploy-files.ts';
import { PageWriters } from '../src/publish/page-writer.ts';

const { values, positionals } = parseArgs({
  options: { reps: { type: 'string', default: '3' } },
  allowPositionals: true,
  strict: true,
});
const site = positionals[0];
const reps = Number(values.reps);
if (site === undefined || !Number.isSafeInteger(reps) || reps < 1) {
  console.error('bench/page-steps: give a built site folder, and --reps as a whole number ≥ 1.');
  process.exit(2);
}

const pages: Buffer[] = [];
const walk = (dir: string) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, e.name);
    if (e.isDirectory()) walk(path);
    else if (e.name === 'index.html') pages.push(readFileSync(path));
  }
};
walk(join(site, 'app'));
const mean = pages.reduce((s, p) => s + p.length, 0) / pages.length;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(`${pages.length} pages under ${site}/app, ${(mean / 1024).toFixed(1)} kB on average; load ${load}`);

const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const rows: string[] = ['| step | CPU ms a page | bytes a page |', '| --- | ---: | ---: |'];
function step(name: string, work: (page: Buffer, i: number) => number): void {
  work(pages[0] as Buffer, 0);
  let bytes = 0;
  const started = cpuMs();
  for (let r = 0; r < reps; r++) for (let i = 0; i < pages.length; i++) bytes += work(pages[i] as Buffer, i);
  const ms = (cpuMs() - started) / (reps * pages.length);
  rows.push(`| ${name} | ${ms.toFixed(3)} | ${bytes === 0 ? '' : Math.round(bytes / reps / pages.length)} |`);
}

const brotli = (quality: number) => (p: Buffer) =>
  brotliCompressSync(p, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: quality,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: p.length,
      [constants.BROTLI_PARAM_LGWIN]: brotliWindow(p.length),
    },
  }).length;
const inline = new InlineHashSet();
step('inline hashes (utf-8 decode, scan, SHA-256)', (p) => {
  inline.add(p.toString('utf8'));
  return 0;
});
step('brotli 5 (pages today)', brotli(5));
step('brotli 4', brotli(4));
step('gzip 5, memLevel 8 (before)', (p) => gzipSync(p, { level: 5 }).length);
step('gzip 5, memLevel 9 (now)', (p) => gzipSync(p, { level: 5, memLevel: 9 }).length);
step('gzip 1', (p) => gzipSync(p, { level: 1, memLevel: 9 }).length);

const scratch = mkdtempSync(join(tmpdir(), 'aisle-page-steps-'));
try {
  let n = 0;
  const files = (names: string[], links: boolean) => (p: Buffer) => {
    const rel = `app/section/${n % 500}/${n++}`;
    mkdirSync(join(scratch, 'build', rel), { recursive: true });
    if (links) mkdirSync(join(scratch, 'standby', rel), { recursive: true });
    for (const name of names) {
      writeFileSync(join(scratch, 'build', rel, name), name === 'index.html' ? p : p.subarray(0, 9000));
      if (links) linkSync(join(scratch, 'build', rel, name), join(scratch, 'standby', rel, name));
    }
    return 0;
  };
  step('3 files + 3 standby links, a folder each side', files(['index.html', 'index.html.br', 'index.html.gz'], true));
  step('2 files + 2 standby links (no .gz)', files(['index.html', 'index.html.br'], true));
  const redirect = Buffer.from(redirectPage('/app/section/1/2', 'https://shop.example/app/section/1/2', 301));
  step('a redirect page: 1 file + 1 link, a folder each side', files(['index.html'], true).bind(null, redirect));
  let w = 0;
  const writer = new FolderWriter(join(scratch, 'fw'), join(scratch, 'fw-standby'));
  step('FolderWriter.write (all of the above a page writer does)', (p) => {
    writer.write(`app/section/${w % 500}/${w++}/index.html`, p);
    return 0;
  });
  // The same pages through the page writers' threads (one per core), handed over as a full build
  // hands them (a copy each, moved to the thread): their CPU a page against FolderWriter.write above.
  const writers = new PageWriters(join(scratch, 'pw'), new InlineHashSet(), { standby: join(scratch, 'pw-standby') });
  const sent = performance.now();
  let handed = 0;
  await writers.writeAll(
    (function* () {
      for (let r = 0; r < reps; r++) {
        for (const p of pages) yield [`app/section/${handed % 500}/${handed++}/index.html`, Buffer.from(p)] as const;
      }
    })(),
  );
  await writers.close();
  rows.push(
    `| PageWriters (${availableParallelism()} threads): their CPU a page, startup included; ` +
      `${((performance.now() - sent) / handed).toFixed(3)} ms a page of wall time | ` +
      `${((writers.cpuSeconds * 1000) / handed).toFixed(3)} | |`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
console.log(rows.join('\n'));
