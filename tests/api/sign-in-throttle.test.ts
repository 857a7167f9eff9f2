import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_FIELD } from '../../src/lib/domain/device-tokens.ts';
import { parseTrustProxy } from '../../src/lib/domain/ip-address.ts';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { createHashGate, type HashGate } from '../../src/server/auth/passwords.ts';
import { listen } from '../../src/server/runtime.ts';
import { type AuthTestApp, addAccount, createAuthTestApp, decodeMail, JWT_SECRET, mailsTo } from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 26: throttles that stop guessing, not customers. A browser that signed in to an account
// before (its device token) is not held back by its address; a completed reset lets its shopper
// in at once; IPv6 counts by /64; X-Forwarded-For counts only from the configured proxies; and
// password hashes are bounded, a full queue answering 503.

type Body = Record<string, unknown>;

/** A mobile carrier's shared address: many shoppers, and perhaps someone guessing. */
const CARRIER_NAT = '100.64.7.1';

function resetCode(t: AuthTestApp, to: string): string {
  const mail = mailsTo(t, to).map(decodeMail).at(-1) ?? '';
  const code = /reset code is:\s+(\d{6})\b/.exec(mail)?.[1];
  if (code === undefined) throw new Error(`no reset code mailed to ${to}`);
  return code;
}

describe.each(DIALECTS)('sign-in throttle with device tokens on %s', (dialect) => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
  });
  afterAll(() => t.close());

  const withDevice = (token: unknown) => ({ [DEVICE_TOKEN_FIELD]: String(token) });

  it('lets a known device in at once where others have been guessing, holds back unknown ones, and lets a reset shopper in', async () => {
    const shopper = { email: 'meera@example.com', password: 'Meera#2026pw' };
    const other = { email: 'kabir@example.com', password: 'Kabir#2026pw' };
    await addAccount(t, shopper.email, shopper.password, 'User');
    await addAccount(t, other.email, other.password, 'User');

    const first = await t.signIn(shopper.email, shopper.password, CARRIER_NAT);
    expect(first.status).toBe(200);
    const device = first.body[DEVICE_TOKEN_FIELD];
    expect(typeof device).toBe('string');
    const othersDevice = (await t.signIn(other.email, other.password, '198.51.100.60')).body[DEVICE_TOKEN_FIELD];

    // Someone behind the same carrier address guesses at 40 other accounts.
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await t.signIn(`someone${i}@example.com`, `Guess#${i}pw`, CARRIER_NAT)).status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));

    // The shopper's own phone signs in at once, and is given a new device token.
    const known = await t.signIn(shopper.email, shopper.password, CARRIER_NAT, withDevice(device));
    expect(known.status, JSON.stringify(known.body)).toBe(200);
    expect(known.body[DEVICE_TOKEN_FIELD]).toEqual(expect.any(String));
    expect(known.body[DEVICE_TOKEN_FIELD]).not.toBe(device);

    // An unknown device from that address waits, whatever it shows in place of a device token.
    const access = String(known.body.access_token);
    for (const extra of [{}, withDevice('not-a-token'), withDevice(othersDevice), withDevice(access)]) {
      const held = await t.signIn(shopper.email, shopper.password, CARRIER_NAT, extra);
      expect(held.status).toBe(429);
      expect(held.body.error).toBe('invalid_grant');
      expect(Number(held.headers.get('Retry-After'))).toBeGreaterThan(0);
    }
    // A device token is no access token.
    expect((await t.call('GET', '/api/Account/UserInfo', { token: String(device) })).status).toBe(401);

    // Someone also guessed at the shopper's account from another address, enough to hold it back there.
    const elsewhere = '198.51.100.61';
    for (let i = 0; i < 5; i++) await t.signIn(shopper.email, `Wrong#${i}pw`, elsewhere);
    expect((await t.signIn(shopper.email, shopper.password, elsewhere)).status).toBe(429);

    // The shopper resets the password (from home), then signs in on a new phone behind the carrier.
    const home = '198.51.100.62';
    expect(
      (await t.call('POST', '/api/Account/ForgotPassword', { json: { Email: shopper.email }, ip: home })).status,
    ).toBe(200);
    await t.drainMail();
    const fresh = 'Mango!Season7';
    const reset = await t.call<Body>('POST', '/api/Account/ResetPassword', {
      json: { Email: shopper.email, Code: resetCode(t, shopper.email), Password: fresh, ConfirmPassword: fresh },
      ip: home,
    });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    const afterReset = await t.signIn(shopper.email, fresh, CARRIER_NAT);
    expect(afterReset.status, JSON.stringify(afterReset.body)).toBe(200);
    // Every counter of the account was forgotten, not only the one of the address the reset came from.
    expect((await t.signIn(shopper.email, fresh, elsewhere)).status).toBe(200);
    // The pass is used up: the busy address holds back unknown devices again; the new phone is known.
    expect((await t.signIn(shopper.email, fresh, CARRIER_NAT)).status).toBe(429);
    const phone = afterReset.body[DEVICE_TOKEN_FIELD];
    expect((await t.signIn(shopper.email, fresh, CARRIER_NAT, withDevice(phone))).status).toBe(200);
  });

  it('locks out a device token after its own failures, not the account', async () => {
    const email = 'devi@example.com';
    const password = 'Devi#2026pw';
    await addAccount(t, email, password, 'User');
    const ip = '198.51.100.70';
    const device = (await t.signIn(email, password, ip)).body[DEVICE_TOKEN_FIELD];
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await t.signIn(email, `Wrong#${i}pw`, ip, withDevice(device))).status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const locked = await t.signIn(email, password, ip, withDevice(device));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0);
    // The failures were the device's: the account signs in without it, from the same address too.
    expect((await t.signIn(email, password, ip)).status).toBe(200);
    const audit = await t.db.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'signin.failed')
      .where('actor_email', '=', email)
      .execute();
    expect(audit).toHaveLength(5);
    expect(audit.every((row) => JSON.parse(String(row.detail)).knownDevice === true)).toBe(true);
  });

  it('counts IPv6 callers by their /64 and records their address in full', async () => {
    const email = 'ipv6@example.com';
    const password = 'Ipv6#2026pw';
    await addAccount(t, email, password, 'User');
    for (let i = 1; i <= 5; i++) {
      expect((await t.signIn(email, `Wrong#${i}pw`, `2001:db8:7:7::${i}`)).status).toBe(400);
    }
    // Another address of the same /64, however written, is the same caller.
    expect((await t.signIn(email, password, '2001:DB8:7:7:FFFF::99')).status).toBe(429);
    expect((await t.signIn(email, password, '2001:db8:7:8::1')).status).toBe(200);
    const ips = await t.db.db
      .selectFrom('audit_log')
      .select('ip')
      .where('action', '=', 'signin.failed')
      .where('actor_email', '=', email)
      .execute();
    expect(ips.map((r) => r.ip)).toContain('2001:0db8:0007:0007:0000:0000:0000:0001');
  });
});

