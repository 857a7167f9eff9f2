import { validateAccessCode } from '../../lib/domain/account-rules.ts';
import { writeAudit } from '../audit.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';
import { findUserById } from './accounts.ts';
import { codesLockedError } from './code-guard.ts';
import { CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, confirmWithCode } from './email-codes.ts';

/** What `/accountapi/confirmemail` answers on success: a JSON string, as ASP.NET's `Ok("…")` did. */
export const CONFIRMED_MESSAGE = 'Your e-mail address is confirmed. You can sign in now.';

/** What it answers when the confirmation signed the shopper in as well (`signIn: true`, issue 37). */
export const SIGNED_IN_MESSAGE = 'Your e-mail address is confirmed, and you are signed in.';

const REGISTER_AGAIN =
  'Use "Send a new code" on the confirmation page, or register again with the same e-mail address.';

/** `POST /accountapi/confirmemail` as the route read it. */
export interface Confirmation {
  userId: number;
  /** The access code as typed (trimmed here). */
  code: string;
  ip: string;
  now: Date;
}

/**
 * Confirms a registration's e-mail address with the access code mailed to it:
 * validates the code's form (400), then tries it under the code guard
 * (`email-codes.ts`, `code-guard.ts`). Every try is audited; a wrong, expired,
 * used-up or missing code is a 400 saying which and what to do, a locked guard
 * a 429. Answers `CONFIRMED_MESSAGE`.
 */
export async function confirmEmail(deps: AppDeps, input: Confirmation): Promise<string> {
  const { db } = deps;
  const { userId, code, ip, now } = input;
  assertValid(validateAccessCode(code));
  const user = await findUserById(db, userId);
  if (user === undefined) {
    throw AppError.badRequest(
      `No account with user id ${userId} is waiting for confirmation. Check the link in your mail.`,
    );
  }
  if (user.email_confirmed === 1) {
    throw AppError.badRequest(
      'This access code has already been used: your e-mail address is confirmed, so you can sign in.',
    );
  }
  const check = await confirmWithCode(db, user, code.trim(), now, siteUrlOf(deps));
  // A wrong code may have queued the owner's warning (`code-guard.ts`).
  if (check.result !== 'confirmed') void deps.mailQueue?.kick();
  const audit = (action: string, detail: Record<string, unknown>) =>
    writeAudit(db, {
      actorId: userId,
      actorEmail: user.email,
      action,
      target: `user:${userId}`,
      detail,
      ip,
      at: now.toISOString(),
    });
  switch (check.result) {
    case 'confirmed':
      await audit('account.confirmed', {});
      return CONFIRMED_MESSAGE;
    case 'wrong':
      await audit('account.confirm_failed', { reason: 'wrong', attemptsLeft: check.attemptsLeft });
      throw AppError.badRequest(
        check.attemptsLeft > 0
          ? `This access code is not correct. You have ${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'try' : 'tries'} left.`
          : `This access code is not correct, and that was the last of ${CODE_MAX_ATTEMPTS} tries. ${REGISTER_AGAIN}`,
      );
    case 'expired':
      await audit('account.confirm_failed', { reason: 'expired' });
      throw AppError.badRequest(
        `This access code has expired: codes are valid for ${CODE_LIFETIME_MS / 60_000} minutes. ${REGISTER_AGAIN}`,
      );
    case 'exhausted':
      await audit('account.confirm_failed', { reason: 'too many attempts' });
      throw AppError.badRequest(
        `Too many wrong access codes were tried (${CODE_MAX_ATTEMPTS} at most), so this code no longer works. ${REGISTER_AGAIN}`,
      );
    case 'none':
      await audit('account.confirm_failed', { reason: 'none' });
      throw AppError.badRequest(`There is no access code waiting for this account. ${REGISTER_AGAIN}`);
    case 'locked':
      await audit('account.confirm_failed', { reason: 'codes locked', until: check.until.toISOString() });
      throw codesLockedError(check.until, now);
  }
}
