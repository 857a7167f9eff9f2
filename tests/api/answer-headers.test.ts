// Headers an operator relies on beyond the security policy: personal answers are never
// cached, and a shop served over https is pinned to it (Strict-Transport-Security).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headersFile } from '../../src/publish/deploy-files.ts';
import { listen, type RunningServer } from '../../src/server/runtime.ts';
import { parseHeaders, transportSecurityHeaders } from '../../src/server/site-headers.ts';
import { type AuthTestApp, addAccount, createAuthTestApp } from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

const SHOPPER = { email: 'nocache@example.com', password: 'N0-cache!please', name: 'Asha Rao' };

describe.each(DIALECTS)('answer headers on %s', (dialect) => {
  let t: AuthTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await addAccount(t, SHOPPER.email, SHOPPER.password, 'User', SHOPPER.name);
    token = await t.tokenFor(SHOPPER.email, SHOPPER.password);
  });
  afterAll(() => t.close());

  it('sends personal answers with Cache-Control: no-store, successes and failures alike', async () => {
    const signedIn = await t.signIn(SHOPPER.email, SHOPPER.password);
    const refused = await t.signIn(SHOPPER.email, 'wrong-password');
    expect(signedIn.status).toBe(200);
    expect(refused.status).toBe(400);
    const answers = [
      signedIn,
      refused,
      await t.call('GET', '/api/Account/UserInfo', { token }),
      await t.call('GET', '/api/Account/UserInfo'),
      await t.call('POST', '/api/Account/Register', { json: { Email: 'x' } }),
      await t.call('POST', '/accountapi/confirmemail', { json: { userId: 1, code: '000000' } }),
      await t.call('GET', '/api/cart/Read', { token }),
      await t.call('GET', '/api/Order/AllOrders', { token }),
    ];
    for (const a of answers) expect(a.headers.get('cache-control'), String(a.status)).toBe('no-store');
    // The public catalogue may be cached as before.
    const categories = await t.call('GET', '/api/Category/ReadAll');
    expect(categories.headers.get('cache-control')).toBeNull();
  });
});

describe('Strict-Transport-Security', () => {
  let https: RunningServer;
  let http: RunningServer;
  let t: AuthTestApp;

  function headersOf(base: string, path: string): Promise<Record<string, string | string[] | undefined>> {
    return new Promise((resolve, reject) => {
      request(`${base}${path}`, { agent: false }, (res) => {
        res.resume();
        resolve(res.headers);
      })
        .on('error', reject)
        .end();
    });
  }

  beforeAll(async () => {
    t = await createAuthTestApp('sqlite');
    https = await listen(t.app, '127.0.0.1', 0, undefined, transportSecurityHeaders('https://shop.example'));
    http = await listen(t.app, '127.0.0.1', 0, undefined, transportSecurityHeaders('http://127.0.0.1:4321'));
  });
  afterAll(async () => {
    await https.close();
    await http.close();
    await t.close();
  });

  it('is sent on every answer when SITE_URL is https, and never when it is http', async () => {
    for (const path of ['/api/Category/ReadAll', '/api/No/Such/Call', '/token']) {
      expect((await headersOf(https.url, path))['strict-transport-security'], path).toBe('max-age=31536000');
      expect((await headersOf(http.url, path))['strict-transport-security'], path).toBeUndefined();
    }
  });

  it('is in the _headers file a CDN reads when SITE_URL is https', () => {
    const file = (siteUrl: string) =>
      parseHeaders(
        headersFile({
          inline: { script: [], style: [] },
          connect: [],
          topLevel: [],
          publicEntries: new Set(),
          siteUrl,
        }),
      ).find((r) => r.path === '/*')?.headers;
    expect(file('https://shop.example')?.['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(file('http://127.0.0.1:4321')?.['Strict-Transport-Security']).toBeUndefined();
  });
});
