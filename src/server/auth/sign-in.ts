import { secondFactorStep } from '../../lib/domain/mfa.ts';
import { writeAudit } from '../audit.ts';
import type { User } from '../db/schema.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { siteLink } from '../mail-templates.ts';
import { findRoles, findUserByEmail, findUserById, storePasswordHash } from './accounts.ts';
import { issueDeviceToken, verifyDeviceToken } from './device-tokens.ts';
import { checkSecondFactor, hasMfa } from './mfa.ts';
import { issueMfaSetupToken } from './mfa-setup-tokens.ts';
import { burnVerification, hashGateOf, hashPassword, needsRehash, verifyPassword } from './passwords.ts';
import { accountWords, staffPasswordErrors } from './staff-passwords.ts';
import { recordSignInFailure, recordSignInSuccess, type SignInAttempt, secondsUntilSignIn } from './throttle.ts';
import { issueToken } from './tokens.ts';

/** A sign-in as `POST /token` reads it. */
export interface SignInRequest {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  password: string;
  /** The device token the browser kept from an earlier sign-in, if any. */
  deviceToken: string | undefined;
  /** What was typed as the second factor (a TOTP or recovery code); empty when nothing was. */
  otp: string;
  address: string;
  now: Date;
}

/** What became of a sign-in. */
export type SignInOutcome =
  | {
      kind: 'signed-in';
      accessToken: string;
      expiresIn: number;
      userName: string;
      /** A new device token for this browser and account. */
      deviceToken: string;
    }
  /** Held back by the throttle; nothing was checked or counted. */
  | { kind: 'wait'; seconds: number }
  /** An unknown e-mail or a wrong password (counted, audited). */
  | { kind: 'refused' }
  /** The right password for an account with a second factor, and no code: ask for one (nothing counted). */
  | { kind: 'code-required' }
  /** The right password and a wrong or used code (counted, audited); `unreadable`: the stored secret cannot be read. */
  | { kind: 'code-refused'; unreadable: boolean }
  /** The right password for a staff account without the second factor `STAFF_MFA=required` asks for. */
  | { kind: 'setup-required'; setupToken: string }
  /** The right password for a staff account, but one that does not meet the staff rules (audited). */
  | { kind: 'weak-staff-password' }
  /** The right password for an account whose e-mail address is not confirmed yet. */
  | { kind: 'unconfirmed'; userId: number };

/** The refusal of the right password for an account whose e-mail address is not confirmed yet: where to confirm it. */
export function unconfirmedMessage(deps: AppDeps, userId: number): string {
  return `Your e-mail address is not confirmed yet: enter the access code we mailed you at ${siteLink(siteUrlOf(deps), `/confirm/${userId}`)} first, then sign in.`;
}

/**
 * Checks a password sign-in under the throttle (`throttle.ts`): a device token
 * of this account is held back only by its own counter, any other caller by
 * the account-and-address and address counters. An unknown e-mail takes as long
 * as a wrong password. The hash runs under the app's hash gate, which throws a
 * 503 `AppError` (`unavailable`) when full.
 *
 * After a right password: a staff account whose password does not meet the
 * staff rules (`staff-passwords.ts`: an account given a staff role, or one from
 * before the rules) is refused until it chooses a new one; then the second
 * factor (`secondFactorStep`): asked for, checked (a wrong code counts as a
 * failed sign-in, and a code is accepted once), or, under `STAFF_MFA=required`,
 * set up first with a setup token. Only a complete sign-in clears the counters
 * it was held by and is given a new device token; a hash made with weaker
 * parameters is then replaced.
 */
