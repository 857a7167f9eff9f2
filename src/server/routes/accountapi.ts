import { Hono } from 'hono';
import { confirmEmail, SIGNED_IN_MESSAGE } from '../auth/confirmation.ts';
import { addressOf, clockOf } from '../auth/middleware.ts';
import { resendAccessCode } from '../auth/registration.ts';
import { tokenAfterConfirmation } from '../auth/sign-in.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field, idField, readJsonObject } from '../http/input.ts';

/**
 * `/accountapi`: e-mail confirmation with the access code mailed at
 * registration (`auth/confirmation.ts`), and a new code (`auth/registration.ts`).
 */
export function accountApiRoutes(deps: AppDeps): Hono {
  return new Hono()
    .post('/resendcode', async (c) => {
      const userId = idField(await readJsonObject(c), 'userId');
      return c.json({ Message: await resendAccessCode(deps, { userId, ip: addressOf(c, deps), now: clockOf(deps) }) });
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
      const signIn = field(body, 'signIn');
      if (signIn !== undefined && signIn !== null && typeof signIn !== 'boolean') {
        throw AppError.invalidField('signIn', 'must be true or false');
      }
      const ip = addressOf(c, deps);
      const now = clockOf(deps);
      const message = await confirmEmail(deps, { userId, code, ip, now });
      // ASP.NET's `Ok("…")` answered a bare JSON string; asked with `signIn: true`, a shopper is signed in too (issue 37).
      if (signIn !== true) return c.json(message);
      const token = await tokenAfterConfirmation(deps, { userId, ip, now });
      if (token === null) return c.json({ Message: message });
      c.header('Cache-Control', 'no-store');
      c.header('Pragma', 'no-cache');
      return c.json({
        Message: SIGNED_IN_MESSAGE,
        access_token: token.accessToken,
        token_type: 'bearer',
        expires_in: token.expiresIn,
        userName: token.userName,
      });
    });
}
