import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../src/lib/catalogue/catalogue.ts';
import { redirectPages } from '../../src/lib/catalogue/redirect-pages.ts';
import { cataloguePages, cataloguePagesAt, shareOnlyPages, staticPathsOf } from '../../src/lib/catalogue/site-pages.ts';
import { SITEMAP_URLS_PER_FILE, sitemapFiles } from '../../src/lib/catalogue/sitemap.ts';
import { type BuildEvent, readBuildEvent } from '../../src/lib/domain/build-events.ts';
import type { CategoryDto, ItemDto, StoreDto } from '../../src/lib/domain/catalogue.ts';
import { cspHash, headersFile, inlineHashes } from '../../src/publish/deploy-files.ts';
import { renderOrder } from '../../src/publish/full-build.ts';
import { PageKeys } from '../../src/publish/page-keys.ts';
import { createReporter, formatDuration, progressBar, progressLine } from '../../src/publish/progress.ts';
import { parseInterval } from '../../src/publish/schedule.ts';
import { buildSearchIndex, shardCount, shardDir, shardGlob, shardOf } from '../../src/publish/search-index.ts';
import {
  emptyTrash,
  manifestBuildId,
  readManifest,
  type SiteManifest,
  siteFolders,
  writeManifest,
} from '../../src/publish/site-folders.ts';
import { TRASH_YIELD_MS } from '../../src/publish/trash-deleter.ts';
import { idleBuild } from '../../src/server/catalogue/site-builder.ts';
import { headersFor, parseHeaders } from '../../src/server/site-headers.ts';
import { categoryDto, itemDto, sectionDto, storeDto } from '../fixtures/dtos.ts';

// The pure parts of the incremental rebuild: which pages a change touches (cache keys),
// what goes into the deploy folder, and how progress is shown.

const categories: CategoryDto[] = [categoryDto(1, 'Fresh'), categoryDto(2, 'Home')];
const store = (id: number, categoryId: number) => storeDto(id, categoryId);
const section = (id: number, dbId: number, order = '') => sectionDto(id, dbId, { CustomOrder: order });
const item = (id: number, dbId: number, sectionId: number | null) => itemDto(id, dbId, sectionId);

function rows() {
  return {
    categories: categories.map((c) => ({ ...c })),
    stores: [store(1, 1), store(2, 2)],
    sections: [section(10, 1), section(11, 1, '[3, 2]'), section(20, 2)],
    items: [item(1, 1, 10), item(2, 1, 10), item(3, 1, 11), item(4, 2, 20), item(5, 2, null)],
  };
}

const NOW = new Date('2026-06-01T12:00:00Z');

function keys(r: ReturnType<typeof rows>): Map<string, string> {
  return new Map(cataloguePages(indexCatalogue(r), NOW).map((p) => [p.path, p.key]));
}

function changedPaths(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).sort();
}

