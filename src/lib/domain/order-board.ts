/**
 * The staff orders board by store and delivery slot, its bulk moves and the packer's pick
 * list (issue 31, item 4): which group each order sits in and in what order the groups
 * come, the status a bulk move takes orders to, and a pick list's lines summed and put in
 * shelf order. Pure functions of data, shared by the API and the board. No I/O.
 */
import { ORDER_MOVES, type OrderDto, type OrderStatusName } from './orders.ts';
import { type OrderSlotDto, shopDate } from './slots.ts';

/** The most orders one bulk move takes (`POST /api/Order/Move`). */
export const BULK_MOVE_MAX = 200;

/**
 * The status an order moves on to next: the first allowed move that is not a cancel, or
 * undefined when it has none (a final status, or one that can only be cancelled).
 */
export function nextOrderStatus(status: OrderStatusName): OrderStatusName | undefined {
  return ORDER_MOVES[status].find((to) => to !== 'Cancelled');
}

/** When a group's slot is, which sets where the group stands on the board. */
export type SlotWhen = 'today' | 'later' | 'none' | 'past';

const WHEN_RANK: Record<SlotWhen, number> = { today: 0, later: 1, none: 2, past: 3 };

/** A slot's day against today's, both shop-local. */
export function slotWhen(slot: Pick<OrderSlotDto, 'Start'> | null, nowMs: number): SlotWhen {
  if (slot === null) return 'none';
  const day = shopDate(Date.parse(slot.Start));
  const today = shopDate(nowMs);
  return day === today ? 'today' : day > today ? 'later' : 'past';
}

/** What grouping reads of an order. */
export type BoardOrder = Pick<OrderDto, 'OrderID' | 'OrderItems' | 'Slots'>;

/** The orders one store packs for one delivery slot (or with no slot there). */
export interface BoardGroup<O extends BoardOrder = OrderDto> {
  /** `StoreID:SlotID`, or `StoreID:none`. */
  key: string;
  storeId: number;
  slot: OrderSlotDto | null;
  when: SlotWhen;
  /** Oldest first, the order they were placed in. */
  orders: O[];
}

/**
 * The board's groups: each order sits in the group of every store that packs a line of it,
 * with the slot it holds at that store. Stores by `storeTitle` (then StoreID); inside a
 * store today's slots first, then later ones, both earliest first, then orders without a
 * slot, then past slots, the latest first.
 */
export function boardGroups<O extends BoardOrder>(
  orders: readonly O[],
  nowMs: number,
  storeTitle: (storeId: number) => string = (id) => `Store #${id}`,
): BoardGroup<O>[] {
  const groups = new Map<string, BoardGroup<O>>();
  for (const order of orders) {
    const stores = [...new Set(order.OrderItems.map((l) => l.StoreID))];
    for (const storeId of stores) {
      const slot = order.Slots?.find((s) => s.StoreID === storeId) ?? null;
      const key = `${storeId}:${slot?.SlotID ?? 'none'}`;
      const group: BoardGroup<O> = groups.get(key) ?? { key, storeId, slot, when: slotWhen(slot, nowMs), orders: [] };
      group.orders.push(order);
      groups.set(key, group);
    }
  }
  const startOf = (g: BoardGroup<O>) => (g.slot === null ? 0 : Date.parse(g.slot.Start));
  const list = [...groups.values()];
  for (const g of list) g.orders.sort((a, b) => a.OrderID - b.OrderID);
  return list.sort(
    (a, b) =>
      storeTitle(a.storeId).localeCompare(storeTitle(b.storeId)) ||
      a.storeId - b.storeId ||
      WHEN_RANK[a.when] - WHEN_RANK[b.when] ||
      (a.when === 'past' ? startOf(b) - startOf(a) : startOf(a) - startOf(b)) ||
      (a.slot?.SlotID ?? 0) - (b.slot?.SlotID ?? 0),
  );
}

/** One order's part of a pick line. */
export interface PickOrderDto {
  OrderID: number;
  Qty: number;
}

/** One item to pick: its units summed over the group's open orders. */
export interface PickLineDto {
  ItemID: number;
  /** The store's own code for the item, or null when it has none. */
  ProductCode: string | null;
  /** The title the item was sold under (the first order's line). */
  ItemTitle: string;
  Size: string;
  /** The item's section today, or null when it is in none (picked last). */
  SectionID: number | null;
  SectionTitle: string;
  Qty: number;
  /** The orders it is picked for, by OrderID. */
  Orders: PickOrderDto[];
}

/** `GET /api/Order/PickList`: what a packer picks for one store and slot. */
export interface PickListDto {
  StoreID: number;
  StoreTitle: string;
  /** The slot, or null for the store's open orders that hold no slot there. */
  SlotID: number | null;
  Start: string | null;
  End: string | null;
  /** The open orders picked for, by OrderID. */
  OrderIDs: number[];
  /** Every unit, summed. */
  Units: number;
  /** In shelf order: section by section (SectionID; no section last), then item title. */
  Lines: PickLineDto[];
}

/** One order line as the pick list reads it. */
export interface PickSource {
  orderId: number;
  itemId: number;
  productCode: string | null;
  title: string;
  size: string;
  sectionId: number | null;
  sectionTitle: string;
  qty: number;
}

/** Sums order lines into pick lines, one per item, in shelf order (see `PickListDto.Lines`). */
export function pickLines(sources: readonly PickSource[]): PickLineDto[] {
  const byItem = new Map<number, PickLineDto>();
  for (const s of [...sources].sort((a, b) => a.orderId - b.orderId)) {
    const line = byItem.get(s.itemId) ?? {
      ItemID: s.itemId,
      ProductCode: s.productCode,
      ItemTitle: s.title,
      Size: s.size,
      SectionID: s.sectionId,
      SectionTitle: s.sectionTitle,
      Qty: 0,
      Orders: [],
    };
    line.Qty += s.qty;
    const part = line.Orders.find((o) => o.OrderID === s.orderId);
    if (part === undefined) line.Orders.push({ OrderID: s.orderId, Qty: s.qty });
    else part.Qty += s.qty;
    byItem.set(s.itemId, line);
  }
  const shelf = (l: PickLineDto) => l.SectionID ?? Number.MAX_SAFE_INTEGER;
  return [...byItem.values()].sort(
    (a, b) => shelf(a) - shelf(b) || a.ItemTitle.localeCompare(b.ItemTitle) || a.ItemID - b.ItemID,
  );
}
