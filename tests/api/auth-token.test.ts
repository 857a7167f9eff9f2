import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLAIM_NAME, CLAIM_NAME_IDENTIFIER, CLAIM_ROLE, CLAIM_SECURITY_STAMP } from '../../src/lib/domain/auth.ts';
import { NO_PROXY } from '../../src/lib/domain/ip-address.ts';
import { type AuthTestApp, addAccount, b64url, createAuthTestApp, JWT_SECRET, payloadOf } from './auth-helpers.ts';
import { DIALECTS, TEST_PROXY } from './harness.ts';

const ADMIN = { email: 'root@aisle.test', password: 'Adm1n!Tamarind', name: 'Ravi Admin' };
const USER = { email: 'asha@aisle.test', password: 'Asha#2026pw', name: 'Asha Kumar' };
const BAD = 'The user name or password is incorrect.';

type OAuthError = { error: string; error_description: string };

function form(params: Record<string, string>, ip = '198.51.100.7'): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
    body: new URLSearchParams(params).toString(),
  };
}

describe.each(DIALECTS)('POST /token and bearer tokens on %s', (dialect) => {
  let t: AuthTestApp;
  let adminId: number;
  let userId: number;
  let adminToken: string;
  let userToken: string;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    adminId = await addAccount(t, ADMIN.email, ADMIN.password, 'Admin', ADMIN.name);
    userId = await addAccount(t, USER.email, USER.password, 'User', USER.name);
    [adminToken, userToken] = await Promise.all([
      t.tokenFor(ADMIN.email, ADMIN.password),
      t.tokenFor(USER.email, USER.password),
    ]);
  });
  afterAll(() => t.close());

  it('answers the contract shape with the ASP.NET claim names', async () => {
    const res = await t.signIn(USER.email.toUpperCase(), USER.password);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(res.body).sort()).toEqual([
      'access_token',
      'device_token',
      'expires_in',
      'token_type',
      'userName',
    ]);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 3600, userName: USER.email });
    const token = String(res.body.access_token);
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as { alg: string };
    expect(header.alg).toBe('HS256');
    const p = payloadOf(token);
    expect(p[CLAIM_NAME]).toBe(USER.email);
    expect(p[CLAIM_NAME_IDENTIFIER]).toBe(String(userId));
    expect(p[CLAIM_ROLE]).toBe('User');
    expect(typeof p[CLAIM_SECURITY_STAMP]).toBe('string');
    expect(p.email).toBe(USER.email);
    const nowS = Math.floor(t.clock.now.getTime() / 1000);
    expect(p.iat).toBe(nowS);
    expect(p.exp).toBe(nowS + 3600);
    expect(Object.keys(p).sort()).toEqual(
      [CLAIM_NAME, CLAIM_NAME_IDENTIFIER, CLAIM_ROLE, CLAIM_SECURITY_STAMP, 'email', 'exp', 'iat'].sort(),
    );
  });

  it('puts several roles in the role claim as a list', () => {
    expect(payloadOf(adminToken)[CLAIM_ROLE]).toEqual(['Admin', 'Employee']);
  });

  it('gives one description for an unknown user and a wrong password', async () => {
    const unknown = await t.signIn('nobody@aisle.test', 'Whatever1!', '198.51.100.20');
    const wrong = await t.signIn(USER.email, 'Wrong#Pass1', '198.51.100.20');
    for (const res of [unknown, wrong]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_grant', error_description: BAD });
    }
    const audit = await t.db.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'signin.failed')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_email, a.ip, JSON.parse(a.detail).reason])).toEqual([
      ['nobody@aisle.test', '198.51.100.20', 'unknown user'],
      [USER.email, '198.51.100.20', 'wrong password'],
    ]);
    expect(audit.every((a) => !a.detail.includes('Wrong#Pass1'))).toBe(true);
  });

  it('answers OAuth errors for other grants, missing fields and other encodings', async () => {
    const grant = await t.app.request('/token', form({ grant_type: 'client_credentials' }));
    expect(grant.status).toBe(400);
    expect(((await grant.json()) as OAuthError).error).toBe('unsupported_grant_type');
    const noGrant = await t.app.request('/token', form({ username: USER.email, password: USER.password }));
    expect(((await noGrant.json()) as OAuthError).error).toBe('invalid_request');
    const noUser = await t.app.request('/token', form({ grant_type: 'password', password: 'x' }));
    const body = (await noUser.json()) as OAuthError;
    expect(body.error).toBe('invalid_request');
    expect(body.error_description).toContain('username');
    const json = await t.app.request('/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: USER.email, password: USER.password, grant_type: 'password' }),
    });
    expect(json.status).toBe(400);
    expect(((await json.json()) as OAuthError).error).toBe('invalid_request');
    const broken = await t.app.request('/token', {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=zzz' },
      body: 'not multipart at all',
    });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as OAuthError).error).toBe('invalid_request');
  });

  it('refuses an unconfirmed account with a clear description, only given the right password', async () => {
    const [row] = await t.db.db
      .insertInto('users')
      .values({
        email: 'pending@aisle.test',
        password_hash: (
          await t.db.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow()
        ).password_hash,
        full_name: '',
        phone: '',
        address_line1: '',
        address_line2: '',
        city: '',
        state: '',
        postal_code: '',
        kind: 'user',
        email_confirmed: 0,
        security_stamp: 'stamp',
        created_at: t.clock.now.toISOString(),
        updated_at: t.clock.now.toISOString(),
      })
      .returning('id')
      .execute();
    const wrong = await t.signIn('pending@aisle.test', 'Nope#1234', '198.51.100.30');
    expect(wrong.body).toEqual({ error: 'invalid_grant', error_description: BAD });
    const right = await t.signIn('pending@aisle.test', USER.password, '198.51.100.30');
    expect(right.status).toBe(400);
    expect(right.body.error).toBe('invalid_grant');
    expect(String(right.body.error_description)).toContain('not confirmed');
    expect(String(right.body.error_description)).toContain(`/confirm/${row?.id}`);
  });

  describe('bearer tokens', () => {
    const info = (token?: string) => t.call('GET', '/api/Account/UserInfo', token === undefined ? {} : { token });

    it('are accepted when genuine', async () => {
      const res = await info(userToken);
      expect(res.status).toBe(200);
    });

    it('are required: 401 with the Message shape', async () => {
      const res = await info();
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.body).toEqual({ Message: 'Authorization has been denied for this request: sign in first.' });
      const basic = await t.app.request('/api/Account/UserInfo', { headers: { Authorization: 'Basic abc' } });
      expect(basic.status).toBe(401);
    });

    it('refuses alg none', async () => {
      const [, payload] = userToken.split('.');
      const none = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
      expect((await info(none)).status).toBe(401);
    });

    it('refuses another algorithm even with the right key', async () => {
      const hs512 = await new SignJWT(payloadOf(adminToken))
        .setProtectedHeader({ alg: 'HS512' })
        .sign(new TextEncoder().encode(JWT_SECRET));
      expect((await info(hs512)).status).toBe(401);
    });

    it('refuses a token signed with another key', async () => {
      const forged = await new SignJWT(payloadOf(adminToken))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('not-the-secret-but-just-as-long-0123456789-abcdef'));
      const res = await info(forged);
      expect(res.status).toBe(401);
      expect((res.body as { Message: string }).Message).toBe('Your access token is not valid: sign in again.');
    });

    it('refuses a tampered payload', async () => {
      const [head, , sig] = userToken.split('.');
      const p = {
        ...payloadOf(userToken),
        [CLAIM_NAME_IDENTIFIER]: String(adminId),
        [CLAIM_ROLE]: ['Admin', 'Employee'],
      };
      const tampered = `${head}.${b64url(p)}.${sig}`;
      expect((await info(tampered)).status).toBe(401);
      expect((await t.call('GET', '/api/User/ReadAll', { token: tampered })).status).toBe(401);
    });

    it('refuses garbage', async () => {
      expect((await info('abc.def.ghi')).status).toBe(401);
      expect((await info('x')).status).toBe(401);
    });

    it('expire after 60 minutes', async () => {
      const token = await t.tokenFor(USER.email, USER.password);
      t.clock.advance(3599 * 1000);
      expect((await info(token)).status).toBe(200);
      t.clock.advance(2000);
      const res = await info(token);
      expect(res.status).toBe(401);
      expect((res.body as { Message: string }).Message).toBe('Your sign-in has expired: sign in again.');
    });
  });

  describe('sign-in throttling', () => {
    const VICTIM = { email: 'victim@aisle.test', password: 'Vict1m!pass' };
    let victimId: number;

    beforeAll(async () => {
      victimId = await addAccount(t, VICTIM.email, VICTIM.password, 'User');
    });

    it('backs off after 5 failures from one address, doubling, with Retry-After', async () => {
      const ip = '192.0.2.10';
      for (let i = 0; i < 5; i++) {
        expect((await t.signIn(VICTIM.email, `Wrong#${i}abc`, ip)).status).toBe(400);
      }
      const blocked = await t.signIn(VICTIM.email, VICTIM.password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('1');
      expect(blocked.body).toEqual({
        error: 'invalid_grant',
        error_description: 'Too many failed sign-in attempts; try again in 1 seconds.',
      });
      t.clock.advance(1000);
      expect((await t.signIn(VICTIM.email, 'Wrong#6abc', ip)).status).toBe(400);
      const again = await t.signIn(VICTIM.email, VICTIM.password, ip);
      expect(again.status).toBe(429);
      expect(again.headers.get('retry-after')).toBe('2');
    });

    it('does not lock the account out from other addresses', async () => {
      const res = await t.signIn(VICTIM.email, VICTIM.password, '192.0.2.99');
      expect(res.status).toBe(200);
    });

    it('clears the counter of the account and address after a success', async () => {
      const ip = '192.0.2.10';
      t.clock.advance(2000);
      expect((await t.signIn(VICTIM.email, VICTIM.password, ip)).status).toBe(200);
      const row = await t.db.db
        .selectFrom('login_throttle')
        .select('failures')
        .where('key', '=', `account:${VICTIM.email}|${ip}`)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      expect((await t.signIn(VICTIM.email, 'Wrong#again1', ip)).status).toBe(400);
      expect((await t.signIn(VICTIM.email, VICTIM.password, ip)).status).toBe(200);
      expect(victimId).toBeGreaterThan(0);
    });

    it('backs off an address that fails across many accounts (after 20)', async () => {
      const ip = '192.0.2.50';
      const at = t.clock.now.toISOString();
      // Nineteen failures already counted, as a spraying attack would leave them.
      await t.db.db
        .insertInto('login_throttle')
        .values({ key: `ip:${ip}`, failures: 19, next_allowed_at: at, updated_at: at })
        .execute();
      expect((await t.signIn('someone-else@aisle.test', 'Guess#123a', ip)).status).toBe(400);
      const res = await t.signIn(VICTIM.email, VICTIM.password, ip);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('1');
    });

    it('forgets failures after a quiet day', async () => {
      const ip = '192.0.2.10';
      for (let i = 0; i < 5; i++) await t.signIn(VICTIM.email, `Wrong#${i}xyz`, ip);
      expect((await t.signIn(VICTIM.email, VICTIM.password, ip)).status).toBe(429);
      t.clock.advance(24 * 3600 * 1000 + 1000);
      expect((await t.signIn(VICTIM.email, VICTIM.password, ip)).status).toBe(200);
    });
  });

  describe('security stamp', () => {
    it('makes earlier tokens fail after a password change', async () => {
      const email = 'changer@aisle.test';
      const id = await addAccount(t, email, 'Chang3!first', 'User');
      const old = await t.tokenFor(email, 'Chang3!first');
      const res = await t.call('PUT', `/api/User/Edit/${id}`, {
        token: old,
        json: {
          Id: id,
          CurrentPassword: 'Chang3!first',
          NewPassword: 'Chang3!second',
          ConfirmPassword: 'Chang3!second',
        },
      });
      expect(res.status).toBe(200);
      const after = await t.call<{ Message: string }>('GET', '/api/Account/UserInfo', { token: old });
      expect(after.status).toBe(401);
      expect(after.body.Message).toContain('password changed');
      expect((await t.signIn(email, 'Chang3!first')).status).toBe(400);
      const fresh = await t.tokenFor(email, 'Chang3!second');
      expect((await t.call('GET', '/api/Account/UserInfo', { token: fresh })).status).toBe(200);
    });

    it('makes the tokens of a deleted account fail', async () => {
      const email = 'leaver@aisle.test';
      const id = await addAccount(t, email, 'Leav3!now', 'User');
      // The clock has moved past the first tokens' hour by now.
      const [token, admin] = await Promise.all([
        t.tokenFor(email, 'Leav3!now'),
        t.tokenFor(ADMIN.email, ADMIN.password),
      ]);
      expect((await t.call('DELETE', `/api/User/Delete/${id}`, { token: admin })).status).toBe(200);
      expect((await t.call('GET', '/api/Account/UserInfo', { token })).status).toBe(401);
    });

    it('makes earlier tokens fail when user:add resets the password', async () => {
      const token = await t.tokenFor(USER.email, USER.password);
      await addAccount(t, USER.email, 'Res3t!pass', 'User');
      expect((await t.call('GET', '/api/Account/UserInfo', { token })).status).toBe(401);
      expect(userToken).not.toBe('');
    });
  });

  it('ignores X-Forwarded-For unless a proxy is trusted', async () => {
    const direct = await createAuthTestApp(dialect, { trustProxy: NO_PROXY });
    try {
      await direct.signIn('nobody@aisle.test', 'Whatever1!', '198.51.100.77');
      const row = await direct.db.db.selectFrom('audit_log').select('ip').executeTakeFirstOrThrow();
      // Without a trusted proxy the socket's peer is the client, and the header only the client's word.
      expect(row.ip).toBe(TEST_PROXY);
    } finally {
      await direct.close();
    }
  });
});
