// npm run bench:sheet-reader [-- --rows 100000 --runs 3]
// Reads one generated CSV (N rows of 25 text columns) alternately in-process (`readSheet`, as
// imports did before issue 26) and on a worker thread (`readSheetFile`, as they do now), and
// prints each run's time and the longest stall of the event loop while it ran (a 10 ms timer's
// lateness): what a request arriving during an import's reading phase waits at most.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readSheet } from '../src/server/catalogue/sheet-files.ts';
import { readSheetFile } from '../src/server/catalogue/sheet-reader.ts';

type Mode = 'in-process' | 'worker';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    child: { type: 'string' },
    file: { type: 'string' },
  },
});
const rows = Number(values.rows);

/** One read of `file` in this process: its time and the longest stall of the event loop meanwhile. */
async function measure(mode: Mode, file: string): Promise<{ ms: number; stall: number }> {
  let stall = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    stall = Math.max(stall, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  const table = mode === 'worker' ? await readSheetFile(file) : await readSheet(file);
  const ms = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 30));
  clearInterval(timer);
  if (table.rows.length !== rows) throw new Error(`${mode} read ${table.rows.length} rows`);
  return { ms, stall };
}

if (values.child !== undefined) {
  // Each run in a process of its own: no run pays for the garbage of the one before.
  console.log(JSON.stringify(await measure(values.child as Mode, values.file as string)));
} else {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-sheet-'));
  const file = join(dir, 'sheet.csv');
  try {
    const lines = [Array.from({ length: 25 }, (_, i) => `Column${i}`).join(',')];
    for (let r = 0; r < rows; r++)
      lines.push(Array.from({ length: 25 }, (_, i) => `value ${r} ${i} some text`).join(','));
    writeFileSync(file, `${lines.join('\n')}\n`);
    console.log(
      `${rows.toLocaleString('en-IN')} rows, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB, on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
    );
    for (let i = 0; i < Number(values.runs); i++) {
      for (const mode of ['in-process', 'worker'] as const) {
        const out = execFileSync(
          process.execPath,
          [process.argv[1] as string, '--child', mode, '--file', file, '--rows', String(rows)],
          { encoding: 'utf8' },
        );
        const { ms, stall } = JSON.parse(out.trim().split('\n').at(-1) ?? '') as { ms: number; stall: number };
        console.log(
          `${mode.padEnd(12)} ${(ms / 1000).toFixed(1).padStart(5)} s, longest event-loop stall ${Math.round(stall)} ms`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
