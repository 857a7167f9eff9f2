// The read side of one order per store (issue 31): which orders share an order's group,
// for the lists and reads that answer `GroupOrderIDs`. Placing a group is `order-groups.ts`.
import type { Kysely } from 'kysely';
import type { OrderDto } from '../../lib/domain/orders.ts';
import type { Database } from '../db/schema.ts';

/**
 * The orders with `GroupOrderIDs`: every order of each one's group (itself too), in id
 * order, read in one query over `orders_group_idx`. What lets the board, the order page
 * and My Orders name an order's group however the list was paged or filtered.
 */
export async function withGroupOrders(db: Kysely<Database>, orders: OrderDto[]): Promise<OrderDto[]> {
  if (orders.length === 0) return orders;
  const groupIds = [...new Set(orders.map((o) => o.GroupID))];
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'group_id'])
    .where('group_id', 'in', groupIds)
    .orderBy('id')
    .execute();
  const byGroup = new Map<number, number[]>();
  for (const row of rows) {
    const group = row.group_id ?? row.id;
    byGroup.set(group, [...(byGroup.get(group) ?? []), row.id]);
  }
  return orders.map((o) => ({ ...o, GroupOrderIDs: byGroup.get(o.GroupID) ?? [o.OrderID] }));
}
