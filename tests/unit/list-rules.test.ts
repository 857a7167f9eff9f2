import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  type ListRequest,
  listRuleBreak,
  MAX_CURSOR_LENGTH,
  nextLinkTarget,
  nextPageLink,
} from '../../src/lib/domain/list-rules.ts';
import { createListTurns } from '../../src/server/db/list-turns.ts';

const base: ListRequest = {
  page: 0,
  limit: 20,
  filter: '',
  after: false,
  updatedSince: false,
  sortGiven: false,
  sortByUpdatedTime: false,
};
const items = { publicTextFilter: false, updatedTimeField: 'ItemUpdatedTime' };
const stores = { publicTextFilter: true, updatedTimeField: 'StoreUpdatedTime' };

describe('listRuleBreak', () => {
  it.each([
    [{ page: 9, limit: 1000 }, items, null],
    [{ page: 10, limit: 1000 }, items, 'page'],
    [{ page: 499, limit: 20 }, items, null],
    [{ page: 500, limit: 20 }, items, 'page'],
    [{ page: 1_000_000, limit: 1000 }, items, 'page'],
    [{ page: 0, after: true }, items, null],
    [{ page: 1, after: true }, items, 'page'],
    [{ filter: 'apple' }, items, 'filter'],
    [{ filter: 'green' }, stores, null],
    [{ updatedSince: true }, items, null],
    [{ updatedSince: true, sortGiven: true, sortByUpdatedTime: true }, items, null],
    [{ updatedSince: true, sortGiven: true }, items, 'sort'],
  ] as const)('public %o on %o breaks %s', (change, policy, field) => {
    expect(listRuleBreak({ ...base, ...change }, 'public', policy)?.field ?? null).toBe(field);
  });

  it('lets staff page, filter and sort anything, but never page with a cursor', () => {
    const deep = { ...base, page: 1_000_000, limit: 1000, filter: 'x', updatedSince: true, sortGiven: true };
    expect(listRuleBreak(deep, 'staff', items)).toBeNull();
    expect(listRuleBreak({ ...base, page: 2, after: true }, 'staff', items)?.field).toBe('page');
  });

  it('says the rule and the way on in its message', () => {
    expect(listRuleBreak({ ...base, page: 10, limit: 1000 }, 'public', items)?.rule).toMatch(
      /first 10,000 rows.*Link header/,
    );
  });
});

describe('cursors', () => {
  it('round-trips numbers and any text, and is URL-safe', () => {
    const cursor = encodeCursor('title,id:desc', ['Dal — तूर 1 kg ✓', 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor, 'title,id:desc', ['text', 'int'])).toEqual({ values: ['Dal — तूर 1 kg ✓', 42] });
  });

  it.each([
    ['not base64url', '%%%'],
    ['not JSON', 'bm90LWpzb24'],
    ['too long', 'A'.repeat(MAX_CURSOR_LENGTH + 1)],
    ['too few values', encodeCursor('title,id:asc', ['x'])],
    ['a number where text goes', encodeCursor('title,id:asc', [5, 5])],
    ['a fraction for an id', encodeCursor('title,id:asc', ['x', 1.5])],
  ])('refuses %s', (_, raw) => {
    expect(decodeCursor(raw, 'title,id:asc', ['text', 'int'])).toHaveProperty('rule');
  });

  it('refuses a cursor made for another sort, saying so', () => {
    const other = encodeCursor('selling_price,id:asc', [100, 1]);
    const out = decodeCursor(other, 'stock,id:asc', ['int', 'int']);
    expect(out).toEqual({ rule: expect.stringContaining('another sort') });
  });
});

describe('links', () => {
  it('drops page and an old after (any case) and keeps the rest of the query', () => {
    expect(nextPageLink('/api/Item/ReadAll?PAGE=3&limit=5&After=old&sort=-ItemTitle', 'abc')).toBe(
      '</api/Item/ReadAll?limit=5&sort=-ItemTitle&after=abc>; rel="next"',
    );
  });

  it.each([
    ['</a?after=1>; rel="next"', '/a?after=1'],
    ['</p>; rel="prev", </n>; rel=next', '/n'],
    ['</x>; rel="first next"', '/x'],
    ['</x>; rel="prev"', null],
    ['garbage', null],
    [null, null],
  ])('reads the next target of %s', (header, target) => {
    expect(nextLinkTarget(header)).toBe(target);
  });
});

describe('createListTurns', () => {
  it('runs one list at a time in arrival order, each from a fresh turn of the event loop', async () => {
    const turns = createListTurns({ running: 1, waiting: 10, retryAfterSeconds: 2 });
    const log: string[] = [];
    const job = (name: string) =>
      turns.run(async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`end ${name}`);
      });
    const started = Promise.all([job('a'), job('b'), job('c')]);
    // Nothing starts in the same tick: a request that arrives meanwhile is taken in first.
    expect(log).toEqual([]);
    await started;
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(turns.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses with a 503 and Retry-After once the queue is full, and frees the slot after a failure', async () => {
    const turns = createListTurns({ running: 1, waiting: 2, retryAfterSeconds: 7 });
    const slow = () => turns.run(() => new Promise((r) => setTimeout(r, 10)));
    const queued = [slow(), slow()];
    await expect(slow()).rejects.toMatchObject({ status: 503, headers: { 'Retry-After': '7' } });
    await Promise.all(queued);
    await expect(turns.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(turns.run(async () => 'next')).resolves.toBe('next');
  });
});
