import { describe, expect, it } from 'vitest';
import { issueToken, verifyToken } from '../../src/server/auth/tokens.ts';

const SECRET = 'unit-secret-that-is-long-enough-for-hs256-0123456789';
const subject = { id: 7, email: 'a@b.test', roles: ['User'], securityStamp: 'stamp-1' };

describe('verifyToken, remembered', () => {
  it('answers a token verified before the same way, and still checks secret and expiry', async () => {
    const at = new Date('2026-05-01T10:00:00Z');
    const { token } = await issueToken(SECRET, subject, at);
    const later = new Date(at.getTime() + 60_000);
    expect(await verifyToken(SECRET, token, later)).toEqual({ ok: true, userId: 7, securityStamp: 'stamp-1' });
    expect(await verifyToken(SECRET, token, later)).toEqual({ ok: true, userId: 7, securityStamp: 'stamp-1' });
    // Another secret does not accept it, remembered or not.
    expect(await verifyToken(`${SECRET}-other`, token, later)).toEqual({ ok: false, reason: 'invalid' });
    // Past its hour it has expired, although it was verified before.
    expect(await verifyToken(SECRET, token, new Date(at.getTime() + 3601_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
    // A token with one changed character is checked afresh and refused.
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    expect((await verifyToken(SECRET, tampered, later)).ok).toBe(false);
  });
});
