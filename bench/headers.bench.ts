// What a 16 KB `Accept-Encoding` or `Range` header costs the site server (issue 26): the parsers
// of src/server/site-files.ts against the regexes they replaced (kept here as the reference),
// alternating, on the headers an attacker sends (a coding or `bytes=` padded with 16,000 spaces).
//
//   npm run bench:headers
//   npm run bench:headers -- --runs 200
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { acceptedEncodings, parseRange } from '../src/server/site-files.ts';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' } } });
const runs = Number(values.runs);

// The regexes of the code before issue 26: each backtracks quadratically on padded input.
const regexAccepts = (header: string, coding: string) =>
  new RegExp(`(?:^|,)\\s*${coding}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, 'i').exec(header);
const regexRange = (header: string) => /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);

const padded = ' '.repeat(16_000);
const cases: { name: string; now: () => unknown; before: () => unknown; beforeRuns: number }[] = [
  {
    name: `Accept-Encoding: gzip${'␠'}×16000 x`,
    now: () => acceptedEncodings(`gzip${padded}x`),
    // The old server asked for br, then gzip: two matches a request.
    before: () => [regexAccepts(`gzip${padded}x`, 'br'), regexAccepts(`gzip${padded}x`, 'gzip')],
    beforeRuns: 5,
  },
  {
    name: `Range: bytes=${'␠'}×16000 x`,
    now: () => parseRange(`bytes=${padded}x`, 1_000_000),
    before: () => regexRange(`bytes=${padded}x`),
    beforeRuns: 5,
  },
  {
    name: 'Accept-Encoding: 8,000 empty entries',
    now: () => acceptedEncodings(`${' ,'.repeat(8_000)}br`),
    before: () => [regexAccepts(`${' ,'.repeat(8_000)}br`, 'br')],
    beforeRuns: 5,
  },
];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

console.log(`${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, load ${loadavg()[0]?.toFixed(2)}; ${runs} runs`);
for (const c of cases) {
  const now: number[] = [];
  const before: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    c.now();
    now.push(performance.now() - t);
    // The old code takes a second or more a few calls in: it runs only its first few turns.
    if (i < c.beforeRuns) {
      t = performance.now();
      c.before();
      before.push(performance.now() - t);
    }
  }
  console.log(
    `${c.name}: now median ${median(now).toFixed(4)} ms (max ${Math.max(...now).toFixed(3)} ms); ` +
      `regex median ${median(before).toFixed(1)} ms`,
  );
}
