import { describe, expect, it } from 'vitest';
import { packSetupProblems, packShortMessage, packsIn, planBulkTakes } from '../../src/lib/domain/packs.ts';

const line = (index: number, qty: number, bulkItemId: number, packSize: number, more = {}) => ({
  index,
  qty,
  hidden: false,
  step: 1,
  maxQtyPerItem: 20,
  bulkItemId,
  packSize,
  ...more,
});

describe('packs drawn from one bulk stock', () => {
  it.each([
    [2750, 250, 11],
    [2750, 1000, 2],
    [999, 1000, 0],
    [0, 500, 0],
    [-5, 500, 0],
  ])('a bulk of %i holds %i-size packs: %i', (bulk, size, packs) => {
    expect(packsIn(bulk, size)).toBe(packs);
  });

  it('sums each bulk’s grams in bulk id order, leaving out lines not for sale, off step or over the limit', () => {
    const plan = planBulkTakes([
      line(0, 2, 9, 500),
      line(1, 1, 4, 1000),
      line(2, 3, 9, 250),
      line(3, 1, 9, 250, { hidden: true }),
      line(4, 21, 4, 250),
    ]);
    expect(plan.needs).toEqual([
      { bulkItemId: 4, amount: 1000 },
      { bulkItemId: 9, amount: 1750 },
    ]);
    expect(plan.drawing.map((l) => l.index)).toEqual([0, 1, 2]);
  });

  it('names a shared bulk when a line alone would fit', () => {
    expect(packShortMessage('CartItems[0].Qty', 3, 'Onion 500 g', 2)).toBe(
      'CartItems[0].Qty asks for 3 of Onion 500 g, but only 2 are in stock.',
    );
    expect(packShortMessage('CartItems[1].Qty', 1, 'Onion 1 kg', 1)).toContain('draw from the same bulk stock');
  });

  const item = { id: 5, storeId: 1, soldBy: 'ByUnit' as const, stock: 0, isBulk: false, isPack: false };
  const bulk = { id: 7, storeId: 1, soldBy: 'ByWeight' as const, isPack: false };
  it.each([
    ['a good set-up', { item, bulk, packSize: 500 }, []],
    ['a pack sold by weight', { item: { ...item, soldBy: 'ByWeight' as const }, bulk, packSize: 500 }, ['ItemID']],
    ['a pack with stock of its own', { item: { ...item, stock: 4 }, bulk, packSize: 500 }, ['ItemID']],
    ['a bulk of other packs', { item: { ...item, isBulk: true }, bulk, packSize: 500 }, ['ItemID']],
    ['a size of 0', { item, bulk, packSize: 0 }, ['PackSize']],
    ['a size too big', { item, bulk, packSize: 100_001 }, ['PackSize']],
    ['no bulk', { item, bulk: undefined, packSize: 500 }, ['BulkItemID']],
    ['a bulk of another store', { item, bulk: { ...bulk, storeId: 2 }, packSize: 500 }, ['BulkItemID']],
    ['a bulk sold by the piece', { item, bulk: { ...bulk, soldBy: 'ByUnit' as const }, packSize: 500 }, ['BulkItemID']],
    ['a bulk that is a pack', { item, bulk: { ...bulk, isPack: true }, packSize: 500 }, ['BulkItemID']],
    ['itself as bulk', { item, bulk: { ...bulk, id: 5 }, packSize: 500 }, ['BulkItemID']],
  ])('%s: problems with %j', (_name, setup, fields) => {
    expect(Object.keys(packSetupProblems(setup)).sort()).toEqual(fields);
  });
});
