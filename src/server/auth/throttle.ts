import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * Sign-in back-off. Two counters per failed attempt: one for the account from
 * that address, one for the address alone (with a higher threshold, for
 * password spraying). Nothing is counted per account alone, so an attacker
 * cannot lock a user out from addresses the attacker does not control.
 */
export const THROTTLE = {
  /** Failures of one account from one address before the first delay. */
  pairFreeFailures: 5,
  /** Failures from one address (any accounts) before the first delay. */
  addressFreeFailures: 20,
  /** The first delay; it doubles with every further failure. */
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** A counter untouched this long starts again from zero. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** Wait after `failures` failures when the first `free` cost nothing: 1 s, 2 s, 4 s … up to 15 min. */
export function backoffMs(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(THROTTLE.baseDelayMs * 2 ** Math.min(failures - free, 30), THROTTLE.maxDelayMs);
}

/**
 * What a counter counts: failed sign-ins (`account`), password-reset requests
 * and wrong reset codes (`reset`), access-code resends (`resend`). Each has its
 * own per-account-and-address counter under the same rules; the per-address
 * counter is shared, so one address cannot spread its attempts across them.
 */
export type ThrottleScope = 'account' | 'reset' | 'resend';

export function pairKey(email: string, address: string, scope: ThrottleScope = 'account'): string {
  return `${scope}:${email}|${address}`;
}

export function addressKey(address: string): string {
  return `ip:${address}`;
}

/** Seconds the caller must still wait before trying this account from this address; 0 when free to try. */
export async function secondsUntilAllowed(
  db: Kysely<Database>,
  email: string,
  address: string,
  now: Date,
  scope: ThrottleScope = 'account',
): Promise<number> {
  const staleBefore = new Date(now.getTime() - THROTTLE.forgetAfterMs).toISOString();
  const rows = await db
    .selectFrom('login_throttle')
    .select('next_allowed_at')
    .where('key', 'in', [pairKey(email, address, scope), addressKey(address)])
    .where('updated_at', '>=', staleBefore)
    .execute();
  let waitMs = 0;
  for (const row of rows) waitMs = Math.max(waitMs, Date.parse(row.next_allowed_at) - now.getTime());
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** Counts one failed sign-in against both keys and sets when each may try next. */
export async function recordFailure(
  db: Kysely<Database>,
  email: string,
  address: string,
  now: Date,
  scope: ThrottleScope = 'account',
): Promise<void> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - THROTTLE.forgetAfterMs).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [key, free] of [
      [pairKey(email, address, scope), THROTTLE.pairFreeFailures],
      [addressKey(address), THROTTLE.addressFreeFailures],
    ] as const) {
      // The increment happens in SQL so concurrent failures are all counted.
      const row = await trx
        .insertInto('login_throttle')
        .values({ key, failures: 1, next_allowed_at: at, updated_at: at })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures: sql<number>`case when ${sql.ref('login_throttle.updated_at')} < ${staleBefore} then 1 else ${sql.ref('login_throttle.failures')} + 1 end`,
            updated_at: at,
          }),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      const next = new Date(now.getTime() + backoffMs(row.failures, free)).toISOString();
      await trx.updateTable('login_throttle').set({ next_allowed_at: next }).where('key', '=', key).execute();
    }
    await trx.deleteFrom('login_throttle').where('updated_at', '<', staleBefore).execute();
  });
}

/** A successful sign-in forgets this account's failures from this address (not the address's own count). */
export async function clearFailures(
  db: Kysely<Database>,
  email: string,
  address: string,
  scope: ThrottleScope = 'account',
): Promise<void> {
  await db
    .deleteFrom('login_throttle')
    .where('key', '=', pairKey(email, address, scope))
    .execute();
}
