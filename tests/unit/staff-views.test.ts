import { describe, expect, it } from 'vitest';
import { auditChanges, auditChangeText, auditFieldLabel } from '../../src/lib/domain/audit-detail.ts';
import { exportFileName } from '../../src/lib/domain/catalogue-sheet.ts';
import { parseSort } from '../../src/lib/domain/list-sort.ts';
import { pricePreview } from '../../src/lib/domain/price-preview.ts';
import {
  buildFraction,
  IMAGE_MAX_BYTES,
  imageFileProblem,
  moveEntry,
  nextSort,
  pageCount,
  pageSummary,
  phaseWords,
  sortDirection,
  stockCellValue,
} from '../../src/lib/domain/staff-views.ts';

describe('list sorting (spec §7 sort)', () => {
  it('reads the three spellings of a sort', () => {
    expect(parseSort('')).toBeNull();
    expect(parseSort('StoreTitle')).toEqual({ field: 'StoreTitle', descending: false });
    expect(parseSort('-StoreTitle')).toEqual({ field: 'StoreTitle', descending: true });
    expect(parseSort('StoreTitle desc')).toEqual({ field: 'StoreTitle', descending: true });
    expect(parseSort('StoreTitle ASC')).toEqual({ field: 'StoreTitle', descending: false });
    expect(parseSort('StoreTitle:desc')).toEqual({ field: 'StoreTitle', descending: true });
    expect(parseSort('Store Title')).toBeUndefined();
    expect(parseSort('StoreTitle; drop')).toBeUndefined();
  });

  it('says how each column stands, for aria-sort', () => {
    expect(sortDirection('', 'StoreTitle')).toBe('none');
    expect(sortDirection('StoreTitle', 'StoreTitle')).toBe('ascending');
    expect(sortDirection('-StoreTitle', 'StoreTitle')).toBe('descending');
    expect(sortDirection('-StoreTitle', 'StoreID')).toBe('none');
    expect(sortDirection('storetitle desc', 'StoreTitle')).toBe('descending');
  });

  it('cycles a header through ascending, descending and the default order', () => {
    expect(nextSort('', 'StoreTitle')).toBe('StoreTitle');
    expect(nextSort('StoreTitle', 'StoreTitle')).toBe('-StoreTitle');
    expect(nextSort('-StoreTitle', 'StoreTitle')).toBe('');
    // Another column starts ascending.
    expect(nextSort('-StoreTitle', 'StoreID')).toBe('StoreID');
  });
});

describe('paging', () => {
  it('counts pages, with an empty list on page 1 of 1', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(300, 1000)).toBe(1);
  });

  it('sums a page up in words', () => {
    expect(pageSummary(0, 20, 0, 'stores')).toBe('No stores');
    expect(pageSummary(0, 20, 50, 'stores')).toBe('Showing 1–20 of 50 stores');
    expect(pageSummary(2, 20, 50, 'stores')).toBe('Showing 41–50 of 50 stores');
    expect(pageSummary(0, 20, 123456, 'items')).toBe('Showing 1–20 of 1,23,456 items');
  });
});

describe('moving a row in a display order', () => {
  it('moves up, down and to the ends without losing or repeating an entry', () => {
    expect(moveEntry([1, 2, 3, 4], 2, 0)).toEqual([3, 1, 2, 4]);
    expect(moveEntry([1, 2, 3, 4], 0, 3)).toEqual([2, 3, 4, 1]);
    expect(moveEntry([1, 2, 3, 4], 1, 2)).toEqual([1, 3, 2, 4]);
  });

  it('clamps a target past either end and ignores a source outside the list', () => {
    expect(moveEntry([1, 2, 3], 0, 9)).toEqual([2, 3, 1]);
    expect(moveEntry([1, 2, 3], 2, -4)).toEqual([3, 1, 2]);
    expect(moveEntry([1, 2, 3], 5, 0)).toEqual([1, 2, 3]);
  });

  it('leaves the given list as it was', () => {
    const list = [1, 2, 3];
    moveEntry(list, 0, 2);
    expect(list).toEqual([1, 2, 3]);
  });
});

