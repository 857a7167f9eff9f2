// The floor of `npm run bench:api`: the same answers as the shop's API for the calls
// the benchmark makes, with nothing but `node:http` and the engine's own driver
// (`node:sqlite`, `pg`): one prepared statement per query, the same SQL, the same
// JSON fields, the same security headers, the same password hash and token checks.
// What the shop spends beyond this is the cost of its framework and its own code.
//
//   SQLITE_FILE=… | DATABASE_URL=postgres://…  JWT_SECRET=…  node bench/api-floor.ts
// Prints {"url"} once listening on a free loopback port; stops on SIGTERM.
import { createHmac, scrypt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import pg from 'pg';
import {
  CLAIM_NAME,
  CLAIM_NAME_IDENTIFIER,
  CLAIM_ROLE,
  CLAIM_SECURITY_STAMP,
  roleClaim,
} from '../src/lib/domain/auth.ts';
import { cartItemFromItem } from '../src/lib/domain/cart.ts';
import type { ItemDto, StoreDto } from '../src/lib/domain/catalogue.ts';
import type { SoldBy } from '../src/lib/domain/measure.ts';
import { bpsToPercent, paiseToRupees } from '../src/lib/domain/money.ts';
import { OPEN_ORDER_STATUSES } from '../src/lib/domain/orders.ts';
import { lineTotal } from '../src/lib/domain/pricing.ts';
import { startCheckpointer } from '../src/server/db/sqlite-checkpointer.ts';
import { orderPlacedMail } from '../src/server/mail-templates.ts';
import { toOrderDto } from '../src/server/orders/order-dtos.ts';
import { API_SECURITY_HEADERS } from '../src/server/site-headers.ts';

type Row = Record<string, unknown>;
type Param = string | number | null;

/** The engine's driver with each statement prepared once. */
interface Sql {
  all(text: string, params: Param[]): Promise<Row[]>;
  /** Runs `fn` in one transaction; `fn` gets the connection to use. */
  tx<T>(fn: (q: Sql) => Promise<T>): Promise<T>;
}

function sqliteSql(file: string): Sql {
  const db = new DatabaseSync(file);
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;',
  );
  const statements = new Map<string, StatementSync>();
  const prepared = (text: string) => {
    let s = statements.get(text);
    if (s === undefined) {
      s = db.prepare(text);
      statements.set(text, s);
    }
    return s;
  };
  // The shop's SQLite commits (db/sqlite-batch.ts, db/sqlite-checkpointer.ts): the transactions of one
  // turn of the event loop commit together, each in a savepoint, and the WAL is checkpointed on a thread.
  db.exec('PRAGMA wal_autocheckpoint = 0;');
  startCheckpointer(file, (message) => console.error(`floor: checkpoint failed: ${message}`));
  type Pending = { fn: (q: Sql) => Promise<unknown>; resolve: (v: unknown) => void; reject: (e: unknown) => void };
  let queue: Pending[] = [];
  let scheduled = false;
  // `all` answers at once, so a batch runs within one macrotask: no other transaction starts inside it.
  const flush = async () => {
    scheduled = false;
    const jobs = queue;
    queue = [];
    const settled: (() => void)[] = [];
    db.exec('BEGIN IMMEDIATE');
    try {
      for (const job of jobs) {
        db.exec('SAVEPOINT unit');
        try {
          const out = await job.fn(q);
          db.exec('RELEASE unit');
          settled.push(() => job.resolve(out));
        } catch (err) {
          db.exec('ROLLBACK TO unit');
          db.exec('RELEASE unit');
          settled.push(() => job.reject(err));
        }
      }
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      for (const job of jobs) job.reject(err);
      return;
    }
    for (const settle of settled) settle();
  };
  const q: Sql = {
    all: async (text, params) => prepared(text).all(...params) as Row[],
    tx<T>(fn: (q: Sql) => Promise<T>) {
      return new Promise<T>((resolve, reject) => {
        queue.push({ fn, resolve: resolve as (v: unknown) => void, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => void flush());
        }
      });
    },
  };
  return q;
}

