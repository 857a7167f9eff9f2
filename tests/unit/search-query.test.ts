import { describe, expect, it } from 'vitest';
import {
  buildSearchTree,
  leafTexts,
  makeLexicon,
  queryWords,
  scoreText,
  searchTextOf,
  synonymKey,
} from '../../src/lib/domain/search-query.ts';
import { productKeyOf, type SearchCandidate, searchPage } from '../../src/lib/domain/search-results.ts';
import { editDistance, normaliseText, rootsOf, singularOf, typoBudget } from '../../src/lib/domain/search-words.ts';

describe('the search query normaliser', () => {
  it('lowers case, drops accents and punctuation, keeps letters of any script and digits', () => {
    expect(normaliseText('  Jeera (Cumin Seeds), 70% Dark — Crème ')).toBe('jeera cumin seeds 70 dark creme');
    expect(normaliseText('दूध / Doodh')).toBe('दूध doodh');
    expect(queryWords('a, Cow  GHEE!')).toEqual(['cow', 'ghee']);
    expect(queryWords('x')).toEqual([]);
  });

  it.each([
    ['tomatoes', 'tomato'],
    ['berries', 'berry'],
    ['boxes', 'box'],
    ['leaves', 'leaf'],
    ['dishes', 'dish'],
    ['eggs', 'egg'],
    ['biscuits', 'biscuit'],
    ['shoes', 'shoe'],
    ['glass', 'glass'],
    ['citrus', 'citrus'],
    ['dal', 'dal'],
    ['500s', '500s'],
  ])('keys %s by its singular %s', (word, one) => {
    expect(singularOf(word)).toBe(one);
  });

  it('looks a word up by the roots that start both its singular and its plural', () => {
    expect(rootsOf('berry')).toEqual(['berry', 'berri']);
    expect(rootsOf('chillies')).toEqual(['chilly', 'chilli']);
    expect(rootsOf('tomatoes')).toEqual(['tomato']);
    expect(rootsOf('leaf')).toEqual(['leaf', 'leav']);
  });

  it('gives no typo below 5 letters, one from 5, two from 9', () => {
    expect([4, 5, 8, 9].map((n) => typoBudget('x'.repeat(n)))).toEqual([0, 1, 1, 2]);
  });

  it('counts edits, a swap of two letters as one, and a start of a word with prefix', () => {
    expect(editDistance('panner', 'paneer', 2)).toBe(1);
    expect(editDistance('onoin', 'onion', 2)).toBe(1);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('chocol', 'chocolate', 1)).toBe(2);
    expect(editDistance('chocol', 'chocolate', 1, true)).toBe(0);
    expect(editDistance('chokol', 'chocolate', 1, true)).toBe(1);
  });
});

describe('the search tree', () => {
  const lexicon = makeLexicon(
    ['nandgaon', 'cow', 'ghee', 'dishwash', 'bar', 'paneer', 'dish', 'wash', 'gel', 'wheat', 'atta', 'milk'],
    [
      ['dudh', 'milk'],
      ['atta', 'wheat flour'],
    ],
  );
  const score = (q: string, title: string) => {
    const tree = buildSearchTree(queryWords(q), lexicon);
    return tree === null ? null : scoreText(tree, searchTextOf(title, ''));
  };

  it('finds every word, the last by its start', () => {
    expect(score('cow gh', 'Nandgaon Cow Ghee')).not.toBeNull();
    expect(score('co ghee', 'Nandgaon Cow Ghee')).not.toBeNull();
    expect(score('cow milk', 'Nandgaon Cow Ghee')).toBeNull();
  });

  it('scores a word found whole above one found by its start, and a typo below both', () => {
    const whole = score('ghee', 'Cow Ghee') as number;
    const start = score('ghe', 'Cow Ghee') as number;
    const typo = score('panner', 'Malai Paneer') as number;
    expect(whole).toBeGreaterThan(start);
    expect(start).toBeGreaterThan(typo);
  });

  it('joins and splits compound words', () => {
    expect(score('dish wash', 'Dishwash Bar')).not.toBeNull();
    expect(score('dishwash', 'Dish Wash Gel')).not.toBeNull();
    expect(score('dishwash', 'Body Wash')).toBeNull();
  });

  it('finds phrase synonyms both ways', () => {
    expect(synonymKey('Wheat Flours')).toBe('wheat flour');
    expect(score('wheat flour', 'Whole Wheat Atta')).not.toBeNull();
    expect(score('atta', 'Fine Wheat Flour')).not.toBeNull();
    expect(score('dudh', 'Toned Milk')).not.toBeNull();
    const tree = buildSearchTree(['dudh'], lexicon);
    expect(tree === null ? [] : leafTexts(tree).sort()).toEqual(['dudh', 'milk']);
  });
});

describe('the search results', () => {
  const line = (id: number, store: number, stock: number, price: number, title = 'Cow Ghee') => ({
    ItemID: id,
    DbID: store,
    StoreID: store,
    StoreTitle: `Store ${store}`,
    ItemTitle: title,
    Size: '1 L',
    SellingPrice: price,
    UnitPrice: price,
    Availability: stock,
    Discount: 0,
    FlatDiscount: 0,
    Gst: 5,
    ItemUpdatedTime: '2026-01-01T00:00:00.000Z',
    MaxQtyPerItem: 10,
  });
  const c = (score: number, s: ReturnType<typeof line>): SearchCandidate => ({
    score,
    key: productKeyOf(s.ItemTitle, s.Size),
    store: s,
  });

  it('groups a product across stores, in stock first, then by score, then by page', () => {
    const answer = searchPage(
      [
        c(20, line(1, 1, 0, 600)),
        c(20, line(2, 2, 3, 640)),
        c(20, line(3, 3, 0, 500, 'Cow Ghees')),
        c(30, line(4, 1, 0, 90, 'Ghee')),
        c(10, line(5, 1, 2, 90, 'Ghee Diya')),
      ],
      1,
      10,
    );
    expect(answer.Total).toBe(3);
    expect(answer.Hits.map((h) => [h.ItemTitle, h.ItemID, h.Stores.map((s) => s.ItemID)])).toEqual([
      ['Cow Ghee', 2, [2, 3, 1]],
      ['Ghee Diya', 5, [5]],
      ['Ghee', 4, [4]],
    ]);
    // Same stock and score: fewer words first ('B' before 'Cow Ghee'); page 2 of 1 is the second.
    const two = [c(1, line(1, 1, 1, 1)), c(1, line(2, 1, 1, 1, 'B'))];
    expect(searchPage(two, 1, 1).Hits.map((h) => h.ItemID)).toEqual([2]);
    expect(searchPage(two, 2, 1).Hits.map((h) => h.ItemID)).toEqual([1]);
    expect(searchPage(two, 3, 1)).toEqual({ Total: 2, Hits: [] });
  });
});