describe('catalogue page keys', () => {
  it('lists every catalogue page once, items only when a published section or book shows them', () => {
    const pages = [...keys(rows()).keys()];
    expect(new Set(pages).size).toBe(pages.length);
    expect(pages).toContain('/app/section/3/1');
    expect(pages).toContain('/app/book/11/1');
    expect(pages).toContain('/_redirects');
    expect(pages).not.toContain('/app/section/5/2');
  });

  it('changes for a price change only on the item’s page and the section and book that list it', () => {
    const before = rows();
    const after = rows();
    after.items[0] = { ...(after.items[0] as ItemDto), SellingPrice: 99 };
    expect(changedPaths(keys(before), keys(after))).toEqual([
      '/app/book/10/1',
      '/app/section/1/1',
      '/app/store-section/10/1',
    ]);
  });

  it('gives the pages of changed items the same keys from only the rows those pages show', () => {
    // What a rebuild reads after items 2 and 3 were edited in place: every category, store and
    // section, the items filed in their sections (10 and 11) and, since book 11 lists item 2 by
    // CustomOrder, the items of its database (1). Item 4, in another database, is not read.
    const after = rows();
    after.items[1] = { ...(after.items[1] as ItemDto), Availability: 0 };
    after.items[2] = { ...(after.items[2] as ItemDto), ItemTitle: 'Renamed' };
    const whole = keys(after);
    const partial = indexCatalogue({ ...after, items: after.items.filter((i) => i.DbID === 1) });
    const wanted = new Set([
      '/app/section/2/1',
      '/app/section/3/1',
      '/app/store-section/10/1',
      '/app/store-section/11/1',
      '/app/book/10/1',
      '/app/book/11/1',
    ]);
    const scoped = cataloguePagesAt(partial, wanted, NOW);
    expect(scoped.map((p) => p.path).sort()).toEqual([...wanted].sort());
    for (const p of scoped) expect(p.key, p.path).toBe(whole.get(p.path));
    // And the changed ones are among them.
    expect(changedPaths(keys(rows()), whole).every((path) => wanted.has(path))).toBe(true);
  });

  it('changes for stock sold (no update time change) too, since the page shows whether it is in stock', () => {
    const after = rows();
    after.items[1] = { ...(after.items[1] as ItemDto), Availability: 0 };
    expect(changedPaths(keys(rows()), keys(after))).toContain('/app/section/2/1');
  });

  it('drops the pages of an unpublished section and of the items only it showed', () => {
    const after = rows();
    after.sections = after.sections.filter((s) => s.SectionID !== 20);
    const changed = changedPaths(keys(rows()), keys(after));
    expect(changed).toEqual(
      expect.arrayContaining(['/app/store-section/20/2', '/app/book/20/2', '/app/section/4/2', '/_redirects']),
    );
    expect([...keys(after).keys()]).not.toContain('/app/store-section/20/2');
  });

  it('changes every page when the navigation’s landing changes, and none for an unrelated hidden draft', () => {
    const after = rows();
    after.stores[0] = { ...(after.stores[0] as StoreDto), StoreHidden: true };
    const before = keys(rows());
    expect(changedPaths(before, keys(after)).length).toBe(before.size);
    const unrelated = rows();
    unrelated.items.push(item(6, 2, 99));
    expect(changedPaths(before, keys(unrelated))).toEqual([]);
  });

  it('changes every page in a new year (the footer shows it)', () => {
    const cat = indexCatalogue(rows());
    const a = cataloguePages(cat, new Date('2026-12-31T10:00:00'));
    const b = cataloguePages(cat, new Date('2027-01-01T10:00:00'));
    expect(a.every((p, i) => p.key !== b[i]?.key)).toBe(true);
  });

  describe('limited by the rebuild', () => {
    afterEach(() => shareOnlyPages(null));

    it('gives getStaticPaths only the pages the rebuild names, once it names them, with the same cache keys', async () => {
      const cat = indexCatalogue(rows());
      const all = await staticPathsOf(cat, 'item');
      expect(all.length).toBe(4);
      let name: (paths: readonly string[]) => void = () => {};
      shareOnlyPages(new Promise((resolve) => (name = resolve)));
      const pending = staticPathsOf(cat, 'item');
      name(['/app/section/3/1', '/app/store-section/10/1']);
      expect(await pending).toEqual([all.find((p) => p.params.sid === '3')]);
      expect((await staticPathsOf(cat, 'storeSection')).map((p) => p.params)).toEqual([{ bid: '10', dbid: '1' }]);
      expect(await staticPathsOf(cat, 'category')).toEqual([]);
    });
  });
});

