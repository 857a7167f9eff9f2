import { describe, expect, it } from 'vitest';
import {
  type BoardOrder,
  boardGroups,
  nextOrderStatus,
  type PickSource,
  pickLines,
  slotWhen,
} from '../../src/lib/domain/order-board.ts';
import { ORDER_MOVES, ORDER_STATUS_NAMES, type OrderItemDto } from '../../src/lib/domain/orders.ts';

// Tuesday 1 December 2026, 23:00 in India (17:30 UTC): "today" is the shop's day, not UTC's.
const NOW = Date.parse('2026-12-01T17:30:00.000Z');

const lineOf = (storeId: number): OrderItemDto => ({
  ItemID: storeId * 10,
  StoreID: storeId,
  ItemTitle: 'Thing',
  UnitPrice: 1,
  Gst: 0,
  Discount: 0,
  FlatDiscount: 0,
  SellingPrice: 1,
  Qty: 1,
  Size: '',
  LineTotal: 1,
});

function orderOf(id: number, stores: number[], slots: [number, number, string][] = []): BoardOrder {
  return {
    OrderID: id,
    OrderItems: stores.map(lineOf),
    Slots: slots.map(([StoreID, SlotID, Start]) => ({ StoreID, SlotID, Start, End: Start })),
  };
}

describe('nextOrderStatus', () => {
  it('is the first allowed move that is not a cancel, for every status', () => {
    for (const status of ORDER_STATUS_NAMES) {
      const next = nextOrderStatus(status);
      const forward = ORDER_MOVES[status].filter((s) => s !== 'Cancelled');
      expect(next, status).toBe(forward[0]);
    }
    expect(nextOrderStatus('Cancelled')).toBeUndefined();
  });
});

describe('slotWhen', () => {
  it.each([
    ['2026-12-01T18:00:00.000Z', 'today'], // 23:30 in India, the same day
    ['2026-12-01T03:30:00.000Z', 'today'], // this morning, already over
    ['2026-12-01T18:30:00.000Z', 'later'], // 00:00 on Wednesday in India
    ['2026-11-30T18:29:00.000Z', 'past'], // 23:59 on Monday in India
  ])('a slot starting %s is %s', (start, when) => {
    expect(slotWhen({ Start: start }, NOW)).toBe(when);
  });
  it('no slot is none', () => expect(slotWhen(null, NOW)).toBe('none'));
});

describe('boardGroups', () => {
  it('puts each store first by title, then today, later, no slot and past slots', () => {
    const today9 = '2026-12-01T03:30:00.000Z';
    const today18 = '2026-12-01T12:30:00.000Z';
    const tomorrow = '2026-12-02T03:30:00.000Z';
    const yesterday = '2026-11-30T03:30:00.000Z';
    const lastWeek = '2026-11-24T03:30:00.000Z';
    const orders = [
      orderOf(7, [1], [[1, 50, lastWeek]]),
      orderOf(6, [1], [[1, 51, yesterday]]),
      orderOf(5, [1]),
      orderOf(4, [1], [[1, 52, tomorrow]]),
      orderOf(3, [1], [[1, 53, today18]]),
      orderOf(2, [1], [[1, 54, today9]]),
      // Two stores: in each store's group, with the slot it holds there.
      orderOf(1, [1, 2], [[2, 60, today9]]),
      orderOf(8, [1], [[1, 54, today9]]),
    ];
    const titles: Record<number, string> = { 1: 'Zen Grocer', 2: 'Apple Farm' };
    const groups = boardGroups(orders, NOW, (id) => titles[id] ?? '');
    expect(groups.map((g) => [g.key, g.when, g.orders.map((o) => o.OrderID)])).toEqual([
      ['2:60', 'today', [1]],
      ['1:54', 'today', [2, 8]],
      ['1:53', 'today', [3]],
      ['1:52', 'later', [4]],
      ['1:none', 'none', [1, 5]],
      ['1:51', 'past', [6]],
      ['1:50', 'past', [7]],
    ]);
  });
});

describe('pickLines', () => {
  const src = (o: Partial<PickSource> & Pick<PickSource, 'orderId' | 'itemId' | 'qty'>): PickSource => ({
    productCode: null,
    title: `Item ${o.itemId}`,
    size: '',
    sectionId: null,
    sectionTitle: '',
    ...o,
  });

  it('sums each item over the orders and lists by section, then title, no section last', () => {
    const lines = pickLines([
      src({ orderId: 9, itemId: 1, qty: 2, title: 'Apple', sectionId: 3, productCode: 'A1' }),
      src({ orderId: 4, itemId: 2, qty: 1, title: 'Honey' }),
      src({ orderId: 4, itemId: 1, qty: 1, title: 'Apple', sectionId: 3, productCode: 'A1' }),
      src({ orderId: 4, itemId: 3, qty: 5, title: 'Banana', sectionId: 1 }),
      src({ orderId: 9, itemId: 4, qty: 1, title: 'Avocado', sectionId: 3 }),
      // The same item twice in one order (two lines): one part of that order.
      src({ orderId: 9, itemId: 3, qty: 1, title: 'Banana', sectionId: 1 }),
      src({ orderId: 9, itemId: 3, qty: 2, title: 'Banana', sectionId: 1 }),
    ]);
    expect(lines.map((l) => [l.ItemTitle, l.Qty, l.Orders.map((o) => `${o.OrderID}×${o.Qty}`)])).toEqual([
      ['Banana', 8, ['4×5', '9×3']],
      ['Apple', 3, ['4×1', '9×2']],
      ['Avocado', 1, ['9×1']],
      ['Honey', 1, ['4×1']],
    ]);
    expect(lines[1]?.ProductCode).toBe('A1');
  });

  it('is empty for no lines', () => expect(pickLines([])).toEqual([]));
});