describe.each(DIALECTS)('X-Forwarded-For and the password hash queue on %s', (dialect) => {
  let t: AuthTestApp;
  let gate: HashGate;
  beforeAll(async () => {
    gate = createHashGate({ running: 1, waiting: 1, retryAfterSeconds: 7 });
    t = await createAuthTestApp(dialect, { hashGate: gate });
  });
  afterAll(() => t.close());

  /** A failed sign-in over a real socket from 127.0.0.1, with `TRUST_PROXY=trust`; answers the address the audit log recorded. */
  async function recordedAddress(trust: string, forwardedFor: string): Promise<string> {
    const app = createApp({
      db: t.db.db,
      dialect,
      contentDir: join(t.db.dataDir, 'content'),
      jwtSecret: JWT_SECRET,
      mail: { smtpUrl: undefined, outboxDir: t.outboxDir },
      log: silentLogger,
      trustProxy: parseTrustProxy(trust),
    });
    const server = await listen(app, '127.0.0.1', 0);
    const email = `probe-${Math.random().toString(36).slice(2)}@example.com`;
    try {
      const res = await fetch(`${server.url}/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': forwardedFor },
        body: new URLSearchParams({ username: email, password: 'Whatever#1', grant_type: 'password' }),
      });
      expect(res.status).toBe(400);
    } finally {
      await server.close();
    }
    const row = await t.db.db
      .selectFrom('audit_log')
      .select('ip')
      .where('actor_email', '=', email)
      .executeTakeFirstOrThrow();
    return row.ip;
  }

  it('reads X-Forwarded-For only from a configured proxy, walking from its right end', async () => {
    // The peer (127.0.0.1) is not the configured proxy: the header is the caller's own word.
    expect(await recordedAddress('10.0.0.0/8', '198.51.100.23')).toBe('127.0.0.1');
    expect(await recordedAddress('loopback', '198.51.100.23')).toBe('198.51.100.23');
    // TRUST_PROXY=1 as before: one proxy, here at loopback.
    expect(await recordedAddress('1', '198.51.100.23')).toBe('198.51.100.23');
    // What the client put in front of our proxy's entry is not believed.
    expect(await recordedAddress('loopback', '6.6.6.6, 198.51.100.24')).toBe('198.51.100.24');
  });

  it('answers 503 with Retry-After while the hash queue is full, counting nothing, and serves again once it drains', async () => {
    const email = 'busy@example.com';
    const password = 'Busy#2026pw';
    await addAccount(t, email, password, 'User');
    // One hash running and one waiting: the queue is full until the door opens.
    let open = () => {};
    const door = new Promise<void>((resolve) => {
      open = resolve;
    });
    const held = [gate.run(() => door), gate.run(() => door)];
    expect(gate.load()).toEqual({ running: 1, waiting: 1 });

    const busy = await t.signIn(email, 'Wrong#pass1', '198.51.100.80');
    expect(busy.status).toBe(503);
    expect(busy.body).toEqual({
      error: 'temporarily_unavailable',
      error_description: 'The shop is checking many passwords just now; try again in 7 seconds.',
    });
    expect(busy.headers.get('Retry-After')).toBe('7');
    expect(busy.headers.get('Cache-Control')).toBe('no-store');
    const register = await t.call<Body>('POST', '/api/Account/Register', {
      json: { Email: 'queued@example.com', Password: password, ConfirmPassword: password },
      ip: '198.51.100.81',
    });
    expect(register.status).toBe(503);
    expect(register.headers.get('Retry-After')).toBe('7');
    expect(register.body.Message).toContain('checking many passwords');
    const failures = await t.db.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'signin.failed')
      .where('actor_email', '=', email)
      .execute();
    expect(failures).toEqual([]);

    open();
    await Promise.all(held);
    expect((await t.signIn(email, password, '198.51.100.80')).status).toBe(200);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