describe('deploy folder', () => {
  it('hashes inline scripts and styles, not scripts with a src or JSON-LD', () => {
    const html =
      '<script type="application/ld+json">{"a":1}</script><script type="module" src="/_astro/a.js"></script>' +
      '<script>(()=>{self.x=1})()</script><style>astro-island{display:contents}</style>';
    expect(inlineHashes(html)).toEqual({
      script: [cspHash('(()=>{self.x=1})()')],
      style: [cspHash('astro-island{display:contents}')],
    });
    // The hash a browser computes for that text.
    expect(cspHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
  });

  it('writes _headers with the policy for every path and cache rules that never overlap', () => {
    const text = headersFile({
      inline: { script: ["'sha256-s='"], style: ["'sha256-t='"] },
      connect: ['https://api.example.com'],
      topLevel: ['app/', '_astro/', 'images/', 'pagefind/', '404.html', 'favicon.svg', 'sitemap-index.xml', '_headers'],
      publicEntries: new Set(['images/', 'favicon.svg']),
    });
    const rules = parseHeaders(text);
    const page = headersFor(rules, '/app/home/1');
    expect(page['Content-Security-Policy']).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' 'sha256-s='; style-src 'self' 'sha256-t='; " +
        "img-src 'self' blob: data:; font-src 'self'; connect-src 'self' https://api.example.com; worker-src 'self'; " +
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(page['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    // Razorpay Checkout runs on the pay page alone: its script, its frames and its calls; no other page allows them.
    const pay = headersFor(rules, '/app/pay/');
    expect(pay['Content-Security-Policy']).toBe(
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' https://checkout.razorpay.com 'sha256-s='; " +
        "style-src 'self' 'sha256-t='; img-src 'self' blob: data:; font-src 'self'; " +
        "connect-src 'self' https://api.example.com https://api.razorpay.com https://lumberjack.razorpay.com; " +
        "frame-src 'self' https://api.razorpay.com https://checkout.razorpay.com; worker-src 'self'; " +
        "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(pay['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    for (const path of ['/app/cart/my-cart', '/app/home/1', '/app/payments', '/']) {
      expect(headersFor(rules, path)['Content-Security-Policy'], path).not.toContain('razorpay');
    }
    expect(headersFor(rules, '/_astro/Base.abc.css')['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(headersFor(rules, '/pagefind/fragment/en_1.pf_fragment')['Cache-Control']).toContain('immutable');
    expect(headersFor(rules, '/images/default-tile.svg')['Cache-Control']).toBe('public, max-age=3600');
    expect(headersFor(rules, '/sitemap-index.xml')['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    for (const path of ['/app/home/1', '/_astro/a.js', '/images/x.svg', '/404.html', '/']) {
      const setting = rules.filter(
        (r) => r.headers['Cache-Control'] !== undefined && headersFor([r], path)['Cache-Control'],
      );
      expect(setting.length, path).toBe(1);
    }
  });

  it('writes a redirect page for every rule whose path is not a rendered page', () => {
    const files = redirectPages(
      '/ /app/home/1 302\n/book/7 /app/book/7/2 301\n/app/home/1 /elsewhere 301\n/confirm/* /confirm/index.html 200\n',
      'https://shop.example',
      (p) => p === '/app/home/1',
    );
    expect([...files.keys()]).toEqual(['index.html', 'book/7/index.html']);
    expect(files.get('book/7/index.html')).toContain('<link rel="canonical" href="https://shop.example/app/book/7/2">');
  });

  it('splits the sitemap at 45,000 addresses, leaving out private pages and the 404 page', () => {
    const paths = ['/app/cart/my-cart', '/404', '/_redirects', '/app/login'];
    for (let i = 0; i < SITEMAP_URLS_PER_FILE; i++) paths.push(`/app/section/${i}/1`);
    const files = sitemapFiles('https://shop.example', paths);
    expect(files.map((f) => f.name)).toEqual(['sitemap-index.xml', 'sitemap-0.xml', 'sitemap-1.xml']);
    expect(files[0]?.content).toContain('<loc>https://shop.example/sitemap-1.xml</loc>');
    const all = files
      .slice(1)
      .map((f) => f.content)
      .join('');
    expect(all).toContain('<loc>https://shop.example/app/login</loc>');
    expect(all).not.toMatch(/app\/cart|example\/404<|_redirects/);
  });
});

describe('replaced builds', () => {
  /** A trashed build of a few pages in `builds`, named `name`. */
  const trashed = (builds: string, name: string) => {
    for (const page of ['a', 'b', 'c']) {
      mkdirSync(join(builds, name, 'app', page), { recursive: true });
      writeFileSync(join(builds, name, 'app', page, 'index.html'), '<p>old</p>');
    }
  };
  const gone = async (path: string) => {
    for (let i = 0; i < 200 && existsSync(path); i++) await new Promise((r) => setTimeout(r, 25));
    return !existsSync(path);
  };

  it('are deleted in the background once each, and again when the deletion that claimed them ended first', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-trash-'));
    try {
      const folders = siteFolders(join(root, 'site'));
      trashed(folders.buildsDir, 'trash-1-1-0');
      // Claimed by a deletion still running (this process stands in for it): not deleted a second time.
      trashed(folders.buildsDir, `trash-1-1-1.deleting-${process.pid}`);
      // Claimed by a deletion that ended before it was done (no such process): deleted again.
      trashed(folders.buildsDir, 'trash-1-1-2.deleting-99999999');
      emptyTrash(folders, { detached: true });
      emptyTrash(folders, { detached: true });
      expect(await gone(join(folders.buildsDir, 'trash-1-1-0'))).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      const left = () => readdirSync(folders.buildsDir).filter((n) => n.startsWith('trash-'));
      for (let i = 0; i < 200 && left().length > 1; i++) await new Promise((r) => setTimeout(r, 25));
      expect(left()).toEqual([`trash-1-1-1.deleting-${process.pid}`]);
      // Deleting here and now (a full disk wants its room back) takes claimed trash too.
      emptyTrash(folders, { detached: false });
      expect(readdirSync(folders.buildsDir)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  /**
   * A trashed build of 2,000 files, deleted in the background while a rebuild holds the site's
   * lock (this process stands in for it); answers the deletion's folder and its files left.
   */
  const deletionBesideARebuild = async (root: string) => {
    const folders = siteFolders(join(root, 'site'));
    mkdirSync(join(folders.buildsDir, 'trash-2-2-0', 'app'), { recursive: true });
    for (let i = 0; i < 2_000; i++) writeFileSync(join(folders.buildsDir, 'trash-2-2-0', 'app', `${i}.html`), 'old');
    const lock = join(folders.buildsDir, 'lock');
    writeFileSync(lock, `${process.pid} rebuild`);
    emptyTrash(folders, { detached: true });
    const claimed = () => readdirSync(folders.buildsDir).find((n) => n.startsWith('trash-2-2-0.deleting-'));
    const left = () => {
      const dir = claimed();
      return dir === undefined ? -1 : readdirSync(join(folders.buildsDir, dir, 'app')).length;
    };
    // It deletes 500 files, then waits for the rebuild to end.
    for (let i = 0; i < 400 && left() !== 1_500; i++) await new Promise((r) => setTimeout(r, 25));
    expect(left()).toBe(1_500);
    await new Promise((r) => setTimeout(r, 500));
    expect(left()).toBe(1_500);
    return { dir: join(folders.buildsDir, claimed() as string), lock };
  };
  const goneWithin = async (path: string, ms: number) => {
    const until = Date.now() + ms;
    while (existsSync(path) && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
    return !existsSync(path);
  };

  it('are deleted out of the way of a rebuild that holds the site lock: they wait until it ends', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-trash-'));
    try {
      const { dir, lock } = await deletionBesideARebuild(root);
      rmSync(lock);
      expect(await goneWithin(dir, TRASH_YIELD_MS - 1_000)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('wait for one rebuild a few seconds at most, so a full build does not keep the trash', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-trash-'));
    try {
      // The lock stays held: the deletion goes on after TRASH_YIELD_MS.
      const { dir } = await deletionBesideARebuild(root);
      expect(await goneWithin(dir, TRASH_YIELD_MS + 5_000)).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('page keys of a build', () => {
  const list = Array.from({ length: 40 }, (_, i) => ({ path: `/app/section/${i}/1`, key: `k${i}` }));

  it('keep their order and keys through the manifest, and read the object form older manifests have', () => {
    const keys = PageKeys.of(list);
    const again = PageKeys.fromJSON(JSON.parse(JSON.stringify(keys)));
    expect(Array.from(again)).toEqual(list);
    expect(again.size).toBe(40);
    const old = PageKeys.fromJSON(Object.fromEntries(list.map((p) => [p.path, p.key])));
    expect([...old]).toEqual(list);
    expect(() => PageKeys.fromJSON(['/app/section/1/1'])).toThrow(/form this version does not read/);
  });

  it('answer look-ups the same before and after they build an index, and replace only the named keys', () => {
    const keys = PageKeys.of(list);
    // More look-ups than the scans allowed before an index: the answers stay the same.
    for (let round = 0; round < 3; round++) {
      for (const p of list) expect(keys.get(p.path)).toBe(p.key);
      expect(keys.has('/app/section/99/1')).toBe(false);
    }
    const changed = keys.withKeys(
      new Map([
        ['/app/section/7/1', 'new'],
        ['/nowhere', 'x'],
      ]),
    );
    expect(changed.get('/app/section/7/1')).toBe('new');
    expect(changed.has('/nowhere')).toBe(false);
    expect(keys.get('/app/section/7/1')).toBe('k7');
    expect(changed.paths()).toEqual(keys.paths());
  });

  it('go in a page list file beside the manifest, read back without parsing, with replaced keys carried by the manifest', () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-page-list-'));
    try {
      const folders = siteFolders(join(root, 'site'));
      const manifest = (buildId: string, pages: PageKeys): SiteManifest => ({
        version: 1,
        buildId,
        code: 'c',
        builtAt: new Date().toISOString(),
        pages,
        staticPages: [],
        inline: { script: [], style: [] },
        searchIndexedAt: null,
      });
      const lists = () => readdirSync(folders.manifestsDir).filter((n) => n.startsWith('pages-'));
      const one = join(folders.buildsDir, 'site-1');
      const two = join(folders.buildsDir, 'site-2');
      writeManifest(folders, one, manifest('b-1', PageKeys.of(list)));
      expect(lists().length).toBe(1);
      const text = readFileSync(join(folders.manifestsDir, 'site-1.json'), 'utf8');
      expect(text.length).toBeLessThan(600);
      const read = readManifest(folders, one)?.pages as PageKeys;
      expect(read.size).toBe(40);
      expect(read.get('/app/section/7/1')).toBe('k7');
      expect(read.has('/app/section/99/1')).toBe(false);
      // A few keys replaced: the next manifest names the same page list with them.
      const changed = read.withKeys(
        new Map([
          ['/app/section/7/1', 'new'],
          ['/nowhere', 'x'],
        ]),
      );
      writeManifest(folders, two, manifest('b-2', changed));
      writeManifest(folders, one, manifest('b-2', changed));
      expect(lists().length).toBe(1);
      const again = readManifest(folders, two)?.pages as PageKeys;
      expect(again.get('/app/section/7/1')).toBe('new');
      expect(again.has('/nowhere')).toBe(false);
      expect(Array.from(again)).toEqual(list.map((p) => (p.path === '/app/section/7/1' ? { ...p, key: 'new' } : p)));
      // A parsed list is written anew; the list no manifest names any more goes.
      writeManifest(folders, one, manifest('b-3', PageKeys.of(list)));
      writeManifest(folders, two, manifest('b-3', PageKeys.of(list)));
      expect(lists().length).toBe(2);
      writeManifest(folders, two, manifest('b-3', readManifest(folders, one)?.pages as PageKeys));
      expect(lists().length).toBe(1);
      const last = readManifest(folders, two);
      expect(last === null ? null : [...last.pages]).toEqual(list);
      // A manifest whose page list is gone or damaged is not trusted (the rebuild then renders everything).
      const [file] = lists();
      writeFileSync(join(folders.manifestsDir, file as string), '/app/section/1/1\tk1\n');
      expect(readManifest(folders, one)).toBeNull();
      rmSync(join(folders.manifestsDir, file as string));
      expect(readManifest(folders, one)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("give a build's id from its manifest's head, as the whole manifest gives it", () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-manifest-'));
    try {
      const folders = siteFolders(join(root, 'site'));
      const build = join(folders.buildsDir, 'site-1');
      const manifest: SiteManifest = {
        version: 1,
        buildId: 'b-1',
        code: 'c',
        builtAt: new Date().toISOString(),
        pages: PageKeys.of(list),
        staticPages: [],
        inline: { script: [], style: [] },
        searchIndexedAt: null,
      };
      expect(manifestBuildId(folders, build)).toBeNull();
      writeManifest(folders, build, manifest);
      expect(manifestBuildId(folders, build)).toBe('b-1');
      expect(readManifest(folders, build)?.buildId).toBe('b-1');
      // A manifest written in another key order is read whole.
      const file = join(folders.manifestsDir, 'site-1.json');
      const { buildId, ...rest } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...rest, buildId: 'b-2' }));
      expect(manifestBuildId(folders, build)).toBe('b-2');
      writeFileSync(file, JSON.stringify({ ...rest, version: 2, buildId }));
      expect(manifestBuildId(folders, build)).toBeNull();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('schedule and progress', () => {
  it('reads --every intervals in seconds, minutes and hours', () => {
    expect(parseInterval('5m')).toBe(300_000);
    expect(parseInterval('30s')).toBe(30_000);
    expect(parseInterval('1.5h')).toBe(5_400_000);
    for (const bad of ['5', '5 minutes', '0m', '2s', '-1m', 'm']) expect(parseInterval(bad), bad).toBeNull();
  });

  it('shows pages done of total, the rate and the time left', () => {
    const p = { label: 'rendering', unit: 'pages', done: 500, total: 2000, elapsedMs: 2000 };
    expect(progressLine(p)).toBe('Build: rendering 500/2000 pages (250 pages/s, 6 s left)');
    expect(progressBar(p, 10)).toBe('Rendering    [###-------] 500/2,000 pages  250/s  6 s left');
    expect(formatDuration(185)).toBe('3 min 5 s');
  });

  it('sends "Publish now" structured events: steps, then a counted phase, never read from log text', () => {
    const events: BuildEvent[] = [];
    const lines: string[] = [];
    const stream = { isTTY: false, write: (s: string) => lines.push(s) > 0 } as unknown as NodeJS.WriteStream;
    let t = 0;
    const reporter = createReporter(stream, { tty: false, now: () => t, events: (e) => events.push(e) });
    reporter.step('api');
    reporter.step('catalogue');
    const phase = reporter.phase('rendering', 40, 'pages');
    t = 1000;
    phase.update(12);
    t = 1100;
    // Within 200 ms of the last event: no new one (the bar's lines are for people).
    phase.update(13);
    const read = (list: BuildEvent[]) => list.reduce(readBuildEvent, { progress: idleBuild(), rank: 0 }).progress;
    expect(read(events)).toMatchObject({ Phase: 'rendering', Done: 12, Total: 40, Message: 'rendering 12/40 pages' });
    phase.end();
    expect(read(events)).toMatchObject({ Phase: 'rendering', Done: 13, Total: 40 });
    reporter.step('live');
    expect(read(events)).toMatchObject({ Phase: 'live', Done: 4, Total: 5 });
    // A late progress event after the pages are live does not move the bar back.
    expect(
      read([...events, { type: 'progress', phase: 'compressing', done: 1, total: 9, unit: 'files' }]),
    ).toMatchObject({ Phase: 'live', Done: 4 });
    // The log says the same in words, and nothing parses it.
    expect(lines.join('')).toContain('Build: rendering 13/40 pages');
  });
});

describe('search shards', () => {
  it('split the searched pages into shards of at most the given size (a divisor of 100 of them)', () => {
    expect(shardCount(0, 25_000)).toBe(1);
    expect(shardCount(25_000, 25_000)).toBe(1);
    expect(shardCount(25_001, 25_000)).toBe(2);
    expect(shardCount(93_762, 25_000)).toBe(5);
    expect(shardCount(200_000, 25_000)).toBe(10);
    expect(shardCount(250_001, 25_000)).toBe(20);
    // The default: 2,500 pages a shard (one Pagefind run of about 200 MB), whatever the catalogue.
    expect(shardCount(2_500)).toBe(1);
    expect(shardCount(4_000)).toBe(2);
    expect(shardCount(93_761)).toBe(50);
    expect(shardCount(234_101)).toBe(100);
    expect(shardCount(600_000)).toBe(100);
    expect(shardCount(1_000_000, 5_000)).toBe(100);
  });

  it('put a page in the shard of its first id modulo the count, so it stays there while the count does', () => {
    expect(shardOf('/app/section/1234/7', 5)).toBe(4);
    expect(shardOf('/app/store-section/25/3', 5)).toBe(0);
    expect(shardOf('/app/section/9/1', 2)).toBe(1);
    expect(shardOf('/app/section/9/1', 1)).toBe(0);
    expect(shardOf('/app/section/1234/7', 20)).toBe(14);
    expect(shardOf('/app/section/1234/7', 50)).toBe(34);
    expect(shardOf('/app/store-section/25/3', 25)).toBe(0);
    expect(shardOf('/app/section/3/1', 20)).toBe(3);
    expect(shardOf('/app/section/103/1', 20)).toBe(3);
    expect([0, 1, 4].map(shardDir)).toEqual(['pagefind', 'pagefind-1', 'pagefind-4']);
  });

  it('select each shard’s pages by a glob over the built site', () => {
    expect(shardGlob(0, 1)).toBe('app/{section,store-section}/*/*/index.html');
    expect(shardGlob(1, 5)).toBe('app/{section,store-section}/*{1,6}/*/index.html');
    expect(shardGlob(3, 10)).toBe('app/{section,store-section}/*3/*/index.html');
    expect(shardGlob(3, 20)).toBe('app/{section,store-section}/{3,*03,*23,*43,*63,*83}/*/index.html');
    expect(shardGlob(7, 50)).toBe('app/{section,store-section}/{7,*07,*57}/*/index.html');
    expect(shardGlob(14, 50)).toBe('app/{section,store-section}/{*14,*64}/*/index.html');
  });

  it('give each page to exactly the shard whose glob finds it', () => {
    // Every id from 1 to 2,000 against the globs of every count, matched as Pagefind's globs match folder names.
    const matches = (glob: string, name: string) => {
      const alternatives = /\/\{([^}]*)\}\/\*\/index\.html$/.exec(glob)?.[1]?.split(',') ?? [
        /\/(\*[^/]*)\/\*\/index\.html$/.exec(glob)?.[1] ?? '',
      ];
      return alternatives.some((alt) => {
        const digits = /^\*\{([\d,]+)\}$/.exec(alt);
        if (digits !== null) return (digits[1] ?? '').split(',').some((d) => name.endsWith(d));
        return alt.startsWith('*') ? name.endsWith(alt.slice(1)) : name === alt;
      });
    };
    for (const count of [1, 2, 5, 10, 20, 25, 50, 100]) {
      for (let id = 1; id <= 2000; id++) {
        const found = Array.from({ length: count }, (_, shard) => shard).filter((shard) =>
          matches(shardGlob(shard, count), String(id)),
        );
        expect(found, `id ${id} of ${count} shards`).toEqual([shardOf(`/app/section/${id}/1`, count)]);
      }
    }
  });

  it('index every searched page in its own shard when Pagefind reads the globs (20 shards)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'aisle-shards-'));
    try {
      const ids = [1, 3, 9, 10, 20, 23, 40, 103, 120, 203, 999, 1003, 1020, 4321];
      for (const id of ids) {
        const dir = join(root, 'app', 'section', String(id), '1');
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          join(dir, 'index.html'),
          `<!doctype html><html lang="en"><head><title>Item ${id}</title></head><body><main data-pagefind-body><h1>Item ${id}</h1><p>Fresh produce number ${id}.</p></main></body></html>`,
        );
      }
      const expected = new Map<number, number>();
      for (const id of ids) {
        const shard = shardOf(`/app/section/${id}/1`, 20);
        expected.set(shard, (expected.get(shard) ?? 0) + 1);
      }
      let total = 0;
      for (const [shard, pages] of expected) {
        const index = await buildSearchIndex(root, 20, { only: [shard] });
        expect(index.pages, `shard ${shard}`).toBe(pages);
        total += index.pages;
      }
      expect(total).toBe(ids.length);
      // Shard 3 of 20 holds the ids 3, 23, 103, 203 and 1003.
      expect(expected.get(3)).toBe(5);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);

  it('are cached like the one index: chunks immutable, entry files revalidated', () => {
    const rules = parseHeaders(
      headersFile({
        inline: { script: [], style: [] },
        connect: [],
        topLevel: ['app/', 'pagefind/', 'pagefind-3/', '_headers'],
        publicEntries: new Set(),
      }),
    );
    expect(headersFor(rules, '/pagefind-3/fragment/en_1.pf_fragment')['Cache-Control']).toContain('immutable');
    expect(headersFor(rules, '/pagefind-3/index/en_1.pf_index')['Cache-Control']).toContain('immutable');
    expect(headersFor(rules, '/pagefind-3/pagefind-entry.json')['Cache-Control']).toBeUndefined();
  });
});

describe('full build order', () => {
  it('renders the searched pages shard by shard (the first shard, whose glob matches a redirect page, last), then the rest, each page once', () => {
    const paths = [
      '/app/section/11/1',
      '/app/section/12/1',
      '/app/store-section/21/1',
      '/app/book/21/1',
      '/app/home/3',
      '/_redirects',
      '/app/section/16/1',
    ];
    expect(renderOrder(paths, 5)).toEqual([
      { shard: 1, paths: ['/app/section/11/1', '/app/store-section/21/1', '/app/section/16/1'] },
      { shard: 2, paths: ['/app/section/12/1'] },
      { shard: 3, paths: [] },
      { shard: 4, paths: [] },
      { shard: 0, paths: [] },
      { shard: null, paths: ['/app/book/21/1', '/app/home/3', '/_redirects'] },
    ]);
  });
});
