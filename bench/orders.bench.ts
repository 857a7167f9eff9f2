// Orders per second and latency of POST /api/cart/CreateOrder under concurrent load,
// against a real HTTP server in its own process, on SQLite and on PostgreSQL.
//
//   npm run bench:orders
//   npm run bench:orders -- --orders 2500 --concurrency 16,64 --engines sqlite,postgres --seconds 60
//   npm run bench:orders -- --slots --rounds 2 --concurrency 64
//     (`--slots`: each level runs plain orders and orders booking a delivery slot, alternating,
//     `--rounds` times each: issue 31)
//   npm run bench:orders -- --groups --rounds 2 --concurrency 64
//     (`--groups`: plain orders and carts of three stores, one line each, the second store's
//     with a slot: one order per store under one group, issue 31 item 3)
//
// Loopback only. PostgreSQL: a throw-away database is created on the server of
// BENCH_PG_URL (default: the local one the tests use) and dropped afterwards.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { sellingPrice } from '../src/lib/domain/pricing.ts';
import { createApp, silentLogger } from '../src/server/app.ts';
import { issueToken } from '../src/server/auth/tokens.ts';
import { type Db, openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import type { Database } from '../src/server/db/schema.ts';
import { fastOrders } from '../src/server/fast-orders.ts';
import { createMailQueue } from '../src/server/mail-queue.ts';
import { createInvoiceNumbering } from '../src/server/orders/invoice-numbers.ts';
import { listen } from '../src/server/runtime.ts';

const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = 200;
const WARM_UP_ORDERS = 200;
/**
 * Orders a bench account places at most. An account may have 10 open orders
 * (`OPEN_ORDERS_MAX`, issue 27) and none is ever delivered here, so the orders go
 * round accounts enough for every run to give each at most this many: each order
 * is then placed as a shopper's would be, its account's open orders counted.
 */
const ORDERS_PER_ACCOUNT = 5;
/** `--slots`: store 2 delivers in this many slots, each taking more orders than a run places. */
const SLOTS = 8;
const SLOT_CAPACITY = 10_000;

/** Plain orders (store 1, no slots), orders booking a delivery slot (store 2), or three-store carts (stores 1–3). */
type Mode = 'plain' | 'slots' | 'groups';

type Engine = 'sqlite' | 'postgres';

/** `--serve`: the server process. Prints {"url"} once listening; stops on SIGTERM. */
async function serve(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-bench-server-'));
  const db = openDb(
    process.env.DATABASE_URL === undefined
      ? { sqliteFile: process.env.SQLITE_FILE ?? join(dataDir, 'aisle.db') }
      : {
          databaseUrl: process.env.DATABASE_URL,
          poolMax: process.env.DATABASE_POOL_MAX === undefined ? undefined : Number(process.env.DATABASE_POOL_MAX),
        },
  );
  const mail = { smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') };
  const mailQueue = createMailQueue({ db: db.db, mail, log: silentLogger });
  const deps = {
    db: db.db,
    dialect: db.dialect,
    contentDir: join(dataDir, 'content'),
    jwtSecret: JWT_SECRET,
    mail,
    log: silentLogger,
    mailQueue,
    invoiceNumbering: createInvoiceNumbering({ db: db.db, log: silentLogger }),
  };
  // As `npm start` serves (`serve-shop.ts`): placed orders are answered below the framework.
  const server = await listen(createApp(deps), '127.0.0.1', 0, fastOrders(deps));
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  // The CPU time this process has used, asked for before and after each level.
  process.on('message', (m) => {
    if (m === 'cpu') process.send?.(process.cpuUsage());
  });
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

interface Shop {
  db: Db;
  /** What the server process is given: DATABASE_URL or SQLITE_FILE. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function openShop(engine: Engine): Promise<Shop> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-'));
    const file = join(dir, 'aisle.db');
    const db = openDb({ sqliteFile: file });
    return {
      db,
      env: { SQLITE_FILE: file },
      async drop() {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `aisle_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString() });
  return {
    db,
    env: { DATABASE_URL: url.toString() },
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: PG_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * Three stores with ITEMS items each and stock enough for every order (store 2 delivers in
 * SLOTS slots starting tomorrow), and `customers` accounts with a token each.
 */
async function seed(db: Kysely<Database>, customers: number): Promise<string[]> {
  const at = new Date().toISOString();
  await db.insertInto('categories').values({ title: 'Bench', updated_at: at }).execute();
  for (const store of [1, 2, 3]) {
    await db
      .insertInto('stores')
      .values({
        category_id: 1,
        title: `Bench Store ${store}`,
        description: '',
        type: 'public_store',
        hidden: 0,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto('store_dbs')
      .values({ store_id: store, title: `Bench main ${store}`, updated_at: at })
      .execute();
  }
  const tomorrow = Date.now() + 86_400_000;
  await db
    .insertInto('delivery_slots')
    .values(
      Array.from({ length: SLOTS }, (_, i) => ({
        store_id: 2,
        starts_at: new Date(tomorrow + i * 3_600_000).toISOString(),
        ends_at: new Date(tomorrow + (i + 1) * 3_600_000).toISOString(),
        cutoff_at: new Date(tomorrow + i * 3_600_000 - 3_600_000).toISOString(),
        capacity: SLOT_CAPACITY,
        created_at: at,
      })),
    )
    .execute();
  await db
    .insertInto('items')
    .values(
      Array.from({ length: 3 * ITEMS }, (_, i) => {
        const p = { unitPrice: 1000 + 37 * (i % ITEMS), discountBps: (i % 4) * 250, flatDiscount: 0, gstBps: 500 };
        return {
          store_id: 1 + Math.floor(i / ITEMS),
          db_id: 1 + Math.floor(i / ITEMS),
          section_id: null,
          title: `Bench item ${i + 1}`,
          meta_description: '',
          content: '',
          hidden: 0,
          stock: 10_000_000,
          size: '1 unit',
          unit_price: p.unitPrice,
          discount_bps: p.discountBps,
          flat_discount: p.flatDiscount,
          gst_bps: p.gstBps,
          selling_price: sellingPrice(p),
          updated_at: at,
        };
      }),
    )
    .execute();
  const stamps = Array.from({ length: customers }, () => randomUUID());
  const users: { id: number; email: string; security_stamp: string }[] = [];
  // A thousand accounts a statement: within either engine's limit of parameters.
  for (let first = 0; first < customers; first += 1000) {
    const rows = await db
      .insertInto('users')
      .values(
        stamps.slice(first, first + 1000).map((stamp, k) => ({
          email: `bench${first + k}@aisle.test`,
          password_hash: 'not-a-password-hash',
          full_name: `Bench Customer ${first + k}`,
          phone: '+91 98450 12345',
          address_line1: '12 Residency Road',
          address_line2: '',
          city: 'Bengaluru',
          state: 'Karnataka',
          postal_code: '560025',
          kind: 'user' as const,
          email_confirmed: 1,
          security_stamp: stamp,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'email', 'security_stamp'])
      .execute();
    await db
      .insertInto('user_roles')
      .values(rows.map((u) => ({ user_id: u.id, role: 'User' as const })))
      .execute();
    users.push(...rows);
  }
  return Promise.all(
    users.map(
      async (u) =>
        (
          await issueToken(
            JWT_SECRET,
            { id: u.id, email: u.email, roles: ['User'], securityStamp: u.security_stamp },
            new Date(),
          )
        ).token,
    ),
  );
}

function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server process exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (text) => {
      resolve({ child, url: (JSON.parse(text) as { url: string }).url });
    });
  });
}

/** The server process's CPU time so far (user + system), in ms. */
function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => {
      const cpu = m as { user: number; system: number };
      resolve((cpu.user + cpu.system) / 1000);
    });
    child.send('cpu');
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** A small deterministic generator, so every run orders the same carts. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface RunResult {
  mode: Mode;
  clients: number;
  placed: number;
  refused: number;
  failed: number;
  seconds: number;
  ordersPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** The API process's CPU time (user + system) per request: the load generator's is not in it. */
  cpuMsPerOrder: number;
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * The load generator shares the machine's two cores with the shop, so it uses
 * `node:http` with kept-alive connections (one a client): `fetch` cost several
 * times more CPU a request, and that CPU was taken from the shop being measured.
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

function post(base: string, path: string, body: string, headers: Record<string, string>): Promise<{ status: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The next account to order with: each order takes the next, so none has two orders under way at once. */
let nextAccount = 0;

/** `clients` loops placing orders of 1–3 random items, each with the next account, until `orders` are sent or time is up. */
async function load(
  url: string,
  tokens: readonly string[],
  clients: number,
  orders: number,
  seconds: number,
  mode: Mode = 'plain',
): Promise<RunResult> {
  const random = mulberry32(clients * 7919 + orders);
  const store = mode === 'slots' ? 2 : 1;
  const latencies: number[] = [];
  let sent = 0;
  let placed = 0;
  let refused = 0;
  let failed = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  async function client(): Promise<void> {
    while (sent < orders && performance.now() < deadline) {
      sent++;
      const token = tokens[nextAccount++ % tokens.length] ?? '';
      const lines = 1 + Math.floor(random() * 3);
      const picked: { id: number; store: number }[] = [];
      if (mode === 'groups') {
        for (const s of [1, 2, 3]) picked.push({ id: (s - 1) * ITEMS + 1 + Math.floor(random() * ITEMS), store: s });
      } else {
        const ids = new Set<number>();
        while (ids.size < lines) ids.add((store - 1) * ITEMS + 1 + Math.floor(random() * ITEMS));
        for (const id of ids) picked.push({ id, store });
      }
      const body = JSON.stringify({
        CartItems: picked.map(({ id, store: s }) => ({
          ItemID: id,
          StoreID: s,
          Qty: 1 + Math.floor(random() * 3),
          Staus: 'added',
        })),
        ...(mode === 'plain' ? {} : { Slots: { 2: 1 + Math.floor(random() * SLOTS) } }),
      });
      const t0 = performance.now();
      const res = await post(url, '/api/cart/CreateOrder', body, {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': randomUUID(),
      });
      latencies.push(performance.now() - t0);
      if (res.status === 201) placed++;
      else if (res.status === 409) refused++;
      else failed++;
    }
  }
  await Promise.all(Array.from({ length: clients }, () => client()));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    mode,
    clients,
    placed,
    refused,
    failed,
    seconds: elapsed,
    ordersPerSecond: placed / elapsed,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
    cpuMsPerOrder: 0,
  };
}

async function bench(
  engine: Engine,
  levels: readonly number[],
  orders: number,
  seconds: number,
  modes: readonly Mode[],
): Promise<RunResult[]> {
  const shop = await openShop(engine);
  const results: RunResult[] = [];
  try {
    await migrateToLatest(shop.db.db);
    const accounts = Math.ceil((WARM_UP_ORDERS + orders * levels.length * modes.length) / ORDERS_PER_ACCOUNT);
    const tokens = await seed(shop.db.db, Math.max(accounts, ...levels));
    const server = await startServer(shop.env);
    try {
      await load(server.url, tokens, Math.min(...levels), WARM_UP_ORDERS, seconds);
      for (const [clients, mode] of levels.flatMap((n) => modes.map((m) => [n, m] as const))) {
        const cpuBefore = await serverCpuMs(server.child);
        const r = await load(server.url, tokens, clients, orders, seconds, mode);
        r.cpuMsPerOrder = (await serverCpuMs(server.child)) - cpuBefore;
        r.cpuMsPerOrder /= Math.max(1, r.placed + r.refused + r.failed);
        results.push(r);
        process.stderr.write(
          `${engine} ${mode} ${clients} clients: ${r.placed} orders in ${r.seconds.toFixed(1)} s, ` +
            `${r.ordersPerSecond.toFixed(0)}/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, ` +
            `server CPU ${r.cpuMsPerOrder.toFixed(2)} ms an order\n`,
        );
      }
    } finally {
      await stopServer(server.child);
    }
  } finally {
    await shop.drop();
  }
  return results;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      orders: { type: 'string', default: '2500' },
      concurrency: { type: 'string', default: '16,64' },
      engines: { type: 'string', default: 'sqlite,postgres' },
      seconds: { type: 'string', default: '60' },
      slots: { type: 'boolean', default: false },
      groups: { type: 'boolean', default: false },
      rounds: { type: 'string', default: '2' },
    },
  });
  if (values.serve) return serve();
  const orders = Number(values.orders);
  const seconds = Number(values.seconds);
  const levels = values.concurrency.split(',').map(Number);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10) throw new Error('--rounds must be 1 to 10');
  // Alternating plain and slot orders, so a change in the machine's load falls on both.
  const other: Mode | undefined = values.slots ? 'slots' : values.groups ? 'groups' : undefined;
  const modes: Mode[] =
    other === undefined ? ['plain'] : Array.from({ length: rounds }, () => ['plain', other] as const).flat();
  const engines = values.engines.split(',').map((e) => e.trim());
  if (!Number.isInteger(orders) || orders < 1 || orders > 100_000) throw new Error('--orders must be 1 to 100000');
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 600)
    throw new Error('--seconds must be above 0, at most 600');
  if (levels.some((n) => !Number.isInteger(n) || n < 1 || n > 256))
    throw new Error('--concurrency takes numbers 1 to 256');
  if (engines.some((e) => e !== 'sqlite' && e !== 'postgres'))
    throw new Error('--engines takes sqlite and/or postgres');

  const cpu = cpus();
  process.stdout.write(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
      `Node ${process.version}, ${new Date().toISOString().slice(0, 10)}\n\n`,
  );
  const rows: string[] = [
    '| engine | orders | clients | orders placed | refused (409) | errors | seconds | orders/s | p50 ms | p99 ms | max ms | API CPU ms an order |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const engine of engines as Engine[]) {
    let results: RunResult[];
    try {
      results = await bench(engine, levels, orders, seconds, modes);
    } catch (err) {
      process.stderr.write(`${engine}: skipped: ${err instanceof Error ? err.message : String(err)}\n`);
      continue;
    }
    for (const r of results) {
      rows.push(
        `| ${engine} | ${r.mode} | ${r.clients} | ${r.placed} | ${r.refused} | ${r.failed} | ${r.seconds.toFixed(1)} | ` +
          `${r.ordersPerSecond.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.cpuMsPerOrder.toFixed(2)} |`,
      );
    }
  }
  process.stdout.write(`${rows.join('\n')}\n`);
}

await main();
