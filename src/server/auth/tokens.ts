import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import {
  CLAIM_NAME,
  CLAIM_NAME_IDENTIFIER,
  CLAIM_ROLE,
  CLAIM_SECURITY_STAMP,
  roleClaim,
  type TokenClaims,
} from '../../lib/domain/auth.ts';

/** Access tokens live this long; a client signs in again afterwards. */
export const TOKEN_LIFETIME_SECONDS = 60 * 60;

/** The one algorithm tokens are signed with and the only one accepted back. */
export const TOKEN_ALGORITHM = 'HS256';

export interface TokenSubject {
  id: number;
  email: string;
  roles: readonly string[];
  securityStamp: string;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/** Signs an access token with the contract's claims, valid from `now` for 60 minutes. */
export async function issueToken(
  secret: string,
  subject: TokenSubject,
  now: Date,
): Promise<{ token: string; expiresIn: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: Omit<TokenClaims, 'exp' | 'iat'> = {
    [CLAIM_NAME]: subject.email,
    [CLAIM_NAME_IDENTIFIER]: String(subject.id),
    [CLAIM_SECURITY_STAMP]: subject.securityStamp,
    email: subject.email,
  };
  const role = roleClaim(subject.roles);
  if (role !== undefined) claims[CLAIM_ROLE] = role;
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + TOKEN_LIFETIME_SECONDS)
    .sign(keyOf(secret));
  return { token, expiresIn: TOKEN_LIFETIME_SECONDS };
}

export type TokenFailure = 'expired' | 'invalid';

/** What verification found: the user id and stamp to check against the database, or why it failed. */
export type VerifiedToken = { ok: true; userId: number; securityStamp: string } | { ok: false; reason: TokenFailure };

/**
 * Verifies signature, algorithm (HS256 only: `none` and every other algorithm are
 * refused) and expiry at `now`, and that the claims the API relies on are present.
 */
export async function verifyToken(secret: string, token: string, now: Date): Promise<VerifiedToken> {
  // A token already verified with this secret needs only its expiry checked again:
  // the same text carries the same signature and claims.
  const known = verified.get(token);
  if (known !== undefined && known.secret === secret) {
    if (known.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, userId: known.userId, securityStamp: known.securityStamp };
  }
  const result = await verifyTokenOnce(secret, token, now);
  if (result.ok && result.exp !== undefined) {
    verified.set(token, { secret, exp: result.exp, userId: result.userId, securityStamp: result.securityStamp });
    if (verified.size > VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
  }
  return result.ok ? { ok: true, userId: result.userId, securityStamp: result.securityStamp } : result;
}

/** How many verified tokens are remembered (oldest dropped first). */
const VERIFIED_CACHE_SIZE = 10_000;
const verified = new Map<string, { secret: string; exp: number; userId: number; securityStamp: string }>();

async function verifyTokenOnce(
  secret: string,
  token: string,
  now: Date,
): Promise<
  { ok: true; userId: number; securityStamp: string; exp: number | undefined } | { ok: false; reason: TokenFailure }
> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: [TOKEN_ALGORITHM],
      currentDate: now,
      requiredClaims: ['exp'],
    });
    const id = payload[CLAIM_NAME_IDENTIFIER];
    const stamp = payload[CLAIM_SECURITY_STAMP];
    if (typeof id !== 'string' || !/^[1-9][0-9]{0,14}$/.test(id) || typeof stamp !== 'string') {
      return { ok: false, reason: 'invalid' };
    }
    return { ok: true, userId: Number(id), securityStamp: stamp, exp: payload.exp };
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
    if (err instanceof joseErrors.JOSEError) return { ok: false, reason: 'invalid' };
    throw err;
  }
}
