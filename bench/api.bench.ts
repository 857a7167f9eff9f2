// The request path against its floors: the shop (`npm run serve`, the same logging
// defaults as `npm start`) beside a floor that does the same work with nothing but
// node:http and the engine's driver (bench/api-floor.ts), and beside nginx serving the
// same deploy folder with gzip_static and brotli_static. Rounds alternate between the
// two sides, so the ratio holds on a noisy machine.
//
//   npm run bench:api
//   npm run bench:api -- --engine postgres --seconds 5 --rounds 2 --site ./dist --only item,orders
//
// Loopback only; ports from --port (default 51400) upwards. A throw-away data folder (and,
// on PostgreSQL, database) is made and removed; the deploy folder is built in it unless
// --site names one already built.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { issueToken } from '../src/server/auth/tokens.ts';
import { type Db, openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-0123456789';
const PASSWORD = 'Bench-Pass-2026!';
const PG_URL = process.env.BENCH_PG_URL ?? process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = 64;
// Each customer places thousands of orders in a run, and none is ever delivered: the
// open-order limit (issue 27) would refuse all but each one's first ten. Shop and floor
// get a limit no run reaches, and both still count an account's open orders.
const OPEN_ORDERS_MAX = '1000000';
const ITEMS = 200;

const { values: opts } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    site: { type: 'string' },
    port: { type: 'string', default: '51400' },
    only: { type: 'string' },
  },
});
const engine = opts.engine === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(opts.seconds);
const rounds = Number(opts.rounds);
const connections = Number(opts.connections);
const basePort = Number(opts.port);
const only = opts.only?.split(',').map((s) => s.trim());

const log = (line: string) => process.stderr.write(`${line}\n`);
const node = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

const work = mkdtempSync(join(tmpdir(), 'aisle-bench-api-'));
// nginx's worker runs unprivileged: it must reach the deploy folder.
chmodSync(work, 0o755);
const dataDir = join(work, 'data');
const children: ChildProcess[] = [];
let pgName: string | undefined;

async function cleanup(): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  if (pgName !== undefined) {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${pgName} with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
}

/** The database the shop and the floor share: a fresh SQLite file, or a fresh PostgreSQL database. */
async function databaseEnv(): Promise<Record<string, string>> {
  if (engine === 'sqlite') return {};
  pgName = `aisle_bench_api_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${pgName}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${pgName}`;
  return { DATABASE_URL: url.toString() };
}

interface Fixture {
  tokens: string[];
  emails: string[];
  items: { id: number; storeId: number; dbId: number }[];
}

/** Customers with a password, a saved cart of three lines and a token each; plenty of stock on the items ordered. */
async function prepare(db: Db): Promise<Fixture> {
  const at = new Date().toISOString();
  const hash = await hashPassword(PASSWORD);
  const items = (
    await db.db
      .selectFrom('items')
      .select(['id', 'store_id', 'db_id'])
      .where('hidden', '=', 0)
      .orderBy('id')
      .limit(ITEMS)
      .execute()
  ).map((r) => ({ id: r.id, storeId: r.store_id, dbId: r.db_id }));
  await db.db
    .updateTable('items')
    .set({ stock: 10_000_000 })
    .where(
      'id',
      'in',
      items.map((i) => i.id),
    )
    .execute();
  const users = await db.db
    .insertInto('users')
    .values(
      Array.from({ length: CUSTOMERS }, (_, i) => ({
        email: `bench${i}@aisle.test`,
        password_hash: hash,
        full_name: `Bench Customer ${i}`,
        // A complete saved address (issue 13): orders without one are refused.
        phone: '+91 90000 00000',
        address_line1: '1 Bench Road',
        address_line2: '',
        city: 'Pune',
        state: 'Maharashtra',
        postal_code: '411001',
        kind: 'user' as const,
        email_confirmed: 1,
        security_stamp: randomUUID(),
        created_at: at,
        updated_at: at,
      })),
    )
    .returning(['id', 'email', 'security_stamp', 'full_name'])
    .execute();
  await db.db
    .insertInto('user_roles')
    .values(users.map((u) => ({ user_id: u.id, role: 'User' as const })))
    .execute();
  await db.db
    .insertInto('carts')
    .values(users.map((u) => ({ user_id: u.id, customer_name: u.full_name, updated_at: at })))
    .execute();
  const tokens: string[] = [];
  for (const u of users) {
    await db.db
      .insertInto('cart_items')
      .values(
        [0, 1, 2].map((k) => {
          const item = items[(u.id * 3 + k) % items.length] ?? { id: 1, storeId: 1 };
          return {
            cart_id: u.id,
            item_id: item.id,
            store_id: item.storeId,
            qty: 1 + k,
            status: 'loaded' as const,
            position: k,
          };
        }),
      )
      .execute();
    tokens.push(
      (
        await issueToken(
          JWT_SECRET,
          { id: u.id, email: u.email, roles: ['User'], securityStamp: u.security_stamp },
          new Date(),
        )
      ).token,
    );
  }
  return { tokens, emails: users.map((u) => u.email), items };
}