function pgSql(url: string): Sql {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  let n = 0;
  const names = new Map<string, string>();
  // Named statements: each connection parses a query once.
  const numbered = (text: string) => {
    let i = 0;
    return text.replace(/\?/g, () => `$${++i}`);
  };
  const config = (text: string, params: Param[]) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `floor_${++n}`;
      names.set(text, name);
    }
    return { name, text: numbered(text), values: params };
  };
  const over = (client: pg.Pool | pg.PoolClient): Sql => ({
    all: async (text, params) => (await client.query(config(text, params))).rows as Row[],
    async tx(fn) {
      const conn = await pool.connect();
      try {
        await conn.query('BEGIN');
        const out = await fn(over(conn));
        await conn.query('COMMIT');
        return out;
      } catch (err) {
        await conn.query('ROLLBACK');
        throw err;
      } finally {
        conn.release();
      }
    },
  });
  return over(pool);
}

const secret = process.env.JWT_SECRET ?? '';
const POSTGRES = process.env.DATABASE_URL !== undefined;
/** As the shop reads it (`OPEN_ORDERS_MAX`): the bench gives both the same. */
const OPEN_ORDERS_MAX = Number(process.env.OPEN_ORDERS_MAX ?? 10);
const sql: Sql =
  process.env.DATABASE_URL !== undefined ? pgSql(process.env.DATABASE_URL) : sqliteSql(process.env.SQLITE_FILE ?? '');

const JSON_HEADERS = { 'Content-Type': 'application/json', ...API_SECURITY_HEADERS };

function send(res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...JSON_HEADERS, ...extra, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function toItemDto(row: Row): ItemDto {
  return {
    ItemID: row.id as number,
    StoreID: row.store_id as number,
    DbID: row.db_id as number,
    SectionID: row.section_id as number | null,
    ItemTitle: row.title as string,
    ItemMetaDescription: row.meta_description as string,
    ItemContent: row.content as string,
    ItemHidden: row.hidden !== 0,
    Availability: row.stock as number,
    Size: row.size as string,
    UnitPrice: paiseToRupees(row.unit_price as number),
    Discount: bpsToPercent(row.discount_bps as number),
    FlatDiscount: paiseToRupees(row.flat_discount as number),
    Gst: bpsToPercent(row.gst_bps as number),
    SellingPrice: paiseToRupees(row.selling_price as number),
    ItemUpdatedTime: row.updated_at as string,
  };
}

const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');
const JWT_HEAD = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const sign = (data: string) => createHmac('sha256', secret).update(data).digest();

function issueToken(user: Row, roles: string[]): string {
  const iat = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    [CLAIM_NAME]: user.email,
    [CLAIM_NAME_IDENTIFIER]: String(user.id),
    [CLAIM_SECURITY_STAMP]: user.security_stamp,
    email: user.email,
  };
  const role = roleClaim(roles);
  if (role !== undefined) claims[CLAIM_ROLE] = role;
  const body = `${JWT_HEAD}.${b64url(JSON.stringify({ ...claims, iat, exp: iat + 3600 }))}`;
  return `${body}.${b64url(sign(body))}`;
}

/** The signed-in account (user row and roles), or undefined for a 401: signature, algorithm, expiry, stamp. */
async function authenticate(
  req: IncomingMessage,
  withRoles = true,
): Promise<{ user: Row; roles: string[] } | undefined> {
  const m = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(req.headers.authorization ?? '');
  const parts = m?.[1]?.split('.');
  if (parts?.length !== 3) return undefined;
  const [head, payload, mac] = parts as [string, string, string];
  const expected = sign(`${head}.${payload}`);
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if ((JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string }).alg !== 'HS256') return undefined;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) return undefined;
  const [user] = await sql.all('select * from users where id = ?', [Number(claims[CLAIM_NAME_IDENTIFIER])]);
  if (user === undefined || user.security_stamp !== claims[CLAIM_SECURITY_STAMP] || user.email_confirmed !== 1) {
    return undefined;
  }
  if (!withRoles) return { user, roles: [] };
  const roles = await sql.all('select role from user_roles where user_id = ?', [user.id as number]);
  return { user, roles: roles.map((r) => r.role as string) };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

