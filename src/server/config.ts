import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type AddressRange, type ProxyTrust, parseAddressRanges, parseTrustProxy } from '../lib/domain/ip-address.ts';
import { parseStaffMfa, type StaffMfaPolicy } from '../lib/domain/mfa.ts';
import { DEFAULT_OPEN_ORDERS_MAX } from '../lib/domain/order-limits.ts';
import { DEFAULT_SHOP_TIME_ZONE, isTimeZone } from '../lib/domain/reports.ts';
import { DEFAULT_POOL_MAX } from './db/pool-size.ts';
import type { RazorpayKeys } from './payments/razorpay.ts';

/** The SQLite database's file name in `DATA_DIR` (with `DATABASE_URL` unset). */
export const SQLITE_FILE = 'aisle.db';

/** Everything the server and the CLIs read from the environment (see README "Configuration"). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: SQLite at `dataDir/aisle.db`. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections this process may open (`DATABASE_POOL_MAX`, default 20). */
  databasePoolMax: number;
  jwtSecret: string;
  /** Unset: mail goes to `dataDir/outbox/` as `.eml` files. */
  smtpUrl: string | undefined;
  /** Sender of outgoing mail (`MAIL_FROM`); unset: the mailer's no-reply default. */
  mailFrom: string | undefined;
  /** Unset: the build starts the API in-process. */
  apiUrl: string | undefined;
  contentDir: string;
  outboxDir: string;
  /** The built static site that `npm run serve` serves (`SITE_DIR`, default `./dist`). */
  siteDir: string;
  /** The site's public origin (`SITE_URL`), for links in mail; default `http://{HOST}:{PORT}`. */
  siteUrl: string;
  /** The reverse proxies in front of the API (`TRUST_PROXY`, see `parseTrustProxy`); unset: none. */
  trustProxy: ProxyTrust;
  /** The most orders one account may have under way at a time (`OPEN_ORDERS_MAX`, default 10). */
  openOrdersMax: number;
  /** `STAFF_MFA=required`: every staff account must sign in with a second factor; default `optional`. */
  staffMfa: StaffMfaPolicy;
  /** Who may read `GET /metrics`: these addresses (`METRICS_ALLOW`, default loopback; `none`: none) … */
  metricsAllow: AddressRange[];
  /** … or a caller sending this bearer token (`METRICS_TOKEN`, at least 16 characters); unset: none. */
  metricsToken: string | undefined;
  /** The IANA time zone the shop's days are counted in for reports (`SHOP_TIME_ZONE`, default `Asia/Kolkata`). */
  shopTimeZone: string;
  /** `PAYMENTS_TEST=1` offers the test payment method, `0` never; unset: only in `npm start`'s demo shop. */
  paymentsTest: boolean | undefined;
  /** The operator's override of the shop's hold length (`PAYMENT_HOLD_SECONDS`); unset: the shop's `HoldMinutes`. */
  paymentHoldSeconds: number | undefined;
  /** `RAZORPAY_KEY_ID`, `RAZORPAY_KEY_SECRET`, `RAZORPAY_WEBHOOK_SECRET`: all three offer the Online method; none, not. */
  razorpay: RazorpayKeys | undefined;
}

/** The shortest `METRICS_TOKEN` accepted. */
const METRICS_TOKEN_MIN = 16;

function metricsAllowOf(raw: string | undefined): AddressRange[] {
  if (raw === undefined) return parseAddressRanges('loopback', 'METRICS_ALLOW');
  if (raw.toLowerCase() === 'none') return [];
  return parseAddressRanges(raw, 'METRICS_ALLOW');
}

/** The largest `OPEN_ORDERS_MAX` accepted. */
const OPEN_ORDERS_MAX_LIMIT = 1_000_000;

function nonEmpty(v: string | undefined): string | undefined {
  return v === undefined || v.trim() === '' ? undefined : v.trim();
}

