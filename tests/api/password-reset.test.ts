import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CODE_FAILED } from '../../src/server/auth/password-reset.ts';
import { RESENT_MESSAGE } from '../../src/server/auth/registration.ts';
import {
  type AuthTestApp,
  addAccount,
  createAuthTestApp,
  decodeMail,
  mailedConfirmLink,
  mailsTo,
  SITE_URL,
} from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };
type Msg = { Message: string };

const OLD = 'Priya#2026';
const NEW = 'Mango!Season7';
const RULE =
  'Password Length should be minimum 6 characters long, it should have at least one digit, one special character, one lowercase and one uppercase character.';

/** The 6-digit code of the latest reset mail to `to`. */
function resetCode(t: AuthTestApp, to: string): string {
  const mail = mailsTo(t, to)
    .map(decodeMail)
    .filter((m) => /^Subject: Reset your Aisle password$/m.test(m))
    .at(-1);
  const code = mail === undefined ? undefined : /reset code is:\s+(\d{6})\b/.exec(mail)?.[1];
  if (code === undefined) throw new Error(`no reset code mailed to ${to}`);
  return code;
}

describe.each(DIALECTS)('password reset and access-code resend on %s', (dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(() => t.close());

  const forgot = (email: string, ip = '198.51.100.7') =>
    t.call<Msg & Err>('POST', '/api/Account/ForgotPassword', { json: { Email: email }, ip });
  const reset = (json: Record<string, unknown>, ip = '198.51.100.7') =>
    t.call<Msg & Err>('POST', '/api/Account/ResetPassword', { json, ip });

  it('mails a 6-digit code with a full link, stores only its hash, and answers the same for unknown addresses', async () => {
    await addAccount(t, 'priya.shopper@example.com', OLD, 'User', 'Priya Shopper');
    const known = await forgot('Priya.Shopper@Example.com');
    const unknown = await forgot('nobody.here@example.com');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body.Message.replace('priya.shopper@example.com', 'X')).toBe(
      unknown.body.Message.replace('nobody.here@example.com', 'X'),
    );
    await t.drainMail();
    expect(mailsTo(t, 'nobody.here@example.com')).toHaveLength(0);
    const code = resetCode(t, 'priya.shopper@example.com');
    const mail = decodeMail(mailsTo(t, 'priya.shopper@example.com').at(-1) ?? '');
    // The link opens the reset page with the address and the code filled in.
    expect(mail).toContain(
      `Reset my password: ${SITE_URL}/app/reset-password?email=priya.shopper%40example.com&code=${code}`,
    );
    expect(mail).toMatch(/Content-Type: text\/html/);
    const row = await t.db.db.selectFrom('password_reset_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const bad = await forgot('not an address');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['Email']);
  });

  it('sets a new password under the register rules and makes every earlier token stop working', async () => {
    const email = 'kiran@example.com';
    await addAccount(t, email, OLD, 'User', 'Kiran');
    const before = await t.tokenFor(email, OLD);
    expect((await t.call('GET', '/api/Account/UserInfo', { token: before })).status).toBe(200);
    expect((await forgot(email)).status).toBe(200);
    await t.drainMail();
    const code = resetCode(t, email);

    const weak = await reset({ Email: email, Code: code, Password: 'weak', ConfirmPassword: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.ModelState?.Password).toEqual([RULE]);
    const mismatch = await reset({ Email: email, Code: code, Password: NEW, ConfirmPassword: `${NEW}x` });
    expect(Object.keys(mismatch.body.ModelState ?? {})).toEqual(['ConfirmPassword']);

    const ok = await reset({ Email: email.toUpperCase(), Code: code, Password: NEW, ConfirmPassword: NEW });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/Account/UserInfo', { token: before })).status).toBe(401);
    expect((await t.signIn(email, OLD)).status).toBe(400);
    expect((await t.signIn(email, NEW)).status).toBe(200);
    // The code worked once.
    const again = await reset({ Email: email, Code: code, Password: OLD, ConfirmPassword: OLD });
    expect(again.status).toBe(400);
    expect(again.body.ModelState?.Code).toEqual([RESET_CODE_FAILED]);
  });

  it('refuses an expired code, and a code after 5 wrong tries, with the same answer as an unknown address', async () => {
    const email = 'meena@example.com';
    await addAccount(t, email, OLD, 'User');
    await forgot(email, '198.51.100.20');
    await t.drainMail();
    const code = resetCode(t, email);
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let i = 0; i < 5; i++) {
      tries.push(
        await reset({ Email: email, Code: wrong, Password: NEW, ConfirmPassword: NEW }, `198.51.100.${30 + i}`),
      );
    }
    expect(tries.map((r) => r.status)).toEqual([400, 400, 400, 400, 400]);
    const right = await reset({ Email: email, Code: code, Password: NEW, ConfirmPassword: NEW }, '198.51.100.40');
    expect(right.status).toBe(400);
    expect(right.body.ModelState?.Code).toEqual([RESET_CODE_FAILED]);
    const unknown = await reset(
      { Email: 'ghost@example.com', Code: code, Password: NEW, ConfirmPassword: NEW },
      '198.51.100.41',
    );
    expect(unknown.body).toEqual(right.body);
    expect((await t.signIn(email, OLD)).status).toBe(200);

    // A new code (a minute later) works, but not once its 10 minutes are over.
    t.clock.advance(61_000);
    await forgot(email, '198.51.100.50');
    await t.drainMail();
    const fresh = resetCode(t, email);
    expect(fresh).toBeDefined();
    t.clock.advance(10 * 60 * 1000 + 1);
    const late = await reset({ Email: email, Code: fresh, Password: NEW, ConfirmPassword: NEW }, '198.51.100.51');
    expect(late.status).toBe(400);
    expect(late.body.ModelState?.Code).toEqual([RESET_CODE_FAILED]);
    expect((await t.signIn(email, OLD)).status).toBe(200);
  });

  it('throttles requests and guesses from one address as sign-in does (429 with Retry-After)', async () => {
    const email = 'throttled@example.com';
    await addAccount(t, email, OLD, 'User');
    const ip = '198.51.100.99';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await reset({ Email: email, Code: '123456', Password: NEW, ConfirmPassword: NEW }, ip)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toContain(429);
    const limited = await forgot(email, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('sends a pending access code again, with a link carrying it, at most once a minute; the older code stops working', async () => {
    const email = 'newcomer@example.com';
    const reg = await t.call<Msg>('POST', '/api/Account/register', {
      json: { Email: 'NewComer@Example.com', Password: OLD, ConfirmPassword: OLD },
    });
    expect(reg.status).toBe(200);
    const first = mailedConfirmLink(t, email);
    const id = first.userId;
    expect(first.href).toBe(`${SITE_URL}/confirm/${id}?code=${first.code}`);

    // Within a minute of the registration's mail: the same answer, and no second mail.
    const soon = await t.call<Msg>('POST', '/accountapi/resendcode', { json: { userId: id } });
    expect(soon.status).toBe(200);
    expect(soon.body.Message).toBe(RESENT_MESSAGE);
    await t.drainMail();
    expect(mailsTo(t, email)).toHaveLength(1);
    t.clock.advance(61_000);
    const resent = await t.call<Msg>('POST', '/accountapi/resendcode', { json: { userId: id } });
    expect(resent.status).toBe(200);
    expect(resent.body.Message).toBe(RESENT_MESSAGE);
    await t.drainMail();
    expect(mailsTo(t, email)).toHaveLength(2);
    const second = mailedConfirmLink(t, email);
    expect(second.userId).toBe(id);
    expect(second.href).toBe(`${SITE_URL}/confirm/${id}?code=${second.code}`);
    if (first.code !== second.code) {
      const old = await t.call<Err>('POST', '/accountapi/confirmemail', { json: { userId: id, code: first.code } });
      expect(old.status).toBe(400);
    }
    const ok = await t.call('POST', '/accountapi/confirmemail', { json: { userId: id, code: second.code } });
    expect(ok.status).toBe(200);
    t.clock.advance(61_000);
    const done = await t.call<Msg>('POST', '/accountapi/resendcode', { json: { userId: id } });
    expect(done.status).toBe(200);
    expect(done.body.Message).toBe(RESENT_MESSAGE);
    await t.drainMail();
    expect(mailsTo(t, email)).toHaveLength(2);
    // Signing in lower-cases the address typed.
    expect((await t.signIn('NEWCOMER@example.COM', OLD)).status).toBe(200);
  });
});