describe('the price an item form will show in the shop', () => {
  it('works out the selling price and the struck-through price as the cards do', () => {
    // (120 − 10 %) + 5 % GST = 113.4; the unit price with GST = 126.
    expect(pricePreview({ UnitPrice: '120', Discount: '10', FlatDiscount: '0', Gst: '5' })).toEqual({
      selling: 'Rs 113.40',
      before: 'Rs 126',
      saving: '10 % off',
    });
    expect(pricePreview({ UnitPrice: 200, Discount: 0, FlatDiscount: 50, Gst: 12 })).toEqual({
      selling: 'Rs 168',
      before: 'Rs 224',
      saving: 'Rs 50 flat',
    });
  });

  it('strikes nothing through when nothing is taken off', () => {
    expect(pricePreview({ UnitPrice: '99.5', Discount: '0', FlatDiscount: '0', Gst: '18' })).toEqual({
      selling: 'Rs 117.41',
      before: null,
      saving: null,
    });
  });

  it('shows nothing while a field breaks its rule', () => {
    expect(pricePreview({ UnitPrice: '', Discount: '0', FlatDiscount: '0', Gst: '5' })).toBeNull();
    expect(pricePreview({ UnitPrice: '12.345', Discount: '0', FlatDiscount: '0', Gst: '5' })).toBeNull();
    expect(pricePreview({ UnitPrice: '100', Discount: '101', FlatDiscount: '0', Gst: '5' })).toBeNull();
    expect(pricePreview({ UnitPrice: '100', Discount: '0', FlatDiscount: '0', Gst: '7' })).toBeNull();
    expect(pricePreview({ UnitPrice: '100', Discount: '0', FlatDiscount: '101', Gst: '5' })).toBeNull();
  });
});

describe('audit entries in words', () => {
  const lines = (detail: Record<string, unknown>) => auditChanges(detail).map(auditChangeText);

  it('labels each field an edit changed, money in rupees and flags as Yes/No (issue 35)', () => {
    expect(
      lines({
        changed: {
          UnitPrice: { from: 149, to: 169 },
          Availability: { from: 40, to: 1000000 },
          ItemHidden: { from: false, to: true },
          Size: { from: '', to: '1 kg' },
          Discount: { from: 0, to: 12.5 },
        },
      }),
    ).toEqual([
      'Unit price: Rs 149 → Rs 169',
      'Stock: 40 → 10,00,000',
      'Hidden: No → Yes',
      'Size: none → 1 kg',
      'Discount: 0% → 12.5%',
    ]);
  });

  it('spells out a role change with the roles before and after', () => {
    expect(
      lines({ email: 'meera@example.com', role: 'Employee', before: ['User'], after: ['Employee', 'User'] }),
    ).toEqual(['Role: Employee', 'Roles: User → Employee, User', 'Email: meera@example.com']);
    expect(lines({ role: 'User', before: ['User'], after: [] })).toEqual(['Role: User', 'Roles: User → none']);
  });

  it('says an order move in words, with its stock, undo, reason and customer (issue 35)', () => {
    expect(lines({ from: 'Placed', to: 'Cancelled', unitsReturnedToStock: 3 })).toEqual([
      'Status: Placed → Cancelled',
      'Units returned to stock: 3',
    ]);
    expect(lines({ from: 'Placed', to: 'Packed', unitsReturnedToStock: 0 })).toEqual(['Status: Placed → Packed']);
    expect(lines({ from: 'Packing', to: 'OutForDelivery', unitsReturnedToStock: 0 })).toEqual([
      'Status: Packing → Out for delivery',
    ]);
    expect(lines({ from: 'Cancelled', to: 'Placed', undo: true, unitsTakenFromStock: 1 })).toEqual([
      'Status: Cancelled → Placed',
      'Undone: Yes',
      'Units taken from stock again: 1',
    ]);
    expect(lines({ from: 'Delivered', to: 'Packed', reopened: true, reason: 'Left at the wrong door' })).toEqual([
      'Status: Delivered → Packed',
      'Moved back: “Left at the wrong door”',
    ]);
    expect(lines({ from: 'Placed', to: 'Cancelled', unitsReturnedToStock: 2, by: 'customer' })).toEqual([
      'Status: Placed → Cancelled',
      'Units returned to stock: 2',
      'By: the customer',
    ]);
  });

  it('labels any other detail by its key, and nothing for none', () => {
    expect(lines({ reason: 'wrong', attemptsLeft: 4, ids: [1, 2], DbID: 3 })).toEqual([
      'Reason: wrong',
      'Attempts left: 4',
      'Ids: 1, 2',
      'Store database: #3',
    ]);
    expect(auditFieldLabel('removedFromCustomOrders')).toBe('Taken out of item orders');
    expect(auditFieldLabel('KeyPrefix')).toBe('Key prefix');
    expect(lines({})).toEqual([]);
  });
});

