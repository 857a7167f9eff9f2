import { describe, expect, it } from 'vitest';
import { EXTRA_MESSAGES } from '../../src/lib/domain/account-rules.ts';
import {
  formatRecoveryCode,
  parseStaffMfa,
  readTypedCode,
  type SecondFactorStep,
  secondFactorStep,
} from '../../src/lib/domain/mfa.ts';
import { matchTotp, openSecret, sealSecret } from '../../src/server/auth/mfa.ts';
import { issueMfaSetupToken, verifyMfaSetupToken } from '../../src/server/auth/mfa-setup-tokens.ts';
import { accountWords, staffPasswordErrors } from '../../src/server/auth/staff-passwords.ts';
import { issueToken, verifyToken } from '../../src/server/auth/tokens.ts';

describe('what a sign-in with a right password still needs', () => {
  const cases: [staff: boolean, enabled: boolean, policy: 'optional' | 'required', code: boolean, SecondFactorStep][] =
    [
      [false, false, 'optional', false, 'none'],
      [false, false, 'required', false, 'none'],
      [false, false, 'required', true, 'none'],
      [true, false, 'optional', false, 'none'],
      [true, false, 'optional', true, 'none'],
      [true, false, 'required', false, 'setup'],
      [true, false, 'required', true, 'setup'],
      [true, true, 'optional', false, 'ask'],
      [true, true, 'required', false, 'ask'],
      [true, true, 'required', true, 'check'],
      // A second factor stays asked for when the account is no longer staff.
      [false, true, 'optional', false, 'ask'],
      [false, true, 'optional', true, 'check'],
    ];
  it.each(cases)('staff %s, enabled %s, %s, code given %s: %s', (staff, mfaEnabled, policy, codeGiven, step) => {
    expect(secondFactorStep({ staff, mfaEnabled, policy, codeGiven })).toBe(step);
  });
});

describe('reading the code field', () => {
  it.each([
    ['123456', { kind: 'totp', code: '123456' }],
    [' 123 456 ', { kind: 'totp', code: '123456' }],
    ['k7m2q-x9vbt', { kind: 'recovery', code: 'k7m2qx9vbt' }],
    ['K7M2Q X9VBT', { kind: 'recovery', code: 'k7m2qx9vbt' }],
    ['k7m2qx9vbt', { kind: 'recovery', code: 'k7m2qx9vbt' }],
    ['12345', { kind: 'malformed' }],
    ['1234567', { kind: 'malformed' }],
    // 0, 1, i, l and o are not in the recovery alphabet.
    ['k7m2q-x9vb0', { kind: 'malformed' }],
    ['', { kind: 'malformed' }],
  ])('%j reads as %j', (typed, read) => {
    expect(readTypedCode(typed)).toEqual(read);
  });

  it('shows recovery codes in two groups of five', () => {
    expect(formatRecoveryCode('k7m2qx9vbt')).toBe('k7m2q-x9vbt');
  });
});

describe('STAFF_MFA', () => {
  it.each([
    [undefined, 'optional'],
    ['', 'optional'],
    ['optional', 'optional'],
    ['required', 'required'],
    [' Required ', 'required'],
  ] as const)('%j is %s', (raw, policy) => {
    expect(parseStaffMfa(raw)).toBe(policy);
  });
  it('names the two words for anything else', () => {
    expect(() => parseStaffMfa('yes')).toThrow('STAFF_MFA must be "required" or "optional" (or unset), got "yes".');
  });
});

