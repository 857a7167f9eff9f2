import { Hono } from 'hono';
import { confirmEmail } from '../auth/confirmation.ts';
import { addressOf, clockOf } from '../auth/middleware.ts';
import { resendAccessCode } from '../auth/registration.ts';
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
      // ASP.NET's `Ok("…")` answered a bare JSON string.
      return c.json(await confirmEmail(deps, { userId, code, ip: addressOf(c, deps), now: clockOf(deps) }));
    });
}
