import { describe, expect, it } from 'vitest';
import { type CartDto, type CartItemDto, type CartState, removeLine } from '../../src/lib/domain/cart.ts';
import { isStale, mergeWithServer, planSave, serverNow } from '../../src/lib/domain/cart-sync.ts';

const T = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute)).toISOString();

function line(itemId: number, qty: number, over: Partial<CartItemDto> = {}): CartItemDto {
  return {
    ItemID: itemId,
    ItemTitle: `Item ${itemId}`,
    Staus: 'loaded',
    StoreID: 1,
    Qty: qty,
    Availability: 50,
    Size: '',
    UnitPrice: 10,
    Discount: 0,
    FlatDiscount: 0,
    Gst: 0,
    SellingPrice: 10,
    StoreName: '1',
    ItemUpdatedTime: T(0),
    MaxQtyPerItem: 99,
    ...over,
  };
}

const server = (lines: CartItemDto[], over: Partial<CartDto> = {}): CartDto => ({
  CustomerID: 7,
  CustomerName: 'Meera Iyer',
  CartID: 7,
  CartItems: lines,
  RemovedLines: [],
  ReadTime: T(30),
  ...over,
});

const local = (lines: CartItemDto[]): CartState => ({
  cart: { ...server(lines), RemovedLines: undefined },
  isDirty: true,
});
const qtys = (state: CartState) => state.cart?.CartItems.map((l) => [l.ItemID, l.Qty, l.Staus]);

describe('mergeWithServer: each line keeps its newer change (issue 36)', () => {
  it('takes the server copy of lines not changed here, and drops those the server no longer has', () => {
    const mine = local([line(1, 2), line(2, 1)]);
    const merged = mergeWithServer(mine, server([line(1, 5, { LineUpdatedTime: T(10) }), line(3, 4)]));
    expect(qtys(merged)).toEqual([
      [1, 5, 'loaded'],
      [3, 4, 'loaded'],
    ]);
    expect(merged.isDirty).toBe(false);
  });

  it('keeps a change made here after the server last changed the line, still to be saved', () => {
    const mine = local([line(1, 9, { Staus: 'modified', LineUpdatedTime: T(20) })]);
    const merged = mergeWithServer(mine, server([line(1, 5, { LineUpdatedTime: T(10) })]));
    expect(qtys(merged)).toEqual([[1, 9, 'modified']]);
    expect(merged.isDirty).toBe(true);
  });

  it('lets a newer change on another device win over an older one here', () => {
    const mine = local([line(1, 9, { Staus: 'modified', LineUpdatedTime: T(5) })]);
    const merged = mergeWithServer(mine, server([line(1, 5, { LineUpdatedTime: T(10) })]));
    expect(qtys(merged)).toEqual([[1, 5, 'loaded']]);
    expect(merged.isDirty).toBe(false);
  });

  it('keeps a line removed on another device removed, unless it was changed here afterwards', () => {
    const removed = { RemovedLines: [{ ItemID: 1, StoreID: 1, RemovedTime: T(10) }] };
    const older = local([line(1, 3, { Staus: 'modified', LineUpdatedTime: T(5) })]);
    expect(qtys(mergeWithServer(older, server([], removed)))).toEqual([]);
    const newer = local([line(1, 3, { Staus: 'modified', LineUpdatedTime: T(15) })]);
    expect(qtys(mergeWithServer(newer, server([], removed)))).toEqual([[1, 3, 'modified']]);
  });

  it('keeps a removal made here over an older server line, and forgets one the server already has', () => {
    const at = T(20);
    const removedHere = removeLine(local([line(1, 3), line(2, 1)]), 1, 1, at);
    const merged = mergeWithServer(removedHere, server([line(1, 3, { LineUpdatedTime: T(10) }), line(2, 1)]));
    expect(qtys(merged)).toEqual([
      [1, 3, 'deleted'],
      [2, 1, 'loaded'],
    ]);
    expect(qtys(mergeWithServer(removedHere, server([line(2, 1)])))).toEqual([[2, 1, 'loaded']]);
  });

  it("ignores another account's copy and remembers when the server was read and its clock", () => {
    const other = { cart: { ...server([line(1, 2, { Staus: 'added' })]), CartID: 8 }, isDirty: true };
    const localNow = Date.parse(T(29));
    const merged = mergeWithServer(other, server([line(4, 1)]), localNow);
    expect(qtys(merged)).toEqual([[4, 1, 'loaded']]);
    expect(merged.syncedTime).toBe(T(30));
    expect(merged.clockOffset).toBe(60_000);
    expect(serverNow(merged, localNow)).toBe(T(30));
  });
});

