import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, addAccount, createAuthTestApp } from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 27: staff sign in with a second factor (TOTP, RFC 6238, with recovery codes).
// Codes are made with otplib at the test app's clock, as a staff member's phone makes them.

type Body = Record<string, unknown>;
type Err = { Message: string; ModelState?: Record<string, string[]> };
interface Setup {
  Secret: string;
  OtpAuthUrl: string;
  RecoveryCodes: string[];
}

const PASSWORD = 'Gr3en!Tea-pot';

describe.each(DIALECTS)('staff second factor under STAFF_MFA=required on %s', (dialect) => {
  let t: AuthTestApp;
  let adminToken = '';
  let adminId = 0;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect, { staffMfa: 'required' });
    adminId = await addAccount(t, 'ravi@aisle.test', PASSWORD, 'Admin', 'Ravi Admin');
    adminToken = await setUpAndSignIn('ravi@aisle.test');
  });
  afterAll(() => t.close());

  /** A TOTP code of `secret` at the app's clock, moved by `offsetSeconds`. */
  const codeAt = (secret: string, offsetSeconds = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.now.getTime() / 1000) + offsetSeconds });

  /** The next 30-second step: a code of the step just used is refused. */
  const nextStep = () => t.clock.advance(30_000);

  const audit = (action: string, userId: number) =>
    t.db.db
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', action)
      .where('target', '=', `user:${userId}`)
      .orderBy('id')
      .execute();

  /** Signs in the way the login form does under STAFF_MFA=required the first time: setup, enable, sign in with a code. */
  async function setUpAndSignIn(email: string): Promise<string> {
    const first = await t.signIn(email, PASSWORD);
    const setupToken = String(first.body.mfa_setup_token);
    const setup = await t.call<Setup>('POST', '/api/Account/Mfa/Setup', { token: setupToken });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const enabled = await t.call('POST', '/api/Account/Mfa/Enable', {
      token: setupToken,
      json: { Code: await codeAt(setup.body.Secret) },
    });
    expect(enabled.status, JSON.stringify(enabled.body)).toBe(200);
    nextStep();
    const signedIn = await t.signIn(email, PASSWORD, undefined, { otp: await codeAt(setup.body.Secret) });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    secrets.set(email, setup.body);
    return String(signedIn.body.access_token);
  }
  const secrets = new Map<string, Setup>();

  it('refuses a staff sign-in without a second factor, saying how to set one up, and sets it up with the setup token', async () => {
    const email = 'sita@aisle.test';
    const id = await addAccount(t, email, PASSWORD, 'Employee', 'Sita Staff');

    const refused = await t.signIn(email, PASSWORD);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('invalid_grant');
    expect(refused.body.error_description).toMatch(/must sign in with a second factor.*set it up now/);
    expect(refused.body.mfa).toBe('setup');
    expect(refused.body.access_token).toBeUndefined();
    const setupToken = String(refused.body.mfa_setup_token);

    // The setup token opens the setup calls and nothing else.
    expect((await t.call('GET', '/api/Account/UserInfo', { token: setupToken })).status).toBe(401);
    expect((await t.call('GET', `/api/Employee/Details/${id}`, { token: setupToken })).status).toBe(401);
    expect(
      (await t.call('POST', '/api/Account/Mfa/Disable', { token: setupToken, json: { Code: '123456' } })).status,
    ).toBe(401);

    const setup = await t.call<Setup>('POST', '/api/Account/Mfa/Setup', { token: setupToken });
    expect(setup.status).toBe(200);
    expect(setup.body.Secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.OtpAuthUrl).toBe(
      `otpauth://totp/Aisle:${encodeURIComponent(email)}?secret=${setup.body.Secret}&issuer=Aisle`,
    );
    expect(setup.body.RecoveryCodes).toHaveLength(10);
    for (const code of setup.body.RecoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Neither the secret nor a recovery code is stored as it was answered.
    const row = await t.db.db.selectFrom('account_mfa').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.body.Secret);
    expect(row.enabled_at).toBeNull();
    const hashes = await t.db.db
      .selectFrom('mfa_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', id)
      .execute();
    expect(hashes).toHaveLength(10);
    const plain = setup.body.RecoveryCodes.map((c) => c.replace('-', ''));
    for (const { code_hash } of hashes) expect(plain.some((c) => code_hash.includes(c))).toBe(false);

    // Until it is enabled, the sign-in still asks for the setup.
    expect((await t.signIn(email, PASSWORD)).body.mfa).toBe('setup');

    const wrong = await t.call<Err>('POST', '/api/Account/Mfa/Enable', { token: setupToken, json: { Code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState?.Code?.[0]).toMatch(/^Code is not correct/);
    const enableCode = await codeAt(setup.body.Secret);
    const enabled = await t.call('POST', '/api/Account/Mfa/Enable', { token: setupToken, json: { Code: enableCode } });
    expect(enabled.status).toBe(200);
    expect(await audit('mfa.enabled', id)).toHaveLength(1);

    // Now the password alone is not enough, and the form is asked for a code.
    const asked = await t.signIn(email, PASSWORD);
    expect(asked.status).toBe(400);
    expect(asked.body).toMatchObject({ error: 'invalid_grant', mfa: 'code' });
    expect(asked.body.error_description).toMatch(/Enter the 6-digit code from your authenticator app/);
    // The code that enabled it cannot sign in: each code works once.
    const replayed = await t.signIn(email, PASSWORD, undefined, { otp: enableCode });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error_description).toMatch(/not correct or has been used already/);

    nextStep();
    const code = await codeAt(setup.body.Secret);
    const signedIn = await t.signIn(email, PASSWORD, undefined, { otp: code });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(typeof signedIn.body.access_token).toBe('string');
    // The same code again, within its window: refused.
    expect((await t.signIn(email, PASSWORD, undefined, { otp: code })).status).toBe(400);

    // A phone a step behind or ahead still works; two steps behind does not.
    t.clock.advance(60_000);
    expect((await t.signIn(email, PASSWORD, undefined, { otp: await codeAt(setup.body.Secret, -60) })).status).toBe(
      400,
    );
    expect((await t.signIn(email, PASSWORD, undefined, { otp: await codeAt(setup.body.Secret, -30) })).status).toBe(
      200,
    );
    nextStep();
    nextStep();
    expect((await t.signIn(email, PASSWORD, undefined, { otp: await codeAt(setup.body.Secret, 30) })).status).toBe(200);

    // A second factor that is on cannot be swapped by whoever holds a token.
    const again = await t.call<Err>('POST', '/api/Account/Mfa/Setup', { token: String(signedIn.body.access_token) });
    expect(again.status).toBe(409);
    expect(again.body.Message).toMatch(/already set up.*disable it first/);
    const status = await t.call<Body>('GET', '/api/Account/Mfa', { token: String(signedIn.body.access_token) });
    expect(status.body).toEqual({ Enabled: true, Pending: false, RecoveryCodesLeft: 10, Required: true });
  });

  it('lets shoppers sign in with the password alone, and keeps the second factor for staff', async () => {
    const shopper = await addAccount(t, 'asha@aisle.test', 'Asha#2026pw', 'User');
    const signedIn = await t.signIn('asha@aisle.test', 'Asha#2026pw');
    expect(signedIn.status).toBe(200);
    const setup = await t.call<Err>('POST', '/api/Account/Mfa/Setup', { token: String(signedIn.body.access_token) });
    expect(setup.status).toBe(403);
    expect(await audit('mfa.enabled', shopper)).toHaveLength(0);
  });

  it('takes a recovery code once, in any case and spacing, and audits its use', async () => {
    const email = 'kiran@aisle.test';
    const id = await addAccount(t, email, PASSWORD, 'Employee');
    await setUpAndSignIn(email);
    const [first, second] = secrets.get(email)?.RecoveryCodes ?? [];
    if (first === undefined || second === undefined) throw new Error('no recovery codes');

    const used = await t.signIn(email, PASSWORD, undefined, { otp: ` ${first.toUpperCase()} ` });
    expect(used.status, JSON.stringify(used.body)).toBe(200);
    const again = await t.signIn(email, PASSWORD, undefined, { otp: first });
    expect(again.status).toBe(400);
    expect(again.body.mfa).toBe('code');
    expect((await t.signIn(email, PASSWORD, undefined, { otp: second.replace('-', '') })).status).toBe(200);

    const entries = await audit('mfa.recovery_used', id);
    expect(entries.map((e) => JSON.parse(e.detail))).toEqual([{ left: 9 }, { left: 8 }]);
    expect(entries.every((e) => e.actor_id === id)).toBe(true);
    const status = await t.call<Body>('GET', '/api/Account/Mfa', { token: String(used.body.access_token) });
    expect(status.body.RecoveryCodesLeft).toBe(8);
  });

  it('counts wrong codes as failed sign-ins, throttled and audited', async () => {
    const email = 'guess@aisle.test';
    const id = await addAccount(t, email, PASSWORD, 'Employee');
    await setUpAndSignIn(email);
    const ip = '198.51.100.90';
    const statuses: number[] = [];
    for (const otp of ['111111', '222222', '333333', 'not-a-code', '444444', '555555']) {
      statuses.push((await t.signIn(email, PASSWORD, ip, { otp })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right code (of the next step: this one's was used) waits too.
    const secret = secrets.get(email)?.Secret ?? '';
    const held = await t.signIn(email, PASSWORD, ip, { otp: await codeAt(secret, 30) });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0);
    const failed = await audit('signin.failed', id);
    expect(failed.map((e) => JSON.parse(e.detail).reason)).toEqual(Array(5).fill('wrong code'));
  });

  it('disables with a current or recovery code, audited; an admin resets another account, ending its sessions', async () => {
    const email = 'mohan@aisle.test';
    const id = await addAccount(t, email, PASSWORD, 'Employee');
    const token = await setUpAndSignIn(email);
    const setup = secrets.get(email) as Setup;

    const wrong = await t.call<Err>('POST', '/api/Account/Mfa/Disable', { token, json: { Code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ModelState?.Code?.[0]).toMatch(/not correct/);
    const missing = await t.call<Err>('POST', '/api/Account/Mfa/Disable', { token, json: {} });
    expect(missing.body.ModelState).toEqual({
      Code: ['Code is required: the 6-digit code from your authenticator app.'],
    });

    const off = await t.call<Err>('POST', '/api/Account/Mfa/Disable', {
      token,
      json: { Code: setup.RecoveryCodes[3] },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.Message).toMatch(/next sign-in will ask you to set one up/);
    expect((await audit('mfa.disabled', id)).map((e) => JSON.parse(e.detail))).toEqual([{ via: 'recovery' }]);
    expect(await audit('mfa.recovery_used', id)).toHaveLength(1);
    expect(await t.db.db.selectFrom('mfa_recovery_codes').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect((await t.signIn(email, PASSWORD)).body.mfa).toBe('setup');

    // Set up again (a new phone), then lost: an admin resets it.
    const token2 = await setUpAndSignIn(email);
    const self = await t.call<Err>('POST', '/api/Account/Mfa/Reset', { token: adminToken, json: { UserId: adminId } });
    expect(self.status).toBe(400);
    const byStaff = await t.call('POST', '/api/Account/Mfa/Reset', { token: token2, json: { UserId: adminId } });
    expect(byStaff.status).toBe(403);
    const reset = await t.call<Err>('POST', '/api/Account/Mfa/Reset', { token: adminToken, json: { UserId: id } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const resets = await audit('mfa.reset', id);
    expect(resets.map((e) => e.actor_id)).toEqual([adminId]);
    expect((await t.call('GET', '/api/Account/UserInfo', { token: token2 })).status).toBe(401);
    expect((await t.signIn(email, PASSWORD)).body.mfa).toBe('setup');
    const none = await t.call<Err>('POST', '/api/Account/Mfa/Reset', { token: adminToken, json: { UserId: id } });
    expect(none.status).toBe(400);
  });

  it('lets npm run user:add remove a second factor, audited', async () => {
    const email = 'lost@aisle.test';
    const id = await addAccount(t, email, PASSWORD, 'Employee');
    await setUpAndSignIn(email);
    const { ensureAccount } = await import('../../src/server/auth/accounts.ts');
    const kept = await ensureAccount(t.db.db, { email, password: PASSWORD, role: 'Employee', now: t.clock.now });
    expect(kept.mfaReset).toBe(false);
    expect((await t.signIn(email, PASSWORD)).body.mfa).toBe('code');
    const reset = await ensureAccount(t.db.db, {
      email,
      password: PASSWORD,
      role: 'Employee',
      resetMfa: true,
      now: t.clock.now,
    });
    expect(reset.mfaReset).toBe(true);
    expect((await audit('mfa.reset', id)).map((e) => e.actor_id)).toEqual([null]);
    expect((await t.signIn(email, PASSWORD)).body.mfa).toBe('setup');
  });
});

describe.each(DIALECTS)('staff second factor when optional on %s', (dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(() => t.close());

  it('signs staff in with the password alone until they set a second factor up from their profile', async () => {
    const email = 'esha@aisle.test';
    await addAccount(t, email, PASSWORD, 'Employee');
    const first = await t.signIn(email, PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.mfa).toBeUndefined();
    const token = String(first.body.access_token);
    expect((await t.call<Body>('GET', '/api/Account/Mfa', { token })).body).toEqual({
      Enabled: false,
      Pending: false,
      RecoveryCodesLeft: 0,
      Required: false,
    });
    const setup = await t.call<Setup>('POST', '/api/Account/Mfa/Setup', { token });
    expect((await t.call<Body>('GET', '/api/Account/Mfa', { token })).body.Pending).toBe(true);
    const epoch = Math.floor(t.clock.now.getTime() / 1000);
    const enabled = await t.call('POST', '/api/Account/Mfa/Enable', {
      token,
      json: { Code: await generate({ secret: setup.body.Secret, epoch }) },
    });
    expect(enabled.status).toBe(200);
    expect((await t.signIn(email, PASSWORD)).body.mfa).toBe('code');
    t.clock.advance(30_000);
    const code = await generate({ secret: setup.body.Secret, epoch: epoch + 30 });
    expect((await t.signIn(email, PASSWORD, undefined, { otp: code })).status).toBe(200);
  });
});
