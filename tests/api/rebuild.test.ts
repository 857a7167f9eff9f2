import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../src/lib/domain/money.ts';
import { openDb } from '../../src/server/db/connection.ts';

// The operator's path, end to end and over SQLite: seed a small catalogue, build it with
// `npm run rebuild`, serve it with `npm run serve`, change the catalogue through the staff
// API, rebuild, and look at which files of the served site changed. The rebuild reads the
// catalogue over HTTP, so the database engine does not matter here.

const ROOT = resolve(import.meta.dirname, '../..');
const EMAIL = 'rebuild.staff@example.com';
const PASSWORD = 'Rebuild!Staff-9';

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

let work: string;
let env: NodeJS.ProcessEnv;
let siteDir: string;
let server: ChildProcess | undefined;
let base: string;
let token: string;

function node(script: string, args: string[] = [], extra: NodeJS.ProcessEnv = {}): ChildProcess {
  return spawn(process.execPath, [join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess): Promise<Ran> {
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return new Promise((done) => child.once('close', (code, signal) => done({ code, signal, output })));
}

const run = (script: string, args: string[] = [], extra: NodeJS.ProcessEnv = {}) => finished(node(script, args, extra));

async function rebuild(args: string[] = [], extra: NodeJS.ProcessEnv = {}): Promise<Ran> {
  return run('scripts/rebuild.ts', args, extra);
}

/** Every file of the live build with its inode: a rewritten file has a new one. */
function snapshot(dir = siteDir): Map<string, number> {
  const root = realpathSync(dir);
  const files = new Map<string, number>();
  const walk = (dir: string, rel: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const r = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(join(dir, e.name), r);
      else files.set(r, statSync(join(dir, e.name)).ino);
    }
  };
  walk(root, '');
  return files;
}

function rewritten(before: Map<string, number>, after: Map<string, number>): string[] {
  const changed: string[] = [];
  for (const [rel, ino] of after) if (before.get(rel) !== ino) changed.push(rel);
  for (const rel of before.keys()) if (!after.has(rel)) changed.push(rel);
  return changed.sort();
}

async function api<T>(method: string, path: string, json?: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: json === undefined ? null : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface Item {
  ItemID: number;
  DbID: number;
  StoreID: number;
  SectionID: number | null;
  ItemTitle: string;
  UnitPrice: number;
  SellingPrice: number;
  [field: string]: unknown;
}
interface Section {
  SectionID: number;
  DbID: number;
  StoreID: number;
}

async function list<T>(path: string): Promise<T[]> {
  return (await (await fetch(new URL(`${path}?limit=1000`, base))).json()) as T[];
}

/** The item pages of the live site, as [ItemID, DbID]. */
function itemPages(): [number, number][] {
  const dir = join(siteDir, 'app/section');
  return readdirSync(dir).flatMap((sid) =>
    readdirSync(join(dir, sid)).map((db) => [Number(sid), Number(db)] as [number, number]),
  );
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'aisle-rebuild-'));
  siteDir = join(work, 'site');
  // Search shards of 100 pages: the 300 items' index comes in several shards.
  env = {
    ...process.env,
    DATA_DIR: join(work, 'data'),
    SITE_DIR: siteDir,
    PORT: '0',
    HOST: '127.0.0.1',
    AISLE_SEARCH_SHARD_PAGES: '100',
  };
  delete env.API_URL;
  delete env.DATABASE_URL;
  delete env.SITE_URL;
  const seeded = await run('scripts/db-seed.ts', ['--items', '300', '--seed', '7']);
  expect(seeded.code, seeded.output).toBe(0);
  const user = await run('scripts/user-add.ts', ['--email', EMAIL, '--password', PASSWORD, '--role', 'Employee']);
  expect(user.code, user.output).toBe(0);
  const first = await rebuild();
  expect(first.code, first.output).toBe(0);
  expect(first.output).toContain('there is no earlier build');

  server = node('scripts/serve.ts');
  base = await new Promise<string>((done, fail) => {
    let seen = '';
    server?.stderr?.on('data', (d: Buffer) => {
      seen += d.toString();
      const url = /serving .* at (http:\/\/\S+)/.exec(seen)?.[1];
      if (url !== undefined) done(url);
    });
    server?.once('close', () => fail(new Error(`serve ended: ${seen}`)));
  });
  const res = await fetch(new URL('/token', base), {
    method: 'POST',
    body: new URLSearchParams({ username: EMAIL, password: PASSWORD, grant_type: 'password' }),
  });
  token = ((await res.json()) as { access_token: string }).access_token;
}, 240_000);