function waitForLine(child: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    child.once('exit', (code) => reject(new Error(`process exited with ${code}`)));
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolvePromise);
  });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The shop as an operator runs it: `npm run serve`, its JSON request log appended to a file. */
async function startShop(env: Record<string, string>, siteDir: string, port: number): Promise<string> {
  const out = openSync(join(work, 'shop.log'), 'a');
  const child = spawn(process.execPath, ['scripts/serve.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      OPEN_ORDERS_MAX,
    },
    stdio: ['ignore', out, 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/Category/ReadAll`);
  return url;
}

async function startFloor(env: Record<string, string>, port: number): Promise<string> {
  const child = spawn(process.execPath, ['bench/api-floor.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      SQLITE_FILE: join(dataDir, 'aisle.db'),
      JWT_SECRET,
      PORT: String(port),
      OPEN_ORDERS_MAX,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return (JSON.parse(await waitForLine(child)) as { url: string }).url;
}

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** nginx with one worker, gzip_static and brotli_static on the deploy folder; undefined (and why) when it cannot. */
async function startNginx(siteDir: string, port: number): Promise<{ url?: string; note?: string }> {
  const which = spawnSync('sh', ['-c', 'command -v nginx']);
  if (which.status !== 0) return { note: 'nginx is not installed (Debian: nginx and libnginx-mod-http-brotli-static)' };
  if (!existsSync(BROTLI_MODULE))
    return { note: 'nginx has no brotli_static module (Debian: libnginx-mod-http-brotli-static)' };
  const prefix = join(work, 'nginx');
  mkdirSync(join(prefix, 'logs'), { recursive: true });
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `load_module ${BROTLI_MODULE};
worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${siteDir};
    gzip_static on;
    brotli_static on;
    etag on;
    index index.html;
  }
}
`,
  );
  const child = spawn('nginx', ['-c', conf, '-p', prefix], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/index.html`);
  return { url };
}

interface Scenario {
  name: string;
  label: string;
  against: 'floor' | 'nginx';
  connections: number;
  /** Rounds this many times longer: a call that takes a second cannot be counted in a few. */
  longer?: number;
  request: (side: 'shop' | 'other') => autocannon.Request;
  headers?: Record<string, string>;
}

interface Side {
  rps: number[];
  p99: number[];
  bad: number;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function measure(url: string, s: Scenario, side: 'shop' | 'other', duration: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: s.connections,
    duration,
    timeout: 30,
    ...(s.headers === undefined ? {} : { headers: s.headers }),
    requests: [
      {
        setupRequest: (req) => {
          const next = s.request(side);
          return { ...req, ...next, headers: { ...req.headers, ...next.headers } };
        },
      },
    ],
  });
}

