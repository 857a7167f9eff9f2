import { type Kysely, sql, type Transaction } from 'kysely';
import { z } from 'zod';
import {
  CODE_FAILURE_LIMIT,
  CODE_FAILURE_WINDOW_MS,
  decideCodeTry,
  formatUtcMinute,
  withCodeFailure,
} from '../../lib/domain/code-guard.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail-queue.ts';
import { codeGuessingMail } from '../mail-templates.ts';

/**
 * Whose wrong codes are counted: an account (its access and reset codes
 * alike), or, for a password reset naming an address without an account, that
 * address, so the reset call answers an unknown address as it answers an
 * account (the same count, the same wait) and tells no one which addresses
 * have accounts.
 */
export type CodeSubject = { userId: number; email: string } | { userId: undefined; email: string };

function subjectKey(subject: CodeSubject): string {
  return subject.userId === undefined ? `email:${subject.email}` : `user:${subject.userId}`;
}

const storedTimes = z.array(z.string()).catch([]);

function readTimes(raw: string): number[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = [];
  }
  return storedTimes
    .parse(parsed)
    .map((at) => Date.parse(at))
    .filter((at) => Number.isFinite(at));
}

export type Guarded<T> = { locked: true; until: Date } | { locked: false; result: T };

/**
 * One code try for `subject`, in the caller's transaction, under the lock of
 * the subject's row (an upsert takes it on PostgreSQL; SQLite writes one at a
 * time), so parallel guesses are counted one after another and none passes the
 * limit. While the subject has `CODE_FAILURE_LIMIT` wrong codes in the window,
 * nothing is tried (the right code is refused too) and the answer is when codes
 * work again. Otherwise `attempt` runs; when `failed(result)`, the try is
 * counted, and the one that reaches the limit queues a mail to the account's
 * owner (at most one a window) saying someone is trying codes and what to do.
 * The caller kicks the mail queue after commit.
 */
export async function guardCodeTry<T>(
  trx: Transaction<Database>,
  subject: CodeSubject,
  now: Date,
  origin: string,
  attempt: () => Promise<T>,
  failed: (result: T) => boolean,
): Promise<Guarded<T>> {
  const key = subjectKey(subject);
  const at = now.toISOString();
  const row = await trx
    .insertInto('code_failures')
    .values({ subject: key, failed_at: '[]', warned_at: null, updated_at: at })
    .onConflict((oc) => oc.column('subject').doUpdateSet({ subject: sql`excluded.subject` }))
    .returning(['failed_at', 'warned_at'])
    .executeTakeFirstOrThrow();
  const times = readTimes(row.failed_at);
  const decision = decideCodeTry(times, now.getTime());
  if (!decision.allowed) return { locked: true, until: new Date(decision.until) };

  const result = await attempt();
  if (!failed(result)) return { locked: false, result };

  const kept = withCodeFailure(times, now.getTime());
  const after = decideCodeTry(kept, now.getTime());
  const warnedLately = row.warned_at !== null && Date.parse(row.warned_at) > now.getTime() - CODE_FAILURE_WINDOW_MS;
  // This wrong code reached the limit: the owner hears of it, once a window.
  const warnUntil = after.allowed || subject.userId === undefined || warnedLately ? undefined : after.until;
  await trx
    .updateTable('code_failures')
    .set({
      failed_at: JSON.stringify(kept.map((t) => new Date(t).toISOString())),
      updated_at: at,
      ...(warnUntil === undefined ? {} : { warned_at: at }),
    })
    .where('subject', '=', key)
    .execute();
  if (warnUntil !== undefined) {
    await enqueueMail(
      trx,
      [
        {
          to: subject.email,
          kind: 'account.code_guessing',
          ...codeGuessingMail(subject.email, CODE_FAILURE_LIMIT, formatUtcMinute(warnUntil), origin),
        },
      ],
      at,
    );
  }
  return { locked: false, result };
}

/**
 * The answer while codes are refused: a 429 saying until when (also as
 * `Retry-After` and `RetryAfterSeconds`), the same for every subject.
 */
export function codesLockedError(until: Date, now: Date): AppError {
  const wait = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(
    429,
    'too_many_requests',
    `Too many wrong codes have been entered for this account (${CODE_FAILURE_LIMIT} within 24 hours), so no code works until ${formatUtcMinute(until.getTime())}. Then ask for a new code and use the link in the newest mail.`,
    { headers: { 'Retry-After': String(wait) }, extra: { RetryAfterSeconds: wait } },
  );
}

/** Forgets the counts that no longer decide anything: no wrong code within the window. */
export async function sweepCodeFailures(trx: Transaction<Database> | Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS).toISOString();
  const gone = await trx.deleteFrom('code_failures').where('updated_at', '<', cutoff).executeTakeFirst();
  return Number(gone.numDeletedRows);
}
