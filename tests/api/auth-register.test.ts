import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestApp, createAuthTestApp, latestCode, mailsTo } from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Registered = { UserId: number; Message: string };

const RULE =
  'Password Length should be minimum 6 characters long, it should have at least one digit, one special character, one lowercase and one uppercase character.';

describe.each(DIALECTS)('registration and e-mail confirmation on %s', (dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(() => t.close());

  // Each registration from an address of its own: these cases are not about the per-address limit
  // (auth-register-throttle.test.ts is).
  let caller = 0;
  const register = (json: unknown) =>
    t.call<Registered & Err>('POST', '/api/Account/register', { json, ip: `203.0.113.${(caller++ % 250) + 1}` });
  const confirm = (json: unknown) => t.call<string | Err>('POST', '/accountapi/confirmemail', { json });

  it('registers, mails a code, refuses sign-in until confirmed, then lets the user in', async () => {
    const email = 'meera@aisle.test';
    const reg = await register({ Email: email, Password: 'Meera#2026', ConfirmPassword: 'Meera#2026' });
    expect(reg.status).toBe(200);
    expect(Object.keys(reg.body).sort()).toEqual(['Message', 'UserId']);
    const id = reg.body.UserId;
    expect(reg.body.Message).toContain(email);
    expect(reg.body.Message).toContain('Check your mail');
    expect(reg.body.Message).toContain(`/confirm/${id}`);

    const mails = mailsTo(t, email);
    expect(mails).toHaveLength(1);
    const mail = mails[0] ?? '';
    expect(mail).toMatch(/^Subject: Your Aisle access code$/m);
    expect(mail).toContain(`/confirm/${id}`);
    const code = latestCode(t, email);
    expect(code).toMatch(/^\d{6}$/);

    const stored = await t.db.db
      .selectFrom('email_codes')
      .selectAll()
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.code_hash).not.toContain(code);
    expect(stored.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const roles = await t.db.db.selectFrom('user_roles').select('role').where('user_id', '=', id).execute();
    expect(roles.map((r) => r.role)).toEqual(['User']);

    const early = await t.signIn(email, 'Meera#2026');
    expect(early.status).toBe(400);
    expect(String(early.body.error_description)).toContain('not confirmed');

    const ok = await confirm({ userId: id, code });
    expect(ok.status).toBe(200);
    expect(ok.body).toBe('Your e-mail address is confirmed. You can sign in now.');
    expect((await t.signIn(email, 'Meera#2026')).status).toBe(200);

    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'detail'])
      .where('target', '=', `user:${id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['account.registered', 'account.confirmed']);
    expect(audit.every((a) => a.actor_id === id && !a.detail.includes(code) && !a.detail.includes('Meera#2026'))).toBe(
      true,
    );
  });

  it('uses a code only once', async () => {
    const email = 'once@aisle.test';
    const { body } = await register({ Email: email, Password: 'Once#2026x', ConfirmPassword: 'Once#2026x' });
    const code = latestCode(t, email);
    expect((await confirm({ UserId: body.UserId, Code: code })).status).toBe(200);
    const again = await confirm({ UserId: body.UserId, Code: code });
    expect(again.status).toBe(400);
    expect((again.body as Err).Message).toContain('already been used');
  });

  it('allows 5 attempts at most, counting down', async () => {
    const email = 'guesser@aisle.test';
    const { body } = await register({ Email: email, Password: 'Guess#2026', ConfirmPassword: 'Guess#2026' });
    const code = latestCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const left: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await confirm({ userId: body.UserId, code: wrong });
      expect(res.status).toBe(400);
      left.push((res.body as Err).Message);
    }
    expect(left[0]).toBe('This access code is not correct. You have 4 tries left.');
    expect(left[3]).toBe('This access code is not correct. You have 1 try left.');
    expect(left[4]).toContain('last of 5 tries');
    const right = await confirm({ userId: body.UserId, code });
    expect(right.status).toBe(400);
    expect((right.body as Err).Message).toContain('Too many wrong access codes');
    const row = await t.db.db
      .selectFrom('users')
      .select('email_confirmed')
      .where('id', '=', body.UserId)
      .executeTakeFirst();
    expect(row?.email_confirmed).toBe(0);
  });

  it('expires a code after 10 minutes, and registering again mails a new one for the same account', async () => {
    const email = 'slow@aisle.test';
    const { body } = await register({ Email: email, Password: 'Slow#2026x', ConfirmPassword: 'Slow#2026x' });
    const first = latestCode(t, email);

    const early = await register({ Email: email, Password: 'Slow#2026y', ConfirmPassword: 'Slow#2026y' });
    expect(early.status).toBe(400);
    expect(early.body.ModelState?.Email?.[0]).toContain('waiting for confirmation');

    t.clock.advance(10 * 60 * 1000);
    const late = await confirm({ userId: body.UserId, code: first });
    expect(late.status).toBe(400);
    expect((late.body as Err).Message).toContain('expired');

    const again = await register({ Email: email, Password: 'Slow#2026y', ConfirmPassword: 'Slow#2026y' });
    expect(again.status).toBe(200);
    expect(again.body.UserId).toBe(body.UserId);
    expect(mailsTo(t, email)).toHaveLength(2);
    const second = latestCode(t, email);
    expect((await confirm({ userId: body.UserId, code: second })).status).toBe(200);
    expect((await t.signIn(email, 'Slow#2026x')).status).toBe(400);
    expect((await t.signIn(email, 'Slow#2026y')).status).toBe(200);
  });

  it('refuses a second account for a confirmed address, naming Email', async () => {
    const res = await register({ Email: 'MEERA@aisle.test', Password: 'Other#2026', ConfirmPassword: 'Other#2026' });
    expect(res.status).toBe(400);
    expect(res.body.ModelState).toEqual({ Email: ['An account with this Email already exists: sign in instead.'] });
  });

  it('answers every spec §5 message, by field', async () => {
    const empty = await register({});
    expect(empty.status).toBe(400);
    expect(empty.body.ModelState).toEqual({
      Email: ['Email is required'],
      Password: ['Password is required'],
      ConfirmPassword: ['Confirm Password is required'],
    });
    expect(empty.body.Message).toContain('Email is required.');

    const bad = await register({ Email: 'not-an-email', Password: 'short', ConfirmPassword: 'different' });
    expect(bad.body.ModelState).toEqual({
      Email: ['Invalid Email Address'],
      Password: [RULE],
      ConfirmPassword: ['Confirm Password should be match with Password'],
    });
  });

  it('refuses common passwords that meet the rule, and accepts long passphrases', async () => {
    const common = await register({ Email: 'c@aisle.test', Password: 'P@ssw0rd', ConfirmPassword: 'P@ssw0rd' });
    expect(common.status).toBe(400);
    expect(common.body.ModelState?.Password?.[0]).toContain('commonly used');

    const long = 'Seven brown Owls sang 4 hymns at the quay! '.repeat(2).trim();
    expect(long.length).toBeGreaterThanOrEqual(64);
    const ok = await register({ Email: 'long@aisle.test', Password: long, ConfirmPassword: long });
    expect(ok.status).toBe(200);

    const huge = `Aa1!${'x'.repeat(200)}`;
    const tooLong = await register({ Email: 'huge@aisle.test', Password: huge, ConfirmPassword: huge });
    expect(tooLong.body.ModelState?.Password).toEqual(['Password must be at most 128 characters long.']);
  });

  it('answers 400, never 500, for malformed bodies', async () => {
    const notJson = await t.app.request('/api/Account/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"Email":',
    });
    expect(notJson.status).toBe(400);
    expect((await register([1, 2])).status).toBe(400);
    const wrongType = await register({ Email: 5, Password: 'x', ConfirmPassword: 'x' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.ModelState).toEqual({ Email: ['Email must be text.'] });
  });

  it('validates the confirmation call', async () => {
    const noCode = await confirm({ userId: 1 });
    expect(noCode.status).toBe(400);
    expect((noCode.body as Err).ModelState).toEqual({ Code: ['Access Code is Required'] });
    const shortCode = await confirm({ userId: 1, code: '12' });
    expect((shortCode.body as Err).ModelState?.Code).toEqual([
      'Access Code must be the 6 digits we sent you by e-mail.',
    ]);
    const noUser = await confirm({ code: '123456' });
    expect((noUser.body as Err).ModelState).toEqual({ userId: ['userId is required.'] });
    const unknown = await confirm({ userId: 99999, code: '123456' });
    expect(unknown.status).toBe(400);
    expect((unknown.body as Err).Message).toContain('99999');
  });

  it('keeps no registration when the mail cannot be sent', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the SMTP connection is refused.
    const down = await createAuthTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const res = await down.call<Err>('POST', '/api/Account/register', {
        json: { Email: 'nomail@aisle.test', Password: 'N0mail!pw', ConfirmPassword: 'N0mail!pw' },
      });
      expect(res.status).toBe(503);
      expect(res.body.Message).toContain('could not send the confirmation e-mail');
      const rows = await down.db.db.selectFrom('users').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await down.close();
    }
  });
});
