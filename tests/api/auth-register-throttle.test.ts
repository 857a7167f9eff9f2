import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS } from '../../src/server/auth/anon-throttle.ts';
import { CODE_LIFETIME_MS } from '../../src/server/auth/email-codes.ts';
import type { Dialect } from '../../src/server/db/connection.ts';
import { type AuthTestApp, addAccount, createAuthTestApp, mailsTo } from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

// Anonymous registration hashes a password and mails the address named: it is throttled per
// client address and per target e-mail, answered 429 with Retry-After before any of that work.

const PASSWORD = 'Correct-Horse-42!';
const register = (t: AuthTestApp, email: string, ip: string) =>
  t.call<{ Message: string; RetryAfterSeconds?: number }>('POST', '/api/Account/Register', {
    json: { Email: email, Password: PASSWORD, ConfirmPassword: PASSWORD },
    ip,
  });

describe.each(DIALECTS)('registration throttle on %s', (dialect: Dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses the registrations from one address beyond the limit, before hashing or mailing', async () => {
    const ip = '198.51.100.20';
    const [burst, day] = ANONYMOUS_LIMITS.perAddress;
    const max = burst.max;
    for (let i = 0; i < max; i++) {
      const res = await register(t, `flood${i}@example.com`, ip);
      expect(res.status, res.body.Message).toBe(200);
    }
    const refused = await register(t, 'flood-extra@example.com', ip);
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.body.RetryAfterSeconds).toBe(wait);
    expect(refused.body.Message).toMatch(
      /Too many registrations have come from your network \(at most 5 in 10 minutes\); try again in \d+ minutes?\./,
    );
    // Nothing was kept and nothing was sent.
    const row = await t.db.db.selectFrom('users').select('id').where('email', '=', 'flood-extra@example.com').execute();
    expect(row).toEqual([]);
    expect(mailsTo(t, 'flood-extra@example.com')).toEqual([]);

    // Another address is not held back, and sign-in is a separate matter.
    expect((await register(t, 'neighbour@example.com', '198.51.100.21')).status).toBe(200);
    await addAccount(t, 'shopper@example.com', PASSWORD, 'User');
    expect((await t.signIn('shopper@example.com', PASSWORD, ip)).status).toBe(200);

    // The window passes; the day's limit still holds (the refused try counted too).
    t.clock.advance(wait * 1000);
    let tries = max + 1;
    for (let i = 0; tries < day.max; i++, tries++) {
      if (i > 0 && i % max === 0) t.clock.advance(burst.windowMs);
      expect((await register(t, `flood-day${i}@example.com`, ip)).status, `try ${tries + 1}`).toBe(200);
    }
    t.clock.advance(burst.windowMs);
    const daily = await register(t, 'flood-day-extra@example.com', ip);
    expect(daily.status).toBe(429);
    expect(daily.body.Message).toMatch(/at most 20 a day/);
  });

  it('refuses to mail one address more than the limit in an hour, from any number of addresses', async () => {
    const email = 'target@example.com';
    const max = ANONYMOUS_LIMITS.perEmail.max;
    for (let i = 0; i < max; i++) {
      const res = await register(t, email, `203.0.113.${50 + i}`);
      expect(res.status, res.body.Message).toBe(200);
      // Registering again is how an expired code is sent anew.
      t.clock.advance(CODE_LIFETIME_MS + 1000);
    }
    // A refusal for a bad field or a taken address costs nothing and is not counted.
    expect((await register(t, 'not-an-address', '203.0.113.99')).status).toBe(400);
    const refused = await register(t, email, '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toMatch(/This e-mail address has been registered 3 times in the last hour/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailsTo(t, email)).toHaveLength(max);
  });
});
