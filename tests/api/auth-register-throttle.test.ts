import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_LIMITS, countUse } from '../../src/server/auth/anon-throttle.ts';
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
      /Too many registrations have come from your network \(at most 10 in 10 minutes\); try again in \d+ minutes?\./,
    );
    // Nothing was kept and nothing was sent.
    const row = await t.db.db.selectFrom('users').select('id').where('email', '=', 'flood-extra@example.com').execute();
    expect(row).toEqual([]);
    expect(mailsTo(t, 'flood-extra@example.com')).toEqual([]);

    // Another address is not held back, and sign-in is a separate matter.
    expect((await register(t, 'neighbour@example.com', '198.51.100.21')).status).toBe(200);
    await addAccount(t, 'shopper@example.com', PASSWORD, 'User');
    expect((await t.signIn('shopper@example.com', PASSWORD, ip)).status).toBe(200);

    // The window passes; the day's limit still holds (the refused try counted too). The rest of
    // the day's registrations are counted as the route counts them, without 40 more scrypt hashes.
    t.clock.advance(wait * 1000);
    expect((await register(t, 'after-window@example.com', ip)).status).toBe(200);
    for (let tries = max + 2; tries < day.max; tries++) {
      await countUse(t.db.db, `${day.key}:${ip}`, day, t.clock.now);
    }
    t.clock.advance(burst.windowMs);
    const daily = await register(t, 'flood-day-extra@example.com', ip);
    expect(daily.status).toBe(429);
    expect(daily.body.Message).toMatch(/at most 50 a day/);
    expect(mailsTo(t, 'flood-day-extra@example.com')).toEqual([]);
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
    // A refusal for a bad field costs nothing and is not counted.
    expect((await register(t, 'not-an-address', '203.0.113.99')).status).toBe(400);
    const refused = await register(t, email, '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(refused.body.Message).toMatch(/This e-mail address has been registered 3 times in the last hour/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailsTo(t, email)).toHaveLength(max);

    // A taken address counts as a new one does (its owner is mailed), and is refused alike.
    const owner = 'owner@example.com';
    await addAccount(t, owner, PASSWORD, 'User');
    for (let i = 0; i < max; i++) expect((await register(t, owner, `203.0.113.${120 + i}`)).status).toBe(200);
    const ownerRefused = await register(t, owner, '203.0.113.130');
    expect(ownerRefused.status).toBe(429);
    const wording = (message: string) => message.replace(/\d+ minutes?/, 'N minutes');
    expect(wording(ownerRefused.body.Message)).toBe(wording(refused.body.Message));
    expect(mailsTo(t, owner)).toHaveLength(max);
  });
});
