import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_FAILURE_WINDOW_MS, formatUtcMinute } from '../../src/lib/domain/code-guard.ts';
import { RESET_CODE_FAILED } from '../../src/server/auth/password-reset.ts';
import { removeUnconfirmedAccounts, UNCONFIRMED_KEPT_MS } from '../../src/server/auth/registration.ts';
import {
  type AuthTestApp,
  addAccount,
  createAuthTestApp,
  decodeMail,
  mailedConfirmLink,
  mailsTo,
} from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]>; RetryAfterSeconds?: number };

const PASSWORD = 'Guarded#2026';
const NEW_PASSWORD = 'Fresh!Mango7';
const DAY = CODE_FAILURE_WINDOW_MS;
const WARNING_SUBJECT = /^Subject: Someone is trying codes on your Aisle account$/m;

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** The code of the latest reset mail to `to`. */
function resetCodeOf(t: AuthTestApp, to: string): string {
  const mail = mailsTo(t, to)
    .map(decodeMail)
    .filter((m) => /^Subject: Reset your Aisle password$/m.test(m))
    .at(-1);
  const code = mail === undefined ? undefined : /reset code is:\s+(\d{6})\b/.exec(mail)?.[1];
  if (code === undefined) throw new Error(`no reset code mailed to ${to}`);
  return code;
}

