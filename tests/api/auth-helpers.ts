import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import type { ProxyTrust } from '../../src/lib/domain/ip-address.ts';
import type { StaffMfaPolicy } from '../../src/lib/domain/mfa.ts';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { ensureAccount } from '../../src/server/auth/accounts.ts';
import type { HashGate } from '../../src/server/auth/passwords.ts';
import type { Dialect } from '../../src/server/db/connection.ts';
import type { RoleName } from '../../src/server/db/schema.ts';
import type { AppDeps } from '../../src/server/deps.ts';
import type { Mailer } from '../../src/server/mail.ts';
import { createMailQueue } from '../../src/server/mail-queue.ts';
import { createTimerHolds } from '../../src/server/payments/hold-runner.ts';
import type { PaymentMethods } from '../../src/server/payments/methods.ts';
import { paymentContext } from '../../src/server/payments/payments.ts';
import { createTestDb, from, TEST_PROXY, TEST_TRUST, type TestDb } from './harness.ts';

export const JWT_SECRET = 'auth-test-secret-that-is-long-enough-for-hs256-0123456789';

export interface Res<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A test app over a fresh database, with a clock the test moves, behind the test
 * proxy: every request arrives from `TEST_PROXY` with the client's address (`ip`) in
 * `X-Forwarded-For`.
 */
export interface AuthTestApp {
  db: TestDb;
  app: Hono;
  outboxDir: string;
  clock: { now: Date; advance(ms: number): void };
  call<T = unknown>(
    method: string,
    path: string,
    opts?: { token?: string; json?: unknown; ip?: string },
  ): Promise<Res<T>>;
  signIn(
    email: string,
    password: string,
    ip?: string,
    extra?: Record<string, string>,
  ): Promise<Res<Record<string, unknown>>>;
  /** Signs in and answers the access token, failing the test when sign-in fails. */
  tokenFor(email: string, password: string): Promise<string>;
  /** Sends every queued mail that is due now (the app also starts sending right after each commit). */
  drainMail(): Promise<number>;
  close(): Promise<void>;
}

/** The public origin the test apps put in mailed links. */
export const SITE_URL = 'https://shop.aisle.test';

async function parse<T>(res: Response): Promise<Res<T>> {
  const text = await res.text();
  const isJson = (res.headers.get('content-type') ?? '').includes('json');
  return { status: res.status, body: (isJson && text !== '' ? JSON.parse(text) : text) as T, headers: res.headers };
}

export async function createAuthTestApp(
  dialect: Dialect,
  opts: {
    smtpUrl?: string;
    trustProxy?: ProxyTrust;
    mailer?: Mailer;
    hashGate?: HashGate;
    openOrdersMax?: number;
    staffMfa?: StaffMfaPolicy;
    /** The payment methods the shop runs (default: pay on delivery alone) and how long a hold lasts. */
    payments?: PaymentMethods;
    paymentHoldSeconds?: number;
  } = {},
): Promise<AuthTestApp> {
  const db = await createTestDb(dialect);
  const outboxDir = join(db.dataDir, 'outbox');
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const mail = { smtpUrl: opts.smtpUrl, outboxDir };
  const mailQueue = createMailQueue({ db: db.db, mail, log: silentLogger, now: () => clock.now, mailer: opts.mailer });
  const deps: AppDeps = {
    db: db.db,
    dialect,
    contentDir: join(db.dataDir, 'content'),
    jwtSecret: JWT_SECRET,
    mail,
    log: silentLogger,
    now: () => clock.now,
    trustProxy: opts.trustProxy ?? TEST_TRUST,
    ...(opts.hashGate === undefined ? {} : { hashGate: opts.hashGate }),
    ...(opts.staffMfa === undefined ? {} : { staffMfa: opts.staffMfa }),
    siteUrl: SITE_URL,
    mailQueue,
    openOrdersMax: opts.openOrdersMax,
    payments: opts.payments,
    paymentHoldSeconds: opts.paymentHoldSeconds,
  };
  // A shop with payment methods lets go of unpaid holds as `npm start` does on one process.
  const holds = opts.payments === undefined ? undefined : createTimerHolds(paymentContext(deps));
  deps.paymentHolds = holds;
  await holds?.start();
  const app = createApp(deps);
  const t: AuthTestApp = {
    db,
    app,
    outboxDir,
    clock,
    async call<T>(method: string, path: string, opts: { token?: string; json?: unknown; ip?: string } = {}) {
      const headers: Record<string, string> = { 'X-Forwarded-For': opts.ip ?? '203.0.113.1' };
      if (opts.token !== undefined) headers.Authorization = `Bearer ${opts.token}`;
      let body: string | undefined;
      if (opts.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.json);
      }
      return parse<T>(
        await app.request(path, { method, headers, ...(body === undefined ? {} : { body }) }, from(TEST_PROXY)),
      );
    },
    async signIn(email: string, password: string, ip = '203.0.113.1', extra: Record<string, string> = {}) {
      const res = await app.request(
        '/token',
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
          body: new URLSearchParams({ username: email, password, grant_type: 'password', ...extra }).toString(),
        },
        from(TEST_PROXY),
      );
      return parse<Record<string, unknown>>(res);
    },
    async tokenFor(email: string, password: string) {
      const res = await t.signIn(email, password);
      if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(res.body)}`);
      return String(res.body.access_token);
    },
    drainMail: () => mailQueue.drain(),
    async close() {
      await holds?.stop();
      await db.cleanup();
    },
  };
  return t;
}

/** A confirmed account made the way `npm run user:add` makes it. */
export async function addAccount(
  t: AuthTestApp,
  email: string,
  password: string,
  role: RoleName,
  fullName?: string,
): Promise<number> {
  const { id } = await ensureAccount(t.db.db, { email, password, role, fullName, now: t.clock.now });
  return id;
}

/** The `.eml` files in the outbox addressed to `to`, oldest first. */
export function mailsTo(t: AuthTestApp, to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(t.outboxDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => readFileSync(join(t.outboxDir, f), 'utf8'))
    .filter((text) => new RegExp(`^To: ${to.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text));
}

/** The access code in the latest mail to `to`. */
export function latestCode(t: AuthTestApp, to: string): string {
  const mail = mailsTo(t, to).at(-1);
  const code = mail === undefined ? undefined : /access code is:\s+(\d{6})\b/.exec(mail)?.[1];
  if (code === undefined) throw new Error(`no access code mailed to ${to}`);
  return code;
}

/**
 * The confirm link of the latest access-code mail to `to`, as a mail client
 * shows it (`SITE_URL/confirm/{id}?code=…`), and what it carries.
 */
export function mailedConfirmLink(t: AuthTestApp, to: string): { href: string; userId: number; code: string } {
  const mail = mailsTo(t, to)
    .map(decodeMail)
    .filter((m) => /^Subject: Your Aisle access code$/m.test(m))
    .at(-1);
  const href = mail === undefined ? undefined : /^Confirm my e-mail: (\S+)$/m.exec(mail)?.[1];
  if (href === undefined) throw new Error(`no confirm link mailed to ${to}`);
  const url = new URL(href);
  const userId = Number(/^\/confirm\/(\d+)$/.exec(url.pathname)?.[1]);
  return { href, userId, code: url.searchParams.get('code') ?? '' };
}

/** A mail's parts as text: headers, and the bodies with quoted-printable soft breaks and escapes undone. */
export function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The JSON payload of a JWT, unverified. */
export function payloadOf(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

export function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}
