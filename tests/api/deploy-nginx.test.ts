import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseRedirects } from '../../src/lib/domain/redirects.ts';
import { nginxLocations, nginxRedirectsFile } from '../../src/publish/nginx-headers.ts';
import { API_SECURITY_HEADERS, headersFor, parseHeaders } from '../../src/server/site-headers.ts';

// docs/deploy.md's nginx site, started for real: the site file is taken from the document as it
// is, with only its paths, ports and certificate swapped for the test's own (each swap must
// happen, so a changed document fails here), and the headers file `npm run deploy:nginx` writes
// from a real build's `_headers`. nginx runs with a prefix and main configuration of the test's
// own on loopback ports, never the system's service; the API is a real `serve` process with
// `TRUST_PROXY` set to nginx. Skipped, saying so, when nginx is not installed.

const ROOT = resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const ADMIN = 'deploy.admin@example.com';
const ADMIN_PASSWORD = 'Deploy!Admin-Passphrase-42';

const missing = !existsSync(NGINX)
  ? `${NGINX} is not installed (apt-get install nginx libnginx-mod-http-brotli-static)`
  : !existsSync(BROTLI_MODULE)
    ? `${BROTLI_MODULE} is missing (apt-get install libnginx-mod-http-brotli-static)`
    : '';
if (missing !== '') console.warn(`deploy-nginx.test.ts skipped: ${missing}`);

let work = '';
let env: NodeJS.ProcessEnv;
let siteDir = '';
let prefix = '';
let api: ChildProcess | undefined;
let nginx: ChildProcess | undefined;
let httpsPort = 0;
let httpPort = 0;
let rules: ReturnType<typeof parseHeaders> = [];

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => done(port));
    });
  });
}

