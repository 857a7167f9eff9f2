import { Hono } from 'hono';
import { validateAccessCode } from '../../lib/domain/account-rules.ts';
import { writeAudit } from '../audit.ts';
import { findUserById } from '../auth/accounts.ts';
import { CODE_LIFETIME_MS, CODE_MAX_ATTEMPTS, codeSentAt, confirmWithCode, issueCode } from '../auth/email-codes.ts';
import { addressOf, clockOf } from '../auth/middleware.ts';
import { recordFailure, secondsUntilAllowed } from '../auth/throttle.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid, field, idField, readJsonObject } from '../http/input.ts';
import { enqueueMail } from '../mail-queue.ts';
import { accessCodeMail } from '../mail-templates.ts';

/** What `/accountapi/confirmemail` answers on success: a JSON string, as ASP.NET's `Ok("…")` did. */
export const CONFIRMED_MESSAGE = 'Your e-mail address is confirmed. You can sign in now.';

const REGISTER_AGAIN =
  'Use "Send a new code" on the confirmation page, or register again with the same e-mail address.';

/** A pending access code is mailed again at most this often. */
export const RESEND_COOLDOWN_MS = 60 * 1000;

/** `/accountapi`: e-mail confirmation with the access code mailed at registration. */
export function accountApiRoutes(deps: AppDeps): Hono {
  const { db } = deps;
  return new Hono()
    .post('/resendcode', async (c) => {
      const userId = idField(await readJsonObject(c), 'userId');
      const now = clockOf(deps);
      const ip = addressOf(c, deps);
      const user = await findUserById(db, userId);
      if (user === undefined) {
        throw AppError.badRequest(
          `No account with user id ${userId} is waiting for confirmation. Check the link in your mail.`,
        );
      }
      if (user.email_confirmed === 1) {
        throw AppError.badRequest('Your e-mail address is already confirmed, so you can sign in.');
      }
      const wait = await secondsUntilAllowed(db, user.email, ip, now, 'resend');
      const last = await codeSentAt(db, userId);
      const cooldown =
        last === undefined ? 0 : Math.ceil((Date.parse(last) + RESEND_COOLDOWN_MS - now.getTime()) / 1000);
      const retry = Math.max(wait, cooldown);
      if (retry > 0) {
        throw new AppError(
          429,
          'too_many_requests',
          `A code was sent moments ago; you can ask for a new one in ${retry} seconds.`,
          {
            headers: { 'Retry-After': String(retry) },
          },
        );
      }
      await recordFailure(db, user.email, ip, now, 'resend');
      const code = await issueCode(db, userId, now);
      await enqueueMail(
        db,
        [
          {
            to: user.email,
            kind: 'account.code',
            ...accessCodeMail(userId, code, CODE_LIFETIME_MS / 60_000, siteUrlOf(deps)),
          },
        ],
        now.toISOString(),
      );
      void deps.mailQueue?.kick();
      await writeAudit(db, {
        actorId: userId,
        actorEmail: user.email,
        action: 'account.code_resent',
        target: `user:${userId}`,
        detail: {},
        ip,
        at: now.toISOString(),
      });
      return c.json({
        Message: `We have sent a new access code to ${user.email}. It is valid for ${CODE_LIFETIME_MS / 60_000} minutes; earlier codes no longer work.`,
      });
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
      const check = await confirmWithCode(db, userId, code.trim(), now);
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
          throw AppError.badRequest(`There is no access code waiting for this account. ${REGISTER_AGAIN}`);
      }
    });
}
