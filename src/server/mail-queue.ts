import type { ExpressionBuilder, Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MailQueueTable } from './db/schema.ts';
import { createMailer, type MailConfig, type Mailer, type MailMessage } from './mail.ts';
import type { Metrics } from './metrics.ts';
import { invoiceAttachment } from './orders/invoice-pdf.ts';
import { createPasses } from './passes.ts';

/** A mail to queue: the message and what it is about. */
export interface QueuedMail extends MailMessage {
  /** `order.placed`, `order.status`, `password.reset`, `stock.back`, … (for the log and operators). */
  kind: string;
  /** An order whose tax invoices go with the mail as a PDF, drawn when it is sent (not stored twice). */
  attachInvoicesOf?: number | undefined;
}

/**
 * After this many failed tries a mail is left in the queue, marked by its `last_error`, and no longer tried.
 * With `retryDelayMs` the tries span about 63 minutes (30 s, 1, 2, 4, 8, 16 and 32 minutes apart): a mail
 * server that refuses for ten minutes, or an hour, costs a delay, not a mail.
 */
export const MAIL_MAX_ATTEMPTS = 8;
/** The first retry waits this long; each further one twice as long, up to an hour. */
export const MAIL_RETRY_BASE_MS = 30_000;
const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
/** A sender holds a row this long; if it dies meanwhile, another takes the row over. */
export const MAIL_CLAIM_MS = 2 * 60 * 1000;
/**
 * The longest one SMTP hand-over is given (the mailer's connection, greeting and idle timeouts,
 * `mail.ts`): a sender starts a row only while its claim has at least this long left, so a row is
 * never sent by one sender after another has taken it over.
 */
export const MAIL_SEND_MAX_MS = 60_000;
/** Rows taken per pass. */
const BATCH = 25;

/**
 * Queues mail in the caller's transaction: the mail exists exactly when what it
 * is about was committed (an order placed, a status changed), and sending it
 * happens afterwards, so a slow or failing mail server never delays or fails
 * the order.
 */
export async function enqueueMail(
  trx: Kysely<Database> | Transaction<Database>,
  mails: readonly QueuedMail[],
  at: string,
): Promise<void> {
  if (mails.length === 0) return;
  await trx.insertInto('mail_queue').values(mailQueueRows(mails, at)).execute();
}

/** The `mail_queue` rows `enqueueMail` writes, for a caller that inserts them within a larger statement. */
export function mailQueueRows(mails: readonly QueuedMail[], at: string): Insertable<MailQueueTable>[] {
  return mails.map((m) => ({
    to_address: m.to,
    subject: m.subject,
    body_text: m.text,
    body_html: m.html ?? '',
    kind: m.kind,
    attempts: 0,
    next_attempt_at: at,
    claimed_until: null,
    sent_at: null,
    last_error: '',
    created_at: at,
    ...(m.attachInvoicesOf === undefined ? {} : { attach_invoices_of: m.attachInvoicesOf }),
  }));
}

export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), MAIL_RETRY_MAX_MS);
}

/** Sends the queued mail that is due; `kick()` after a commit, `start()` for retries. */
export interface MailQueue {
  /** Starts a pass now (one at a time; a kick during a pass runs another after it). Never rejects. */
  kick(): Promise<void>;
  /** Sends every due mail and answers how many were sent. */
  drain(): Promise<number>;
  /** Tries again every `intervalMs` (unref'd timer: it never keeps the process alive). */
  start(intervalMs?: number): void;
  stop(): void;
}

export interface MailQueueDeps {
  db: Kysely<Database>;
  mail: MailConfig;
  log: (entry: Record<string, unknown>) => void;
  now?: (() => Date) | undefined;
  /** For tests: a mailer of their own. */
  mailer?: Mailer | undefined;
  /** Counts mails sent and failed tries (`aisle_mail_sent_total`, `aisle_mail_failures_total`). */
  metrics?: Metrics | undefined;
}

/**
 * The Message-ID of a queued mail: the same for every try of the row, so that in the one case a
 * mail can go out twice (a sender that stops between the server's acceptance and marking the row
 * sent, see `sendDueMail`), the copies carry one id, which mail clients and stores deduplicate on.
 */
export function queuedMessageId(row: { id: number; created_at: string }, from: string | undefined): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from ?? '')?.[1] ?? 'localhost';
  return `<aisle-mail-${row.id}-${Date.parse(row.created_at) || 0}@${domain}>`;
}

/**
 * Whether a failure is the mail server's (down, refusing connections, answering 421, timing out,
 * refusing our login) rather than one message's (a rejected recipient): the rest of the batch
 * would meet it too, so they are not tried in this pass.
 */
export function isServerFailure(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown; command?: unknown };
  if (e.responseCode === 421) return true;
  return ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'EAUTH', 'EPROTOCOL', 'ECONNREFUSED'].includes(
    String(e.code ?? ''),
  );
}

