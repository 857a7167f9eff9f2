// A customer's sign-in latency while 30 registrations arrive from one address over 3 s (issue 11's
// figure): one customer signs in again and again until every registration has been answered,
// with the registration throttle off ("before") and on ("after"), and with no flood at all for
// reference. Each round starts a fresh server process (SQLite in a temp folder) per mode, in turn,
// so the modes alternate within one run on one machine.
//
//   npm run bench:signin-flood
//   npm run bench:signin-flood -- --rounds 5 --signins 10 --registrations 30 --flood-seconds 3
//
// Loopback only; the server trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback) so the
// customer and the flood have addresses of their own.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parseTrustProxy } from '../src/lib/domain/ip-address.ts';
import { createApp, silentLogger } from '../src/server/app.ts';
import { ensureAccount } from '../src/server/auth/accounts.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { listen } from '../src/server/runtime.ts';

const CUSTOMER = { email: 'customer@example.com', password: 'Customer-Pass-2026!' };
const CUSTOMER_ADDRESS = '192.0.2.10';
const FLOOD_ADDRESS = '198.51.100.66';

type Mode = 'quiet' | 'before' | 'after';
const MODES: readonly Mode[] = ['quiet', 'before', 'after'];
const LABEL: Record<Mode, string> = {
  quiet: 'no flood (reference)',
  before: 'flood, throttle off (before)',
  after: 'flood, throttle on (after)',
};

/** `--serve`: the server process. Prints {"url"} once listening; stops on SIGTERM. */
async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-flood-'));
  const db = openDb({ sqliteFile: join(dataDir, 'aisle.db') });
  await migrateToLatest(db.db);
  await ensureAccount(db.db, { ...CUSTOMER, role: 'User', now: new Date() });
  const app = createApp({
    db: db.db,
    dialect: db.dialect,
    contentDir: join(dataDir, 'content'),
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
    mail: { smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') },
    log: silentLogger,
    trustProxy: parseTrustProxy('loopback'),
    throttleAnonymous: process.env.BENCH_THROTTLE !== '0',
  });
  const server = await listen(app, '127.0.0.1', 0);
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.once('SIGTERM', () => {
    void server
      .close()
      .then(() => db.close())
      .then(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  });
}

async function startServer(throttle: boolean): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    env: { ...process.env, BENCH_THROTTLE: throttle ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const url = await new Promise<string>((resolve, reject) => {
    lines.once('line', (line) => resolve((JSON.parse(line) as { url: string }).url));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { url, child };
}

async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function signIn(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': CUSTOMER_ADDRESS },
    body: new URLSearchParams({ username: CUSTOMER.email, password: CUSTOMER.password, grant_type: 'password' }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return performance.now() - started;
}

async function register(url: string, n: number, round: number): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const password = `Flood-Pass-${round}-${n}-xyz!`;
  const res = await fetch(`${url}/api/Account/Register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': FLOOD_ADDRESS },
    body: JSON.stringify({ Email: `flood${round}.${n}@example.com`, Password: password, ConfirmPassword: password }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i] as number;
}

interface RoundResult {
  signIns: number[];
  floodStatuses: Map<number, number>;
  floodMs: number[];
  floodSeconds: number;
}

async function measure(
  mode: Mode,
  round: number,
  opts: { signins: number; registrations: number; floodSeconds: number },
): Promise<RoundResult> {
  const { url, child } = await startServer(mode !== 'before');
  try {
    // Warm up: the first sign-in pays for JIT and the first scrypt allocation.
    await signIn(url);
    await signIn(url);
    const floodStatuses = new Map<number, number>();
    const floodMs: number[] = [];
    const floodStarted = performance.now();
    const flood =
      mode === 'quiet'
        ? Promise.resolve()
        : Promise.all(
            Array.from({ length: opts.registrations }, async (_, n) => {
              await sleep((n * opts.floodSeconds * 1000) / opts.registrations);
              const r = await register(url, n, round);
              floodStatuses.set(r.status, (floodStatuses.get(r.status) ?? 0) + 1);
              floodMs.push(r.ms);
            }),
          ).then(() => undefined);
    // One customer signing in again and again, one sign-in at a time, from the flood's start until
    // every registration has been answered (and at least `signins` times).
    let flooding = true;
    void flood.then(() => {
      flooding = false;
    });
    const signIns: number[] = [];
    while (flooding || signIns.length < opts.signins) signIns.push(await signIn(url));
    await flood;
    return { signIns, floodStatuses, floodMs, floodSeconds: (performance.now() - floodStarted) / 1000 };
  } finally {
    await stopServer(child);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '3' },
      signins: { type: 'string', default: '10' },
      registrations: { type: 'string', default: '30' },
      'flood-seconds': { type: 'string', default: '3' },
    },
  });
  if (values.serve) return serve();
  const rounds = Number(values.rounds);
  const opts = {
    signins: Number(values.signins),
    registrations: Number(values.registrations),
    floodSeconds: Number(values['flood-seconds']),
  };
  console.error(
    `Sign-in flood: ${rounds} rounds of ${MODES.join(', ')}; sign-ins one after another (at least ${opts.signins}) while ` +
      `${opts.registrations} registrations arrive from one address over ${opts.floodSeconds} s. ` +
      `${cpus().length} CPUs, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()[0]?.toFixed(1)}; Node ${process.version}.`,
  );
  const all: Record<Mode, RoundResult[]> = { quiet: [], before: [], after: [] };
  for (let round = 0; round < rounds; round++) {
    for (const mode of MODES) {
      const r = await measure(mode, round, opts);
      all[mode].push(r);
      const sorted = [...r.signIns].sort((a, b) => a - b);
      console.error(
        `  round ${round + 1} ${LABEL[mode].padEnd(30)} sign-in median ${quantile(sorted, 0.5).toFixed(0)} ms, ` +
          `p95 ${quantile(sorted, 0.95).toFixed(0)} ms` +
          (mode === 'quiet' ? '' : `; registrations ${[...r.floodStatuses].map(([s, n]) => `${n}×${s}`).join(', ')}`),
      );
    }
  }
  console.log('');
  console.log('| mode | sign-ins | median | mean | p95 | max | registrations answered | flood took |');
  console.log('| ---- | -------: | -----: | ---: | --: | --: | ---------------------- | ---------: |');
  for (const mode of MODES) {
    const signIns = all[mode].flatMap((r) => r.signIns).sort((a, b) => a - b);
    const statuses = new Map<number, number>();
    for (const r of all[mode]) for (const [s, n] of r.floodStatuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
    const floods = all[mode].map((r) => r.floodSeconds);
    const answered =
      mode === 'quiet'
        ? '–'
        : [...statuses]
            .sort(([a], [b]) => a - b)
            .map(([s, n]) => `${n} × ${s}`)
            .join(', ');
    console.log(
      `| ${LABEL[mode]} | ${signIns.length} | ${quantile(signIns, 0.5).toFixed(0)} ms | ` +
        `${(signIns.reduce((a, b) => a + b, 0) / signIns.length).toFixed(0)} ms | ` +
        `${quantile(signIns, 0.95).toFixed(0)} ms | ${(signIns.at(-1) ?? 0).toFixed(0)} ms | ${answered} | ` +
        `${mode === 'quiet' ? '–' : `${(floods.reduce((a, b) => a + b, 0) / floods.length).toFixed(1)} s`} |`,
    );
  }
}

await main();
