import { Hono } from 'hono';
import { EXTRA_MESSAGES, type FieldErrors, FULL_NAME_MAX_LENGTH } from '../../lib/domain/account-rules.ts';
import type { RegisterResultDto, UserInfoDto } from '../../lib/domain/auth.ts';
import type { AppDeps } from '../app.ts';
import { writeAudit } from '../audit.ts';
import {
  createAccount,
  DUPLICATE_EMAIL_MESSAGE,
  findRoles,
  findUserByEmail,
  findUserById,
  newSecurityStamp,
  normaliseEmail,
  rolesForRole,
  validateNewCredentials,
} from '../auth/accounts.ts';
import { throttleRegistration } from '../auth/anon-throttle.ts';
import { toEmployeeDto } from '../auth/dto.ts';
import { CODE_LIFETIME_MS, codeIsSpent, issueCode } from '../auth/email-codes.ts';
import { assertValid, readJsonObject, textField } from '../auth/input.ts';
import { type AuthEnv, addressOf, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { hashNewPassword, hashPassword } from '../auth/passwords.ts';
import { AppError } from '../errors.ts';
import { createMailer } from '../mail.ts';

const CODE_MINUTES = CODE_LIFETIME_MS / 60_000;

/** The path of the site's confirm page for an account. */
export function confirmPath(userId: number): string {
  return `/confirm/${userId}`;
}

function confirmationMail(userId: number, code: string): { subject: string; text: string } {
  return {
    subject: 'Your Aisle access code',
    text: [
      'Hello,',
      '',
      'Thank you for registering with Aisle. Your access code is:',
      '',
      `    ${code}`,
      '',
      `Enter it at ${confirmPath(userId)} on the shop's site within ${CODE_MINUTES} minutes`,
      'to confirm your e-mail address. The code works once.',
      '',
      'If you did not register, ignore this message: nobody can use the',
      'account without the code.',
      '',
    ].join('\n'),
  };
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
      const now = clockOf(deps);
      const ip = addressOf(c, deps);
      // An unconfirmed registration whose code can no longer be used is replaced
      // (same id, the new password): that is how someone whose code expired gets a
      // new one, and it keeps a mistyped address from blocking its owner for good.
      const existing = await findUserByEmail(db, email);
      if (existing !== undefined) {
        if (existing.email_confirmed === 1) assertValid({ Email: [DUPLICATE_EMAIL_MESSAGE] });
        if (!(await codeIsSpent(db, existing.id, now))) {
          assertValid({
            Email: [
              `An account with this Email is waiting for confirmation: enter the access code we mailed you, or register again once it has expired (codes last ${CODE_MINUTES} minutes).`,
            ],
          });
        }
      }
      // What follows hashes a password and sends a mail: counted and refused before either (see
      // `anon-throttle.ts`); the hash waits in the registration lane, so sign-ins keep the thread pool.
      const guarded = deps.throttleAnonymous !== false;
      if (guarded) await throttleRegistration(db, ip, email, now);
      const hashNew = guarded ? hashNewPassword : hashPassword;
      let userId: number;
      let replaced = false;
      if (existing !== undefined) {
        const passwordHash = await hashNew(password);
        await db
          .updateTable('users')
          .set({ password_hash: passwordHash, security_stamp: newSecurityStamp(), updated_at: now.toISOString() })
          .where('id', '=', existing.id)
          .where('email_confirmed', '=', 0)
          .execute();
        userId = existing.id;
        replaced = true;
      } else {
        userId = await createAccount(db, {
          email,
          password,
          passwordHash: await hashNew(password),
          fullName: '',
          roles: ['User'],
          confirmed: false,
          now,
        });
      }

      const code = await issueCode(db, userId, now);
      try {
        await mailer.send({ to: email, ...confirmationMail(userId, code) });
      } catch (err) {
        deps.log({ level: 'error', msg: 'confirmation mail failed', userId, error: String(err) });
        // Without the mail the registration is useless; undo it so the address can try again.
        if (replaced) await db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
        else await db.deleteFrom('users').where('id', '=', userId).execute();
        throw new AppError(
          503,
          'internal',
          'We could not send the confirmation e-mail just now, so the registration was not kept. Please try again in a few minutes.',
        );
      }
      await writeAudit(db, {
        actorId: userId,
        actorEmail: email,
        action: 'account.registered',
        target: `user:${userId}`,
        detail: { replacedUnconfirmed: replaced },
        ip,
        at: now.toISOString(),
      });
      const result: RegisterResultDto = {
        UserId: userId,
        Message: `Almost done: we have sent an access code to ${email}. Check your mail and enter the code at ${confirmPath(userId)} within ${CODE_MINUTES} minutes to confirm your e-mail address.`,
      };
      return c.json(result);
    })

    .post('/registeremployee', requireRole(deps, 'Admin'), async (c) => {
      const me = c.get('account');
      const body = await readJsonObject(c);
      const email = normaliseEmail(textField(body, 'Email', { raw: true }) ?? '');
      const password = textField(body, 'Password', { raw: true }) ?? '';
      const confirm = textField(body, 'ConfirmPassword', { raw: true }) ?? '';
      const fullName = textField(body, 'FullName') ?? '';
      const rawRole = textField(body, 'Role') || 'Employee';
      const errors: FieldErrors = validateNewCredentials({
        Email: email,
        Password: password,
        ConfirmPassword: confirm,
      });
      if (fullName === '') errors.FullName = ['FullName is required.'];
      else if (fullName.length > FULL_NAME_MAX_LENGTH) errors.FullName = [EXTRA_MESSAGES.fullNameTooLong];
      const role = rawRole === 'Admin' || rawRole === 'Employee' ? rawRole : undefined;
      if (role === undefined) errors.Role = ['Role must be Employee or Admin.'];
      assertValid(errors);
      const now = clockOf(deps);
      const roles = rolesForRole(role ?? 'Employee');
      const id = await createAccount(db, { email, password, fullName, roles, confirmed: true, now });
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
