import type { Kysely } from 'kysely';
import type { ProxyTrust } from '../lib/domain/ip-address.ts';
import type { StaffMfaPolicy } from '../lib/domain/mfa.ts';
import type { HashGate } from './auth/passwords.ts';
import type { Dialect } from './db/connection.ts';
import type { Database } from './db/schema.ts';
import type { Logger } from './logger.ts';
import type { MailQueue } from './mail-queue.ts';
import type { Metrics, MetricsAccess } from './metrics.ts';
import type { InvoiceNumbering } from './orders/invoice-numbers.ts';
import type { PaymentHolds, PaymentMethods } from './payments/methods.ts';

/** What every route module needs; passed in so tests can build an app over any database. */
export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Root of content storage (`DATA_DIR/content`). */
  contentDir: string;
  /** HMAC key for access tokens. */
  jwtSecret: string;
  /** Outgoing mail: an SMTP URL, or unset to write `.eml` files into `outboxDir`; `from` defaults to no-reply. */
  mail: { smtpUrl: string | undefined; outboxDir: string; from?: string | undefined };
  log: Logger;
  /** The current time; tests pass a clock they can move. Default: the system clock. */
  now?: () => Date;
  /** The proxies whose `X-Forwarded-For` names the client (`TRUST_PROXY`). Default: none, the socket's peer is the client. */
  trustProxy?: ProxyTrust;
  /** Bounds the password hashes running and waiting at once (`auth/passwords.ts`). Default: the process's gate. */
  hashGate?: HashGate;
  /**
   * Throttle anonymous registration per address and per e-mail (`auth/anon-throttle.ts`) and hash new
   * passwords in a lane of their own (`hashNewPassword`). Default: on; the sign-in flood benchmark turns
   * it off to measure the shop without it.
   */
  throttleAnonymous?: boolean;
  /** The program `POST /api/Site/Publish` runs to rebuild the site. Default: this Node running `scripts/rebuild.ts`. */
  siteBuilder?: { command: string; args: string[] };
  /** The site's public origin (`SITE_URL`) for links in mail. Default: `http://127.0.0.1:4321`. */
  siteUrl?: string | undefined;
  /** The most orders one account may have under way (`OPEN_ORDERS_MAX`). Default: `DEFAULT_OPEN_ORDERS_MAX` (10). */
  openOrdersMax?: number | undefined;
  /** `STAFF_MFA`: `required` makes a second factor mandatory for staff sign-ins. Default: `optional`. */
  staffMfa?: StaffMfaPolicy;
  /** Queued mail, sent after commit; `createApp` makes one over `db` and `mail` when not given. */
  mailQueue?: MailQueue | undefined;
  /** Numbers the tax invoices an order wrote, after its commit; `createApp` makes one over `db` when not given. */
  invoiceNumbering?: InvoiceNumbering | undefined;
  /** The process's metrics (`GET /metrics`); `createApp` makes one when not given. A server passes its own so the fast paths count into it too. */
  metrics?: Metrics | undefined;
  /** Who may read `GET /metrics` (`METRICS_ALLOW`, `METRICS_TOKEN`). Default: this machine (loopback) only. */
  metricsAccess?: MetricsAccess | undefined;
  /** The IANA time zone the shop's days are counted in (`SHOP_TIME_ZONE`). Default: `Asia/Kolkata`. */
  shopTimeZone?: string | undefined;
  /** The payment methods the shop runs (`payments/methods.ts`). Default: pay on delivery alone. */
  payments?: PaymentMethods | undefined;
  /** The operator's override of how long an unpaid online order holds (`PAYMENT_HOLD_SECONDS`); unset: the shop's `HoldMinutes`. */
  paymentHoldSeconds?: number | undefined;
  /** Lets go of unpaid holds when they end (`payments/hold-runner.ts`); without it only a sweep does. */
  paymentHolds?: PaymentHolds | undefined;
}

/** The public origin for links in mail. */
export function siteUrlOf(deps: AppDeps): string {
  return deps.siteUrl ?? 'http://127.0.0.1:4321';
}
