// npm test — everything a contributor must keep green, in order: lint (Biome, then knip), type checks,
// unit and API tests (SQLite and PostgreSQL), then the end-to-end suite in Chromium.
// Ends with one summary line, `tests: N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromiumMissing } from '../tests/fixtures/chromium.ts';

const only = process.argv.slice(2);
const bin = (name: string) => `node_modules/.bin/${name}`;
const results = 'test-results';
mkdirSync(results, { recursive: true });
const vitestJson = `${results}/vitest.json`;
const playwrightJson = `${results}/playwright.json`;
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });

interface Step {
  name: string;
  cmd: string;
  args: string[];
  env?: Record<string, string>;
}

const steps: Step[] = [
  { name: 'lint', cmd: bin('biome'), args: ['check', '.'] },
  // Files, exports and dependencies nothing uses (knip.json names the entry points).
  { name: 'knip', cmd: bin('knip'), args: ['--no-progress'] },
  { name: 'astro check', cmd: bin('astro'), args: ['check'] },
  { name: 'tsc', cmd: bin('tsc'), args: ['--noEmit'] },
  {
    name: 'vitest',
    cmd: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  },
  {
    name: 'playwright',
    cmd: bin('playwright'),
    args: ['test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson },
  },
];

// Say it before ten minutes of other steps, not after.
const missingChromium = only.length === 0 || only.includes('playwright') ? chromiumMissing() : undefined;
if (missingChromium !== undefined) {
  console.error(`\n${missingChromium}\n`);
  console.log('tests: 0 passed, 1 failed');
  process.exit(1);
}

let failedStep: string | undefined;
let passed = 0;
let failed = 0;

// Counted as soon as each step ends: Playwright empties test-results/ when it starts.
function countResults(step: string): void {
  if (step === 'vitest' && existsSync(vitestJson)) {
    const v = JSON.parse(readFileSync(vitestJson, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += v.numPassedTests;
    failed += v.numFailedTests;
  }
  if (step === 'playwright' && existsSync(playwrightJson)) {
    const p = JSON.parse(readFileSync(playwrightJson, 'utf8')) as {
      stats: { expected: number; unexpected: number; flaky: number };
    };
    passed += p.stats.expected + p.stats.flaky;
    failed += p.stats.unexpected;
  }
}

for (const step of steps) {
  if (only.length > 0 && !only.includes(step.name)) continue;
  console.log(`\n=== ${step.name}`);
  const started = Date.now();
  // Run with this very Node (24), whatever the scripts' shebangs say.
  const r = spawnSync(process.execPath, [step.cmd, ...step.args], {
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', ...step.env },
  });
  console.log(
    `=== ${step.name}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  countResults(step.name);
  if (r.status !== 0) {
    failedStep = step.name;
    break;
  }
}

if (failedStep !== undefined && failed === 0) failed = 1;
console.log(`\ntests: ${passed} passed, ${failed} failed`);
if (failedStep !== undefined) {
  console.error(`npm test failed at step "${failedStep}".`);
  process.exitCode = 1;
}
