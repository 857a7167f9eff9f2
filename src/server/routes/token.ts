import { type Context, Hono } from 'hono';
import { STAFF_PASSWORD_MIN_LENGTH } from '../../lib/domain/account-rules.ts';
import { DEVICE_TOKEN_FIELD } from '../../lib/domain/device-tokens.ts';
import { MFA_FIELD, MFA_MESSAGES, MFA_SETUP_TOKEN_FIELD, OTP_FIELD } from '../../lib/domain/mfa.ts';
import { normaliseEmail } from '../auth/accounts.ts';
import { MFA_UNREADABLE } from '../auth/mfa.ts';
import { addressOf, clockOf } from '../auth/middleware.ts';
import { type SignInOutcome, signIn, unconfirmedMessage } from '../auth/sign-in.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

/** One text for an unknown user and a wrong password, so neither reveals which accounts exist. */
export const BAD_CREDENTIALS = 'The user name or password is incorrect.';

/** The refusal of a right password that no longer meets the staff rules. */
export const WEAK_STAFF_PASSWORD = `Staff passwords must be at least ${STAFF_PASSWORD_MIN_LENGTH} characters long and not on a list of common or breached passwords, and this account's is not: choose a new one with "Forgot password?" on the sign-in page (or ask the operator to run npm run user:add), then sign in with it.`;

type OAuthErrorCode = 'invalid_request' | 'invalid_grant' | 'unsupported_grant_type' | 'temporarily_unavailable';

// The contract fixes OAuth 2.0's error shape for /token (RFC 6749 §5.2), not the
// `Message` shape of the rest of the API, so these responses are built here.
function oauthError(
  c: Context,
  status: 400 | 429 | 503,
  error: OAuthErrorCode,
  description: string,
  headers: Record<string, string> = {},
  extra: Record<string, string> = {},
): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json({ error, error_description: description, ...extra }, status);
}

function formValue(form: Record<string, unknown>, name: string): string | undefined {
  const v = form[name];
  return typeof v === 'string' ? v : undefined;
}

/**
 * `POST /token`: the OAuth 2.0 password grant of the operating contract.
 * Form-encoded `username`, `password`, `grant_type=password`, the browser's
 * `device_token` when it has one, and `otp` (a TOTP or recovery code) for an
 * account with a second factor; answers
 * `{ access_token, token_type: "bearer", expires_in, userName, device_token }`.
 * A refusal that asks for a code or a setup says so in `mfa` (`"code"`, `"setup"`
 * with `mfa_setup_token`) beside OAuth's `error` and `error_description`.
 */
export function tokenRoutes(deps: AppDeps): Hono {
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

    const deviceToken = formValue(form, DEVICE_TOKEN_FIELD);
    const otp = formValue(form, OTP_FIELD) ?? '';

    let outcome: SignInOutcome;
    try {
      outcome = await signIn(deps, {
        email,
        password,
        deviceToken,
        address: addressOf(c, deps),
        now: clockOf(deps),
        otp,
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'unavailable') {
        return oauthError(c, 503, 'temporarily_unavailable', err.message, err.headers);
      }
      throw err;
    }
    switch (outcome.kind) {
      case 'wait':
        return oauthError(
          c,
          429,
          'invalid_grant',
          `Too many failed sign-in attempts; try again in ${outcome.seconds} seconds.`,
          { 'Retry-After': String(outcome.seconds) },
        );
      case 'refused':
        return oauthError(c, 400, 'invalid_grant', BAD_CREDENTIALS);
      case 'unconfirmed':
        return oauthError(c, 400, 'invalid_grant', unconfirmedMessage(deps, outcome.userId));
      case 'code-required':
        return oauthError(c, 400, 'invalid_grant', MFA_MESSAGES.codeRequired, {}, { [MFA_FIELD]: 'code' });
      case 'code-refused':
        return oauthError(
          c,
          400,
          'invalid_grant',
          outcome.unreadable ? MFA_UNREADABLE : MFA_MESSAGES.codeWrong,
          {},
          {
            [MFA_FIELD]: 'code',
          },
        );
      case 'setup-required':
        return oauthError(
          c,
          400,
          'invalid_grant',
          MFA_MESSAGES.setupRequired,
          {},
          {
            [MFA_FIELD]: 'setup',
            [MFA_SETUP_TOKEN_FIELD]: outcome.setupToken,
          },
        );
      case 'weak-staff-password':
        return oauthError(c, 400, 'invalid_grant', WEAK_STAFF_PASSWORD);
      case 'signed-in':
        c.header('Cache-Control', 'no-store');
        c.header('Pragma', 'no-cache');
        return c.json({
          access_token: outcome.accessToken,
          token_type: 'bearer',
          expires_in: outcome.expiresIn,
          userName: outcome.userName,
          [DEVICE_TOKEN_FIELD]: outcome.deviceToken,
        });
    }
  });
}
