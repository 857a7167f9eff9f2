import type { Kysely } from 'kysely';
import { type OrderMoveDto, type OrderMoveKind, parseOrderStatus } from '../../lib/domain/orders.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';

interface StoredMove {
  from?: unknown;
  to?: unknown;
  by?: unknown;
  undo?: unknown;
  reopened?: unknown;
  reason?: unknown;
  unitsReturnedToStock?: unknown;
  unitsTakenFromStock?: unknown;
}

function kindOf(move: StoredMove): OrderMoveKind {
  if (move.undo === true) return 'Undo';
  if (move.reopened === true) return 'Reopen';
  if (move.by === 'customer') return 'CustomerCancel';
  return 'Move';
}

const units = (raw: unknown) => (typeof raw === 'number' && Number.isSafeInteger(raw) ? raw : 0);

/**
 * An order's moves, oldest first, read from the audit entries its moves wrote
 * (`order.status` on `order:{id}`): who moved it from which status to which, when, and
 * whether it was an undo, an Admin's reopen (with the reason) or the customer's own cancel.
 * Entries older than the order are left out, so an id reused after a deleted order (SQLite
 * may reuse the highest) never shows another order's moves. 404 for an unknown order.
 */
export async function findOrderHistory(db: Kysely<Database>, id: number): Promise<OrderMoveDto[]> {
  const order = await db.selectFrom('orders').select(['created_at']).where('id', '=', id).executeTakeFirst();
  if (order === undefined) throw AppError.notFound(`Order ${id} does not exist.`);
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'actor_email', 'detail'])
    .where('action', '=', 'order.status')
    .where('target', '=', `order:${id}`)
    .where('at', '>=', order.created_at)
    .orderBy('id')
    .execute();
  const moves: OrderMoveDto[] = [];
  for (const row of rows) {
    let move: StoredMove;
    try {
      move = JSON.parse(row.detail) as StoredMove;
    } catch {
      continue;
    }
    const from = typeof move.from === 'string' ? parseOrderStatus(move.from) : undefined;
    const to = typeof move.to === 'string' ? parseOrderStatus(move.to) : undefined;
    if (from === undefined || to === undefined) continue;
    moves.push({
      At: row.at,
      From: from,
      To: to,
      By: row.actor_email,
      Kind: kindOf(move),
      Reason: typeof move.reason === 'string' ? move.reason : '',
      StockChange: units(move.unitsReturnedToStock) - units(move.unitsTakenFromStock),
    });
  }
  return moves;
}
