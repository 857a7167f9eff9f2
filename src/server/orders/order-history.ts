import type { Kysely } from 'kysely';
import type { OrderMoveDto } from '../../lib/domain/orders.ts';
import type { Database, OrderMove } from '../db/schema.ts';
import { AppError } from '../errors.ts';

/** Who reads an order's history: staff see every move as it was made; its customer, their own order's. */
export type HistoryReader = { kind: 'staff' } | { kind: 'customer'; customerId: number };

/**
 * An order's moves, oldest first (`order_moves`, written by every move in its transaction):
 * who moved it from which status to which, when, and whether it was an undo, an Admin's
 * reopen (with the reason) or the customer's own cancel. The customer reads only their own
 * order (another's is a 404, as a missing one), with the shop's moves' `By` and `Reason`
 * left empty. 404 for an unknown order.
 */
export async function findOrderHistory(
  db: Kysely<Database>,
  id: number,
  reader: HistoryReader = { kind: 'staff' },
): Promise<OrderMoveDto[]> {
  const order = await db.selectFrom('orders').select(['user_id']).where('id', '=', id).executeTakeFirst();
  if (order === undefined || (reader.kind === 'customer' && order.user_id !== reader.customerId)) {
    throw AppError.notFound(`Order ${id} does not exist.`);
  }
  const rows = await db.selectFrom('order_moves').selectAll().where('order_id', '=', id).orderBy('id').execute();
  return rows.map((row) => {
    const shown = reader.kind === 'staff' || row.actor_id === reader.customerId;
    return {
      At: row.at,
      From: row.from_status,
      To: row.to_status,
      By: shown ? row.actor_email : '',
      Kind: row.kind,
      Reason: shown ? row.reason : '',
      StockChange: row.stock_change,
    };
  });
}

/** The latest move of an order (what an undo may take back), read in the caller's transaction. */
export async function lastOrderMove(trx: Kysely<Database>, id: number): Promise<OrderMove | undefined> {
  return trx.selectFrom('order_moves').selectAll().where('order_id', '=', id).orderBy('id', 'desc').executeTakeFirst();
}
