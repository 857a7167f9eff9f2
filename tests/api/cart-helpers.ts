import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { CartItemStatus } from '../../src/lib/domain/cart.ts';
import { kindForRoles, rolesForRole } from '../../src/server/auth/accounts.ts';
import { issueToken } from '../../src/server/auth/tokens.ts';
import type { Database, RoleName } from '../../src/server/db/schema.ts';
import type { TestDb } from './harness.ts';

/** A confirmed account inserted straight into the database, with a token minted for it. */
export interface Customer {
  id: number;
  email: string;
  fullName: string;
  token: string;
}

/**
 * Inserts confirmed accounts in one statement and mints their tokens, skipping
 * the deliberately slow password hashing (nobody signs in with these).
 */
export async function addCustomers(
  db: Kysely<Database>,
  secret: string,
  now: Date,
  specs: readonly { email: string; fullName: string; role: RoleName; address?: boolean }[],
): Promise<Customer[]> {
  const at = now.toISOString();
  const stamps = specs.map(() => randomUUID());
  const rows = await db
    .insertInto('users')
    .values(
      specs.map((s, i) => ({
        email: s.email,
        password_hash: 'not-a-password-hash',
        full_name: s.fullName,
        // A saved address (My Address), so orders can be placed without sending one.
        phone: s.address === false ? '' : '+91 98450 12345',
        address_line1: s.address === false ? '' : '12 Residency Road',
        address_line2: '',
        city: s.address === false ? '' : 'Bengaluru',
        state: s.address === false ? '' : 'Karnataka',
        postal_code: s.address === false ? '' : '560025',
        kind: kindForRoles(rolesForRole(s.role)),
        email_confirmed: 1,
        security_stamp: stamps[i] ?? '',
        created_at: at,
        updated_at: at,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const idOf = new Map(rows.map((r) => [r.email, r.id]));
  const roleRows = specs.flatMap((s) =>
    rolesForRole(s.role).map((role) => ({ user_id: idOf.get(s.email) ?? 0, role })),
  );
  await db.insertInto('user_roles').values(roleRows).execute();
  return Promise.all(
    specs.map(async (s, i) => {
      const id = idOf.get(s.email) ?? 0;
      const roles = rolesForRole(s.role);
      const { token } = await issueToken(secret, { id, email: s.email, roles, securityStamp: stamps[i] ?? '' }, now);
      return { id, email: s.email, fullName: s.fullName, token };
    }),
  );
}

export interface Res<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

/** A request through `app.request` (no network), JSON in and out. */
export async function send<T = unknown>(
  app: Hono,
  method: string,
  path: string,
  opts: { token?: string; json?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
  let body = opts.rawBody;
  if (opts.json !== undefined) body = JSON.stringify(opts.json);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) });
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return {
    status: res.status,
    body: (isJson && text !== '' ? JSON.parse(text) : text) as T,
    text,
    headers: res.headers,
  };
}

/** A posted cart line; extra fields (prices a client might send) ride along to prove they are ignored. */
export function line(
  itemId: number,
  storeId: number,
  qty: number,
  status: CartItemStatus = 'added',
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { ItemID: itemId, StoreID: storeId, Qty: qty, Staus: status, ...extra };
}

/** A posted cart as the client sends it. */
export function cartBody(customer: { id: number; fullName: string }, lines: unknown[]): Record<string, unknown> {
  return { CustomerID: customer.id, CustomerName: customer.fullName, CartID: customer.id, CartItems: lines };
}

/**
 * Closes a test database without its pool's last connections being killed by
 * `drop database … with (force)`: pg-pool's `end()` resolves before its clients
 * have said goodbye, and a client terminated in that moment raises an uncaught
 * error. So: close the pool, wait until the server lists no sessions, then clean up.
 */
/** Closes and drops a test database (the harness waits for PostgreSQL sessions to go). */
export async function closeTestDb(db: TestDb): Promise<void> {
  await db.cleanup();
}

/**
 * Runs `fire` while another transaction holds the account row of `userId` (PostgreSQL),
 * until `waiting` sessions wait for a lock: the orders `fire` sends then go on together,
 * instead of one after another as their requests happen to arrive. Without a lock of the
 * account taken by the order itself, they would each count the account's open orders
 * before any of the others committed. On SQLite (one writer at a time) it just runs `fire`.
 */
export async function withAccountHeld<T>(
  db: TestDb,
  userId: number,
  waiting: number,
  fire: () => Promise<T>,
): Promise<T> {
  if (db.dialect !== 'postgres') return fire();
  const holder = new pg.Client({ connectionString: db.url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select id from users where id = $1 for update', [userId]);
    const done = fire();
    for (let i = 0; i < 500; i++) {
      const { rows } = await holder.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if ((rows[0]?.n ?? 0) >= waiting) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await holder.query('commit');
    return await done;
  } finally {
    await holder.end();
  }
}
