import type { ExpressionBuilder, Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MailQueueTable } from './db/schema.ts';
import { createMailer, type MailConfig, type Mailer, type MailMessage } from './mail.ts';
import type { Metrics } from './metrics.ts';

/** A mail to queue: the message and what it is about. */
export interface QueuedMail extends MailMessage {
  /** `order.placed`, `order.status`, `password.reset`, `stock.back`, … (for the log and operators). */
  kind: string;
}

/** After this many failed tries a mail is left in the queue, marked by its `last_error`, and no longer tried. */
export const MAIL_MAX_ATTEMPTS = 8;
/** The first retry waits this long; each further one twice as long, up to an hour. */
export const MAIL_RETRY_BASE_MS = 30_000;
const MAIL_RETRY_MAX_MS = 60 * 60 * 1000;
/** A sender holds a row this long; if it dies meanwhile, another takes the row over. */
const CLAIM_MS = 2 * 60 * 1000;
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
 * One pass: claims up to `BATCH` due rows in one conditional update (the
 * condition is re-checked under each row's lock, so two processes sharing the
 * database never send the same row twice), sends them, and marks every one
 * that went out in one more statement. A failure is counted on its own row
 * with the time to try next. Two statements a batch, whatever its size, so a
 * busy shop's order mail costs the database little beside the orders.
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
  const claimed = await db
    .updateTable('mail_queue')
    .set({ claimed_until: new Date(at.getTime() + CLAIM_MS).toISOString() })
    .where('id', 'in', (eb) => eb.selectFrom('mail_queue').select('id').where(claimable).orderBy('id').limit(BATCH))
    .where(claimable)
    .returningAll()
    .execute();
  claimed.sort((a, b) => a.id - b.id);
  const sentIds: number[] = [];
  for (const row of claimed) {
    try {
      await mailer.send({
        to: row.to_address,
        subject: row.subject,
        text: row.body_text,
        html: row.body_html === '' ? undefined : row.body_html,
      });
      sentIds.push(row.id);
    } catch (err) {
      const attempts = row.attempts + 1;
      deps.metrics?.mailFailed(row.kind);
      const next = new Date(clock().getTime() + retryDelayMs(attempts)).toISOString();
      await db
        .updateTable('mail_queue')
        .set({ attempts, next_attempt_at: next, claimed_until: null, last_error: String(err).slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
      deps.log({
        level: attempts >= MAIL_MAX_ATTEMPTS ? 'error' : 'warn',
        msg: attempts >= MAIL_MAX_ATTEMPTS ? 'mail given up' : 'mail failed, will retry',
        mailId: row.id,
        kind: row.kind,
        attempts,
        nextAttemptAt: attempts >= MAIL_MAX_ATTEMPTS ? null : next,
        error: String(err),
      });
    }
  }
  if (sentIds.length > 0) {
    await db
      .updateTable('mail_queue')
      .set((eb) => ({ sent_at: clock().toISOString(), claimed_until: null, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', sentIds)
      .execute();
    deps.metrics?.mailSent(sentIds.length);
  }
  // A full batch means more may be due.
  return { claimed: claimed.length, sent: sentIds.length };
}

export function createMailQueue(deps: MailQueueDeps): MailQueue {
  const mailer = deps.mailer ?? createMailer(deps.mail);
  let running: Promise<void> | undefined;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const pass = async (): Promise<void> => {
    try {
      // A full batch may mean more are due.
      while ((await sendDueMail(deps, mailer)).claimed >= BATCH) {}
    } catch (err) {
      deps.log({ level: 'error', msg: 'mail queue pass failed', error: String(err) });
    }
  };
  const kick = (): Promise<void> => {
    if (running !== undefined) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  return {
    kick,
    async drain() {
      await running;
      let total = 0;
      for (;;) {
        const { claimed, sent } = await sendDueMail(deps, mailer);
        total += sent;
        if (claimed < BATCH) return total;
      }
    },
    start(intervalMs = 30_000) {
      if (timer !== undefined) return;
      timer = setInterval(() => void kick(), intervalMs);
      timer.unref();
      void kick();
    },
    stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
    },
  };
}
