import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import {
  formatRecoveryCode,
  MFA_MESSAGES,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  readTypedCode,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
} from '../../lib/domain/mfa.ts';
import { writeAudit } from '../audit.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { recordFailure, secondsUntilAllowed } from './throttle.ts';

/**
 * The TOTP second factor (RFC 6238) of an account: setting it up, enabling it
 * with a first code, checking the codes of a sign-in or of a disable, and
 * removing it. Recovery codes are single use and stored as SHA-256 digests (each
 * has about 49 bits of randomness, so a fast digest is enough). The TOTP secret
 * is stored sealed (AES-256-GCM under a key derived from the app's JWT secret,
 * bound to its account) and is never answered again after setup: a copy of the
 * database alone does not give anyone the codes. Changing `JWT_SECRET` makes the
 * stored secrets unreadable, so every second factor must then be set up again.
 */

/** The name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Aisle';

/** Who acts, for the audit log. */
export interface MfaActor {
  id: number;
  email: string;
  ip: string;
}

const SEAL_VERSION = 'v1';

function sealingKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'aisle', 'aisle totp secret', 32));
}

/** Seals a base32 TOTP secret for account `userId`: `v1.{iv}.{ciphertext and tag}`, base64url. */
export function sealSecret(appSecret: string, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(appSecret), iv);
  cipher.setAAD(Buffer.from(`user:${userId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${SEAL_VERSION}.${iv.toString('base64url')}.${sealed.toString('base64url')}`;
}

/** The secret `sealSecret` sealed, or null when it was sealed for another account or under another key. */
export function openSecret(appSecret: string, userId: number, sealed: string): string | null {
  const [version, iv, body] = sealed.split('.');
  if (version !== SEAL_VERSION || iv === undefined || body === undefined) return null;
  const bytes = Buffer.from(body, 'base64url');
  if (bytes.length <= 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealingKey(appSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`user:${userId}`));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

function hashRecoveryCode(userId: number, code: string): string {
  return createHash('sha256').update(`mfa-recovery:${userId}:${code}`).digest('hex');
}

/** What a setup answers, once: the secret to type, the URL a QR code carries, the recovery codes. */
export interface MfaSetup {
  secret: string;
  otpAuthUrl: string;
  recoveryCodes: string[];
}

/** An account's second factor as its owner may see it: never the secret. */
export interface MfaStatus {
  enabled: boolean;
  /** A setup waits for its first code. */
  pending: boolean;
  recoveryCodesLeft: number;
}

/** The state of account `userId`'s second factor. */
export async function readMfaStatus(db: Kysely<Database>, userId: number): Promise<MfaStatus> {
  const row = await db.selectFrom('account_mfa').select('enabled_at').where('user_id', '=', userId).executeTakeFirst();
  if (row === undefined) return { enabled: false, pending: false, recoveryCodesLeft: 0 };
  const left = await db
    .selectFrom('mfa_recovery_codes')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    enabled: row.enabled_at !== null,
    pending: row.enabled_at === null,
    recoveryCodesLeft: row.enabled_at === null ? 0 : Number(left.n),
  };
}

/** True when account `userId` signs in with a second factor. */
export async function hasMfa(db: Kysely<Database>, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('account_mfa')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

export const MFA_ALREADY_ON =
  'A second factor is already set up for this account: disable it first (with a current code or a recovery code) to set up a new one.';

/**
 * Starts (or starts again) setting up a second factor for `account`: a new
 * secret and new recovery codes, replacing a setup that was never enabled.
 * Nothing changes at sign-in until `enableMfa` gets a code of this secret. An
 * account whose second factor is on is a 409: a stolen access token must not be
 * able to swap it.
 */
export async function startMfaSetup(
  db: Kysely<Database>,
  appSecret: string,
  account: { id: number; email: string },
  now: Date,
): Promise<MfaSetup> {
  const secret = generateSecret();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const sealed = sealSecret(appSecret, account.id, secret);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('account_mfa')
      .select('enabled_at')
      .where('user_id', '=', account.id)
      .executeTakeFirst();
    if (existing !== undefined && existing.enabled_at !== null) throw AppError.conflict(MFA_ALREADY_ON);
    // Two setups racing: the insert of the second meets the first's row and is answered as a conflict too.
    const written = await trx
      .insertInto('account_mfa')
      .values({ user_id: account.id, secret: sealed, enabled_at: null, last_step: null, created_at: at })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ secret: sealed, last_step: null, created_at: at })
          .where('account_mfa.enabled_at', 'is', null),
      )
      .executeTakeFirst();
    if (Number(written.numInsertedOrUpdatedRows ?? 0n) === 0) throw AppError.conflict(MFA_ALREADY_ON);
    await trx.deleteFrom('mfa_recovery_codes').where('user_id', '=', account.id).execute();
    await trx
      .insertInto('mfa_recovery_codes')
      .values(codes.map((code) => ({ user_id: account.id, code_hash: hashRecoveryCode(account.id, code) })))
      .execute();
  });
  return {
    secret,
    otpAuthUrl: generateURI({ issuer: TOTP_ISSUER, label: account.email, secret }),
    recoveryCodes: codes.map(formatRecoveryCode),
  };
}

