import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { AppError } from '../errors.ts';

const requireHere = createRequire(import.meta.url);

/** OWASP's scrypt parameters: N = 2^17, r = 8, p = 1; a 64-byte key from a 16-byte salt. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;

// scrypt needs 128 * N * r bytes; Node's default ceiling (32 MiB) is below that.
function maxmem(N: number, r: number): number {
  return 128 * N * r * 2;
}

function scryptAsync(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/**
 * Hashes a password as `scrypt$N=131072,r=8,p=1$<salt>$<key>` (base64url), so
 * the parameters travel with the hash and can be raised later.
 */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptAsync(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/**
 * Hashes for new accounts (anonymous registration) wait in a lane of their own,
 * one at a time with at most `LANE_QUEUE` waiting: scrypt runs on Node's small
 * thread pool (4 threads), and a burst of registrations must not take every
 * thread from the sign-ins of customers already waiting. A full lane answers 503.
 */
export const LANE_QUEUE = 16;
let laneBusy = false;
const laneWaiting: (() => void)[] = [];

export async function hashNewPassword(password: string): Promise<string> {
  if (laneBusy) {
    if (laneWaiting.length >= LANE_QUEUE) {
      throw new AppError(
        503,
        'too_many_requests',
        'Many accounts are being registered just now; try again in a minute.',
        {
          headers: { 'Retry-After': '60' },
        },
      );
    }
    await new Promise<void>((resolve) => laneWaiting.push(resolve));
  }
  laneBusy = true;
  try {
    return await hashPassword(password);
  } finally {
    const next = laneWaiting.shift();
    if (next === undefined) laneBusy = false;
    else next();
  }
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | null {
  const m = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/.exec(encoded);
  if (m === null) return null;
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Refuse absurd parameters from a damaged row rather than exhausting memory.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null;
  return { N, r, p, salt: Buffer.from(m[4] ?? '', 'base64url'), key: Buffer.from(m[5] ?? '', 'base64url') };
}

/** True when `password` matches `encoded`; false for a mismatch and for a hash that cannot be read. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (parsed === null || parsed.key.length === 0) return false;
  const { N, r, p, salt, key } = parsed;
  const candidate = await scryptAsync(password, salt, key.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(candidate, key);
}

/** True when the hash was made with weaker parameters than today's, so it should be replaced at sign-in. */
export function needsRehash(encoded: string): boolean {
  const parsed = parseHash(encoded);
  return parsed === null || parsed.N < SCRYPT_PARAMS.N || parsed.r < SCRYPT_PARAMS.r || parsed.p < SCRYPT_PARAMS.p;
}

/** A password hash no password matches: for accounts that must not sign in (anonymised ones). */
export const UNUSABLE_PASSWORD_HASH = '!';

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification, so that an unknown user name takes
 * as long to refuse as a wrong password (no user enumeration by timing).
 */
export async function burnVerification(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  await verifyPassword(password, await dummyHash);
}

let common: Set<string> | undefined;

/**
 * True for a password on the list of frequently used passwords that ships with
 * zxcvbn-ts (about 49,000 entries, lower case), compared case-insensitively, so
 * `P@ssw0rd` counts as common.
 */
export function isCommonPassword(password: string): boolean {
  // Loaded on first use (a decompressed dictionary): a process that checks no password never loads it.
  common ??= new Set(
    (requireHere('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common')).dictionary[
      'passwords-common'
    ],
  );
  return common.has(password.toLowerCase());
}
