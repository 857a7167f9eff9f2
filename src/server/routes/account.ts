import { Hono } from 'hono';
import {
  EXTRA_MESSAGES,
  type FieldErrors,
  FULL_NAME_MAX_LENGTH,
  validateAccessCode,
  validateLogin,
} from '../../lib/domain/account-rules.ts';
import type { RegisterResultDto, UserInfoDto } from '../../lib/domain/auth.ts';
import { writeAudit } from '../audit.ts';
import {
  createAccount,
  DELETED_EMAIL_DOMAIN,
  findRoles,
  findUserByEmail,
  findUserById,
  newPasswordErrors,
  normaliseEmail,
  rolesForRole,
  validateNewCredentials,
} from '../auth/accounts.ts';
import { codesLockedError } from '../auth/code-guard.ts';
import { CODE_LIFETIME_MS } from '../auth/email-codes.ts';
import { toEmployeeDto } from '../auth/manage.ts';
import { type AuthEnv, addressOf, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { hashGateOf, hashNewPassword, hashPassword } from '../auth/passwords.ts';
import { REGISTERED_MESSAGE, registerShopper } from '../auth/registration.ts';
import { issueResetCode, resetWithCode } from '../auth/reset-codes.ts';
import { clearAfterReset, recordFailure, secondsUntilAllowed } from '../auth/throttle.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid, readJsonObject, textField } from '../http/input.ts';
import { createMailer } from '../mail.ts';
import { enqueueMail } from '../mail-queue.ts';
import { passwordResetMail } from '../mail-templates.ts';

const CODE_MINUTES = CODE_LIFETIME_MS / 60_000;

/** The answer to every well-formed "Forgot password?": the same whether or not the address has an account. */
export function resetRequestedMessage(email: string): string {
  return `If ${email} belongs to an Aisle account, we have sent it a 6-digit code to reset the password. The code is valid for ${CODE_MINUTES} minutes. Check your mail (and its spam folder).`;
}

/** The answer to a wrong, expired, used-up or unknown reset code or address: none of them says which. */
export const RESET_CODE_FAILED =
  'This reset code is not correct, has expired or was tried too often. Check the code in your latest mail, or ask for a new one.';

function tooManyRequests(wait: number, what: string): AppError {
  return new AppError(429, 'too_many_requests', `Too many ${what}; try again in ${wait} seconds.`, {
    headers: { 'Retry-After': String(wait) },
  });
}

/** `/api/Account`: who am I, registration of end users, registration of staff (Admin). */
export function accountRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const mailer = createMailer(deps.mail);

  return new Hono<AuthEnv>()
    .get('/userinfo', requireUser(deps), async (c) => {
      const me = c.get('account');
      const body: UserInfoDto = {
        UserId: me.id,
        Email: me.email,
        FullName: me.fullName,
        Roles: me.roles,
        HasRegistered: true,
      };
      return c.json(body);
    })

    .post('/register', async (c) => {
      const body = await readJsonObject(c);
      const email = normaliseEmail(textField(body, 'Email', { raw: true }) ?? '');
      const password = textField(body, 'Password', { raw: true }) ?? '';
      const confirm = textField(body, 'ConfirmPassword', { raw: true }) ?? '';
      assertValid(validateNewCredentials({ Email: email, Password: password, ConfirmPassword: confirm }));
      await registerShopper(deps, mailer, { email, password, ip: addressOf(c, deps), now: clockOf(deps) });
      const result: RegisterResultDto = { Message: REGISTERED_MESSAGE };
      return c.json(result);
    })

    .post('/forgotpassword', async (c) => {
      const body = await readJsonObject(c);
      const email = normaliseEmail(textField(body, 'Email', { raw: true }) ?? '');
      assertValid({ Email: validateLogin({ Email: email, Password: '-' }).Email });
      const now = clockOf(deps);
      const ip = addressOf(c, deps);
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
      return c.json({ Message: resetRequestedMessage(email) });
    })

    .post('/resetpassword', async (c) => {
      const body = await readJsonObject(c);
      const email = normaliseEmail(textField(body, 'Email', { raw: true }) ?? '');
      const code = textField(body, 'Code') ?? '';
      const password = textField(body, 'Password', { raw: true }) ?? '';
      const confirm = textField(body, 'ConfirmPassword', { raw: true }) ?? '';
      const errors: FieldErrors = validateNewCredentials({
        Email: email,
        Password: password,
        ConfirmPassword: confirm,
      });
      const codeErrors = validateAccessCode(code).Code;
      if (codeErrors !== undefined) errors.Code = codeErrors.map((m) => m.replace('Access Code', 'Code'));
      assertValid(errors);
      const now = clockOf(deps);
      const ip = addressOf(c, deps);
      const wait = await secondsUntilAllowed(db, email, ip, now, 'reset');
      if (wait > 0) throw tooManyRequests(wait, 'password-reset attempts');
      const user = await findUserByEmail(db, email);
      // A staff account's new password must meet the staff rules: checked and said only for the right code.
      let staffErrors: string[] = [];
      const refuseForStaff = () => {
        staffErrors = user?.kind === 'employee' ? newPasswordErrors(password, user.email) : [];
        return staffErrors.length > 0;
      };
      // The slow hash is computed whether or not the account exists, so timing does not tell.
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
      if (result === 'refused') {
        throw AppError.badRequest(`The request is invalid: ${staffErrors.join(' ')}`, { Password: staffErrors });
      }
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
        throw AppError.badRequest(`The request is invalid: ${RESET_CODE_FAILED}`, { Code: [RESET_CODE_FAILED] });
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
      return c.json({ Message: 'Your password is changed. Sign in with your new password.' });
    })

    .post('/registeremployee', requireRole(deps, 'Admin'), async (c) => {
      const me = c.get('account');
      const body = await readJsonObject(c);
      const email = normaliseEmail(textField(body, 'Email', { raw: true }) ?? '');
      const password = textField(body, 'Password', { raw: true }) ?? '';
      const confirm = textField(body, 'ConfirmPassword', { raw: true }) ?? '';
      const fullName = textField(body, 'FullName') ?? '';
      const rawRole = textField(body, 'Role') || 'Employee';
      const errors: FieldErrors = validateNewCredentials(
        {
          Email: email,
          Password: password,
          ConfirmPassword: confirm,
        },
        true,
      );
      if (fullName === '') errors.FullName = ['FullName is required.'];
      else if (fullName.length > FULL_NAME_MAX_LENGTH) errors.FullName = [EXTRA_MESSAGES.fullNameTooLong];
      const role = rawRole === 'Admin' || rawRole === 'Employee' ? rawRole : undefined;
      if (role === undefined) errors.Role = ['Role must be Employee or Admin.'];
      assertValid(errors);
      const now = clockOf(deps);
      const roles = rolesForRole(role ?? 'Employee');
      const passwordHash = await hashGateOf(deps).run(() => hashPassword(password));
      const id = await createAccount(db, { email, password, passwordHash, fullName, roles, confirmed: true, now });
      await writeAudit(db, {
        actorId: me.id,
        actorEmail: me.email,
        action: 'employee.registered',
        target: `user:${id}`,
        detail: { email, fullName, roles },
        ip: addressOf(c, deps),
        at: now.toISOString(),
      });
      const row = await findUserById(db, id);
      if (row === undefined) throw AppError.notFound(`Employee ${id} does not exist.`);
      return c.json(toEmployeeDto(row, await findRoles(db, id)));
    });
}
