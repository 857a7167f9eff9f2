import { type Context, Hono } from 'hono';
import { writeAudit } from '../audit.ts';
import { findRoles, findUserByEmail, normaliseEmail, storePasswordHash } from '../auth/accounts.ts';
import { addressOf, clockOf } from '../auth/middleware.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '../auth/passwords.ts';
import { clearFailures, recordFailure, secondsUntilAllowed } from '../auth/throttle.ts';
import { issueToken } from '../auth/tokens.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { siteLink } from '../mail-templates.ts';

/** One text for an unknown user and a wrong password, so neither reveals which accounts exist. */
export const BAD_CREDENTIALS = 'The user name or password is incorrect.';

type OAuthErrorCode = 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type';

// The contract fixes OAuth 2.0's error shape for /token (RFC 6749 §5.2), not the
// `Message` shape of the rest of the API, so these responses are built here.
function oauthError(
  c: Context,
  status: 400 | 429,
  error: OAuthErrorCode,
  description: string,
  headers: Record<string, string> = {},
): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json({ error, error_description: description }, status);
}

function formValue(form: Record<string, unknown>, name: string): string | undefined {
  const v = form[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * `POST /token`: the OAuth 2.0 password grant of the operating contract.
 * Form-encoded `username`, `password`, `grant_type=password`; answers
 * `{ access_token, token_type: "bearer", expires_in, userName }`.
 */
export function tokenRoutes(deps: AppDeps): Hono {
  const { db } = deps;
  return new Hono().post('/', async (c) => {
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('application/x-www-form-urlencoded') && !type.startsWith('multipart/form-data')) {
      return oauthError(
        c,
        400,
        'invalid_request',
        'Send username, password and grant_type=password form-encoded (application/x-www-form-urlencoded).',
      );
    }
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return oauthError(c, 400, 'invalid_request', 'The form body could not be read: send it form-encoded.');
    }
    const grantType = formValue(form, 'grant_type');
    if (grantType === undefined || grantType === '') {
      return oauthError(c, 400, 'invalid_request', 'grant_type is required and must be "password".');
    }
    if (grantType !== 'password') {
      return oauthError(
        c,
        400,
        'unsupported_grant_type',
        `grant_type "${grantType}" is not supported: use "password".`,
      );
    }
    const email = normaliseEmail(formValue(form, 'username') ?? '');
    const password = formValue(form, 'password') ?? '';
    if (email === '') return oauthError(c, 400, 'invalid_request', 'username is required: send your e-mail address.');
    if (password === '') return oauthError(c, 400, 'invalid_request', 'password is required.');
    if (email.length > 254 || password.length > 1024) return oauthError(c, 400, 'invalid_grant', BAD_CREDENTIALS);

    const now = clockOf(deps);
    const ip = addressOf(c, deps);
    const wait = await secondsUntilAllowed(db, email, ip, now);
    if (wait > 0) {
      return oauthError(c, 429, 'invalid_grant', `Too many failed sign-in attempts; try again in ${wait} seconds.`, {
        'Retry-After': String(wait),
      });
    }

    const user = await findUserByEmail(db, email);
    let ok = false;
    if (user === undefined) await burnVerification(password);
    else ok = await verifyPassword(password, user.password_hash);
    if (user === undefined || !ok) {
      await recordFailure(db, email, ip, now);
      await writeAudit(db, {
        actorId: user?.id ?? null,
        actorEmail: email,
        action: 'signin.failed',
        target: user === undefined ? '' : `user:${user.id}`,
        detail: { reason: user === undefined ? 'unknown user' : 'wrong password' },
        ip,
        at: now.toISOString(),
      });
      return oauthError(c, 400, 'invalid_grant', BAD_CREDENTIALS);
    }
    await clearFailures(db, email, ip);
    if (user.email_confirmed !== 1) {
      return oauthError(
        c,
        400,
        'invalid_grant',
        `Your e-mail address is not confirmed yet: enter the access code we mailed you at ${siteLink(siteUrlOf(deps), `/confirm/${user.id}`)} first, then sign in.`,
      );
    }
    if (needsRehash(user.password_hash)) {
      await storePasswordHash(db, user.id, await hashPassword(password));
    }
    const roles = await findRoles(db, user.id);
    const { token, expiresIn } = await issueToken(
      deps.jwtSecret,
      { id: user.id, email: user.email, roles, securityStamp: user.security_stamp },
      now,
    );
    c.header('Cache-Control', 'no-store');
    c.header('Pragma', 'no-cache');
    return c.json({ access_token: token, token_type: 'bearer', expires_in: expiresIn, userName: user.email });
  });
}
