import { describe, expect, it } from 'vitest';
import { PageKeys } from '../../src/publish/page-keys.ts';
import { planPages, planStart, type StartFacts } from '../../src/publish/plan.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
const facts = (over: Partial<StartFacts> = {}): StartFacts => ({
  full: false,
  live: 'build',
  before: { code: 'c1', changeCursor: '42', builtAt: '2026-11-27T09:00:00Z' },
  code: 'c1',
  keptRenderer: true,
  now: NOW,
  ...over,
});

describe('planStart: full or compare', () => {
  it('reads only what the change feed names after a build of the same code this year', () => {
    expect(planStart(facts())).toEqual({ kind: 'compare', feedSince: '42' });
  });

  it('renders everything, saying why, when asked, without a build, without a manifest, or after the code changed', () => {
    expect(planStart(facts({ full: true }))).toEqual({ kind: 'full', reason: 'a full build was asked for' });
    expect(planStart(facts({ live: 'none', before: null }))).toEqual({
      kind: 'full',
      reason: 'there is no earlier build',
    });
    expect(planStart(facts({ live: 'folder', before: null }))).toMatchObject({
      kind: 'full',
      reason: expect.stringContaining('no build manifest'),
    });
    expect(planStart(facts({ code: 'c2' }))).toMatchObject({
      kind: 'full',
      reason: expect.stringContaining('code or build settings changed'),
    });
  });

  it('compares every page (no feed) without a cursor, without a kept renderer, or in a new year', () => {
    expect(planStart(facts({ before: { code: 'c1', changeCursor: null, builtAt: NOW.toISOString() } }))).toEqual({
      kind: 'compare',
      feedSince: null,
    });
    expect(planStart(facts({ keptRenderer: false }))).toEqual({ kind: 'compare', feedSince: null });
    expect(planStart(facts({ before: { code: 'c1', changeCursor: '42', builtAt: '2025-12-31T23:00:00Z' } }))).toEqual({
      kind: 'compare',
      feedSince: null,
    });
  });
});

describe('planPages: what to render, remove and index again', () => {
  const live = PageKeys.of([
    { path: '/app/section/1/1', key: 'a' },
    { path: '/app/section/2/1', key: 'b' },
    { path: '/app/categories', key: 'c' },
    { path: '/_redirects', key: 'r' },
  ]);
  const before = { pages: live, searchIndexedAt: '2026-11-27T09:00:00Z', searchShards: 2 };

  it('renders the pages whose keys changed or are new, removes the gone ones, re-indexes only their shards', () => {
    const pages = PageKeys.of([
      { path: '/app/section/1/1', key: 'a2' },
      { path: '/app/categories', key: 'c' },
      { path: '/app/section/5/1', key: 'e' },
      { path: '/_redirects', key: 'r' },
    ]);
    const plan = planPages({ before, pages, shards: 2 });
    expect(plan.changed.map((p) => p.path)).toEqual(['/app/section/1/1', '/app/section/5/1']);
    expect(plan.removed).toEqual(['/app/section/2/1']);
    expect(plan.reused).toBe(1);
    // Sections 1 and 5 sit in shard 1 of 2, section 2 in shard 0.
    expect(plan.reindex).toEqual([0, 1]);
    expect(plan.nothingToDo).toBe(false);
  });

  it('after items edited in place takes the feed’s changed pages and removes nothing', () => {
    const changed = [{ path: '/app/section/2/1', key: 'b2' }];
    const plan = planPages({ before, pages: live.withKeys(new Map([['/app/section/2/1', 'b2']])), changed, shards: 2 });
    expect(plan).toMatchObject({ changed, removed: [], reused: 2, reindex: [0], nothingToDo: false });
  });

  it('does nothing when nothing changed and the index is current', () => {
    expect(planPages({ before, pages: live, shards: 2 })).toMatchObject({
      changed: [],
      removed: [],
      nothingToDo: true,
    });
  });

  it('re-indexes every shard when the live index is stale or the shard count changed', () => {
    expect(planPages({ before: { ...before, searchIndexedAt: null }, pages: live, shards: 2 }).reindex).toEqual([0, 1]);
    expect(planPages({ before, pages: live, shards: 5 }).reindex).toEqual([0, 1, 2, 3, 4]);
  });
});