describe('TOTP codes (RFC 6238, SHA-1)', () => {
  // RFC 6238 appendix B's key, "12345678901234567890", in base32; its 8-digit codes end in these six.
  const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '287082', 1],
    [1111111109, '081804', 37037036],
    [1234567890, '005924', 41152263],
    [2000000000, '279037', 66666666],
  ])('at %i s the code is %s (step %i)', async (seconds, code, step) => {
    expect(await matchTotp(RFC_SECRET, code, new Date(seconds * 1000), null)).toBe(step);
  });

  it('takes the step before and after, not two away, and only steps after the last one used', async () => {
    const at = new Date(1234567890 * 1000);
    const later = (s: number) => new Date(at.getTime() + s * 1000);
    expect(await matchTotp(RFC_SECRET, '005924', later(30), null)).toBe(41152263);
    expect(await matchTotp(RFC_SECRET, '005924', later(-30), null)).toBe(41152263);
    expect(await matchTotp(RFC_SECRET, '005924', later(60), null)).toBeNull();
    expect(await matchTotp(RFC_SECRET, '005924', at, 41152263)).toBeNull();
    expect(await matchTotp(RFC_SECRET, '005924', at, 41152262)).toBe(41152263);
    expect(await matchTotp(RFC_SECRET, '00592', at, null)).toBeNull();
  });
});

describe('sealed TOTP secrets', () => {
  const key = 'app-secret-that-is-long-enough-for-hs256-0123456789';
  it('opens only for the account and key it was sealed for', () => {
    const sealed = sealSecret(key, 7, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(sealed).not.toBe(sealSecret(key, 7, 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'));
    expect(openSecret(key, 7, sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(openSecret(key, 8, sealed)).toBeNull();
    expect(openSecret(`${key}-rotated`, 7, sealed)).toBeNull();
    expect(openSecret(key, 7, `${sealed.slice(0, -2)}AA`)).toBeNull();
    expect(openSecret(key, 7, 'JBSWY3DPEHPK3PXP')).toBeNull();
  });
});

describe('MFA setup tokens', () => {
  const key = 'app-secret-that-is-long-enough-for-hs256-0123456789';
  const now = new Date('2026-03-01T10:00:00Z');
  it('name their account and stamp for 15 minutes, and are never access tokens', async () => {
    const token = await issueMfaSetupToken(key, 12, 'stamp-1', now);
    expect(await verifyMfaSetupToken(key, token, now)).toEqual({ userId: 12, securityStamp: 'stamp-1' });
    expect(await verifyMfaSetupToken(key, token, new Date(now.getTime() + 15 * 60_000 + 1000))).toBeNull();
    expect(await verifyMfaSetupToken(`${key}x`, token, now)).toBeNull();
    expect((await verifyToken(key, token, now)).ok).toBe(false);
    const access = await issueToken(key, { id: 12, email: 'a@b.test', roles: ['Employee'], securityStamp: 's' }, now);
    expect(await verifyMfaSetupToken(key, access.token, now)).toBeNull();
  });
});

describe('staff passwords', () => {
  const words = accountWords('ravi.kumar@aisle.test');
  it('takes the words of the address and the shop', () => {
    expect(words).toEqual(['aisle', 'ravi', 'kumar', 'aisle', 'test']);
  });
  it.each([
    ['Gr3en!Tea-p', EXTRA_MESSAGES.staffPasswordTooShort],
    ['Password123!', EXTRA_MESSAGES.staffPasswordCommon],
    ['Qwerty123456!', EXTRA_MESSAGES.staffPasswordCommon],
    ['P@ssw0rd2024!', EXTRA_MESSAGES.staffPasswordCommon],
    ['Welcome2024!!', EXTRA_MESSAGES.staffPasswordCommon],
    ['Aaaaaaaaaaa1!', EXTRA_MESSAGES.staffPasswordGuessable],
    ['Abcdefghijk1!', EXTRA_MESSAGES.staffPasswordGuessable],
    ['RaviKumar#2026', EXTRA_MESSAGES.staffPasswordGuessable],
  ])('%s is refused: %s', (password, message) => {
    expect(staffPasswordErrors(password, words)).toEqual([message]);
  });
  it.each(['Gr3en!Tea-pot', 'Blue!Kettle-42', 'Kq8#vT2m!pLz', 'correct horse battery staple 7!'])(
    '%s is taken',
    (password) => {
      expect(staffPasswordErrors(password, words)).toEqual([]);
    },
  );
});
