import { type Kysely, sql } from 'kysely';
import { throttleGroup } from '../../lib/domain/ip-address.ts';
import type { Database } from '../db/schema.ts';

/**
 * Sign-in back-off. A failed sign-in from a device the shop does not know counts
 * against two counters: the account from that address, and the address alone
 * (with a higher threshold, for password spraying). Nothing is counted per
 * account alone, so an attacker cannot lock a user out from addresses the
 * attacker does not control. A device that signed in to the account before
 * (it shows the device token it was given: `device-tokens.ts`) is held back
 * only by its own counter, as OWASP's device cookies are: neither a busy
 * address (carrier NAT, an office) nor someone guessing at the account from
 * elsewhere keeps its owner out. IPv6 addresses count by their /64.
 */
export const THROTTLE = {
  /** Failures of one account from one address before the first delay. */
  pairFreeFailures: 5,
  /** Failures from one address (any accounts) before the first delay. */
  addressFreeFailures: 20,
  /** Failures of one account on one known device before the first delay. */
  deviceFreeFailures: 5,
  /** The first delay; it doubles with every further failure. */
  baseDelayMs: 1000,
  maxDelayMs: 15 * 60 * 1000,
  /** A counter untouched this long starts again from zero. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
  /** After a completed password reset, sign-ins to that account skip the per-address counter this long (once). */
  resetPassMs: 30 * 60 * 1000,
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
  return `${scope}:${email}|${throttleGroup(address)}`;
}

export function addressKey(address: string): string {
  return `ip:${throttleGroup(address)}`;
}

/** The counter of one account on one known device (`deviceId`: the device token's id). */
export function deviceKey(email: string, deviceId: string): string {
  return `device:${email}|${deviceId}`;
}

function resetPassKey(email: string): string {
  return `reset-pass:${email}`;
}

/** Every per-account counter of an account: `{scope}:{email}|…` for each scope, and its devices'. */
const ACCOUNT_COUNTER_PREFIXES = ['account', 'reset', 'resend', 'device'] as const;

export type SignInCounter = 'device' | 'pair' | 'address';

/**
 * Which counters may hold a sign-in back: a known device only its own; any
 * other caller the account-and-address counter, and the address's own unless
 * the account's password was just reset (whoever reset it proved they read its
 * mail, and a busy address must not keep them out).
 */
export function signInCounters(opts: { knownDevice: boolean; justReset: boolean }): SignInCounter[] {
  if (opts.knownDevice) return ['device'];
  return opts.justReset ? ['pair'] : ['pair', 'address'];
}

async function secondsUntilFree(db: Kysely<Database>, keys: string[], now: Date): Promise<number> {
  if (keys.length === 0) return 0;
  const staleBefore = new Date(now.getTime() - THROTTLE.forgetAfterMs).toISOString();
  const rows = await db
    .selectFrom('login_throttle')
    .select('next_allowed_at')
    .where('key', 'in', keys)
    .where('updated_at', '>=', staleBefore)
    .execute();
  let waitMs = 0;
  for (const row of rows) waitMs = Math.max(waitMs, Date.parse(row.next_allowed_at) - now.getTime());
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** Counts one failure against each key, each with its own free failures, and sets when each may try next. */
async function countFailure(
  db: Kysely<Database>,
  counters: readonly (readonly [key: string, free: number])[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - THROTTLE.forgetAfterMs).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const [key, free] of counters) {
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

/** Seconds the caller must still wait before trying this account from this address; 0 when free to try. */
export function secondsUntilAllowed(
  db: Kysely<Database>,
  email: string,
  address: string,
  now: Date,
  scope: ThrottleScope = 'account',
): Promise<number> {
  return secondsUntilFree(db, [pairKey(email, address, scope), addressKey(address)], now);
}

/** Counts one failure against the account from this address and against the address. */
export function recordFailure(
  db: Kysely<Database>,
  email: string,
  address: string,
  now: Date,
  scope: ThrottleScope = 'account',
): Promise<void> {
  return countFailure(
    db,
    [
      [pairKey(email, address, scope), THROTTLE.pairFreeFailures],
      [addressKey(address), THROTTLE.addressFreeFailures],
    ],
    now,
  );
}

/** One sign-in: the account, the caller's address, and the id of the device token it showed when that token is the account's. */
export interface SignInAttempt {
  email: string;
  address: string;
  knownDevice: string | undefined;
  now: Date;
}

/** Seconds a sign-in must still wait (`signInCounters`); 0 when free to try. */
export async function secondsUntilSignIn(db: Kysely<Database>, a: SignInAttempt): Promise<number> {
  const justReset =
    a.knownDevice === undefined &&
    (await secondsUntilFree(db, [resetPassKey(a.email)], a.now).then((left) => left > 0));
  const keys = signInCounters({ knownDevice: a.knownDevice !== undefined, justReset }).map((counter) =>
    counter === 'device'
      ? deviceKey(a.email, a.knownDevice ?? '')
      : counter === 'pair'
        ? pairKey(a.email, a.address)
        : addressKey(a.address),
  );
  return secondsUntilFree(db, keys, a.now);
}

/** Counts a failed sign-in: against its known device only, or against the account from the address and the address. */
export function recordSignInFailure(db: Kysely<Database>, a: SignInAttempt): Promise<void> {
  if (a.knownDevice !== undefined) {
    return countFailure(db, [[deviceKey(a.email, a.knownDevice), THROTTLE.deviceFreeFailures]], a.now);
  }
  return recordFailure(db, a.email, a.address, a.now);
}

/** A right password forgets the account's failures from this address and on this device, and uses up a reset's pass. */
export async function recordSignInSuccess(db: Kysely<Database>, a: SignInAttempt): Promise<void> {
  const keys = [pairKey(a.email, a.address), resetPassKey(a.email)];
  if (a.knownDevice !== undefined) keys.push(deviceKey(a.email, a.knownDevice));
  await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
}

/**
 * After a completed password reset: forgets every counter of the account (from
 * every address, on every device, for sign-in, reset and resend) and lets its
 * next sign-in skip the per-address counter for `THROTTLE.resetPassMs`. The
 * addresses' own counters stay: they count other accounts' failures too.
 */
export async function clearAfterReset(db: Kysely<Database>, email: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + THROTTLE.resetPassMs).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const scope of ACCOUNT_COUNTER_PREFIXES) {
      const prefix = `${scope}:${email}|`;
      // substr, not LIKE: an address may hold % and _, which LIKE would read as wildcards.
      await trx
        .deleteFrom('login_throttle')
        .where(sql<boolean>`substr(${sql.ref('key')}, 1, ${[...prefix].length}) = ${prefix}`)
        .execute();
    }
    // A pass is a row whose next_allowed_at is when it ends (read by secondsUntilSignIn).
    await trx
      .insertInto('login_throttle')
      .values({ key: resetPassKey(email), failures: 0, next_allowed_at: until, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ failures: 0, next_allowed_at: until, updated_at: at }))
      .execute();
  });
}