function run(script: string, args: string[] = []): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((done) => child.once('close', (code) => done({ code, output })));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request through nginx over TLS (the test's certificate), from `localAddress` when given. */
function get(
  path: string,
  opts: { headers?: Record<string, string>; method?: string; body?: string; from?: string; tls?: boolean } = {},
): Promise<Answer> {
  const tls = opts.tls ?? true;
  return new Promise((done, fail) => {
    const req = (tls ? httpsRequest : httpRequest)(
      {
        host: '127.0.0.1',
        port: tls ? httpsPort : httpPort,
        path,
        method: opts.method ?? 'GET',
        headers: { Host: 'shop.example.com', ...opts.headers },
        rejectUnauthorized: false,
        ...(opts.from === undefined ? {} : { localAddress: opts.from }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.once('error', fail);
    req.end(opts.body);
  });
}

/** The relative path of one built item page, as a URL path. */
function itemPage(): string {
  const sections = join(siteDir, 'app/section');
  const sid = readdirSync(sections)[0] as string;
  const db = readdirSync(join(sections, sid))[0] as string;
  return `/app/section/${sid}/${db}/`;
}

/** The documented site file with the test's paths, ports and certificate; every swap must apply. */
function siteFileFromDocs(apiPort: number): string {
  const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(doc)?.[1];
  if (block === undefined) throw new Error('docs/deploy.md has no ```nginx block');
  let text = block;
  const swap = (from: string | RegExp, to: string) => {
    const next = text.replace(from, to);
    if (next === text) throw new Error(`docs/deploy.md's nginx site no longer has ${String(from)}`);
    text = next;
  };
  swap('server 127.0.0.1:4321;', `server 127.0.0.1:${apiPort};`);
  swap(/^\s*listen \[::\]:80;\n/m, '');
  swap(/^\s*listen \[::\]:443 ssl http2;\n/m, '');
  swap('listen 80;', `listen 127.0.0.1:${httpPort};`);
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${httpsPort} ssl http2;`);
  swap('/etc/letsencrypt/live/shop.example.com/fullchain.pem', join(prefix, 'cert.pem'));
  swap('/etc/letsencrypt/live/shop.example.com/privkey.pem', join(prefix, 'key.pem'));
  swap('root /srv/aisle/dist;', `root ${siteDir};`);
  swap('include /etc/nginx/aisle/redirects.conf;', `include ${join(prefix, 'aisle', 'redirects.conf')};`);
  swap('include /etc/nginx/aisle/site.conf;', `include ${join(prefix, 'aisle', 'site.conf')};`);
  // The HTTP server's redirect names the standard port; here it is the test's.
  swap('return 301 https://$host$request_uri;', `return 301 https://$host:${httpsPort}$request_uri;`);
  return text;
}

beforeAll(async () => {
  if (missing !== '') return;
  work = mkdtempSync(join(tmpdir(), 'aisle-nginx-'));
  siteDir = join(work, 'site');
  prefix = join(work, 'nginx');
  mkdirSync(join(prefix, 'tmp'), { recursive: true });
  httpsPort = await freePort();
  httpPort = await freePort();
  env = {
    ...process.env,
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    SITE_URL: `https://shop.example.com:${httpsPort}`,
    HOST: '127.0.0.1',
    PORT: '0',
    TRUST_PROXY: '127.0.0.1',
  };
  delete env.API_URL;
  delete env.DATABASE_URL;
  const seeded = await run('scripts/db-seed.ts', ['--items', '30', '--seed', '5']);
  expect(seeded.code, seeded.output).toBe(0);
  const user = await run('scripts/user-add.ts', ['--email', ADMIN, '--password', ADMIN_PASSWORD, '--role', 'Admin']);
  expect(user.code, user.output).toBe(0);
  const built = await run('scripts/rebuild.ts');
  expect(built.code, built.output).toBe(0);
  rules = parseHeaders(readFileSync(join(siteDir, '_headers'), 'utf8'));

  api = spawn(process.execPath, [join(ROOT, 'scripts/serve.ts')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const apiUrl = await new Promise<string>((done, fail) => {
    let seen = '';
    api?.stderr?.on('data', (d: Buffer) => {
      seen += d.toString();
      const url = /serving .* at (http:\/\/\S+)/.exec(seen)?.[1];
      if (url !== undefined) done(url);
    });
    api?.once('close', () => fail(new Error(`serve ended: ${seen}`)));
  });

  const headersConf = await run('scripts/deploy-nginx.ts', ['--site', siteDir, '--out', join(prefix, 'aisle')]);
  expect(headersConf.code, headersConf.output).toBe(0);
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=shop.example.com'].concat([
      '-keyout',
      join(prefix, 'key.pem'),
      '-out',
      join(prefix, 'cert.pem'),
    ]),
    { stdio: 'pipe' },
  );
  writeFileSync(join(prefix, 'aisle-site.conf'), siteFileFromDocs(Number(new URL(apiUrl).port)));
  const tmp = (name: string) => join(prefix, 'tmp', name);
  writeFileSync(
    join(prefix, 'nginx.conf'),
    [
      `load_module ${BROTLI_MODULE};`,
      // The test's folders are private to root; the system's nginx runs its workers as www-data.
      'user root;',
      'worker_processes 1;',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      'events { worker_connections 64; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      `  access_log ${join(prefix, 'access.log')};`,
      `  client_body_temp_path ${tmp('body')};`,
      `  proxy_temp_path ${tmp('proxy')};`,
      `  fastcgi_temp_path ${tmp('fastcgi')};`,
      `  uwsgi_temp_path ${tmp('uwsgi')};`,
      `  scgi_temp_path ${tmp('scgi')};`,
      `  include ${join(prefix, 'aisle-site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const conf = join(prefix, 'nginx.conf');
  execFileSync(NGINX, ['-t', '-q', '-p', prefix, '-c', conf], { stdio: 'pipe' });
  nginx = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  for (let i = 0; ; i++) {
    try {
      await get('/404.html');
      break;
    } catch (err) {
      if (i > 100) throw new Error(`nginx did not answer: ${String(err)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}, 300_000);

afterAll(async () => {
  for (const child of [nginx, api]) {
    if (child === undefined || child.exitCode !== null) continue;
    const gone = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    await gone;
  }
  if (work !== '') {
    for (let i = 0; i < 300 && existsSync(join(`${siteDir}-builds`, 'lock')); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    rmSync(work, { recursive: true, force: true });
  }
}, 60_000);

describe('the nginx site of docs/deploy.md', () => {
  it('writes every _headers rule as a location carrying the headers of every rule that matches its paths', () => {
    const text = nginxLocations([
      { path: '/*', headers: { 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'self'" } },
      { path: '/', headers: { 'Cache-Control': 'no-cache' } },
      { path: '/_astro/*', headers: { 'Cache-Control': 'immutable' } },
      { path: '/app', headers: { 'Cache-Control': 'revalidate' } },
    ]);
    expect(text).toContain(
      'location = / {\n    add_header X-Frame-Options "DENY" always;\n' +
        `    add_header Content-Security-Policy "default-src 'self'" always;\n` +
        '    add_header Cache-Control "no-cache" always;\n',
    );
    expect(text).toMatch(/location \^~ \/_astro\/ \{\n(.*\n){2}.*Cache-Control "immutable" always;/);
    expect(text).toContain('location = /app {');
    expect(text).toContain('location = /app/ {');
    expect(text).toMatch(/location \/ \{\n.*X-Frame-Options.*\n.*Content-Security-Policy.*\n {4}try_files/);
    expect(() => nginxLocations([{ path: '/*', headers: { 'X-A': 'costs $5' } }])).toThrow(/variable/);
    const rewritten = nginxLocations(
      [{ path: '/*', headers: { 'X-A': 'a' } }],
      [{ prefix: '/confirm/', to: '/confirm/index.html' }],
    );
    expect(rewritten).toContain(
      'location ^~ /confirm/ {\n    add_header X-A "a" always;\n    try_files $uri /confirm/index.html;\n}',
    );
    const maps = nginxRedirectsFile(
      new Map([
        ['/old', { to: '/new/', status: 301 as const }],
        ['/', { to: '/app/home/', status: 302 as const }],
      ]),
      '_redirects',
    );
    expect(maps).toContain('map $uri $aisle_redirect_301 {\n    default "";\n    "/old" "/new/";\n}');
    expect(maps).toContain('map $uri $aisle_redirect_302 {\n    default "";\n    "/" "/app/home/";\n}');
  });

  it('serves pages and files with the headers of the build’s _headers, brotli or gzip as asked', async (ctx) => {
    if (missing !== '') return ctx.skip(missing);
    const astro = readdirSync(join(siteDir, '_astro')).find((f) => f.endsWith('.js'));
    const paths = [itemPage(), `/_astro/${astro}`, '/sitemap-index.xml', '/pagefind/pagefind.js', '/404.html'];
    for (const path of paths) {
      const file = join(siteDir, path.endsWith('/') ? `${path}index.html` : path);
      const plain = readFileSync(file);
      const wanted = headersFor(rules, path);
      expect(Object.keys(wanted).length, path).toBeGreaterThan(3);
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const res = await get(path, { headers: { 'Accept-Encoding': encoding } });
        expect(res.status, path).toBe(200);
        expect(res.headers['content-encoding'], path).toBe(encoding);
        expect(res.headers.vary, path).toMatch(/Accept-Encoding/i);
        expect(decode(res.body).equals(plain), path).toBe(true);
        for (const [name, value] of Object.entries(wanted))
          expect(res.headers[name.toLowerCase()], `${path} ${name}`).toBe(value);
      }
      const identity = await get(path);
      expect(identity.headers['content-encoding']).toBeUndefined();
      expect(identity.body.equals(plain)).toBe(true);
    }
    const csp = headersFor(rules, itemPage())['Content-Security-Policy'] ?? '';
    expect(csp).toMatch(/script-src 'self' .*'sha256-/);
    expect(headersFor(rules, '/')['Strict-Transport-Security']).toMatch(/max-age=\d+/);
    expect(headersFor(rules, `/_astro/${astro}`)['Cache-Control']).toContain('immutable');
    // A path that is not there: the 404 page, with the site's security headers.
    const lost = await get('/no/such/page/');
    expect(lost.status).toBe(404);
    expect(lost.body.toString()).toContain('<html');
    expect(lost.headers['content-security-policy']).toBe(csp);
    expect(lost.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the redirects of _redirects as redirects, and its rewrites with their page', async (ctx) => {
    if (missing !== '') return ctx.skip(missing);
    const redirects = [...parseRedirects(readFileSync(join(siteDir, '_redirects'), 'utf8'))];
    expect(redirects.length).toBeGreaterThan(3);
    for (const [from, rule] of [...redirects.slice(0, 3), ...redirects.filter(([f]) => f === '/')]) {
      const res = await get(from);
      expect(res.status, from).toBe(rule.status);
      const location = new URL(String(res.headers.location), `https://shop.example.com:${httpsPort}`);
      expect(`${location.pathname}${location.search}`, from).toBe(rule.to);
    }
    const confirm = await get('/confirm/12/abcdef');
    expect(confirm.status).toBe(200);
    expect(confirm.body.equals(readFileSync(join(siteDir, 'confirm/index.html')))).toBe(true);
    expect(confirm.headers['content-security-policy']).toBe(
      headersFor(rules, '/confirm/12/abcdef')['Content-Security-Policy'],
    );
  });

  it('sends plain HTTP to HTTPS', async (ctx) => {
    if (missing !== '') return ctx.skip(missing);
    const res = await get('/app/?q=1', { tls: false });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`https://shop.example.com:${httpsPort}/app/?q=1`);
  });

  it('proxies /api, /token and /content to the API, with the API’s own headers, whatever the case', async (ctx) => {
    if (missing !== '') return ctx.skip(missing);
    for (const path of ['/api/Category/ReadAll', '/API/category/readall']) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(Array.isArray(JSON.parse(res.body.toString()))).toBe(true);
      expect(res.headers['content-security-policy']).toBe(API_SECURITY_HEADERS['Content-Security-Policy']);
    }
    const token = await get('/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN, password: ADMIN_PASSWORD, grant_type: 'password' }).toString(),
    });
    expect(token.status, token.body.toString()).toBe(200);
    expect(JSON.parse(token.body.toString()).token_type).toBe('bearer');
    expect((await get('/content/Store/999999/ti.png')).status).toBe(404);
  });

  it('gives the API the client’s address from nginx alone: a client’s own X-Forwarded-For counts for nothing', async (ctx) => {
    if (missing !== '') return ctx.skip(missing);
    const email = `nginx.client.${Date.now()}@example.com`;
    const registered = await get('/api/Account/Register', {
      method: 'POST',
      from: '127.0.0.2',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.66, 198.51.100.7' },
      body: JSON.stringify({ Email: email, Password: 'Client!Pass-2024', ConfirmPassword: 'Client!Pass-2024' }),
    });
    expect(registered.status, registered.body.toString()).toBe(200);
    const token = await get('/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN, password: ADMIN_PASSWORD, grant_type: 'password' }).toString(),
    });
    const bearer = JSON.parse(token.body.toString()).access_token as string;
    const log = await get(`/api/Log/ReadAll?limit=1000&filter=${encodeURIComponent(email)}`, {
      headers: { Authorization: `Bearer ${bearer}` },
    });
    expect(log.status, log.body.toString()).toBe(200);
    const entries = JSON.parse(log.body.toString()) as { Action: string; Target: string; Address: string }[];
    const entry = entries.find((e) => e.Action === 'account.registered');
    expect(entry, JSON.stringify(entries)).toBeDefined();
    // nginx's own address (127.0.0.1) is the trusted proxy; the customer is the connection nginx saw.
    expect(entry?.Address).toBe('127.0.0.2');
  });
});