/** Reads the configuration, creating `DATA_DIR` and a persistent JWT secret when needed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = Number(nonEmpty(env.PORT) ?? '4321');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}".`);
  }
  const poolMax = Number(nonEmpty(env.DATABASE_POOL_MAX) ?? String(DEFAULT_POOL_MAX));
  if (!Number.isInteger(poolMax) || poolMax < 1 || poolMax > 1000) {
    throw new Error(`DATABASE_POOL_MAX must be a whole number from 1 to 1000, got "${env.DATABASE_POOL_MAX}".`);
  }
  const openOrdersMax = Number(nonEmpty(env.OPEN_ORDERS_MAX) ?? String(DEFAULT_OPEN_ORDERS_MAX));
  if (!Number.isInteger(openOrdersMax) || openOrdersMax < 1 || openOrdersMax > OPEN_ORDERS_MAX_LIMIT) {
    throw new Error(
      `OPEN_ORDERS_MAX must be a whole number from 1 to ${OPEN_ORDERS_MAX_LIMIT}, got "${env.OPEN_ORDERS_MAX}".`,
    );
  }
  const metricsToken = nonEmpty(env.METRICS_TOKEN);
  if (metricsToken !== undefined && (metricsToken.length < METRICS_TOKEN_MIN || /\s/.test(metricsToken))) {
    throw new Error(
      `METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters without spaces (for example from "openssl rand -hex 32").`,
    );
  }
  const shopTimeZone = nonEmpty(env.SHOP_TIME_ZONE) ?? DEFAULT_SHOP_TIME_ZONE;
  if (!isTimeZone(shopTimeZone)) {
    throw new Error(
      `SHOP_TIME_ZONE must name an IANA time zone such as Asia/Kolkata or Europe/London, got "${env.SHOP_TIME_ZONE}".`,
    );
  }
  const holdOverride = nonEmpty(env.PAYMENT_HOLD_SECONDS);
  const paymentHoldSeconds = holdOverride === undefined ? undefined : Number(holdOverride);
  if (
    paymentHoldSeconds !== undefined &&
    (!Number.isInteger(paymentHoldSeconds) || paymentHoldSeconds < 1 || paymentHoldSeconds > 86_400)
  ) {
    throw new Error(
      `PAYMENT_HOLD_SECONDS must be a whole number of seconds from 1 to 86400, got "${env.PAYMENT_HOLD_SECONDS}".`,
    );
  }
  const paymentsTest = nonEmpty(env.PAYMENTS_TEST);
  if (paymentsTest !== undefined && paymentsTest !== '1' && paymentsTest !== '0') {
    throw new Error(`PAYMENTS_TEST must be 1 (offer the test payment method) or 0, got "${env.PAYMENTS_TEST}".`);
  }
  const razorpay = razorpayKeysOf(env);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    databasePoolMax: poolMax,
    jwtSecret: nonEmpty(env.JWT_SECRET) ?? persistentSecret(dataDir),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    apiUrl: nonEmpty(env.API_URL),
    contentDir: join(dataDir, 'content'),
    outboxDir: join(dataDir, 'outbox'),
    siteDir: resolve(nonEmpty(env.SITE_DIR) ?? './dist'),
    siteUrl: nonEmpty(env.SITE_URL) ?? `http://${nonEmpty(env.HOST) ?? '127.0.0.1'}:${port}`,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    openOrdersMax,
    staffMfa: parseStaffMfa(env.STAFF_MFA),
    metricsAllow: metricsAllowOf(nonEmpty(env.METRICS_ALLOW)),
    metricsToken,
    shopTimeZone,
    paymentsTest: paymentsTest === undefined ? undefined : paymentsTest === '1',
    paymentHoldSeconds,
    razorpay,
  };
}

/** Razorpay's keys: all three, or none (the Online method is not offered); some but not all is a mistake named at start. */
function razorpayKeysOf(env: NodeJS.ProcessEnv): RazorpayKeys | undefined {
  const keyId = nonEmpty(env.RAZORPAY_KEY_ID);
  const keySecret = nonEmpty(env.RAZORPAY_KEY_SECRET);
  const webhookSecret = nonEmpty(env.RAZORPAY_WEBHOOK_SECRET);
  if (keyId === undefined && keySecret === undefined && webhookSecret === undefined) return undefined;
  if (keyId === undefined || keySecret === undefined || webhookSecret === undefined) {
    const missing = Object.entries({
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
    })
      .filter(([, v]) => v === undefined)
      .map(([k]) => k);
    throw new Error(`Razorpay needs all three keys to offer the Online method: ${missing.join(', ')} is not set.`);
  }
  return { keyId, keySecret, webhookSecret };
}

// Generated once and kept, so tokens survive restarts without operators having to set one.
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Where the shop's data lives, read without creating anything (`db:backup`, `db:restore`). */
export interface StorageConfig {
  dataDir: string;
  /** Unset: SQLite at `sqliteFile`. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  contentDir: string;
  /** The generated JWT secret's file (used when `JWT_SECRET` is unset). */
  jwtSecretFile: string;
  /** `JWT_SECRET` is set: the secret is the operator's, not a file of `DATA_DIR`. */
  jwtSecretFromEnv: boolean;
}

/** `DATA_DIR` and `DATABASE_URL` as `loadConfig` reads them, without creating the folder or a secret. */
export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? './data');
  return {
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    sqliteFile: join(dataDir, SQLITE_FILE),
    contentDir: join(dataDir, 'content'),
    jwtSecretFile: join(dataDir, 'jwt-secret'),
    jwtSecretFromEnv: nonEmpty(env.JWT_SECRET) !== undefined,
  };
}