/**
 * Checks a TOTP code of `secret` at `now` (the step before and after count too),
 * for a step later than `afterStep`; answers the step it matched, or null.
 */
export async function matchTotp(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  if (!new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Marks `step` used when it is later than the last one used: of two requests with the same code, one wins.
async function claimStep(db: Kysely<Database>, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .updateTable('account_mfa')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Why a second factor cannot be read: its secret was sealed under another `JWT_SECRET`. */
export const MFA_UNREADABLE =
  "This account's second factor can no longer be read (the shop's JWT_SECRET changed since it was set up): ask an Admin to reset it, then set it up again.";

/**
 * Enables the second factor set up for `actor` with a first code of its secret
 * (which cannot be used again to sign in). Answers false for a wrong code; a 400
 * when no setup waits, a 409 when it is already on. Audited (`mfa.enabled`).
 */
export async function enableMfa(
  db: Kysely<Database>,
  appSecret: string,
  actor: MfaActor,
  code: string,
  now: Date,
): Promise<boolean> {
  const row = await db.selectFrom('account_mfa').selectAll().where('user_id', '=', actor.id).executeTakeFirst();
  if (row === undefined) {
    throw AppError.badRequest('No second factor is being set up for this account: start with Mfa/Setup.');
  }
  if (row.enabled_at !== null) throw AppError.conflict(MFA_ALREADY_ON);
  const secret = openSecret(appSecret, actor.id, row.secret);
  if (secret === null) throw AppError.conflict(MFA_UNREADABLE);
  const step = await matchTotp(secret, code, now, row.last_step);
  if (step === null) return false;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const enabled = await trx
      .updateTable('account_mfa')
      .set({ enabled_at: at, last_step: step })
      .where('user_id', '=', actor.id)
      .where('enabled_at', 'is', null)
      .where('secret', '=', row.secret)
      .executeTakeFirst();
    // A setup started again meanwhile has a new secret: this code was for the old one.
    if (Number(enabled.numUpdatedRows) === 0) return false;
    await writeAudit(trx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'mfa.enabled',
      target: `user:${actor.id}`,
      detail: {},
      ip: actor.ip,
      at,
    });
    return true;
  });
}

/** What a typed code did: nothing, a TOTP code accepted, or a recovery code used up (with how many are left). */
export type SecondFactorCheck =
  | { ok: false; unreadable: boolean }
  | { ok: true; via: 'totp' }
  | { ok: true; via: 'recovery'; left: number };

/**
 * Checks what was typed as the second factor of account `actor.id` (enabled):
 * a TOTP code of a later step than the last accepted one, or an unused recovery
 * code, which is used up and audited (`mfa.recovery_used`, with how many are left).
 */
