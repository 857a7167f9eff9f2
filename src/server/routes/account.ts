import { Hono } from 'hono';
import type { RegisterResultDto, UserInfoDto } from '../../lib/domain/auth.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import { type AuthEnv, actorOf, addressOf, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { requestPasswordReset, resetPassword } from '../auth/password-reset.ts';
import { registerShopper } from '../auth/registration.ts';
import { registerEmployee } from '../auth/staff-registration.ts';
import type { AppDeps } from '../deps.ts';
import { readJsonObject, textField } from '../http/input.ts';

/** A field that is an e-mail address: kept as typed, then normalised (trimmed, lower-cased). */
function emailField(body: Record<string, unknown>, name: string): string {
  return normaliseEmail(textField(body, name, { raw: true }) ?? '');
}

/** A password field: kept exactly as typed (spaces count). */
function passwordField(body: Record<string, unknown>, name: string): string {
  return textField(body, name, { raw: true }) ?? '';
}

/**
 * `/api/Account`: who am I, registration of end users, "Forgot password?" and
 * its reset, registration of staff (Admin). The use cases live in `auth/`
 * (`registration.ts`, `password-reset.ts`, `staff-registration.ts`).
 */
export function accountRoutes(deps: AppDeps): Hono<AuthEnv> {
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
      const message = await registerShopper(deps, {
        email: emailField(body, 'Email'),
        password: passwordField(body, 'Password'),
        confirmPassword: passwordField(body, 'ConfirmPassword'),
        ip: addressOf(c, deps),
        now: clockOf(deps),
      });
      const result: RegisterResultDto = { Message: message };
      return c.json(result);
    })

    .post('/forgotpassword', async (c) => {
      const body = await readJsonObject(c);
      const message = await requestPasswordReset(deps, {
        email: emailField(body, 'Email'),
        ip: addressOf(c, deps),
        now: clockOf(deps),
      });
      return c.json({ Message: message });
    })

    .post('/resetpassword', async (c) => {
      const body = await readJsonObject(c);
      const message = await resetPassword(deps, {
        email: emailField(body, 'Email'),
        code: textField(body, 'Code') ?? '',
        password: passwordField(body, 'Password'),
        confirmPassword: passwordField(body, 'ConfirmPassword'),
        ip: addressOf(c, deps),
        now: clockOf(deps),
      });
      return c.json({ Message: message });
    })

    .post('/registeremployee', requireRole(deps, 'Admin'), async (c) => {
      const body = await readJsonObject(c);
      const employee = await registerEmployee(deps, actorOf(c, deps), {
        email: emailField(body, 'Email'),
        password: passwordField(body, 'Password'),
        confirmPassword: passwordField(body, 'ConfirmPassword'),
        fullName: textField(body, 'FullName') ?? '',
        role: textField(body, 'Role') ?? '',
      });
      return c.json(employee);
    });
}
