import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_TOKENS_MAX,
  decodeDeviceTokens,
  deviceTokenFor,
  withDeviceToken,
} from '../../src/lib/domain/device-tokens.ts';
import { issueDeviceToken, verifyDeviceToken } from '../../src/server/auth/device-tokens.ts';
import { issueToken, verifyToken } from '../../src/server/auth/tokens.ts';

const SECRET = 'device-test-secret-that-is-long-enough-for-hs256-0123456789';
const NOW = new Date('2026-11-24T10:00:00.000Z');

describe('the browser keeps one device token per account', () => {
  it('reads what it stored, and anything damaged as none', () => {
    expect(decodeDeviceTokens('{"asha@example.com":"t1"}')).toEqual({ 'asha@example.com': 't1' });
    for (const bad of [undefined, '', 'not json', '[]', 'null', '"t"', 42]) expect(decodeDeviceTokens(bad)).toEqual({});
    expect(decodeDeviceTokens('{"a@x.in":"t","b@x.in":7,"c@x.in":""}')).toEqual({ 'a@x.in': 't' });
  });

  it('finds the token of the account signing in, and no inherited one', () => {
    const tokens = { 'asha@example.com': 't1' };
    expect(deviceTokenFor(tokens, 'asha@example.com')).toBe('t1');
    expect(deviceTokenFor(tokens, 'ravi@example.com')).toBeUndefined();
    expect(deviceTokenFor(tokens, 'constructor')).toBeUndefined();
  });

  it('replaces an account token as the newest and keeps the newest few', () => {
    let tokens = {};
    for (let i = 0; i < DEVICE_TOKENS_MAX + 2; i++) tokens = withDeviceToken(tokens, `u${i}@x.in`, `t${i}`);
    expect(Object.keys(tokens)).toHaveLength(DEVICE_TOKENS_MAX);
    expect(deviceTokenFor(tokens, 'u0@x.in')).toBeUndefined();
    tokens = withDeviceToken(tokens, 'u2@x.in', 'again');
    expect(Object.entries(tokens).at(-1)).toEqual(['u2@x.in', 'again']);
    expect(Object.keys(tokens)).toHaveLength(DEVICE_TOKENS_MAX);
  });
});

describe('device tokens on the server', () => {
  it('name the account and a new device each time', async () => {
    const [a, b] = await Promise.all([issueDeviceToken(SECRET, 7, NOW), issueDeviceToken(SECRET, 7, NOW)]);
    const [da, db] = await Promise.all([verifyDeviceToken(SECRET, a, NOW), verifyDeviceToken(SECRET, b, NOW)]);
    expect(da?.userId).toBe(7);
    expect(db?.userId).toBe(7);
    expect(da?.deviceId).not.toBe(db?.deviceId);
  });

  it('are refused when expired, signed with another secret, or altered', async () => {
    const token = await issueDeviceToken(SECRET, 7, NOW);
    expect(await verifyDeviceToken(SECRET, token, new Date(NOW.getTime() + 366 * 86_400_000))).toBeNull();
    expect(await verifyDeviceToken(`${SECRET}-other`, token, NOW)).toBeNull();
    const [head, , sig] = token.split('.');
    const body = Buffer.from(JSON.stringify({ sub: '1', aud: 'aisle:device', jti: 'x'.repeat(22) })).toString(
      'base64url',
    );
    expect(await verifyDeviceToken(SECRET, `${head}.${body}.${sig}`, NOW)).toBeNull();
    expect(await verifyDeviceToken(SECRET, 'garbage', NOW)).toBeNull();
  });

  it('never pass as access tokens, nor access tokens as device tokens', async () => {
    const device = await issueDeviceToken(SECRET, 7, NOW);
    expect(await verifyToken(SECRET, device, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const { token: access } = await issueToken(
      SECRET,
      { id: 7, email: 'asha@example.com', roles: ['User'], securityStamp: 's' },
      NOW,
    );
    expect(await verifyDeviceToken(SECRET, access, NOW)).toBeNull();
    // Signed with the app's secret itself and every claim in place: still not a device token.
    const lookalike = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'aisle-device+jwt' })
      .setSubject('7')
      .setAudience('aisle:device')
      .setJti('x'.repeat(22))
      .setIssuedAt(Math.floor(NOW.getTime() / 1000))
      .setExpirationTime(Math.floor(NOW.getTime() / 1000) + 3600)
      .sign(new TextEncoder().encode(SECRET));
    expect(await verifyDeviceToken(SECRET, lookalike, NOW)).toBeNull();
  });
});
