import { describe, expect, it } from 'vitest';
import {
  endsInsideGroup,
  groupsOf,
  groupTitle,
  otherOrdersOfGroup,
  storeOfOrder,
} from '../../src/lib/domain/order-groups.ts';

const order = (OrderID: number, GroupID: number, GroupOrderIDs?: number[]) => ({ OrderID, GroupID, GroupOrderIDs });

describe("a group's orders as pages show them", () => {
  it('groups orders by GroupID, groups newest first as listed, each group in store (id) order', () => {
    const listed = [order(9, 9), order(8, 6), order(7, 6), order(6, 6), order(5, 5)];
    expect(groupsOf(listed).map((g) => [g.groupId, g.orders.map((o) => o.OrderID)])).toEqual([
      [9, [9]],
      [6, [6, 7, 8]],
      [5, [5]],
    ]);
    expect(groupsOf([])).toEqual([]);
  });

  it('tells a page that ends inside a group from one that does not', () => {
    const group = [6, 7, 8];
    expect(endsInsideGroup([order(9, 9, [9]), order(8, 6, group), order(7, 6, group)])).toBe(true);
    expect(endsInsideGroup([order(8, 6, group), order(7, 6, group), order(6, 6, group)])).toBe(false);
    expect(endsInsideGroup([order(5, 5)])).toBe(false);
  });

  it("names an order's other orders of its group, none for a one-store order", () => {
    expect(otherOrdersOfGroup(order(7, 6, [6, 7, 8]))).toEqual([6, 8]);
    expect(otherOrdersOfGroup(order(5, 5, [5]))).toEqual([]);
    expect(otherOrdersOfGroup(order(5, 5))).toEqual([]);
  });

  it('heads a group with its day, its stores and what its orders come to, to the paisa', () => {
    expect(groupTitle('27 Nov', [{ OrderTotal: 143.4 }, { OrderTotal: 100 }, { OrderTotal: 73.1 }])).toBe(
      'Order of 27 Nov: 3 stores, Rs 316.50',
    );
    expect(groupTitle('1 Dec', [{ OrderTotal: 1000.05 }, { OrderTotal: 99999.95 }])).toBe(
      'Order of 1 Dec: 2 stores, Rs 1,01,000',
    );
  });

  it("takes an order's store from its lines", () => {
    expect(storeOfOrder({ OrderItems: [{ StoreID: 3 } as never] })).toBe(3);
    expect(storeOfOrder({ OrderItems: [] })).toBeUndefined();
  });
});