function scryptVerify(password: string, encoded: string): Promise<boolean> {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(encoded);
  if (m === null) return Promise.resolve(false);
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const key = Buffer.from(m[5] ?? '', 'base64url');
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(m[4] ?? '', 'base64url'),
      key.length,
      { N, r, p, maxmem: 256 * N * r },
      (err, derived) => (err ? reject(err) : resolve(timingSafeEqual(derived, key))),
    ),
  );
}

async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const email = (form.get('username') ?? '').trim().toLowerCase();
  const password = form.get('password') ?? '';
  const address = req.socket.remoteAddress ?? 'unknown';
  const now = new Date();
  await sql.all('select next_allowed_at from login_throttle where key in (?, ?) and updated_at >= ?', [
    `account:${email}|${address}`,
    `ip:${address}`,
    new Date(now.getTime() - 86_400_000).toISOString(),
  ]);
  const [user] = await sql.all('select * from users where email = ?', [email]);
  if (user === undefined || !(await scryptVerify(password, user.password_hash as string))) {
    send(res, 400, JSON.stringify({ error: 'invalid_grant', error_description: 'bad credentials' }));
    return;
  }
  await sql.all('delete from login_throttle where key = ?', [`account:${email}|${address}`]);
  const roles = await sql.all('select role from user_roles where user_id = ?', [user.id as number]);
  const body = JSON.stringify({
    access_token: issueToken(
      user,
      roles.map((r) => r.role as string),
    ),
    token_type: 'bearer',
    expires_in: 3600,
    userName: user.email,
  });
  send(res, 200, body, { 'Cache-Control': 'no-store', Pragma: 'no-cache' });
}

async function readCart(res: ServerResponse, account: { user: Row }): Promise<void> {
  const rows = await sql.all(
    'select i.*, ci.qty as cart_qty, s.max_qty_per_item from cart_items ci inner join items i on i.id = ci.item_id ' +
      'inner join stores s on s.id = i.store_id where ci.cart_id = ? order by ci.position, ci.item_id',
    [account.user.id as number],
  );
  send(
    res,
    200,
    JSON.stringify({
      CustomerID: account.user.id,
      CustomerName: account.user.full_name,
      CartID: account.user.id,
      CartItems: rows.map(({ cart_qty, max_qty_per_item, ...r }) =>
        cartItemFromItem({ ...toItemDto(r), MaxQtyPerItem: max_qty_per_item as number }, cart_qty as number, 'loaded'),
      ),
    }),
  );
}

const PRICE = 'title, size, unit_price, discount_bps, flat_discount, gst_bps, selling_price, sold_by';
interface PriceRow {
  sold_by: SoldBy;
  title: string;
  size: string;
  unit_price: number;
  discount_bps: number;
  flat_discount: number;
  gst_bps: number;
  selling_price: number;
}

