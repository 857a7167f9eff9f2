import { describe, expect, it } from 'vitest';
import {
  APP_REWRITES,
  catalogueRedirects,
  formatRedirects,
  landings,
  parseRedirects,
  parseRewrites,
  type RedirectSources,
} from '../../src/lib/domain/redirects.ts';

const store = (StoreID: number, StoreHidden = false) => ({ StoreID, StoreHidden });
const section = (SectionID: number, DbID: number, StoreID: number, SectionHidden = false) => ({
  SectionID,
  DbID,
  StoreID,
  SectionHidden,
});

const catalogue: RedirectSources = {
  categories: [{ CategoryID: 4 }, { CategoryID: 2 }],
  // Store 1 is hidden: landings skip it.
  stores: [store(1, true), store(5), store(6)],
  sections: [section(10, 1, 1), section(21, 7, 5, true), section(22, 7, 5), section(30, 8, 6)],
  bookItems: [
    { itemId: 100, bookId: 22, dbId: 7 },
    { itemId: 101, bookId: 22, dbId: 7 },
    { itemId: 100, bookId: 21, dbId: 7 },
  ],
};

function ruleMap(src: RedirectSources) {
  return new Map(catalogueRedirects(src).map((r) => [r.from, `${r.to} ${r.status}`]));
}

describe('landings', () => {
  it('lands on the first shown store, its first shown section and the first category', () => {
    expect(landings(catalogue)).toEqual({
      home: '/app/home/5',
      categories: '/app/categories/4',
      stores: '/app/stores/5',
      storeSection: '/app/store-section/22/7',
      front: '/app/home/5',
    });
  });

  it('takes the first row when every row is hidden, and any store’s section when the first has none', () => {
    const all = landings({
      categories: [],
      stores: [store(3, true), store(4, true)],
      sections: [section(9, 2, 4, true)],
      bookItems: [],
    });
    expect(all.home).toBe('/app/home/3');
    expect(all.storeSection).toBe('/app/store-section/9/2');
    expect(all.categories).toBeUndefined();
  });

  it('falls back to a section, a category and at last the playbook for the front page', () => {
    expect(landings({ categories: [], stores: [], sections: [section(9, 2, 4)], bookItems: [] }).front).toBe(
      '/app/store-section/9/2',
    );
    expect(landings({ categories: [{ CategoryID: 1 }], stores: [store(2)], sections: [], bookItems: [] }).front).toBe(
      '/app/home/2',
    );
    expect(landings({ categories: [{ CategoryID: 1 }], stores: [], sections: [], bookItems: [] }).front).toBe(
      '/app/categories/1',
    );
    expect(landings({ categories: [], stores: [], sections: [], bookItems: [] }).front).toBe('/playbook');
  });
});