export async function checkSecondFactor(
  db: Kysely<Database>,
  appSecret: string,
  actor: MfaActor,
  typed: string,
  now: Date,
): Promise<SecondFactorCheck> {
  const code = readTypedCode(typed);
  if (code.kind === 'malformed') return { ok: false, unreadable: false };
  const row = await db
    .selectFrom('account_mfa')
    .selectAll()
    .where('user_id', '=', actor.id)
    .where('enabled_at', 'is not', null)
    .executeTakeFirst();
  if (row === undefined) return { ok: false, unreadable: false };
  if (code.kind === 'totp') {
    const secret = openSecret(appSecret, actor.id, row.secret);
    if (secret === null) return { ok: false, unreadable: true };
    const step = await matchTotp(secret, code.code, now, row.last_step);
    return step !== null && (await claimStep(db, actor.id, step))
      ? { ok: true, via: 'totp' }
      : { ok: false, unreadable: false };
  }
  return db.transaction().execute(async (trx): Promise<SecondFactorCheck> => {
    const used = await trx
      .deleteFrom('mfa_recovery_codes')
      .where('user_id', '=', actor.id)
      .where('code_hash', '=', hashRecoveryCode(actor.id, code.code))
      .executeTakeFirst();
    if (Number(used.numDeletedRows) === 0) return { ok: false, unreadable: false };
    const left = await trx
      .selectFrom('mfa_recovery_codes')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', actor.id)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      actorId: actor.id,
      actorEmail: actor.email,
      action: 'mfa.recovery_used',
      target: `user:${actor.id}`,
      detail: { left: Number(left.n) },
      ip: actor.ip,
      at: now.toISOString(),
    });
    return { ok: true, via: 'recovery', left: Number(left.n) };
  });
}

/**
 * Removes account `userId`'s second factor (set up or pending) with its recovery
 * codes, and writes `action` to the audit log when there was one. Answers whether
 * there was one. Takes the database or a transaction.
 */
export async function removeMfa(
  db: Kysely<Database>,
  userId: number,
  audit: {
    action: 'mfa.disabled' | 'mfa.reset';
    actorId: number | null;
    actorEmail: string;
    ip: string;
    at: string;
    detail?: Record<string, unknown>;
  },
): Promise<boolean> {
  const removed = await db.deleteFrom('account_mfa').where('user_id', '=', userId).executeTakeFirst();
  if (Number(removed.numDeletedRows) === 0) return false;
  await writeAudit(db, {
    actorId: audit.actorId,
    actorEmail: audit.actorEmail,
    action: audit.action,
    target: `user:${userId}`,
    detail: audit.detail ?? {},
    ip: audit.ip,
    at: audit.at,
  });
  return true;
}

/**
 * Turns the second factor of `actor` off with a current TOTP code or a recovery
 * code. Wrong codes count against the account-and-address back-off of failed
 * sign-ins (a stolen access token must not become a way to guess codes): a 429
 * while it runs, a 400 naming `Code` for a wrong one. Audited (`mfa.disabled`,
 * and `mfa.recovery_used` when a recovery code did it).
 */
export async function disableMfa(
  db: Kysely<Database>,
  appSecret: string,
  actor: MfaActor,
  typed: string,
  now: Date,
): Promise<void> {
  const wait = await secondsUntilAllowed(db, actor.email, actor.ip, now);
  if (wait > 0) {
    throw new AppError(429, 'too_many_requests', `Too many wrong codes; try again in ${wait} seconds.`, {
      headers: { 'Retry-After': String(wait) },
    });
  }
  if (!(await hasMfa(db, actor.id))) throw AppError.badRequest('This account has no second factor to disable.');
  const check = await checkSecondFactor(db, appSecret, actor, typed, now);
  if (!check.ok) {
    await recordFailure(db, actor.email, actor.ip, now);
    const message = check.unreadable ? MFA_UNREADABLE : MFA_MESSAGES.codeWrong;
    throw AppError.invalid({ Code: [message] });
  }
  await removeMfa(db, actor.id, {
    action: 'mfa.disabled',
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    at: now.toISOString(),
    detail: { via: check.via },
  });
}
