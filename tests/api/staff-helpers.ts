import { join } from 'node:path';
import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { createApp, silentLogger } from '../../src/server/app.ts';
import type { Dialect } from '../../src/server/db/connection.ts';
import type { AuditEntry, Database, SiteState } from '../../src/server/db/schema.ts';
import { addCustomers, type Customer } from './cart-helpers.ts';
import { createTestDb, from, TEST_PROXY, TEST_TRUST, type TestDb } from './harness.ts';

export const STAFF_JWT_SECRET = 'staff-test-secret-that-is-long-enough-for-hs256-0123456789';

export interface Res<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export type Err = {
  Message: string;
  ModelState?: Record<string, string[]>;
  References?: Record<string, number>;
};

export interface CallOpts {
  token?: string | undefined;
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  /** A raw body with its own headers. */
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** A test app with one account per role (tokens minted without password hashing) and a clock the test moves. */
export interface StaffTestApp {
  db: TestDb;
  app: Hono;
  contentDir: string;
  clock: { now: Date; advance(ms: number): void };
  user: Customer;
  employee: Customer;
  admin: Customer;
  call<T = unknown>(method: string, path: string, opts?: CallOpts): Promise<Res<T>>;
  close(): Promise<void>;
}

export async function createStaffTestApp(
  dialect: Dialect,
  opts: { siteBuilder?: { command: string; args: string[] }; shopTimeZone?: string } = {},
): Promise<StaffTestApp> {
  const db = await createTestDb(dialect);
  const contentDir = join(db.dataDir, 'content');
  const clock = {
    now: new Date('2026-03-01T10:00:00.000Z'),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = createApp({
    db: db.db,
    dialect,
    contentDir,
    jwtSecret: STAFF_JWT_SECRET,
    mail: { smtpUrl: undefined, outboxDir: join(db.dataDir, 'outbox') },
    log: silentLogger,
    now: () => clock.now,
    trustProxy: TEST_TRUST,
    ...(opts.siteBuilder === undefined ? {} : { siteBuilder: opts.siteBuilder }),
    ...(opts.shopTimeZone === undefined ? {} : { shopTimeZone: opts.shopTimeZone }),
  });
  const [user, employee, admin] = (await addCustomers(db.db, STAFF_JWT_SECRET, clock.now, [
    { email: 'una@aisle.test', fullName: 'Una User', role: 'User' },
    { email: 'esha@aisle.test', fullName: 'Esha Employee', role: 'Employee' },
    { email: 'adil@aisle.test', fullName: 'Adil Admin', role: 'Admin' },
  ])) as [Customer, Customer, Customer];
  return {
    db,
    app,
    contentDir,
    clock,
    user,
    employee,
    admin,
    async call<T>(method: string, path: string, o: CallOpts = {}) {
      const headers: Record<string, string> = { 'X-Forwarded-For': '198.51.100.7', ...o.headers };
      if (o.token !== undefined) headers.Authorization = `Bearer ${o.token}`;
      let body: BodyInit | undefined = o.body;
      if (o.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(o.json);
      }
      if (o.form !== undefined) body = o.form;
      const res = await app.request(
        path,
        { method, headers, ...(body === undefined ? {} : { body }) },
        from(TEST_PROXY),
      );
      const text = await res.text();
      const isJson = (res.headers.get('content-type') ?? '').includes('json');
      return { status: res.status, body: (isJson && text !== '' ? JSON.parse(text) : text) as T, headers: res.headers };
    },
    close: () => db.cleanup(),
  };
}

/** The audit entries of one action, oldest first. */
export function auditOf(db: Kysely<Database>, action: string): Promise<AuditEntry[]> {
  return db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

export async function siteStateOf(db: Kysely<Database>): Promise<SiteState> {
  return db.selectFrom('site_state').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** Forgets any earlier content change and build, so a test sees only its own. */
export async function resetSiteState(db: Kysely<Database>): Promise<void> {
  await db
    .updateTable('site_state')
    .set({
      content_changed_at: null,
      last_built_at: null,
      last_build_status: null,
      last_build_finished_at: null,
      last_build_log_tail: '',
      build_requested_at: null,
      build_progress: '',
    })
    .where('id', '=', 1)
    .execute();
}

/** A real picture of the given format, made with sharp. */
export function picture(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 800, height = 500): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 160, b: 90 } } });
  return img.toFormat(format).toBuffer();
}

/** An upload form for `POST /api/Content/Upload`. */
export function uploadForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file !== undefined) form.set('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return form;
}
