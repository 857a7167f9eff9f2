/**
 * The staff second factor as the API and the browser share it: the `POST /token`
 * fields that ask for and carry a code, the shape of TOTP and recovery codes, the
 * `STAFF_MFA` policy, and the decision of what a sign-in with a right password
 * still needs. Pure: codes are checked in `src/server/auth/mfa.ts`.
 */

/** The `POST /token` form field that carries a TOTP code or a recovery code. */
export const OTP_FIELD = 'otp';

/**
 * The field of a `POST /token` refusal that says what the server asks for:
 * `"code"` (send `otp`) or `"setup"` (set a second factor up first, with the
 * answer's `mfa_setup_token`). Absent on every other answer.
 */
export const MFA_FIELD = 'mfa';

/** The field of a `"setup"` refusal that carries the token the setup calls accept. */
export const MFA_SETUP_TOKEN_FIELD = 'mfa_setup_token';

/** RFC 6238 as authenticator apps expect it: six digits, 30-second steps (SHA-1). */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the current one is accepted too (clocks drift). */
export const TOTP_WINDOW_STEPS = 1;

/** How many single-use recovery codes a setup gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Lower-case letters and digits without the ones people misread (0/o, 1/l/i). */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Characters of a recovery code, shown in two groups of five: `k7m2q-x9vbt`. */
export const RECOVERY_CODE_LENGTH = 10;

/** `STAFF_MFA`: `required` makes a second factor mandatory for every staff account. */
export type StaffMfaPolicy = 'optional' | 'required';

/** Reads `STAFF_MFA`; unset or empty is `optional`, anything else but the two words throws, naming them. */
export function parseStaffMfa(raw: string | undefined): StaffMfaPolicy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === 'optional') return 'optional';
  if (value === 'required') return 'required';
  throw new Error(`STAFF_MFA must be "required" or "optional" (or unset), got "${raw}".`);
}

/** A recovery code as shown: two groups of five joined by a hyphen. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** What a typed `otp` is: a TOTP code, a recovery code (normalised), or neither. */
export type TypedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'malformed' };

/**
 * Reads what was typed into the code field: six digits (spaces ignored) are a
 * TOTP code; ten characters of the recovery alphabet, in any case, with or
 * without the hyphen and spaces, are a recovery code.
 */
export function readTypedCode(raw: string): TypedCode {
  const compact = raw.replace(/\s+/g, '');
  if (new RegExp(`^[0-9]{${TOTP_DIGITS}}$`).test(compact)) return { kind: 'totp', code: compact };
  const recovery = compact.replace(/-/g, '').toLowerCase();
  if (recovery.length === RECOVERY_CODE_LENGTH && [...recovery].every((ch) => RECOVERY_CODE_ALPHABET.includes(ch))) {
    return { kind: 'recovery', code: recovery };
  }
  return { kind: 'malformed' };
}

/**
 * What a sign-in whose password was right still needs:
 * - `none`: nothing (no second factor, and none required);
 * - `ask`: the account has a second factor and no code was sent: ask for one;
 * - `check`: the account has a second factor and a code was sent: check it;
 * - `setup`: a staff account without a second factor under `STAFF_MFA=required`.
 * A second factor, once enabled, is asked for whatever the account's roles are now.
 */
export type SecondFactorStep = 'none' | 'ask' | 'check' | 'setup';

export function secondFactorStep(account: {
  staff: boolean;
  mfaEnabled: boolean;
  policy: StaffMfaPolicy;
  codeGiven: boolean;
}): SecondFactorStep {
  if (account.mfaEnabled) return account.codeGiven ? 'check' : 'ask';
  return account.staff && account.policy === 'required' ? 'setup' : 'none';
}

/** The texts of the second factor, shared by the API's answers and the forms. */
export const MFA_MESSAGES = {
  codeRequired:
    'Enter the 6-digit code from your authenticator app (or one of your recovery codes) to finish signing in.',
  codeWrong:
    'This code is not correct or has been used already: enter the current 6-digit code from your authenticator app, or an unused recovery code.',
  setupRequired:
    'Staff accounts of this shop must sign in with a second factor, and yours has none yet: set it up now with an authenticator app (scan the QR code or type the key, then enter a code), or ask an Admin.',
  codeFieldRequired: 'Code is required: the 6-digit code from your authenticator app.',
  codeFieldFormat: 'Code must be the 6 digits your authenticator app shows, or one of your recovery codes.',
} as const;
