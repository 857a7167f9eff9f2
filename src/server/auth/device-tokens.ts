import { createHmac, randomBytes } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

/**
 * Device tokens (OWASP's "device cookies"): a browser that signed in to an
 * account is given a token naming that account, and shows it at its next
 * sign-ins. It proves nothing about the password; it only says "this browser
 * has signed in to this account before", so the sign-in throttle can hold back
 * guessers without holding back the account's owner (`throttle.ts`).
 *
 * A JWT signed with HS256 (the only algorithm accepted back) under a key
 * derived from the app's secret for this use alone, with a `typ` and an `aud`
 * of its own: it can never pass as an access token, nor an access token as it.
 */

/** How long a device stays known without signing in again (each sign-in gives a new token). */
export const DEVICE_TOKEN_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

const ALGORITHM = 'HS256';
const TYPE = 'aisle-device+jwt';
const AUDIENCE = 'aisle:device';

function signingKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('aisle device token').digest();
}

/** Signs a device token for account `userId`, with a new random device id. */
export async function issueDeviceToken(secret: string, userId: number, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + DEVICE_TOKEN_LIFETIME_SECONDS)
    .sign(signingKey(secret));
}

/** A verified device token: the account it was issued to and the device's id. */
export interface KnownDevice {
  userId: number;
  deviceId: string;
}

/** The account and device a token names, or null for anything that is not a valid, unexpired device token of ours. */
export async function verifyDeviceToken(secret: string, token: string, now: Date): Promise<KnownDevice | null> {
  if (token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, signingKey(secret), {
      algorithms: [ALGORITHM],
      typ: TYPE,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'jti'],
    });
    const { sub, jti } = payload;
    if (sub === undefined || !/^[1-9][0-9]{0,14}$/.test(sub) || jti === undefined || !/^[\w-]{16,64}$/.test(jti)) {
      return null;
    }
    return { userId: Number(sub), deviceId: jti };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
