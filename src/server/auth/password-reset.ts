import { type FieldErrors, validateAccessCode, validateLogin } from '../../lib/domain/account-rules.ts';
import { writeAudit } from '../audit.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';
import { enqueueMail } from '../mail-queue.ts';
import { passwordResetMail } from '../mail-templates.ts';
import { DELETED_EMAIL_DOMAIN, findUserByEmail, newPasswordErrors, validateNewCredentials } from './accounts.ts';
import { codesLockedError } from './code-guard.ts';
import { CODE_LIFETIME_MS } from './email-codes.ts';
import { hashGateOf, hashNewPassword, hashPassword } from './passwords.ts';
import { issueResetCode, resetWithCode } from './reset-codes.ts';
import { clearAfterReset, recordFailure, secondsUntilAllowed } from './throttle.ts';

/**
 * "Forgot password?": a code mailed to the address, then a new password with
 * that code. Neither answer tells whether an address has an account; the
 * throttle's reset scope bounds both the mail one address can cause and the
 * codes one caller can try.
 */

const CODE_MINUTES = CODE_LIFETIME_MS / 60_000;

/** The answer to every well-formed "Forgot password?": the same whether or not the address has an account. */
export function resetRequestedMessage(email: string): string {
  return `If ${email} belongs to an Aisle account, we have sent it a 6-digit code to reset the password. The code is valid for ${CODE_MINUTES} minutes. Check your mail (and its spam folder).`;
}

/** The answer to a wrong, expired, used-up or unknown reset code or address: none of them says which. */
export const RESET_CODE_FAILED =
  'This reset code is not correct, has expired or was tried too often. Check the code in your latest mail, or ask for a new one.';

/** The answer to a reset that changed the password. */
export const PASSWORD_CHANGED_MESSAGE = 'Your password is changed. Sign in with your new password.';

function tooManyRequests(wait: number, what: string): AppError {
  return new AppError(429, 'too_many_requests', `Too many ${what}; try again in ${wait} seconds.`, {
    headers: { 'Retry-After': String(wait) },
  });
}

/** `POST /api/Account/ForgotPassword` as the route read it. */
export interface ResetRequest {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  ip: string;
  now: Date;
}

/**
 * Validates the address, counts the request in the reset throttle (a 429 when
 * held back), and, for a live account, queues a reset code to it (at most one a
 * minute: `issueResetCode`) and audits the request. Answers the one message
 * every well-formed request gets.
 */
export async function requestPasswordReset(deps: AppDeps, req: ResetRequest): Promise<string> {
  const { db } = deps;
  const { email, ip, now } = req;
  assertValid({ Email: validateLogin({ Email: email, Password: '-' }).Email });
  const wait = await secondsUntilAllowed(db, email, ip, now, 'reset');
  if (wait > 0) throw tooManyRequests(wait, 'password-reset requests');
  // Every request counts, as a failed sign-in does: it bounds the mail one address can cause.
  await recordFailure(db, email, ip, now, 'reset');
  const user = await findUserByEmail(db, email);
  if (user !== undefined && !user.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)) {
    const code = await issueResetCode(db, user.id, now);
    if (code !== undefined) {
      await enqueueMail(
        db,
        [
          {
            to: user.email,
            kind: 'password.reset',
            ...passwordResetMail(user.email, code, CODE_MINUTES, siteUrlOf(deps)),
          },
        ],
        now.toISOString(),
      );
      void deps.mailQueue?.kick();
    }
    await writeAudit(db, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'password.reset_requested',
      target: `user:${user.id}`,
      detail: { mailed: code !== undefined },
      ip,
      at: now.toISOString(),
    });
  }
  return resetRequestedMessage(email);
}

/** `POST /api/Account/ResetPassword` as the route read it. */
export interface PasswordReset {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
  ip: string;
  now: Date;
}

/**
 * Validates the fields (400 naming each), waits out the reset throttle (429),
 * then tries the code under the code guard (`reset-codes.ts`): the new password
 * is hashed whether or not the account exists, so timing does not tell. A staff
 * account's new password must meet the staff rules, said only to the holder of
 * the right code. A wrong code counts in the throttle and is audited for a known
 * account; a right one clears the counters, changes the password and is audited.
 * Answers `PASSWORD_CHANGED_MESSAGE`.
 */
export async function resetPassword(deps: AppDeps, input: PasswordReset): Promise<string> {
  const { db } = deps;
  const { email, code, password, ip, now } = input;
  const errors: FieldErrors = validateNewCredentials({
    Email: email,
    Password: password,
    ConfirmPassword: input.confirmPassword,
  });
  const codeErrors = validateAccessCode(code).Code;
  if (codeErrors !== undefined) errors.Code = codeErrors.map((m) => m.replace('Access Code', 'Code'));
  assertValid(errors);
  const wait = await secondsUntilAllowed(db, email, ip, now, 'reset');
  if (wait > 0) throw tooManyRequests(wait, 'password-reset attempts');
  const user = await findUserByEmail(db, email);
  let staffErrors: string[] = [];
  const refuseForStaff = () => {
    staffErrors = user?.kind === 'employee' ? newPasswordErrors(password, user.email) : [];
    return staffErrors.length > 0;
  };
  const gate = hashGateOf(deps);
  const passwordHash = await (deps.throttleAnonymous !== false
    ? hashNewPassword(password, gate)
    : gate.run(() => hashPassword(password)));
  const result = await resetWithCode(
    db,
    email,
    user === undefined || user.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`) ? undefined : user,
    code,
    passwordHash,
    now,
    siteUrlOf(deps),
    refuseForStaff,
  );
  if (result === 'refused') throw AppError.invalid({ Password: staffErrors });
  // A wrong code may have queued the owner's warning (`code-guard.ts`).
  if (result !== 'reset') void deps.mailQueue?.kick();
  if (typeof result === 'object') throw codesLockedError(result.lockedUntil, now);
  if (result !== 'reset') {
    await recordFailure(db, email, ip, now, 'reset');
    if (user !== undefined) {
      await writeAudit(db, {
        actorId: user.id,
        actorEmail: user.email,
        action: 'password.reset_failed',
        target: `user:${user.id}`,
        detail: { reason: result },
        ip,
        at: now.toISOString(),
      });
    }
    throw AppError.invalid({ Code: [RESET_CODE_FAILED] });
  }
  await clearAfterReset(db, email, now);
  await writeAudit(db, {
    actorId: user?.id ?? null,
    actorEmail: email,
    action: 'password.reset',
    target: `user:${user?.id ?? ''}`,
    detail: {},
    ip,
    at: now.toISOString(),
  });
  return PASSWORD_CHANGED_MESSAGE;
}