/**
 * One pass: claims up to `BATCH` due rows in one conditional update (the
 * condition is re-checked under each row's lock, so two processes sharing the
 * database never hold the same row at once), sends them one by one, and marks
 * each as sent right after the server accepted it, under the claim (a row whose
 * claim was taken over is not marked by the sender that lost it). A message-level
 * failure is counted on its own row with the time to try next; a server-level one
 * (see `isServerFailure`) is counted on the rest of the batch too, untried.
 *
 * Delivery is exactly once but for one window: a sender that stops (killed, the
 * database gone) after the server accepted a mail and before the row is marked
 * leaves it claimed; after `MAIL_CLAIM_MS` another sender sends it again, with the
 * same Message-ID (`queuedMessageId`). Marking each row at once (one statement a
 * mail, cheap beside an SMTP hand-over) keeps that window to one mail per sender.
 */
export async function sendDueMail(deps: MailQueueDeps, mailer: Mailer): Promise<{ claimed: number; sent: number }> {
  const { db } = deps;
  const clock = () => deps.now?.() ?? new Date();
  const at = clock();
  const nowIso = at.toISOString();
  const claimable = (eb: ExpressionBuilder<Database, 'mail_queue'>) =>
    eb.and([
      eb('sent_at', 'is', null),
      eb('next_attempt_at', '<=', nowIso),
      eb('attempts', '<', MAIL_MAX_ATTEMPTS),
      eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowIso)]),
    ]);
  const leaseEnd = at.getTime() + MAIL_CLAIM_MS;
  const lease = new Date(leaseEnd).toISOString();
  const claimed = await db
    .updateTable('mail_queue')
    .set({ claimed_until: lease })
    .where('id', 'in', (eb) => eb.selectFrom('mail_queue').select('id').where(claimable).orderBy('id').limit(BATCH))
    .where(claimable)
    .returningAll()
    .execute();
  claimed.sort((a, b) => a.id - b.id);
  let sent = 0;
  let serverDown: unknown;
  for (const [index, row] of claimed.entries()) {
    const mine = (eb: ExpressionBuilder<Database, 'mail_queue'>) =>
      eb.and([eb('id', '=', row.id), eb('claimed_until', '=', lease)]);
    if (serverDown === undefined && clock().getTime() + MAIL_SEND_MAX_MS > leaseEnd) {
      // Too little of the claim is left for another hand-over: the rest go back to the queue untried.
      const rest = claimed.slice(index).map((r) => r.id);
      await db
        .updateTable('mail_queue')
        .set({ claimed_until: null })
        .where('id', 'in', rest)
        .where('claimed_until', '=', lease)
        .execute();
      break;
    }
    let failure: unknown = serverDown;
    if (failure === undefined) {
      try {
        await mailer.send({
          to: row.to_address,
          subject: row.subject,
          text: row.body_text,
          html: row.body_html === '' ? undefined : row.body_html,
          messageId: queuedMessageId(row, deps.mail.from),
          attachments:
            row.attach_invoices_of === null ? undefined : await invoiceAttachment(db, row.attach_invoices_of),
        });
      } catch (err) {
        failure = err;
        if (isServerFailure(err)) serverDown = err;
      }
    }
    if (failure === undefined) {
      const marked = await db
        .updateTable('mail_queue')
        .set({ sent_at: clock().toISOString(), claimed_until: null, attempts: row.attempts + 1 })
        .where(mine)
        .executeTakeFirst();
      sent++;
      deps.metrics?.mailSent(1);
      if (Number(marked.numUpdatedRows) === 0) {
        deps.log({ level: 'warn', msg: 'mail sent after its claim ran out', mailId: row.id, kind: row.kind });
      }
      continue;
    }
    const attempts = row.attempts + 1;
    deps.metrics?.mailFailed(row.kind);
    const next = new Date(clock().getTime() + retryDelayMs(attempts)).toISOString();
    await db
      .updateTable('mail_queue')
      .set({ attempts, next_attempt_at: next, claimed_until: null, last_error: String(failure).slice(0, 500) })
      .where(mine)
      .execute();
    deps.log({
      level: attempts >= MAIL_MAX_ATTEMPTS ? 'error' : 'warn',
      msg: attempts >= MAIL_MAX_ATTEMPTS ? 'mail given up' : 'mail failed, will retry',
      mailId: row.id,
      kind: row.kind,
      attempts,
      nextAttemptAt: attempts >= MAIL_MAX_ATTEMPTS ? null : next,
      error: String(failure),
      ...(failure === serverDown && serverDown !== undefined ? { server: true } : {}),
    });
  }
  // A full batch means more may be due (none while the server is down: they wait for their retry).
  return { claimed: serverDown === undefined ? claimed.length : 0, sent };
}

export function createMailQueue(deps: MailQueueDeps): MailQueue {
  const mailer = deps.mailer ?? createMailer(deps.mail);
  const passes = createPasses(async () => {
    try {
      // A full batch may mean more are due.
      while ((await sendDueMail(deps, mailer)).claimed >= BATCH) {}
    } catch (err) {
      deps.log({ level: 'error', msg: 'mail queue pass failed', error: String(err) });
    }
  });
  return {
    kick: passes.kick,
    async drain() {
      await passes.current();
      let total = 0;
      for (;;) {
        const { claimed, sent } = await sendDueMail(deps, mailer);
        total += sent;
        if (claimed < BATCH) return total;
      }
    },
    start(intervalMs = 30_000) {
      passes.start(intervalMs);
    },
    stop: passes.stop,
  };
}
