import { createHash, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newSecurityStamp } from './accounts.ts';
import { guardCodeTry } from './code-guard.ts';
import { CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, generateCode } from './email-codes.ts';

/** A reset code is good for 10 minutes and 5 tries, as an access code is. */
export const RESET_LIFETIME_MS = CODE_LIFETIME_MS;
export const RESET_MAX_ATTEMPTS = CODE_MAX_ATTEMPTS;
/** A new code is mailed at most this often per account; asking sooner keeps the one already sent. */
export const RESET_RESEND_MS = 60 * 1000;

// Distinct from access codes' hash input, so one table's hash never matches the other's.
function hashResetCode(userId: number, code: string): string {
  return createHash('sha256').update(`reset:${userId}:${code}`).digest('hex');
}

/**
 * A fresh reset code for the account (replacing an earlier one, its tries
 * counted again from zero), stored hashed; answers the plain code to mail, or
 * undefined when one was sent less than a minute ago (that one stays valid).
 */
export async function issueResetCode(db: Kysely<Database>, userId: number, now: Date): Promise<string | undefined> {
  const existing = await db
    .selectFrom('password_reset_codes')
    .select('created_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (existing !== undefined && Date.parse(existing.created_at) + RESET_RESEND_MS > now.getTime()) return undefined;
  const code = generateCode();
  const row = {
    code_hash: hashResetCode(userId, code),
    expires_at: new Date(now.getTime() + RESET_LIFETIME_MS).toISOString(),
    attempts: 0,
    created_at: now.toISOString(),
  };
  await db
    .insertInto('password_reset_codes')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return code;
}

export type ResetCheck = 'reset' | 'refused' | 'wrong' | 'expired' | 'exhausted' | 'none';

/**
 * Tries `code` for the account of `email` (`user`, or undefined for an address
 * without one, whose every try fails as a wrong code does) and, when right,
 * sets the new password in the same transaction: the code is deleted, the
 * security stamp rotated (every token issued before stops working), the address
 * counts as confirmed (the code came by mail), and any pending access code goes.
 * Every try counts against the code, raised in SQL so parallel guesses cannot
 * exceed its limit, and every failed try against the day's wrong codes of the
 * account, or of the unknown address, alike (`code-guard.ts`); at that limit
 * nothing is tried and the answer is `{ lockedUntil }`. `refusePassword` is asked
 * only when the code is right: when it says true, nothing changes and the answer is
 * `refused`, so only someone holding the code learns why (a staff account's password
 * rules), and the check's cost is spent only then.
 */
export async function resetWithCode(
  db: Kysely<Database>,
  email: string,
  user: { id: number; email: string } | undefined,
  code: string,
  passwordHash: string,
  now: Date,
  origin: string,
  refusePassword: () => boolean = () => false,
): Promise<ResetCheck | { lockedUntil: Date }> {
  return db.transaction().execute(async (trx) => {
    const guarded = await guardCodeTry(
      trx,
      user === undefined ? { userId: undefined, email } : { userId: user.id, email: user.email },
      now,
      origin,
      () =>
        user === undefined
          ? Promise.resolve<ResetCheck>('none')
          : tryResetCode(trx, user.id, code, passwordHash, now, refusePassword),
      // A right code for a password the account may not have is no wrong guess.
      (check) => check !== 'reset' && check !== 'refused',
    );
    return guarded.locked ? { lockedUntil: guarded.until } : guarded.result;
  });
}

async function tryResetCode(
  trx: Transaction<Database>,
  userId: number,
  code: string,
  passwordHash: string,
  now: Date,
  refusePassword: () => boolean,
): Promise<ResetCheck> {
  const row = await trx.selectFrom('password_reset_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) return 'none';
  if (row.expires_at <= now.toISOString()) return 'expired';
  const counted = await trx
    .updateTable('password_reset_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('user_id', '=', userId)
    .where('attempts', '<', RESET_MAX_ATTEMPTS)
    .returning('attempts')
    .executeTakeFirst();
  if (counted === undefined) return 'exhausted';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashResetCode(userId, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'wrong';
  if (refusePassword()) return 'refused';
  await trx
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      security_stamp: newSecurityStamp(),
      email_confirmed: 1,
      updated_at: now.toISOString(),
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_codes').where('user_id', '=', userId).execute();
  return 'reset';
}