describe('isStale: when a signed-in page reads the server cart', () => {
  const read: CartState = { ...local([line(1, 1)]), syncedTime: T(30), clockOffset: 0 };
  it('is stale with no copy, a copy never read, or one read over a minute ago', () => {
    expect(isStale({ cart: null, isDirty: false })).toBe(true);
    expect(isStale(local([line(1, 1)]))).toBe(true);
    expect(isStale(read, Date.parse(T(30)) + 59_000)).toBe(false);
    expect(isStale(read, Date.parse(T(30)) + 61_000)).toBe(true);
  });
});

describe('planSave: what Create keeps', () => {
  const saved = [
    { ItemID: 1, StoreID: 1, Qty: 2, LineUpdatedTime: T(10) },
    { ItemID: 2, StoreID: 1, Qty: 1, LineUpdatedTime: T(10) },
  ];
  it('without SyncedTime replaces the cart (spec §7) and notes each removal', () => {
    const plan = planSave(saved, [], [{ ItemID: 1, StoreID: 1, Qty: 4, Staus: 'loaded' }], undefined, T(30));
    expect(plan.lines).toEqual([{ ItemID: 1, StoreID: 1, Qty: 4, LineUpdatedTime: T(30) }]);
    expect(plan.removed).toEqual([{ ItemID: 2, StoreID: 1, RemovedTime: T(30) }]);
  });

  it('with SyncedTime keeps the newer of each line and lines the device has not seen', () => {
    const plan = planSave(
      saved,
      [{ ItemID: 3, StoreID: 1, RemovedTime: T(20) }],
      [
        { ItemID: 1, StoreID: 1, Qty: 9, Staus: 'modified', LineUpdatedTime: T(5) }, // older than the saved change
        { ItemID: 3, StoreID: 1, Qty: 1, Staus: 'added', LineUpdatedTime: T(15) }, // older than its removal
        { ItemID: 4, StoreID: 1, Qty: 2, Staus: 'added', LineUpdatedTime: T(25) },
      ],
      T(8),
      T(30),
    );
    expect(plan.lines).toEqual([
      { ItemID: 1, StoreID: 1, Qty: 2, LineUpdatedTime: T(10) },
      { ItemID: 4, StoreID: 1, Qty: 2, LineUpdatedTime: T(25) },
      { ItemID: 2, StoreID: 1, Qty: 1, LineUpdatedTime: T(10) },
    ]);
    expect(plan.removed).toEqual([]);
  });

  it('applies a newer removal with its time, and a time ahead of the server counts as now', () => {
    const plan = planSave(
      saved,
      [],
      [
        { ItemID: 1, StoreID: 1, Qty: 2, Staus: 'deleted', LineUpdatedTime: T(12) },
        { ItemID: 2, StoreID: 1, Qty: 5, Staus: 'modified', LineUpdatedTime: T(59) },
      ],
      T(11),
      T(30),
    );
    expect(plan.lines).toEqual([{ ItemID: 2, StoreID: 1, Qty: 5, LineUpdatedTime: T(30) }]);
    expect(plan.removed).toEqual([{ ItemID: 1, StoreID: 1, RemovedTime: T(12) }]);
  });

  it('leaves the saved side alone for lines the device did not change', () => {
    const plan = planSave(
      saved,
      [],
      [{ ItemID: 1, StoreID: 1, Qty: 7, Staus: 'loaded', LineUpdatedTime: T(1) }],
      T(11),
      T(30),
    );
    expect(plan.lines.map((l) => [l.ItemID, l.Qty])).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });
});
