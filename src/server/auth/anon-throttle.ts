import { type Kysely, sql } from 'kysely';
import { throttleGroup } from '../../lib/domain/ip-address.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/**
 * Limits on anonymous calls that cost the shop something: registration (and
 * registering again, which is how an expired access code is resent) hashes a
 * password with scrypt and sends a mail to the address named (a new account's
 * code, or a note to the owner of a taken address). Only tries that would do so
 * count: one refused for a bad field does not. Counted per
 * client address and per target e-mail, in fixed windows kept in the database
 * (beside sign-in's back-off, in `login_throttle`), so every API process sees
 * the same counts. Checked and counted before any hashing or mail.
 */
export const ANONYMOUS_LIMITS = {
  /**
   * Registrations from one address: a burst of 10 in 10 minutes (a household, or shoppers behind
   * one mobile carrier's shared address), 50 a day. A flood gets 10 hashes, one at a time in the
   * hashing lane, then only refusals.
   */
  perAddress: [
    { max: 10, windowMs: 10 * 60 * 1000, label: '10 in 10 minutes', key: 'register-ip' },
    { max: 50, windowMs: 24 * 60 * 60 * 1000, label: '50 a day', key: 'register-ip-day' },
  ],
  /** Registrations naming one e-mail address: each one mails it. */
  perEmail: { max: 3, windowMs: 60 * 60 * 1000 },
} as const;

export interface WindowLimit {
  max: number;
  windowMs: number;
}

/**
 * Counts one use of `key` and answers how many seconds the caller must wait
 * (0 when within the limit). The count and its window's end are updated in one
 * statement, so concurrent calls are all counted.
 */
export async function countUse(db: Kysely<Database>, key: string, limit: WindowLimit, now: Date): Promise<number> {
  const at = now.toISOString();
  const windowEnd = new Date(now.getTime() + limit.windowMs).toISOString();
  const expired = sql<boolean>`${sql.ref('login_throttle.next_allowed_at')} <= ${at}`;
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, next_allowed_at: windowEnd, updated_at: at })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else ${sql.ref('login_throttle.failures')} + 1 end`,
        next_allowed_at: sql<string>`case when ${expired} then ${windowEnd} else ${sql.ref('login_throttle.next_allowed_at')} end`,
        updated_at: at,
      }),
    )
    .returning(['failures', 'next_allowed_at'])
    .executeTakeFirstOrThrow();
  if (row.failures <= limit.max) return 0;
  return Math.max(1, Math.ceil((Date.parse(row.next_allowed_at) - now.getTime()) / 1000));
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return seconds < 60 ? `${seconds} seconds` : `${m} minute${m === 1 ? '' : 's'}`;
}

/**
 * Counts one registration from `address` for `email`; a 429 with `Retry-After`
 * when either is over its limit.
 */
export async function throttleRegistration(
  db: Kysely<Database>,
  address: string,
  email: string,
  now: Date,
): Promise<void> {
  let byAddress = 0;
  let over = '';
  for (const limit of ANONYMOUS_LIMITS.perAddress) {
    const wait = await countUse(db, `${limit.key}:${throttleGroup(address)}`, limit, now);
    if (wait > byAddress) {
      byAddress = wait;
      over = limit.label;
    }
  }
  const byEmail = await countUse(db, `register-email:${email}`, ANONYMOUS_LIMITS.perEmail, now);
  const wait = Math.max(byAddress, byEmail);
  if (wait === 0) return;
  const why =
    byEmail > 0
      ? `This e-mail address has been registered ${ANONYMOUS_LIMITS.perEmail.max} times in the last hour`
      : `Too many registrations have come from your network (at most ${over})`;
  throw new AppError(429, 'too_many_requests', `${why}; try again in ${minutes(wait)}.`, {
    headers: { 'Retry-After': String(wait) },
    extra: { RetryAfterSeconds: wait },
  });
}
