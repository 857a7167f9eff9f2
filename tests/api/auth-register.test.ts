import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/auth/passwords.ts';
import {
  type AuthTestApp,
  addAccount,
  createAuthTestApp,
  decodeMail,
  latestCode,
  mailedConfirmLink,
  mailsTo,
  SITE_URL,
} from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Registered = { Message: string };

const RULE =
  'Password Length should be minimum 6 characters long, it should have at least one digit, one special character, one lowercase and one uppercase character.';

/** What a client can tell an answer by: status, every header, and the body's bytes. */
async function raw(res: Response): Promise<{ status: number; headers: [string, string][]; body: string }> {
  return { status: res.status, headers: [...res.headers], body: await res.text() };
}

describe.each(DIALECTS)('registration and e-mail confirmation on %s', (dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(() => t.close());

  // Each registration from an address of its own: these cases are not about the per-address limit
  // (auth-register-throttle.test.ts is).
  let caller = 0;
  const nextIp = () => `203.0.113.${(caller++ % 250) + 1}`;
  const register = (json: unknown) => t.call<Registered & Err>('POST', '/api/Account/register', { json, ip: nextIp() });
  const registerRaw = (json: unknown) =>
    t.app.request('/api/Account/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      body: JSON.stringify(json),
    });
  const confirm = (json: unknown) => t.call<string | Err>('POST', '/accountapi/confirmemail', { json });
  const resend = (userId: number) =>
    t.app.request('/accountapi/resendcode', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextIp() },
      body: JSON.stringify({ userId }),
    });

  it('registers, mails a link that carries the code, refuses sign-in until confirmed, then lets the user in', async () => {
    const email = 'meera@aisle.test';
    const reg = await register({ Email: email, Password: 'Meera#2026', ConfirmPassword: 'Meera#2026' });
    expect(reg.status).toBe(200);
    expect(Object.keys(reg.body)).toEqual(['Message']);
    expect(reg.body.Message).toContain('check your mail');
    expect(reg.body.Message).not.toMatch(/confirm\/\d|@/);

    const mails = mailsTo(t, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/^Subject: Your Aisle access code$/m);
    // The shopper follows the link: its code is the mailed one, and it confirms with nothing typed.
    const link = mailedConfirmLink(t, email);
    const code = latestCode(t, email);
    expect(link.href).toBe(`${SITE_URL}/confirm/${link.userId}?code=${code}`);
    const id = link.userId;
    const row = await t.db.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(id).toBe(row.id);

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

    const ok = await confirm({ userId: link.userId, code: link.code });
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
    await register({ Email: email, Password: 'Once#2026x', ConfirmPassword: 'Once#2026x' });
    const { userId, code } = mailedConfirmLink(t, email);
    expect((await confirm({ UserId: userId, Code: code })).status).toBe(200);
    const again = await confirm({ UserId: userId, Code: code });
    expect(again.status).toBe(400);
    expect((again.body as Err).Message).toContain('already been used');
  });

  it('signs a confirmed shopper in when asked with signIn: true (issue 37); a bad signIn is a 400 naming it', async () => {
    const email = 'signed-on-confirm@aisle.test';
    await register({ Email: email, Password: 'Conf#2026x', ConfirmPassword: 'Conf#2026x' });
    const { userId, code } = mailedConfirmLink(t, email);
    const bad = await confirm({ userId, code, signIn: 'yes' });
    expect(bad.status).toBe(400);
    expect((bad.body as Err).ModelState).toHaveProperty('signIn');
    const res = await t.call<{ Message: string; access_token: string; token_type: string; expires_in: number }>(
      'POST',
      '/accountapi/confirmemail',
      { json: { userId, code, signIn: true } },
    );
    expect(res.status).toBe(200);
    expect(res.body.Message).toBe('Your e-mail address is confirmed, and you are signed in.');
    expect(res.body.token_type).toBe('bearer');
    expect(res.body.expires_in).toBeGreaterThan(0);
    const me = await t.call<{ Email: string }>('GET', '/api/Account/UserInfo', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain(email);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${userId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['account.registered', 'account.confirmed', 'signin.confirmed']);
  });

  it('allows 5 attempts at most, counting down', async () => {
    const email = 'guesser@aisle.test';
    await register({ Email: email, Password: 'Guess#2026', ConfirmPassword: 'Guess#2026' });
    const { userId, code } = mailedConfirmLink(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const left: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await confirm({ userId, code: wrong });
      expect(res.status).toBe(400);
      left.push((res.body as Err).Message);
    }
    expect(left[0]).toBe('This access code is not correct. You have 4 tries left.');
    expect(left[3]).toBe('This access code is not correct. You have 1 try left.');
    expect(left[4]).toContain('last of 5 tries');
    const right = await confirm({ userId, code });
    expect(right.status).toBe(400);
    expect((right.body as Err).Message).toContain('Too many wrong access codes');
    const row = await t.db.db.selectFrom('users').select('email_confirmed').where('id', '=', userId).executeTakeFirst();
    expect(row?.email_confirmed).toBe(0);
  });

  it('registering again while a code works mails a new code and keeps the first password; once spent, replaces it', async () => {
    const email = 'slow@aisle.test';
    await register({ Email: email, Password: 'Slow#2026x', ConfirmPassword: 'Slow#2026x' });
    const first = mailedConfirmLink(t, email);

    const early = await register({ Email: email, Password: 'Slow#2026y', ConfirmPassword: 'Slow#2026y' });
    expect(early.status).toBe(200);
    const second = mailedConfirmLink(t, email);
    expect(second.userId).toBe(first.userId);
    expect(decodeMail(mailsTo(t, email).at(-1) ?? '')).toContain('the password you chose the first time is kept');
    if (second.code !== first.code) {
      expect((await confirm({ userId: first.userId, code: first.code })).status).toBe(400);
    }

    t.clock.advance(10 * 60 * 1000);
    const late = await confirm({ userId: second.userId, code: second.code });
    expect(late.status).toBe(400);
    expect((late.body as Err).Message).toContain('expired');

    const again = await register({ Email: email, Password: 'Slow#2026z', ConfirmPassword: 'Slow#2026z' });
    expect(again.status).toBe(200);
    expect(mailsTo(t, email)).toHaveLength(3);
    const third = mailedConfirmLink(t, email);
    expect(third.userId).toBe(first.userId);
    expect(decodeMail(mailsTo(t, email).at(-1) ?? '')).not.toContain('is kept');
    expect((await confirm({ userId: third.userId, code: third.code })).status).toBe(200);
    expect((await t.signIn(email, 'Slow#2026x')).status).toBe(400);
    expect((await t.signIn(email, 'Slow#2026y')).status).toBe(400);
    expect((await t.signIn(email, 'Slow#2026z')).status).toBe(200);
  });

  it('answers a taken address byte for byte as a new one, and mails its owner the sign-in and reset links', async () => {
    await addAccount(t, 'owner@aisle.test', 'Owner#2026', 'User');
    await register({ Email: 'waiting@aisle.test', Password: 'Wait#2026x', ConfirmPassword: 'Wait#2026x' });
    const json = (email: string) => ({ Email: email, Password: 'Other#2026', ConfirmPassword: 'Other#2026' });
    const answers = {
      fresh: await raw(await registerRaw(json('fresh@aisle.test'))),
      taken: await raw(await registerRaw(json('OWNER@aisle.test'))),
      waiting: await raw(await registerRaw(json('waiting@aisle.test'))),
    };
    expect(answers.fresh.status).toBe(200);
    expect(answers.taken).toEqual(answers.fresh);
    expect(answers.waiting).toEqual(answers.fresh);
    const header = (name: string) => answers.fresh.headers.find(([n]) => n === name)?.[1];
    expect(header('content-type')).toMatch(/^application\/json/);
    expect(header('cache-control')).toBe('no-store');

    // Nothing changed for the owner; the mail tells them what happened and how to get in.
    expect((await t.signIn('owner@aisle.test', 'Owner#2026')).status).toBe(200);
    expect((await t.signIn('owner@aisle.test', 'Other#2026')).status).toBe(400);
    const owners = mailsTo(t, 'owner@aisle.test').map(decodeMail);
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatch(/^Subject: Someone tried to register with your e-mail address$/m);
    expect(owners[0]).toContain(`Sign in: ${SITE_URL}/app/login`);
    expect(owners[0]).toContain(`Reset my password: ${SITE_URL}/app/reset-password?email=owner%40aisle.test`);
    expect(owners[0]).not.toMatch(/code is:/);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('actor_email', '=', 'owner@aisle.test')
      .where('action', 'like', 'account.%')
      .execute();
    expect(audit).toEqual([{ action: 'account.register_taken', actor_id: null }]);
  });

  it('hashes the password for a taken address too, so the answer takes as long', async () => {
    await addAccount(t, 'timed@aisle.test', 'Timed#2026', 'User');
    // CPU time (scrypt runs on the thread pool, which counts), not wall time: other work on a
    // busy machine slows both alike but adds nothing to this process's CPU time.
    const cpuMs = async (work: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      await work();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    // The cheapest of three hashes, and half of it as the bar: a busy machine moves CPU time by
    // a third either way, while an answer that skipped the hash would take a few milliseconds.
    const hashes = [];
    for (const probe of ['Probe#2026', 'Probe#2027', 'Probe#2028']) hashes.push(await cpuMs(() => hashPassword(probe)));
    const hashMs = Math.min(...hashes);
    let status = 0;
    const takenMs = await cpuMs(async () => {
      status = (await register({ Email: 'timed@aisle.test', Password: 'Timed#2027', ConfirmPassword: 'Timed#2027' }))
        .status;
    });
    expect(status).toBe(200);
    expect(takenMs).toBeGreaterThan(hashMs * 0.5);
  });

  it('answers resendcode without an address, the same for unknown, confirmed and waiting ids', async () => {
    await register({ Email: 'pending@aisle.test', Password: 'Pend#2026x', ConfirmPassword: 'Pend#2026x' });
    const waiting = mailedConfirmLink(t, 'pending@aisle.test').userId;
    const confirmed = await addAccount(t, 'settled@aisle.test', 'Settled#2026', 'User');
    t.clock.advance(61_000);
    const answers = {
      waiting: await raw(await resend(waiting)),
      confirmed: await raw(await resend(confirmed)),
      unknown: await raw(await resend(987654)),
    };
    expect(answers.waiting.status).toBe(200);
    expect(answers.confirmed).toEqual(answers.waiting);
    expect(answers.unknown).toEqual(answers.waiting);
    expect(answers.waiting.body).not.toContain('@');
    expect(answers.waiting.body).toContain('If this registration is still waiting for confirmation');
    // Only the waiting account got a mail.
    await t.drainMail();
    expect(mailsTo(t, 'pending@aisle.test')).toHaveLength(2);
    expect(mailsTo(t, 'settled@aisle.test')).toHaveLength(0);

    // Asking again within the minute is refused alike for every id, still without an address.
    const again = {
      waiting: await raw(await resend(waiting)),
      confirmed: await raw(await resend(confirmed)),
      unknown: await raw(await resend(987654)),
    };
    expect(again.waiting.status).toBe(429);
    for (const answer of Object.values(again)) {
      expect(answer.status).toBe(429);
      expect(answer.body).not.toContain('@');
      expect(JSON.parse(answer.body).Message).toMatch(
        /^A new code can be asked for once a minute; try again in \d+ seconds\.$/,
      );
    }
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

  it('keeps no registration when the mail cannot be sent, and answers a taken address alike', async () => {
    // Port 9 (discard) on loopback: nothing listens, so the SMTP connection is refused.
    const down = await createAuthTestApp(dialect, { smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      await addAccount(down, 'kept@aisle.test', 'Kept#2026x', 'User');
      const attempt = (email: string, ip: string) =>
        down.app.request('/api/Account/register', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
          body: JSON.stringify({ Email: email, Password: 'N0mail!pw', ConfirmPassword: 'N0mail!pw' }),
        });
      const fresh = await raw(await attempt('nomail@aisle.test', '192.0.2.1'));
      const taken = await raw(await attempt('kept@aisle.test', '192.0.2.2'));
      expect(fresh.status).toBe(503);
      expect(JSON.parse(fresh.body).Message).toContain('could not send the confirmation e-mail');
      expect(taken).toEqual(fresh);
      const rows = await down.db.db.selectFrom('users').select('email').execute();
      expect(rows).toEqual([{ email: 'kept@aisle.test' }]);
    } finally {
      await down.close();
    }
  });
});