export async function signIn(deps: AppDeps, req: SignInRequest): Promise<SignInOutcome> {
  const { db } = deps;
  const { email, password, now } = req;
  const device =
    req.deviceToken === undefined || req.deviceToken === ''
      ? null
      : await verifyDeviceToken(deps.jwtSecret, req.deviceToken, now);
  const user = await findUserByEmail(db, email);
  const attempt: SignInAttempt = {
    email,
    address: req.address,
    knownDevice: device !== null && user !== undefined && device.userId === user.id ? device.deviceId : undefined,
    now,
  };
  const wait = await secondsUntilSignIn(db, attempt);
  if (wait > 0) return { kind: 'wait', seconds: wait };

  const checked = await hashGateOf(deps).run(() => checkPassword(user, password));
  const audit = (action: string, reason: string) =>
    writeAudit(db, {
      actorId: user?.id ?? null,
      actorEmail: email,
      action,
      target: user === undefined ? '' : `user:${user.id}`,
      detail: { reason, knownDevice: attempt.knownDevice !== undefined },
      ip: req.address,
      at: now.toISOString(),
    });
  if (user === undefined || !checked.ok) {
    await recordSignInFailure(db, attempt);
    await audit('signin.failed', user === undefined ? 'unknown user' : 'wrong password');
    return { kind: 'refused' };
  }
  const staff = user.kind === 'employee';
  if (staff && staffPasswordErrors(password, accountWords(user.email)).length > 0) {
    await audit('signin.refused', 'weak staff password');
    return { kind: 'weak-staff-password' };
  }
  const step = secondFactorStep({
    staff,
    mfaEnabled: await hasMfa(db, user.id),
    policy: deps.staffMfa ?? 'optional',
    codeGiven: req.otp.trim() !== '',
  });
  // Neither asking for a code nor a setup clears a counter: with the password alone,
  // alternating them with wrong codes must not reset the count of those codes.
  if (step === 'ask') return { kind: 'code-required' };
  if (step === 'setup') {
    return {
      kind: 'setup-required',
      setupToken: await issueMfaSetupToken(deps.jwtSecret, user.id, user.security_stamp, now),
    };
  }
  if (step === 'check') {
    const second = await checkSecondFactor(
      db,
      deps.jwtSecret,
      { id: user.id, email: user.email, ip: req.address },
      req.otp,
      now,
    );
    if (!second.ok) {
      await recordSignInFailure(db, attempt);
      await audit('signin.failed', second.unreadable ? 'unreadable second factor' : 'wrong code');
      return { kind: 'code-refused', unreadable: second.unreadable };
    }
  }
  await recordSignInSuccess(db, attempt);
  if (user.email_confirmed !== 1) return { kind: 'unconfirmed', userId: user.id };
  if (checked.rehashed !== undefined) await storePasswordHash(db, user.id, checked.rehashed);
  const roles = await findRoles(db, user.id);
  const { token, expiresIn } = await issueToken(
    deps.jwtSecret,
    { id: user.id, email: user.email, roles, securityStamp: user.security_stamp },
    now,
  );
  return {
    kind: 'signed-in',
    accessToken: token,
    expiresIn,
    userName: user.email,
    deviceToken: await issueDeviceToken(deps.jwtSecret, user.id, now),
  };
}

/**
 * The sign-in a confirmed access code gives (issue 37): the code proves the mailbox as a password
 * reset's code does, so a shopper who just confirmed is signed in without typing the password again.
 * Only an end user without a second factor: staff accounts sign in with their password (the staff
 * rules and the second factor apply there). `null` when the account may not be signed in this way.
 */
export async function tokenAfterConfirmation(
  deps: AppDeps,
  { userId, ip, now }: { userId: number; ip: string; now: Date },
): Promise<{ accessToken: string; expiresIn: number; userName: string } | null> {
  const user = await findUserById(deps.db, userId);
  if (user === undefined || user.kind !== 'user' || user.email_confirmed !== 1) return null;
  if (await hasMfa(deps.db, user.id)) return null;
  const roles = await findRoles(deps.db, user.id);
  const { token, expiresIn } = await issueToken(
    deps.jwtSecret,
    { id: user.id, email: user.email, roles, securityStamp: user.security_stamp },
    now,
  );
  await writeAudit(deps.db, {
    actorId: user.id,
    actorEmail: user.email,
    action: 'signin.confirmed',
    target: `user:${user.id}`,
    detail: {},
    ip,
    at: now.toISOString(),
  });
  return { accessToken: token, expiresIn, userName: user.email };
}

// One slot of the gate covers the verification and, when the stored hash is weak, its replacement.
async function checkPassword(
  user: User | undefined,
  password: string,
): Promise<{ ok: boolean; rehashed: string | undefined }> {
  if (user === undefined) {
    await burnVerification(password);
    return { ok: false, rehashed: undefined };
  }
  const ok = await verifyPassword(password, user.password_hash);
  const rehashed =
    ok && user.email_confirmed === 1 && needsRehash(user.password_hash) ? await hashPassword(password) : undefined;
  return { ok, rehashed };
}
