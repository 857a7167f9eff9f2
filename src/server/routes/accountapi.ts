import { Hono } from 'hono';
import { validateAccessCode } from '../../lib/domain/account-rules.ts';
import { writeAudit } from '../audit.ts';
import { findUserById } from '../auth/accounts.ts';
import { codesLockedError } from '../auth/code-guard.ts';
import { CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, confirmWithCode } from '../auth/email-codes.ts';
import { addressOf, clockOf } from '../auth/middleware.ts';
import { RESENT_MESSAGE, resendAccessCode } from '../auth/registration.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid, field, idField, readJsonObject } from '../http/input.ts';

/** What `/accountapi/confirmemail` answers on success: a JSON string, as ASP.NET's `Ok("…")` did. */
export const CONFIRMED_MESSAGE = 'Your e-mail address is confirmed. You can sign in now.';

const REGISTER_AGAIN =
  'Use "Send a new code" on the confirmation page, or register again with the same e-mail address.';

/** `/accountapi`: e-mail confirmation with the access code mailed at registration. */
export function accountApiRoutes(deps: AppDeps): Hono {
  const { db } = deps;
  return new Hono()
    .post('/resendcode', async (c) => {
      const userId = idField(await readJsonObject(c), 'userId');
      const { queued } = await resendAccessCode(deps, userId, addressOf(c, deps), clockOf(deps));
      if (queued) void deps.mailQueue?.kick();
      return c.json({ Message: RESENT_MESSAGE });
    })
    .post('/confirmemail', async (c) => {
      const body = await readJsonObject(c);
      const userId = idField(body, 'userId');
      const raw = field(body, 'code');
      if (raw !== undefined && raw !== null && typeof raw !== 'string' && typeof raw !== 'number') {
        throw AppError.invalidField('code', 'must be text');
      }
      // A code typed into a number field arrives as a number, its leading zeros lost.
      const code =
        typeof raw === 'number' ? (Number.isInteger(raw) ? String(raw).padStart(6, '0') : String(raw)) : (raw ?? '');
      assertValid(validateAccessCode(code));
      const now = clockOf(deps);
      const ip = addressOf(c, deps);

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
          return c.json(CONFIRMED_MESSAGE);
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
    });
}
