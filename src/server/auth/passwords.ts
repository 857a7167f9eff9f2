import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
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

/** How many password hashes may run at once, how many may wait for one, and what a refusal asks. */
export interface HashLimits {
  /** Hashes running at once. */
  running: number;
  /** Hashes waiting for a free slot; one more is refused with a 503. */
  waiting: number;
  /** The refusal's `Retry-After`, in seconds. */
  retryAfterSeconds: number;
}

/**
 * The shop's limits: twice the cores running (at most the size of Node's thread
 * pool, where scrypt runs: `UV_THREADPOOL_SIZE`, 4 by default), eight times that
 * waiting. Each running hash holds 128 MiB; a waiting one holds nothing but its
 * request, and at about 0.35 s a hash the longest wait stays a few seconds.
 */
export function defaultHashLimits(
  cores: number = availableParallelism(),
  threadPool: number = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): HashLimits {
  const running = Math.max(1, Math.min(2 * cores, threadPool));
  return { running, waiting: 8 * running, retryAfterSeconds: 5 };
}

/** Runs password hashes under a bound (see `createHashGate`). */
export interface HashGate {
  /**
   * Runs `work` (which hashes or verifies passwords) when a slot is free. When
   * `limits.waiting` calls are already waiting, throws a 503 `AppError`
   * (`unavailable`, with `Retry-After`) at once, without running it.
   */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Calls running and waiting now. */
  load(): { running: number; waiting: number };
}

/** The message of a refused hash: the shop is busy, not the caller at fault. */
export const HASHES_BUSY_MESSAGE = 'The shop is checking many passwords just now';

/**
 * A bound on concurrent scrypt hashes: each takes 128 MiB and a thread of Node's
 * pool for about a third of a second, so a burst of sign-ins, registrations or
 * resets must queue, and beyond a short queue be refused, rather than take the
 * memory and the threads everything else needs.
 */
export function createHashGate(limits: HashLimits): HashGate {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (running >= limits.running) {
        if (waiting.length >= limits.waiting) {
          throw new AppError(
            503,
            'unavailable',
            `${HASHES_BUSY_MESSAGE}; try again in ${limits.retryAfterSeconds} seconds.`,
            { headers: { 'Retry-After': String(limits.retryAfterSeconds) } },
          );
        }
        // The slot is handed over by the call that frees it, so `running` never overshoots.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next === undefined) running--;
        else next();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}

let processGate: HashGate | undefined;

/** The gate of this process (one thread pool, one memory): `deps.hashGate` when given, else one made on first use. */
export function hashGateOf(deps: { hashGate?: HashGate | undefined }): HashGate {
  if (deps.hashGate !== undefined) return deps.hashGate;
  processGate ??= createHashGate(defaultHashLimits());
  return processGate;
}

/**
 * Hashes for new accounts (anonymous registration) wait in a lane of their own,
 * one at a time with at most `LANE_QUEUE` waiting, before the gate: a burst of
 * registrations must not take every slot from the sign-ins of customers already
 * waiting. A full lane answers 503.
 */
export const LANE_QUEUE = 16;
let laneBusy = false;
const laneWaiting: (() => void)[] = [];

export async function hashNewPassword(password: string, gate: HashGate): Promise<string> {
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
    return await gate.run(() => hashPassword(password));
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
