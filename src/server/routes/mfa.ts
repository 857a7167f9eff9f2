import { Hono } from 'hono';
import { MFA_MESSAGES } from '../../lib/domain/mfa.ts';
import { resetAccountMfa } from '../auth/manage.ts';
import { disableMfa, enableMfa, readMfaStatus, startMfaSetup } from '../auth/mfa.ts';
import {
  type AuthEnv,
  actorOf,
  addressOf,
  clockOf,
  requireRole,
  requireUser,
  requireUserOrMfaSetup,
} from '../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid, idField, readJsonObject, textField } from '../http/input.ts';

function readCode(body: Record<string, unknown>): string {
  const code = textField(body, 'Code') ?? '';
  if (code === '') assertValid({ Code: [MFA_MESSAGES.codeFieldRequired] });
  if (code.length > 64) assertValid({ Code: [MFA_MESSAGES.codeFieldFormat] });
  return code;
}

/**
 * `/api/Account/Mfa`: the staff second factor (TOTP, RFC 6238, with recovery
 * codes). Its owner reads its state, sets it up (also with the setup token
 * `POST /token` gives under `STAFF_MFA=required`), enables it with a first code
 * and disables it with a code; an Admin resets another account's.
 */
export function mfaRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  return new Hono<AuthEnv>()
    .get('/', requireUser(deps), async (c) => {
      const me = c.get('account');
      const status = await readMfaStatus(db, me.id);
      return c.json({
        Enabled: status.enabled,
        Pending: status.pending,
        RecoveryCodesLeft: status.recoveryCodesLeft,
        Required: me.kind === 'employee' && deps.staffMfa === 'required',
      });
    })
    .post('/setup', requireUserOrMfaSetup(deps), async (c) => {
      const me = c.get('account');
      if (me.kind !== 'employee') {
        throw AppError.forbidden('A second factor is for staff accounts (Employee or Admin).');
      }
      const setup = await startMfaSetup(db, deps.jwtSecret, me, clockOf(deps));
      return c.json({ Secret: setup.secret, OtpAuthUrl: setup.otpAuthUrl, RecoveryCodes: setup.recoveryCodes });
    })
    .post('/enable', requireUserOrMfaSetup(deps), async (c) => {
      const me = c.get('account');
      const code = readCode(await readJsonObject(c));
      const actor = { id: me.id, email: me.email, ip: addressOf(c, deps) };
      if (!(await enableMfa(db, deps.jwtSecret, actor, code, clockOf(deps)))) {
        const message =
          'Code is not correct: enter the 6 digits your authenticator app shows now for this account (check that the phone’s clock is right).';
        assertValid({ Code: [message] });
      }
      return c.json({
        Message: 'Your second factor is on: from now on, sign in with a code from your authenticator app.',
      });
    })
    .post('/disable', requireUser(deps), async (c) => {
      const me = c.get('account');
      const code = readCode(await readJsonObject(c));
      await disableMfa(db, deps.jwtSecret, { id: me.id, email: me.email, ip: addressOf(c, deps) }, code, clockOf(deps));
      return c.json({
        Message:
          deps.staffMfa === 'required' && me.kind === 'employee'
            ? 'Your second factor is off. This shop requires one for staff: your next sign-in will ask you to set one up.'
            : 'Your second factor is off: you sign in with your password alone.',
      });
    })
    .post('/reset', requireRole(deps, 'Admin'), async (c) => {
      const userId = idField(await readJsonObject(c), 'UserId');
      return c.json({ Message: await resetAccountMfa(deps, actorOf(c, deps), userId) });
    });
}