async function probe(
  url: string,
  s: Scenario,
  side: 'shop' | 'other',
): Promise<{ status: number; text: string; length: number }> {
  const r = s.request(side);
  const res = await fetch(url + (r.path ?? '/'), {
    method: r.method ?? 'GET',
    redirect: 'manual',
    headers: { ...s.headers, ...(r.headers as Record<string, string> | undefined) },
    ...(r.body === undefined ? {} : { body: r.body as string }),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    text: bytes.toString('utf8'),
    length: Number(res.headers.get('content-length') ?? bytes.length),
  };
}

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const cpu = cpus();
  log(`bench:api on ${engine}; work folder ${work}`);
  const env = await databaseEnv();
  // The catalogue the shop's demo uses, smaller: the reads are by key and by page.
  if (node(['scripts/db-seed.ts', '--items', '2000', '--seed', '1'], { ...env, DATA_DIR: dataDir }).status !== 0) {
    throw new Error('seeding failed');
  }
  const db = openDb({ databaseUrl: env.DATABASE_URL, dataDir });
  await migrateToLatest(db.db);
  const fixture = await prepare(db);
  let siteDir: string;
  if (opts.site !== undefined) {
    siteDir = realpathSync(resolve(opts.site));
  } else {
    log('building the site (pass --site DIR to reuse a built one) ...');
    const built = join(work, 'site');
    if (
      node(['scripts/build.ts'], { ...env, DATA_DIR: dataDir, SITE_DIR: built, ASTRO_TELEMETRY_DISABLED: '1' })
        .status !== 0
    ) {
      throw new Error('building the site failed');
    }
    siteDir = realpathSync(built);
  }
  const shop = await startShop(env, siteDir, basePort);
  const floor = await startFloor(env, basePort + 2);
  const nginx = await startNginx(siteDir, basePort + 1);
  log(`shop ${shop}, floor ${floor}, nginx ${nginx.url ?? `skipped: ${nginx.note}`}`);

  // A section page: /app/section/{DbID}/{SectionID}/.
  const sectionDir = readdirSync(join(siteDir, 'app', 'section'))
    .flatMap((db) => readdirSync(join(siteDir, 'app', 'section', db)).map((id) => `${db}/${id}`))
    .filter((d) => existsSync(join(siteDir, 'app', 'section', d, 'index.html.br')))
    // The largest: a page of items, not one of the small redirect pages.
    .sort(
      (a, b) =>
        statSync(join(siteDir, 'app', 'section', b, 'index.html')).size -
        statSync(join(siteDir, 'app', 'section', a, 'index.html')).size,
    )[0];
  const asset = readdirSync(join(siteDir, '_astro')).find(
    (f) => f.endsWith('.js') && existsSync(join(siteDir, '_astro', `${f}.br`)),
  );
  const sectionPath = `/app/section/${sectionDir}/`;
  const item = fixture.items[0] ?? { id: 1, dbId: 1 };
  const get = (path: string) => () => ({ method: 'GET' as const, path });
  const bearer = () => ({ Authorization: `Bearer ${pick(fixture.tokens)}` });
  const scenarios: Scenario[] = [
    {
      name: 'item',
      label: `GET /api/Item/Read/${item.id}/${item.dbId}`,
      against: 'floor',
      connections,
      request: get(`/api/Item/Read/${item.id}/${item.dbId}`),
    },
    {
      name: 'stores',
      label: 'GET /api/Store/ReadAll',
      against: 'floor',
      connections,
      request: get('/api/Store/ReadAll'),
    },
    {
      name: 'items',
      label: 'GET /api/Item/ReadAll?page=3&limit=20',
      against: 'floor',
      connections,
      request: get('/api/Item/ReadAll?page=3&limit=20'),
    },
    {
      name: 'token',
      label: 'POST /token (scrypt N=2^17)',
      against: 'floor',
      // scrypt takes 128 MiB and about a second per sign-in here: two at a time, longer rounds.
      connections: 2,
      longer: 3,
      request: () => ({
        method: 'POST',
        path: '/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          username: pick(fixture.emails),
          password: PASSWORD,
          grant_type: 'password',
        }).toString(),
      }),
    },
    {
      name: 'cart',
      label: 'GET /api/cart/Read (3 lines)',
      against: 'floor',
      connections,
      request: () => ({ method: 'GET', path: '/api/cart/Read', headers: bearer() }),
    },
    {
      name: 'orders',
      label: 'POST /api/cart/CreateOrder (1-3 lines), 64 clients',
      against: 'floor',
      connections: 64,
      request: () => {
        const ids = new Set<(typeof fixture.items)[number]>();
        const lines = 1 + Math.floor(Math.random() * 3);
        while (ids.size < lines) ids.add(pick(fixture.items));
        return {
          method: 'POST',
          path: '/api/cart/CreateOrder',
          headers: { ...bearer(), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            CartItems: [...ids].map((i) => ({
              ItemID: i.id,
              StoreID: i.storeId,
              Qty: 1 + Math.floor(Math.random() * 3),
              Staus: 'added',
            })),
          }),
        };
      },
    },
  ];
  if (nginx.url !== undefined && sectionDir !== undefined) {
    for (const [encoding, accept] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['identity', 'identity'],
    ] as const) {
      scenarios.push({
        name: `page-${encoding}`,
        label: `GET ${sectionPath} (${encoding})`,
        against: 'nginx',
        connections,
        headers: { 'accept-encoding': accept },
        request: get(sectionPath),
      });
    }
    if (asset !== undefined) {
      scenarios.push({
        name: 'asset-br',
        label: `GET /_astro/${asset} (br)`,
        against: 'nginx',
        connections,
        headers: { 'accept-encoding': 'br' },
        request: get(`/_astro/${asset}`),
      });
    }
  }

  // Both sums in one statement: one snapshot.
  const stockAndLines = async () => {
    const { rows } = await sql<{ s: number; q: number | null }>`
      select (select sum(stock) from items) as s, (select sum(qty) from order_lines) as q`.execute(db.db);
    return { stock: Number(rows[0]?.s ?? 0), ordered: Number(rows[0]?.q ?? 0) };
  };
  const before = await stockAndLines();
  const rows: string[] = [
    '| call | against | connections | shop req/s | other req/s | ratio | shop p99 ms | other p99 ms | load avg (1 min) |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const s of scenarios) {
    if (only !== undefined && !only.includes(s.name)) continue;
    const other = s.against === 'floor' ? floor : (nginx.url as string);
    const sides: Record<'shop' | 'other', Side> = {
      shop: { rps: [], p99: [], bad: 0 },
      other: { rps: [], p99: [], bad: 0 },
    };
    // Both sides must answer the call alike before their speed means anything.
    const answers = await Promise.all([probe(shop, s, 'shop'), probe(other, s, 'other')]);
    if (answers.some((a) => a.status >= 300) || (s.against === 'floor' && answers[0].status !== answers[1].status)) {
      throw new Error(
        `${s.label}: shop answered ${answers[0].status} ${answers[0].text.slice(0, 300)}; ${s.against} ${answers[1].status} ${answers[1].text.slice(0, 300)}`,
      );
    }
    if (s.against === 'nginx' && answers[0].length !== answers[1].length) {
      throw new Error(`${s.label}: shop sent ${answers[0].length} bytes, nginx ${answers[1].length}`);
    }
    // A short warm-up of each side: JIT, statement caches, connection pools.
    await measure(shop, s, 'shop', 1);
    await measure(other, s, 'other', 1);
    const loads: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const order: ('shop' | 'other')[] = r % 2 === 0 ? ['shop', 'other'] : ['other', 'shop'];
      for (const side of order) {
        const result = await measure(side === 'shop' ? shop : other, s, side, seconds * (s.longer ?? 1));
        const ok = result['2xx'];
        sides[side].rps.push(ok / result.duration);
        sides[side].p99.push(result.latency.p99);
        sides[side].bad += result.non2xx + result.errors + result.timeouts;
        loads.push(loadavg()[0] ?? 0);
      }
    }
    const shopRps = median(sides.shop.rps);
    const otherRps = median(sides.other.rps);
    const bad =
      sides.shop.bad + sides.other.bad > 0
        ? ` (failed answers: shop ${sides.shop.bad}, ${s.against} ${sides.other.bad})`
        : '';
    const line = `| ${s.label}${bad} | ${s.against} | ${s.connections} | ${shopRps.toFixed(0)} | ${otherRps.toFixed(0)} | ${(shopRps / otherRps).toFixed(2)}× | ${median(sides.shop.p99).toFixed(1)} | ${median(sides.other.p99).toFixed(1)} | ${median(loads).toFixed(1)} |`;
    log(line);
    rows.push(line);
  }
  // Never overselling: every unit that left stock is on an order line. Orders the load
  // generator gave up waiting for may still be running: let them finish first.
  await new Promise((r) => setTimeout(r, 2000));
  const after = await stockAndLines();
  const negative = await db.db.selectFrom('items').select('id').where('stock', '<', 0).execute();
  const taken = before.stock - after.stock;
  const orderedNow = after.ordered - before.ordered;
  const consistent = taken === orderedNow && negative.length === 0;
  await db.close();
  process.stdout.write(
    `Machine: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
      `Node ${process.version}, ${engine}, ${new Date().toISOString().slice(0, 16)}Z; ${rounds} alternating rounds of ${seconds} s, median shown\n\n` +
      `${rows.join('\n')}\n\nStock check: ${taken} units left stock, ${orderedNow} are on new order lines, ` +
      `${negative.length} items below zero: ${consistent ? 'consistent' : 'INCONSISTENT'}\n`,
  );
  if (!consistent) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanup();
}
