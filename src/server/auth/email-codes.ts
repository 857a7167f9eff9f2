import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { guardCodeTry } from './code-guard.ts';

/** An access code is good for this long after it was sent. */
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
/** Tries per code, the right one included; then a new code is needed (and the account's daily limit, `code-guard.ts`, still holds). */
export const CODE_MAX_ATTEMPTS = 5;

/** Six digits from the operating system's random source. */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

// A plain hash is enough for a code that dies within 10 minutes or 5 tries; the
// user id in the input keeps equal codes of different users from sharing a hash.
function hashCode(userId: number, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

/** Stores a fresh code for the account (replacing any earlier one), hashed; returns the plain code to mail. */
export async function issueCode(db: Kysely<Database>, userId: number, now: Date): Promise<string> {
  const code = generateCode();
  const row = {
    code_hash: hashCode(userId, code),
    expires_at: new Date(now.getTime() + CODE_LIFETIME_MS).toISOString(),
    attempts: 0,
    created_at: now.toISOString(),
  };
  await db
    .insertInto('email_codes')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  return code;
}

/** True when the account's code can no longer confirm it: none, expired or out of attempts. */
export async function codeIsSpent(db: Kysely<Database>, userId: number, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('email_codes')
    .select(['expires_at', 'attempts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row === undefined || row.expires_at <= now.toISOString() || row.attempts >= CODE_MAX_ATTEMPTS;
}

export type CodeCheck =
  | { result: 'confirmed' }
  | { result: 'wrong'; attemptsLeft: number }
  | { result: 'expired' }
  | { result: 'exhausted' }
  | { result: 'none' }
  | { result: 'locked'; until: Date };

/**
 * Tries `code` for the account. Every try counts against the code (the right
 * one too), raised in SQL so parallel guesses cannot exceed its limit; every
 * try that does not confirm also counts against the account's wrong codes of
 * the day (`code-guard.ts`, shared with reset codes), and while those are at
 * their limit nothing is tried. A right code confirms the account and is
 * deleted in the same transaction.
 */
export async function confirmWithCode(
  db: Kysely<Database>,
  user: { id: number; email: string },
  code: string,
  now: Date,
  origin: string,
): Promise<CodeCheck> {
  const userId = user.id;
  return db.transaction().execute(async (trx): Promise<CodeCheck> => {
    const guarded = await guardCodeTry(
      trx,
      { userId, email: user.email },
      now,
      origin,
      async (): Promise<CodeCheck> => {
        const row = await trx.selectFrom('email_codes').selectAll().where('user_id', '=', userId).executeTakeFirst();
        if (row === undefined) return { result: 'none' };
        if (row.expires_at <= now.toISOString()) return { result: 'expired' };
        const counted = await trx
          .updateTable('email_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('user_id', '=', userId)
          .where('attempts', '<', CODE_MAX_ATTEMPTS)
          .returning('attempts')
          .executeTakeFirst();
        if (counted === undefined) return { result: 'exhausted' };
        const expected = Buffer.from(row.code_hash, 'hex');
        const given = Buffer.from(hashCode(userId, code), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          return { result: 'wrong', attemptsLeft: CODE_MAX_ATTEMPTS - counted.attempts };
        }
        await trx
          .updateTable('users')
          .set({ email_confirmed: 1, updated_at: now.toISOString() })
          .where('id', '=', userId)
          .execute();
        await trx.deleteFrom('email_codes').where('user_id', '=', userId).execute();
        return { result: 'confirmed' };
      },
      (check) => check.result !== 'confirmed',
    );
    return guarded.locked ? { result: 'locked', until: guarded.until } : guarded.result;
  });
}

/** When the account's current code was sent, or `undefined` when it has none. */
export async function codeSentAt(db: Kysely<Database>, userId: number): Promise<string | undefined> {
  const row = await db.selectFrom('email_codes').select('created_at').where('user_id', '=', userId).executeTakeFirst();
  return row?.created_at;
}