async function createOrder(req: IncomingMessage, res: ServerResponse, account: { user: Row }): Promise<void> {
  const userId = account.user.id as number;
  const key = req.headers['idempotency-key'] as string | undefined;
  const posted = JSON.parse(await readBody(req)) as { CartItems: { ItemID: number; StoreID: number; Qty: number }[] };
  const lines = posted.CartItems.map((l, index) => ({ index, itemId: l.ItemID, storeId: l.StoreID, qty: l.Qty }));
  // As the shop's order path now does: no key or item look-up before the transaction; a repeated key
  // stops at the unique index and is replayed, an unknown or short item fails the stock update.
  const at = new Date().toISOString();
  const u = account.user;
  // The shop's work since issue 13: the saved address is the order's delivery snapshot, and the order mail is queued.
  const delivery = {
    delivery_full_name: u.full_name as string,
    delivery_phone: u.phone as string,
    delivery_line1: u.address_line1 as string,
    delivery_line2: u.address_line2 as string,
    delivery_city: u.city as string,
    delivery_state: u.state as string,
    delivery_postal_code: u.postal_code as string,
    delivery_note: '',
  };
  const placing = sql.tx(async (q) => {
    // Since issue 27: the account's orders go one at a time (its row locked), to count its open ones.
    if (POSTGRES) await q.all('select id from users where id = ? for no key update', [userId]);
    const [order] = await q.all(
      'insert into orders (user_id, status, total, idempotency_key, response, created_at, updated_at, ' +
        `${Object.keys(delivery).join(', ')}) values (?, ?, 0, ?, null, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [userId, 'Placed', key ?? null, at, at, ...Object.values(delivery)],
    );
    const orderId = order?.id as number;
    const sold = new Map<number, PriceRow>();
    for (const line of [...lines].sort((a, b) => a.itemId - b.itemId)) {
      const [row] = await q.all(
        `update items set stock = stock - ? where id = ? and store_id = ? and hidden = 0 and stock >= ? and ? <= ` +
          `(select max_qty_per_item from stores where stores.id = items.store_id) returning ${PRICE}`,
        [line.qty, line.itemId, line.storeId, line.qty, line.qty],
      );
      if (row === undefined) throw new Error('short');
      sold.set(line.index, row as unknown as PriceRow);
    }
    const [open] = await q.all(
      `select count(*) as n from orders where user_id = ? and status in (${OPEN_ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`,
      [userId],
    );
    if (Number(open?.n) > OPEN_ORDERS_MAX) throw new Error('too many open orders');
    const values = lines.map((line) => ({
      ...(sold.get(line.index) as PriceRow),
      item_id: line.itemId,
      store_id: line.storeId,
      qty: line.qty,
      asked_qty: null,
    }));
    await q.all(
      'insert into order_lines (order_id, item_id, store_id, title, size, unit_price, discount_bps, flat_discount, ' +
        `gst_bps, selling_price, sold_by, qty) values ${values.map(() => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      values.flatMap((v) => [
        orderId,
        v.item_id,
        v.store_id,
        v.title,
        v.size,
        v.unit_price,
        v.discount_bps,
        v.flat_discount,
        v.gst_bps,
        v.selling_price,
        v.sold_by,
        v.qty,
      ]),
    );
    const total = values.reduce((sum, v) => sum + lineTotal(v.selling_price, v.qty, v.sold_by), 0);
    const dto = toOrderDto(
      {
        id: orderId,
        user_id: userId,
        status: 'Placed',
        total,
        delivery_fee: 0,
        discount: 0,
        coupon_code: null,
        created_at: at,
        updated_at: at,
        group_id: orderId,
        payment_method: 'OnDelivery',
        payment_status: 'Pending',
        ...delivery,
      },
      u.full_name as string,
      values,
    );
    const text = JSON.stringify({ ...dto, Orders: [dto] });
    await q.all('update orders set total = ?, response = ?, group_id = id where id = ?', [total, text, orderId]);
    await q.all('delete from cart_items where cart_id = ?', [userId]);
    await q.all('update carts set updated_at = ? where user_id = ?', [at, userId]);
    const mail = orderPlacedMail({ ...dto, Orders: [dto] }, 'http://127.0.0.1:4321', new Map());
    await q.all(
      'insert into mail_queue (to_address, subject, body_text, body_html, kind, attempts, next_attempt_at, ' +
        "claimed_until, sent_at, last_error, created_at) values (?, ?, ?, ?, 'order.placed', 0, ?, null, null, '', ?)",
      [u.email as string, mail.subject, mail.text, mail.html ?? '', at, at],
    );
    return text;
  });
  let body: string;
  try {
    body = await placing;
  } catch (err) {
    if (
      key === undefined ||
      !/UNIQUE constraint|23505|duplicate key/i.test(`${(err as { code?: string }).code} ${err}`)
    ) {
      throw err;
    }
    const [replay] = await sql.all('select response from orders where user_id = ? and idempotency_key = ?', [
      userId,
      key,
    ]);
    if (replay === undefined) throw err;
    return send(res, 201, replay.response as string, { 'Idempotent-Replayed': 'true' });
  }
  send(res, 201, body);
}

function pageOf(url: URL): { page: number; limit: number } {
  return { page: Number(url.searchParams.get('page') ?? 0), limit: Number(url.searchParams.get('limit') ?? 20) };
}

function paged(res: ServerResponse, rows: unknown[], total: number, p: { page: number; limit: number }): void {
  send(res, 200, JSON.stringify(rows), {
    'X-Total-Count': String(total),
    'X-Page': String(p.page),
    'X-Limit': String(p.limit),
  });
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://floor');
  const path = url.pathname.toLowerCase();
  const item = /^\/api\/item\/read\/(\d+)\/(\d+)$/.exec(path);
  if (item !== null) {
    const [row] = await sql.all('select * from items where id = ? and db_id = ?', [Number(item[1]), Number(item[2])]);
    return row === undefined
      ? send(res, 404, '{"Message":"not found"}')
      : send(res, 200, JSON.stringify(toItemDto(row)));
  }
  if (path === '/api/item/readall') {
    const p = pageOf(url);
    const [rows, count] = await Promise.all([
      sql.all('select * from items order by id asc, id limit ? offset ?', [p.limit, p.page * p.limit]),
      sql.all('select count(*) as n from items', []),
    ]);
    return paged(res, rows.map(toItemDto), Number(count[0]?.n), p);
  }
  if (path === '/api/store/readall') {
    const p = pageOf(url);
    const [rows, count] = await Promise.all([
      sql.all('select * from stores order by id asc, id limit ? offset ?', [p.limit, p.page * p.limit]),
      sql.all('select count(*) as n from stores', []),
    ]);
    const ids = rows.map((r) => r.id as number);
    const dbs =
      ids.length === 0
        ? []
        : await sql.all(
            `select store_id, id from store_dbs where store_id in (${ids.map(() => '?').join(', ')}) order by store_id, id`,
            ids,
          );
    const stores: StoreDto[] = rows.map((r) => ({
      StoreID: r.id as number,
      CategoryID: r.category_id as number,
      StoreTitle: r.title as string,
      StoreDescription: r.description as string,
      StoreHidden: r.hidden !== 0,
      StoreType: r.type as StoreDto['StoreType'],
      DbIDs: dbs.filter((d) => d.store_id === r.id).map((d) => d.id as number),
      StoreUpdatedTime: r.updated_at as string,
      MaxQtyPerItem: r.max_qty_per_item as number,
      Gstin: r.gstin as string,
      StateCode: r.state_code as string,
      StoreAddress: r.address as string,
    }));
    return paged(res, stores, Number(count[0]?.n), p);
  }
  if (path === '/token' && req.method === 'POST') return token(req, res);
  if (path === '/api/cart/read' || (path === '/api/cart/createorder' && req.method === 'POST')) {
    // The order path reads the account row only (no roles), as the shop's does.
    const account = await authenticate(req, path === '/api/cart/read');
    if (account === undefined) return send(res, 401, '{"Message":"sign in"}');
    return path === '/api/cart/read' ? readCart(res, account) : createOrder(req, res, account);
  }
  send(res, 404, '{"Message":"not a floor call"}');
}

const server = createServer({ keepAlive: true }, (req, res) => {
  handle(req, res).catch((err: unknown) => {
    if (!res.headersSent) send(res, 500, JSON.stringify({ Message: String(err) }));
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })}\n`);
});
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  process.exit(0);
});
