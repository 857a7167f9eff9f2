import { createHmac } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * MFA setup tokens: what `POST /token` gives a staff account that must have a
 * second factor (`STAFF_MFA=required`) and has none yet, after its right
 * password. The setup calls (`Mfa/Setup`, `Mfa/Enable`) accept one in place of
 * an access token, and nothing else does: it opens no other call.
 *
 * A JWT signed with HS256 under a key derived from the app's secret for this use
 * alone, with a `typ` and an `aud` of its own (as device tokens have), so it never
 * passes as an access token nor an access token as it. It carries the account's
 * security stamp: a password change or reset ends it.
 */

/** Long enough to scan a QR code and type a code; a new sign-in gives a new one. */
export const MFA_SETUP_TOKEN_LIFETIME_SECONDS = 15 * 60;

const ALGORITHM = 'HS256';
const TYPE = 'aisle-mfa-setup+jwt';
const AUDIENCE = 'aisle:mfa-setup';

function signingKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('aisle mfa setup token').digest();
}

/** Signs a setup token for account `userId` with its current security stamp. */
export async function issueMfaSetupToken(
  secret: string,
  userId: number,
  securityStamp: string,
  now: Date,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ stamp: securityStamp })
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + MFA_SETUP_TOKEN_LIFETIME_SECONDS)
    .sign(signingKey(secret));
}

/** The account and stamp a setup token names, or null for anything that is not a valid, unexpired one of ours. */
export async function verifyMfaSetupToken(
  secret: string,
  token: string,
  now: Date,
): Promise<{ userId: number; securityStamp: string } | null> {
  if (token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
      algorithms: [ALGORITHM],
      typ: TYPE,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub'],
    });
    const { sub, stamp } = payload;
    if (sub === undefined || !/^[1-9][0-9]{0,14}$/.test(sub) || typeof stamp !== 'string') return null;
    return { userId: Number(sub), securityStamp: stamp };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