/** Waits until no rebuild holds the site's lock. */
async function settled(dir: string): Promise<void> {
  for (let i = 0; i < 600 && existsSync(join(`${dir}-builds`, 'lock')); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(async () => {
  server?.kill('SIGTERM');
  await settled(siteDir);
  await settled(join(work, 'full-site'));
  await settled(join(work, 'full-site-one'));
  rmSync(work, { recursive: true, force: true });
});

describe('npm run rebuild', () => {
  it('publishes the site as a link to a complete build, with compressed files, _headers and a search index', async () => {
    // The standby copy for the next rebuild was written with the build: nothing runs on after it.
    expect(existsSync(join(`${siteDir}-builds`, 'lock'))).toBe(false);
    const builds = readdirSync(`${siteDir}-builds`).filter((n) => /^site-\d+$/.test(n));
    expect(builds.length).toBe(2);
    expect(lstatSync(siteDir).isSymbolicLink()).toBe(true);
    const live = realpathSync(siteDir);
    // The standby holds the very same files (hard links, one inode each) and the live build's manifest.
    const standby = join(`${siteDir}-builds`, builds.find((b) => !live.endsWith(`/${b}`)) as string);
    expect([...snapshot(standby)].sort()).toEqual([...snapshot(live)].sort());
    const manifestOf = (dir: string) =>
      (
        JSON.parse(readFileSync(join(`${siteDir}-builds`, 'manifests', `${dir.split('/').at(-1)}.json`), 'utf8')) as {
          buildId: string;
        }
      ).buildId;
    expect(manifestOf(standby)).toBe(manifestOf(live));
    expect(live.startsWith(`${siteDir}-builds/`)).toBe(true);
    for (const rel of ['404.html', 'sitemap-index.xml', 'app/login/index.html']) {
      expect(existsSync(join(live, rel)), rel).toBe(true);
      expect(existsSync(join(live, `${rel}.br`)), `${rel}.br`).toBe(true);
      expect(existsSync(join(live, `${rel}.gz`)), `${rel}.gz`).toBe(true);
    }
    const assets = readdirSync(join(live, '_astro'));
    expect(assets.filter((a) => a.endsWith('.js')).every((a) => assets.includes(`${a}.br`))).toBe(true);
    expect(existsSync(join(live, 'pagefind/pagefind.js'))).toBe(true);
    // Redirect pages (for hosts that ignore `_redirects`) are a few hundred bytes: written without compressed forms.
    const legacy = /^(\/section\/\d+\/\d+) /m.exec(readFileSync(join(live, '_redirects'), 'utf8'))?.[1];
    expect(legacy).toBeDefined();
    expect(readFileSync(join(live, `${legacy}/index.html`), 'utf8')).toContain('http-equiv="refresh"');
    expect(existsSync(join(live, `${legacy}/index.html.br`))).toBe(false);
    expect(existsSync(join(live, `${legacy}/index.html.gz`))).toBe(false);
    // More than 100 searched pages: the index is split, and its first shard lists the others.
    const shards = JSON.parse(readFileSync(join(live, 'pagefind/shards.json'), 'utf8')) as string[];
    expect(shards).toEqual(['/pagefind-1/', '/pagefind-2/', '/pagefind-3/', '/pagefind-4/']);
    for (const shard of shards) expect(existsSync(join(live, shard, 'pagefind-entry.json')), shard).toBe(true);
    const headers = readFileSync(join(live, '_headers'), 'utf8');
    expect(headers).toMatch(
      /^\/\*\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' [^\n]*'sha256-/m,
    );
    expect(headers).toContain("frame-ancestors 'none'");
    expect(headers).toMatch(/^\/_astro\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
    expect(headers).toMatch(/^\/pagefind-4\/fragment\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });

  it('serves pages with the policy of _headers and the API with its own security headers', async () => {
    const headers = readFileSync(join(siteDir, '_headers'), 'utf8');
    const policy = /Content-Security-Policy: (.*)/.exec(headers)?.[1];
    const [sid, db] = itemPages()[0] as [number, number];
    const page = await fetch(new URL(`/app/section/${sid}/${db}`, base), { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(policy);
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const call = await fetch(new URL('/api/Category/ReadAll', base));
    expect(call.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(call.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('rewrites only the changed item’s pages and the lists that show it, and serves the new price', async () => {
    const items = await list<Item>('/api/Item/ReadAll');
    const shown = new Set(itemPages().map(([i, d]) => `${i}/${d}`));
    const item = items.find((i) => shown.has(`${i.ItemID}/${i.DbID}`) && i.SectionID !== null);
    if (item === undefined) throw new Error('no item with a page');
    const newPrice = item.UnitPrice + 111;
    const edited = await api<Item>('PUT', `/api/Item/Edit/${item.ItemID}`, { ...item, UnitPrice: newPrice });
    expect(edited.status).toBe(200);

    const before = snapshot();
    const ran = await rebuild();
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/Incremental rebuild: \d+ pages rendered, \d+ reused, 0 removed/);
    // The first rebuild after the full build neither waits for a standby copy nor makes one.
    expect(ran.output).not.toContain('standby copy');
    // Rendered with the compiled renderer the full build kept: nothing bundles the site again.
    expect(ran.output).toContain("rendered with the last full build's compiled renderer");
    // The change feed told it which item changed: it read only the rows of the pages that show it.
    expect(ran.output).toContain('Catalogue: 1 item changed in place since the last build');
    // Categories, stores and sections are as the last build kept them: the feed says none changed.
    expect(ran.output).toContain('published sections (as the last build kept them)');
    expect(ran.output).not.toMatch(/Catalogue: \d+ categories, \d+ stores, \d+ published sections and \d+ items read/);
    const after = snapshot();
    const changedHtml = rewritten(before, after).filter((f) => f.endsWith('.html'));

    const itemPage = `app/section/${item.ItemID}/${item.DbID}/index.html`;
    const sectionPage = `app/store-section/${item.SectionID}/${item.DbID}/index.html`;
    expect(changedHtml).toContain(itemPage);
    expect(changedHtml).toContain(sectionPage);
    // Nothing else but the book that lists the item may change: no other item, store or category page.
    const allowed = new Set([itemPage, sectionPage, `app/book/${item.SectionID}/${item.DbID}/index.html`]);
    expect(changedHtml.filter((f) => !allowed.has(f))).toEqual([]);
    // Only the search shards of the two searched pages are made again (5 shards, by the id's last digit).
    const shardOf = (id: number) => (id % 5 === 0 ? 'pagefind' : `pagefind-${id % 5}`);
    const shards = new Set([shardOf(item.ItemID), shardOf(Number(item.SectionID))]);
    const searchFiles = rewritten(before, after).filter((f) => /^pagefind(-\d)?\//.test(f));
    expect(searchFiles.length).toBeGreaterThan(0);
    expect(searchFiles.filter((f) => !shards.has(f.split('/')[0] as string))).toEqual([]);

    const served = await (await fetch(new URL(`/app/section/${item.ItemID}/${item.DbID}`, base))).text();
    expect(served).toContain(formatRupees(edited.body.SellingPrice));
  });

  it('follows stock sold straight in the database, and reads nothing when nothing changed', async () => {
    const items = await list<Item>('/api/Item/ReadAll');
    const shown = new Set(itemPages().map(([i, d]) => `${i}/${d}`));
    const item = items.find((i) => shown.has(`${i.ItemID}/${i.DbID}`) && Number(i.Availability) > 0);
    if (item === undefined) throw new Error('no item in stock with a page');
    // A till or a script selling the last units: no API call, no update time.
    const db = openDb({ dataDir: env.DATA_DIR as string });
    try {
      await db.db.updateTable('items').set({ stock: 0 }).where('id', '=', item.ItemID).execute();
    } finally {
      await db.close();
    }
    const page = `/app/section/${item.ItemID}/${item.DbID}`;
    expect(await (await fetch(new URL(page, base))).text()).toContain('In stock');
    const sold = await rebuild();
    expect(sold.code, sold.output).toBe(0);
    expect(sold.output).toContain('Catalogue: 1 item changed in place since the last build');
    expect(await (await fetch(new URL(page, base))).text()).toContain('Out of stock');

    const before = snapshot();
    const idle = await rebuild();
    expect(idle.code, idle.output).toBe(0);
    expect(idle.output).toContain('Catalogue: nothing changed since the last build (change feed).');
    expect(idle.output).toContain('Nothing changed since the last build');
    expect(rewritten(before, snapshot())).toEqual([]);
  });

  it('renders every page from the whole catalogue when a scoped rebuild finds the live site lacks a file its pages name', async () => {
    const items = await list<Item>('/api/Item/ReadAll');
    const shown = new Set(itemPages().map(([i, d]) => `${i}/${d}`));
    const item = items.find((i) => shown.has(`${i.ItemID}/${i.DbID}`) && i.SectionID !== null);
    if (item === undefined) throw new Error('no item with a page');
    // The live build loses the stylesheet every page names (a hand-pruned deploy folder, a half-copied build):
    // the kept renderer's pages would name a file the site lacks, so the rebuild must render every page.
    const live = realpathSync(siteDir);
    const css = readdirSync(join(live, '_astro')).find((f) => f.endsWith('.css'));
    if (css === undefined) throw new Error('no stylesheet in the live build');
    rmSync(join(live, '_astro', css));
    const pagesBefore = [...snapshot().keys()].filter((f) => f.endsWith('.html')).sort();
    const edited = await api<Item>('PUT', `/api/Item/Edit/${item.ItemID}`, { ...item, UnitPrice: item.UnitPrice + 7 });
    expect(edited.status).toBe(200);

    const ran = await rebuild();
    expect(ran.code, ran.output).toBe(0);
    // Scoped first (one item changed in place), then every page, from a catalogue read whole.
    expect(ran.output).toContain('Catalogue: 1 item changed in place since the last build');
    expect(ran.output).toContain(
      'Build: rendering every page: the kept renderer names a script or style the live site lacks',
    );
    expect(ran.output).toMatch(/Catalogue: \d+ categories, \d+ stores, \d+ published sections and \d+ items read/);
    expect(ran.output).toMatch(/Full build: \d+ pages rendered/);
    expect([...snapshot().keys()].filter((f) => f.endsWith('.html')).sort()).toEqual(pagesBefore);
    expect(existsSync(join(realpathSync(siteDir), '_astro', css))).toBe(true);
    const served = await (await fetch(new URL(`/app/section/${item.ItemID}/${item.DbID}`, base))).text();
    expect(served).toContain(formatRupees(edited.body.SellingPrice));
  });

  it('reads the whole catalogue again after a change that moves pages', async () => {
    const sections = await list<Section>('/api/Publisher/ReadAll');
    const items = await list<Item>('/api/Item/ReadAll');
    const item = items.find((i) => i.SectionID !== null && sections.some((s) => s.SectionID === i.SectionID));
    const other = sections.find((s) => item !== undefined && s.DbID === item.DbID && s.SectionID !== item.SectionID);
    if (item === undefined || other === undefined) throw new Error('no item to move');
    const moved = await api<Item>('PUT', `/api/Item/Edit/${item.ItemID}`, { ...item, SectionID: other.SectionID });
    expect(moved.status).toBe(200);
    const ran = await rebuild();
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/Catalogue: \d+ categories, \d+ stores, \d+ published sections and \d+ items read/);
    const section = await (await fetch(new URL(`/app/store-section/${other.SectionID}/${other.DbID}`, base))).text();
    expect(section).toContain(`/app/section/${item.ItemID}/${item.DbID}`);
  });

  it('removes the page of a section that is no longer published, and the pages of its items', async () => {
    const sections = await list<Section>('/api/Publisher/ReadAll');
    const items = await list<Item>('/api/Item/ReadAll');
    const section = sections.at(-1) as Section;
    const own = items.filter((i) => i.SectionID === section.SectionID && i.DbID === section.DbID);
    const path = `/app/store-section/${section.SectionID}/${section.DbID}`;
    expect((await fetch(new URL(path, base))).status).toBe(200);

    const deleted = await api('DELETE', `/api/Publisher/Delete/${section.SectionID}/${section.DbID}`);
    expect(deleted.status).toBe(200);
    const ran = await rebuild();
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toMatch(/Incremental rebuild: .* [1-9]\d* removed/);

    expect((await fetch(new URL(path, base))).status).toBe(404);
    expect(existsSync(join(siteDir, path, 'index.html'))).toBe(false);
    expect(existsSync(join(siteDir, path, 'index.html.br'))).toBe(false);
    const sitemap = readFileSync(join(siteDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).not.toContain(`${path}<`);
    // Items that were shown only there lose their pages too (unless a book lists them).
    const gone = own.filter((i) => !existsSync(join(siteDir, 'app/section', String(i.ItemID), String(i.DbID))));
    expect(gone.length).toBeGreaterThan(0);
  });

  it('keeps the policy when staff put <script>x</script> in every text field, and drops hashes no page carries', async () => {
    const policyOf = () => /Content-Security-Policy: (.*)/.exec(readFileSync(join(siteDir, '_headers'), 'utf8'))?.[1];
    const before = policyOf();
    expect(before).toMatch(/'sha256-/);
    const X = '<script>x</script>';
    const items = await list<Item>('/api/Item/ReadAll');
    const shown = new Set(itemPages().map(([i, d]) => `${i}/${d}`));
    const item = items.find((i) => shown.has(`${i.ItemID}/${i.DbID}`) && i.SectionID !== null);
    if (item === undefined) throw new Error('no item with a page');
    const store = (await (await fetch(new URL(`/api/Store/Read/${item.StoreID}`, base))).json()) as {
      CategoryID: number;
    };
    const books = await list<Section & Record<string, unknown>>('/api/Publisher/ReadAll');
    const book = books.find((b) => b.SectionID === item.SectionID && b.DbID === item.DbID);
    const html = `<p>${X}</p>${X}<img src="/favicon.svg" alt="${X}" title="${X}"><style>p{}</style>`;
    const edits: [string, string, unknown][] = [
      [
        'PATCH',
        `/api/Item/Edit/${item.ItemID}`,
        { DbID: item.DbID, ItemTitle: `Tea ${X}`, ItemMetaDescription: X, ItemContent: html, Size: X },
      ],
      [
        'PATCH',
        `/api/Section/Edit/${item.SectionID}`,
        { DbID: item.DbID, SectionTitle: `Aisle ${X}`, SectionMetaDescription: X, SectionContent: html },
      ],
      ['PATCH', `/api/Store/Edit/${item.StoreID}`, { StoreTitle: `Shop ${X}`, StoreDescription: X }],
      ['PATCH', `/api/Category/Edit/${store.CategoryID}`, { CategoryTitle: `Group ${X}` }],
      ['PATCH', `/api/StoreDb/Edit/${item.DbID}`, { DbTitle: `Db ${X}` }],
    ];
    if (book !== undefined) {
      edits.push([
        'PUT',
        `/api/Publisher/Edit/${book.SectionID}`,
        { ...book, SectionTitle: `Book ${X}`, SectionMetaDescription: X, SectionContent: html },
      ]);
    }
    for (const [method, path, json] of edits) {
      const res = await api<{ Message?: string }>(method, path, json);
      expect(res.status, `${method} ${path}: ${res.body.Message}`).toBe(200);
    }
    const ran = await rebuild();
    expect(ran.code, ran.output).toBe(0);
    const page = readFileSync(join(siteDir, `app/section/${item.ItemID}/${item.DbID}/index.html`), 'utf8');
    expect(page).toContain('Tea &lt;script&gt;x&lt;/script&gt;');
    expect(policyOf()).toBe(before);

    // A live build whose policy holds a hash no page carries (as the old, regex-read builds could), and
    // whose manifest has no per-page counts: the next rebuild counts the whole site again and drops it.
    const live = realpathSync(siteDir);
    const manifestFile = join(`${siteDir}-builds`, 'manifests', `${live.split('/').at(-1)}.json`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
      inline: { script: string[] };
      inlineCounts?: unknown;
    };
    const stale = "'sha256-c3RhbGUgaGFzaCBvZiBhIGRlbGV0ZWQgaXRlbSBwYWdlIQ=='";
    manifest.inline.script.push(stale);
    delete manifest.inlineCounts;
    writeFileSync(manifestFile, JSON.stringify(manifest));
    expect(
      (await api('PATCH', `/api/Item/Edit/${item.ItemID}`, { DbID: item.DbID, ItemTitle: 'Plain tea' })).status,
    ).toBe(200);
    const again = await rebuild();
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/Incremental rebuild/);
    expect(policyOf()).toBe(before);
    expect(readFileSync(join(siteDir, '_headers'), 'utf8')).not.toContain(stale);
  });

  it('ends with the very files a full build makes of the same catalogue, on three rendering threads or on one', async () => {
    const files = (dir: string) => [...snapshot(dir).keys()].sort();
    const incremental = files(siteDir);
    // Three threads, each rendering parts of 2,000 pages from the items they show; one: the main thread renders.
    for (const [threads, name, said] of [
      ['3', 'full-site', /rendering and writing [\d.]+ \(3 threads, heaps of at most \d+ MB\)/],
      ['1', 'full-site-one', /rendering [\d.]+ \(the main thread\), page writers/],
    ] as const) {
      const fullDir = join(work, name);
      const full = await rebuild(['--full'], { SITE_DIR: fullDir, AISLE_BUILD_THREADS: threads });
      expect(full.code, full.output).toBe(0);
      expect(full.output).toMatch(said);
      expect(files(fullDir)).toEqual(incremental);
      const differ = incremental.filter(
        (rel) => !readFileSync(join(siteDir, rel)).equals(readFileSync(join(fullDir, rel))),
      );
      expect(differ, `${threads} threads`).toEqual([]);
    }
  });

  it('runs one rebuild at a time, and a rebuild killed half-way leaves the old site serving', async () => {
    const live = realpathSync(siteDir);
    const home = await fetch(new URL('/', base), { redirect: 'manual' });
    const landing = home.headers.get('location') ?? '';
    const child = node('scripts/rebuild.ts', ['--full']);
    const ended = finished(child);
    // Kill it while Astro renders pages into its scratch folder.
    await new Promise<void>((done) => {
      child.stderr?.on('data', (d: Buffer) => {
        if (/rendering \d+\/\d+/.test(d.toString())) done();
      });
    });
    // One rebuild at a time: a second one (cron, or "Publish now") says so and leaves it be.
    const second = await rebuild();
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/Another rebuild of .* is running \(process \d+\)/);
    child.kill('SIGKILL');
    expect((await ended).signal).toBe('SIGKILL');

    expect(realpathSync(siteDir)).toBe(live);
    const page = await fetch(new URL(landing, base));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<h1');

    const again = await rebuild();
    expect(again.code, again.output).toBe(0);
    expect(again.output).toMatch(/Nothing changed since the last build|Incremental rebuild/);
  });

  it('does not trust a standby copy that a killed rebuild left half-changed', async () => {
    const live = realpathSync(siteDir);
    const builds = `${siteDir}-builds`;
    const standby = readdirSync(builds)
      .filter((n) => /^site-\d+$/.test(n))
      .map((n) => join(builds, n))
      .find((d) => d !== live);
    if (standby === undefined) throw new Error('no standby copy');
    // What a rebuild killed while changing the standby leaves: no manifest, a half-written page.
    rmSync(join(builds, 'manifests', `${standby.split('/').at(-1)}.json`));
    const [sid, db] = itemPages()[0] as [number, number];
    const page = `app/section/${sid}/${db}/index.html`;
    rmSync(join(standby, page));
    writeFileSync(join(standby, page), '<p>half</p>');

    const items = await list<Item>('/api/Item/ReadAll');
    const other = items.find(
      (i) => i.ItemID !== sid && existsSync(join(siteDir, 'app/section', String(i.ItemID), String(i.DbID))),
    );
    if (other === undefined) throw new Error('no second item with a page');
    expect((await api('PATCH', `/api/Item/Edit/${other.ItemID}`, { DbID: other.DbID, Availability: 3 })).status).toBe(
      200,
    );
    const ran = await rebuild();
    expect(ran.code, ran.output).toBe(0);
    expect(ran.output).toContain('making a standby copy of the live site');
    expect(readFileSync(join(siteDir, page), 'utf8')).toContain('<!DOCTYPE html>');
  });

  it('fails with a clear message and leaves the site alone when the API cannot be reached', async () => {
    const live = realpathSync(siteDir);
    const ran = await rebuild([], { API_URL: 'http://127.0.0.1:65535' });
    expect(ran.code).toBe(1);
    expect(ran.output).toMatch(
      /rebuild failed: The API at http:\/\/127\.0\.0\.1:65535 cannot be reached \(.*ECONNREFUSED.*\)/,
    );
    expect(ran.output).toContain('the live site is unchanged');
    expect(realpathSync(siteDir)).toBe(live);
  });

  it('refuses to publish a site with far fewer pages unless forced', async () => {
    const sections = await list<Section>('/api/Publisher/ReadAll');
    // Unpublishing half the sections takes their pages and most of their items' pages with them.
    for (const s of sections.slice(0, Math.ceil(sections.length / 2))) {
      expect((await api('DELETE', `/api/Publisher/Delete/${s.SectionID}/${s.DbID}`)).status).toBe(200);
    }
    const live = realpathSync(siteDir);
    const refused = await rebuild();
    expect(refused.code, refused.output).toBe(3);
    expect(refused.output).toMatch(/rebuild refused: Not published: the catalogue now gives \d+ pages, \d+ % fewer/);
    expect(refused.output).toContain('--force');
    expect(realpathSync(siteDir)).toBe(live);

    const forced = await rebuild(['--force']);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toMatch(/publishing although the page count falls by \d+ % \(--force\)/);
    const gone = `/app/store-section/${sections[0]?.SectionID}/${sections[0]?.DbID}`;
    expect((await fetch(new URL(gone, base))).status).toBe(404);
  });
});