describe.each(DIALECTS)('codes that cannot be guessed on %s', (dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(() => t.close());

  // Every call from an address of its own: these cases are about the account's count, not the
  // per-address throttles of sign-in and reset.
  let caller = 0;
  const ip = () => `198.51.100.${(caller++ % 250) + 1}`;
  const confirm = (userId: number, code: string) =>
    t.call<string | Err>('POST', '/accountapi/confirmemail', { json: { userId, code }, ip: ip() });
  const resend = (userId: number) => t.call<Err>('POST', '/accountapi/resendcode', { json: { userId }, ip: ip() });
  const forgot = (email: string) =>
    t.call<Err>('POST', '/api/Account/ForgotPassword', { json: { Email: email }, ip: ip() });
  const reset = (email: string, code: string) =>
    t.call<Err>('POST', '/api/Account/ResetPassword', {
      json: { Email: email, Code: code, Password: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
      ip: ip(),
    });
  const warnings = async (to: string) => {
    await t.drainMail();
    return mailsTo(t, to)
      .map(decodeMail)
      .filter((m) => WARNING_SUBJECT.test(m));
  };

  it('refuses the 11th wrong code in 24 hours across new codes, access and reset codes alike, and warns the owner once', async () => {
    const email = 'target@aisle.test';
    const reg = await t.call('POST', '/api/Account/register', {
      json: { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
      ip: ip(),
    });
    expect(reg.status).toBe(200);
    const first = mailedConfirmLink(t, email);
    const userId = first.userId;
    const start = t.clock.now.getTime();

    // 5 wrong access codes use up the first code.
    for (let i = 0; i < 5; i++) expect((await confirm(userId, wrongFor(first.code))).status).toBe(400);
    // A new code brings 5 new tries of its own, but not of the account's day: 3 more wrong ones.
    t.clock.advance(61_000);
    expect((await resend(userId)).status).toBe(200);
    await t.drainMail();
    const second = mailedConfirmLink(t, email);
    expect(mailsTo(t, email)).toHaveLength(2);
    const third = await confirm(userId, wrongFor(second.code));
    expect((third.body as Err).Message).toBe('This access code is not correct. You have 4 tries left.');
    for (let i = 0; i < 2; i++) expect((await confirm(userId, wrongFor(second.code))).status).toBe(400);
    // And 2 wrong reset codes make 10.
    expect((await forgot(email)).status).toBe(200);
    await t.drainMail();
    const resetCode = resetCodeOf(t, email);
    for (let i = 0; i < 2; i++) {
      const res = await reset(email, wrongFor(resetCode));
      expect(res.status).toBe(400);
      expect(res.body.ModelState?.Code).toEqual([RESET_CODE_FAILED]);
    }
    expect(await warnings(email)).toHaveLength(1);

    // The 11th try is refused, the right codes too, saying until when: a day after the first wrong one.
    const until = formatUtcMinute(start + DAY);
    const rightAccess = await confirm(userId, second.code);
    expect(rightAccess.status).toBe(429);
    const lockedMessage = (rightAccess.body as Err).Message;
    expect(lockedMessage).toBe(
      `Too many wrong codes have been entered for this account (10 within 24 hours), so no code works until ${until}. Then ask for a new code and use the link in the newest mail.`,
    );
    const wait = Number(rightAccess.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(DAY / 1000 - 5 * 60);
    expect(wait).toBeLessThanOrEqual(DAY / 1000);
    const rightReset = await reset(email, resetCode);
    expect(rightReset.status).toBe(429);
    expect(rightReset.body.Message).toBe(lockedMessage);

    // Another new code changes nothing, and further tries send no second warning.
    t.clock.advance(61_000);
    expect((await resend(userId)).status).toBe(200);
    await t.drainMail();
    const fourth = mailedConfirmLink(t, email);
    expect((await confirm(userId, fourth.code)).status).toBe(429);
    expect((await confirm(userId, wrongFor(fourth.code))).status).toBe(429);
    const warned = await warnings(email);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toContain(`no code for this account works until ${until}`);
    expect(warned[0]).toMatch(/Reset my password: \S+\/app\/reset-password\?email=target%40aisle\.test\s/);
    const account = await t.db.db
      .selectFrom('users')
      .select(['email_confirmed', 'password_hash'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(account.email_confirmed).toBe(0);

    // A day after the first wrong code, the oldest five have left the window: a new code works.
    t.clock.now = new Date(start + DAY);
    expect((await resend(userId)).status).toBe(200);
    await t.drainMail();
    const fifth = mailedConfirmLink(t, email);
    expect((await confirm(userId, fifth.code)).status).toBe(200);
    expect((await t.signIn(email, PASSWORD, ip())).status).toBe(200);
    expect(await warnings(email)).toHaveLength(1);
  });

  it('answers an address without an account as it answers an account, up to the same wait', async () => {
    const known = 'known@aisle.test';
    await addAccount(t, known, PASSWORD, 'User');
    const ghost = 'ghost@aisle.test';
    const answers: Record<string, { status: number; body: string; retry: string | null }[]> = { known: [], ghost: [] };
    for (let i = 0; i < 11; i++) {
      for (const [name, email] of [
        ['known', known],
        ['ghost', ghost],
      ] as const) {
        const res = await reset(email, '123456');
        answers[name]?.push({
          status: res.status,
          body: JSON.stringify(res.body),
          retry: res.headers.get('Retry-After'),
        });
      }
    }
    expect(answers.ghost).toEqual(answers.known);
    expect(answers.known?.map((a) => a.status)).toEqual([...Array(10).fill(400), 429]);
    expect(await warnings(known)).toHaveLength(1);
    expect(mailsTo(t, ghost)).toEqual([]);
    // The account's password is untouched and sign-in is not part of the count.
    expect((await t.signIn(known, PASSWORD, ip())).status).toBe(200);
  });

  it('counts parallel guesses one after another: 10 are tried, the rest refused', async () => {
    const email = 'racer@aisle.test';
    await t.call('POST', '/api/Account/register', {
      json: { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
      ip: ip(),
    });
    const { userId, code } = mailedConfirmLink(t, email);
    const results = await Promise.all(Array.from({ length: 16 }, () => confirm(userId, wrongFor(code))));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(400), ...Array(6).fill(429)]);
    expect(await warnings(email)).toHaveLength(1);
  });

  it('removes registrations never confirmed after 7 days, and keeps younger, confirmed and ordering ones', async () => {
    const register = async (email: string) => {
      const res = await t.call('POST', '/api/Account/register', {
        json: { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
        ip: ip(),
      });
      expect(res.status).toBe(200);
      return mailedConfirmLink(t, email).userId;
    };
    const old = await register('stale@aisle.test');
    const confirmedOld = await register('settled@aisle.test');
    expect((await confirm(confirmedOld, mailedConfirmLink(t, 'settled@aisle.test').code)).status).toBe(200);
    const ordered = await register('ordered@aisle.test');
    // An order keeps any account; an unconfirmed one cannot place one, so it is written directly.
    const at = t.clock.now.toISOString();
    await t.db.db
      .insertInto('orders')
      .values({
        user_id: ordered,
        status: 'Placed',
        total: 100,
        idempotency_key: null,
        response: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    const young = await register('young@aisle.test');
    t.clock.advance(UNCONFIRMED_KEPT_MS - 2 * 24 * 60 * 60 * 1000 + 60_000);

    const removed = await removeUnconfirmedAccounts(t.db.db, t.clock.now);
    expect(removed).toContain(old);
    for (const kept of [confirmedOld, ordered, young]) expect(removed).not.toContain(kept);
    const left = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [old, confirmedOld, ordered, young])
      .orderBy('id')
      .execute();
    expect(left.map((r) => r.id)).toEqual([confirmedOld, ordered, young]);
    const codes = await t.db.db.selectFrom('email_codes').select('user_id').where('user_id', '=', old).execute();
    expect(codes).toEqual([]);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${old}`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit?.action).toBe('account.unconfirmed_removed');
    // Running again removes nothing more; the address is free to register anew.
    expect(await removeUnconfirmedAccounts(t.db.db, t.clock.now)).toEqual([]);
    const again = await register('stale@aisle.test');
    expect(again).not.toBe(old);

    // The wrong-code counts of the day before are forgotten by the same sweep.
    const stale = await t.db.db.selectFrom('code_failures').select('subject').execute();
    expect(stale).toEqual([]);
  });
});
