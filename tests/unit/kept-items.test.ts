import { describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import { KeptItems } from '../../src/publish/kept-items.ts';

const item = (ItemID: number, DbID: number, SectionID: number | null, ItemTitle = `Item ${ItemID}`): ItemDto => ({
  ItemID,
  StoreID: 1,
  DbID,
  SectionID,
  ItemTitle,
  ItemMetaDescription: '',
  ItemContent: '',
  ItemHidden: false,
  Availability: 5,
  Size: '1 kg',
  UnitPrice: 100,
  Discount: 0,
  FlatDiscount: 0,
  Gst: 5,
  SellingPrice: 100,
  ItemUpdatedTime: '2026-11-27T00:00:00Z',
});
const ids = (rows: ItemDto[] | undefined) => rows?.map((i) => i.ItemID).sort((x, y) => x - y);

describe('KeptItems: the rows a long-lived rebuild keeps between runs', () => {
  it('answers a kept store database or section with the feed’s rows in place of the changed ones', () => {
    const kept = new KeptItems();
    kept.advance('c.1', 'c.2', []);
    kept.keepDb(7, [item(1, 7, 10), item(2, 7, 10), item(3, 7, 11)]);
    kept.keepSection(20, 8, [item(4, 8, 20)]);
    expect(kept.size).toBe(4);
    kept.advance('c.2', 'c.3', [item(2, 7, 10, 'New title'), item(4, 8, 20, 'Other')]);
    expect(kept.db(7)?.find((i) => i.ItemID === 2)?.ItemTitle).toBe('New title');
    expect(ids(kept.section(10, 7))).toEqual([1, 2]);
    expect(kept.section(20, 8)?.[0]?.ItemTitle).toBe('Other');
    // A section not kept, of a database not kept: read by the caller.
    expect(kept.section(21, 8)).toBeUndefined();
  });

  it('moves an item between the sections it keeps as the feed reports it', () => {
    const kept = new KeptItems();
    kept.advance('c.1', 'c.2', []);
    kept.keepSection(20, 8, [item(4, 8, 20), item(5, 8, 20)]);
    kept.keepSection(21, 8, [item(6, 8, 21)]);
    kept.advance('c.2', 'c.3', [item(5, 8, 21)]);
    expect(ids(kept.section(20, 8))).toEqual([4]);
    expect(ids(kept.section(21, 8))).toEqual([5, 6]);
  });

  it('forgets everything on a feed read from another cursor, or one that asks for a whole read', () => {
    const kept = new KeptItems();
    kept.advance('c.1', 'c.2', []);
    kept.keepDb(7, [item(1, 7, 10)]);
    kept.advance('c.9', 'c.10', []);
    expect(kept.db(7)).toBeUndefined();
    kept.keepDb(7, [item(1, 7, 10)]);
    kept.advance('c.10', 'c.11', null);
    expect(kept.db(7)).toBeUndefined();
    expect(kept.size).toBe(0);
    // Nothing is kept before a feed gave a cursor.
    const fresh = new KeptItems();
    fresh.keepDb(7, [item(1, 7, 10)]);
    expect(fresh.db(7)).toBeUndefined();
  });

  it('keeps at most its limit of rows, letting the sets used least recently go', () => {
    const kept = new KeptItems(3);
    kept.advance('c.1', 'c.2', []);
    kept.keepDb(1, [item(1, 1, 1), item(2, 1, 1)]);
    kept.keepDb(2, [item(3, 2, 2)]);
    expect(kept.db(1)).toHaveLength(2);
    kept.keepDb(3, [item(4, 3, 3)]);
    expect(kept.size).toBe(3);
    expect(kept.db(2)).toBeUndefined();
    expect(kept.db(1)).toHaveLength(2);
    expect(kept.db(3)).toHaveLength(1);
  });
});