describe('catalogueRedirects', () => {
  it('sends the empty and 0 paths straight to their final page with 302', () => {
    const rules = ruleMap(catalogue);
    // Issue 37: `/`, the logo and Home open one page, the first store's home page (spec §2 sent `/` to a section).
    expect(rules.get('/')).toBe('/app/home/5 302');
    expect(rules.get('/app')).toBe('/app/home/5 302');
    expect(rules.get('/app/home')).toBe('/app/home/5 302');
    expect(rules.get('/app/home/0')).toBe('/app/home/5 302');
    expect(rules.get('/app/categories')).toBe('/app/categories/4 302');
    expect(rules.get('/app/categories/0')).toBe('/app/categories/4 302');
    expect(rules.get('/app/stores')).toBe('/app/stores/5 302');
    expect(rules.get('/app/stores/0')).toBe('/app/stores/5 302');
    expect(rules.get('/app/store-section')).toBe('/app/store-section/22/7 302');
    expect(rules.get('/app/store-section/0/0')).toBe('/app/store-section/22/7 302');
  });

  it('points book aliases at the canonical book page with 301, the DbID taken from the section', () => {
    const rules = ruleMap(catalogue);
    expect(rules.get('/book/22')).toBe('/app/book/22/7 301');
    expect(rules.get('/book/22/7')).toBe('/app/book/22/7 301');
    expect(rules.get('/book/10')).toBe('/app/book/10/1 301');
    expect(rules.has('/book/22/8')).toBe(false);
  });

  it('points item aliases of every book an item is in at the item page with 301', () => {
    const rules = ruleMap(catalogue);
    expect(rules.get('/section/100/22')).toBe('/app/section/100/7 301');
    expect(rules.get('/section/100/22/7')).toBe('/app/section/100/7 301');
    expect(rules.get('/section/100/21')).toBe('/app/section/100/7 301');
    expect(rules.get('/section/101/22/7')).toBe('/app/section/101/7 301');
    expect(rules.has('/section/101/21')).toBe(false);
  });

  it('gives /book/{bid} the lowest DbID when a section id is published in two databases', () => {
    const rules = ruleMap({
      ...catalogue,
      sections: [section(40, 9, 5), section(40, 3, 5)],
      bookItems: [
        { itemId: 1, bookId: 40, dbId: 9 },
        { itemId: 2, bookId: 40, dbId: 3 },
      ],
    });
    expect(rules.get('/book/40')).toBe('/app/book/40/3 301');
    expect(rules.get('/book/40/9')).toBe('/app/book/40/9 301');
    expect(rules.get('/section/2/40')).toBe('/app/section/2/3 301');
    expect(rules.has('/section/1/40')).toBe(false);
    expect(rules.get('/section/1/40/9')).toBe('/app/section/1/9 301');
  });

  it('lists each path once and never redirects a path to itself', () => {
    const rules = catalogueRedirects(catalogue);
    expect(new Set(rules.map((r) => r.from)).size).toBe(rules.length);
    expect(rules.every((r) => r.from !== r.to)).toBe(true);
  });

  it('still answers every landing path for an empty catalogue', () => {
    const rules = ruleMap({ categories: [], stores: [], sections: [], bookItems: [] });
    for (const path of ['/', '/app/home/0', '/app/categories', '/app/stores/0', '/app/store-section/0/0']) {
      expect(rules.get(path)).toBe('/playbook 302');
    }
  });
});

describe('the _redirects file', () => {
  it('round-trips through format and parse', () => {
    const rules = catalogueRedirects(catalogue);
    const parsed = parseRedirects(formatRedirects(rules));
    expect(parsed.size).toBe(rules.length);
    expect(parsed.get('/book/22')).toEqual({ to: '/app/book/22/7', status: 301 });
    expect(parsed.get('/')).toEqual({ to: '/app/home/5', status: 302 });
  });

  it('reads comments, blank lines and a missing status as a host does, and skips rules it cannot honour', () => {
    const parsed = parseRedirects(
      [
        '# landing',
        '',
        '/a   /b',
        '/c /d 302 # temporary',
        '/a /other 302',
        '/blog/* /news/:splat 301',
        '/item/:id /x/:id 301',
        '/e /f 404',
        '/g /h 301 extra',
      ].join('\n'),
    );
    expect([...parsed]).toEqual([
      ['/a', { to: '/b', status: 301 }],
      ['/c', { to: '/d', status: 302 }],
    ]);
  });
});

describe('rewrites', () => {
  it('writes and reads the confirm page rewrite', () => {
    const text = formatRedirects([{ from: '/', to: '/app/home/1', status: 302 }], APP_REWRITES);
    expect(text).toBe('/ /app/home/1 302\n/confirm/* /confirm/index.html 200\n');
    expect(parseRewrites(text)).toEqual([{ prefix: '/confirm/', to: '/confirm/index.html' }]);
    expect(parseRedirects(text).has('/confirm/*')).toBe(false);
  });

  it('ignores rewrites with placeholders, other statuses or splats in the middle', () => {
    expect(parseRewrites('/a/* /b/:splat 200\n/c/* /d 301\n/e/*/f /g 200\n/h/* /i.html 200 extra\n')).toEqual([]);
  });
});