describe('a build in progress', () => {
  it('is the part done, or unknown when the build has not said', () => {
    expect(buildFraction({ Done: 2, Total: 4 })).toBe(0.5);
    expect(buildFraction({ Done: 0, Total: 0 })).toBeNull();
    expect(buildFraction({ Done: 655, Total: 631 })).toBe(1);
  });
});

describe('a picture to upload', () => {
  it('takes PNG, JPEG and WebP up to 2 MB', () => {
    expect(imageFileProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ name: 'a.webp', type: 'image/webp', size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it('names the file and the rule it breaks', () => {
    expect(imageFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
      'a.gif is not a PNG, JPEG or WebP image: choose a picture in one of those formats.',
    );
    expect(imageFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: IMAGE_MAX_BYTES + 1 })).toBe(
      'big.jpg (2.0 MB) is too large: an image may be at most 2 MB.',
    );
  });
});

describe("stockCellValue (the items table's Stock cell, issue 35)", () => {
  it("reads a whole number, with or without the shop's commas", () => {
    expect(stockCellValue(' 12 ', 1_000_000)).toEqual({ ok: true, value: 12 });
    expect(stockCellValue('10,00,000', 1_000_000)).toEqual({ ok: true, value: 1_000_000 });
    expect(stockCellValue('0', 1_000_000)).toEqual({ ok: true, value: 0 });
  });

  it('names the Stock column and writes the bound the Indian way', () => {
    const message = 'Stock must be a whole number from 0 to 10,00,000; “1000001” is not.';
    expect(stockCellValue('1000001', 1_000_000)).toEqual({ ok: false, message });
    expect(stockCellValue('-1', 1_000_000)).toMatchObject({ ok: false });
    expect(stockCellValue('2.5', 1_000_000)).toMatchObject({ ok: false });
    expect(stockCellValue('', 1_000_000)).toMatchObject({ ok: false });
    expect(stockCellValue('ten', 1_000_000)).toEqual({
      ok: false,
      message: 'Stock must be a whole number from 0 to 10,00,000; “ten” is not.',
    });
  });
});

describe('phaseWords (the publish banner, issue 35)', () => {
  it('says each build phase in plain words', () => {
    expect(phaseWords('api')).toBe('Getting ready');
    expect(phaseWords('catalogue')).toBe('Reading the catalogue');
    expect(phaseWords('rendering')).toBe('Writing the pages');
    expect(phaseWords('live')).toBe('Putting the new pages live');
    expect(phaseWords('search')).toBe('Updating the search');
  });

  it('capitalises a phase it does not know', () => {
    expect(phaseWords('compressing')).toBe('Compressing');
    expect(phaseWords('')).toBe('Working');
  });
});

describe('exportFileName (issue 35: an export says what it holds)', () => {
  it('names the store, database, section and filter as slugs, then the date', () => {
    expect(exportFileName(['Kisan Market', undefined, undefined, 'grapes'], '2026-11-27', 'csv')).toBe(
      'aisle-items-kisan-market-grapes-2026-11-27.csv',
    );
    expect(exportFileName([undefined, 'Green Basket — Pune #2', 'Fruit & Veg'], '2026-11-27', 'xlsx')).toBe(
      'aisle-items-green-basket-pune-2-fruit-veg-2026-11-27.xlsx',
    );
    expect(exportFileName([], '2026-11-27', 'csv')).toBe('aisle-items-2026-11-27.csv');
    expect(exportFileName(['!!!', 'x'.repeat(60)], '2026-11-27', 'csv')).toBe(
      `aisle-items-${'x'.repeat(40)}-2026-11-27.csv`,
    );
  });
});
