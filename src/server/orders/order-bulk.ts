// Bulk moves (issue 31, item 4): several orders moved to one status by staff from the
// orders board, all or none, each by the one-order move's own code (`moveWithin`).
import type { Kysely } from 'kysely';
import { readId } from '../../lib/domain/ids.ts';
import { BULK_MOVE_MAX } from '../../lib/domain/order-board.ts';
import { canMoveOrder, type OrderDto } from '../../lib/domain/orders.ts';
import type { AuditInput } from '../audit.ts';
import { isDeadlock } from '../db/errors.ts';
import type { Database, OrderStatus } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';
import { field } from '../http/input.ts';
import { findOrder, moveRule, moveWithin } from './orders.ts';

const IDS_RULE = `must be a list of 1 to ${BULK_MOVE_MAX} different OrderIDs (whole numbers from 1 up)`;

/** `OrderIDs` as posted: 1 to BULK_MOVE_MAX different ids, or a 400 naming the field (or the entry) and the rule. */
export function parseOrderIds(body: Record<string, unknown>): number[] {
  const raw = field(body, 'OrderIDs');
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > BULK_MOVE_MAX) {
    throw AppError.invalidField('OrderIDs', IDS_RULE);
  }
  const errors: ModelState = {};
  const ids = new Set<number>();
  raw.forEach((value: unknown, i) => {
    const r = readId(value);
    if (r.kind !== 'ok') errors[`OrderIDs[${i}]`] = [`OrderIDs[${i}] must be an OrderID (a whole number from 1 up).`];
    else if (ids.has(r.id)) errors[`OrderIDs[${i}]`] = [`OrderIDs[${i}] names order ${r.id} twice.`];
    else ids.add(r.id);
  });
  if (Object.keys(errors).length > 0) throw AppError.invalid(errors);
  return [...ids];
}

/**
 * Moves every order of `ids` to `to` in one transaction: all or none. Each order is read
 * first; an unknown one is a 404 and a move the rules forbid a 409, both naming each such
 * order (`OrderIDs[i]`) and its rule, and nothing is written. Then each order moves by
 * `moveWithin`, as `PUT /api/Order/Status/{id}` moves one (audit entry, customer's mail,
 * stock and slot places back on a cancel), in OrderID order so two bulk moves lock alike;
 * a deadlock PostgreSQL detects is retried. Answers the moved orders in the order asked.
 */
export async function moveOrders(
  db: Kysely<Database>,
  ids: readonly number[],
  to: OrderStatus,
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
  attempt = 1,
): Promise<OrderDto[]> {
  try {
    await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('id', 'in', [...ids])
        .execute();
      const status = new Map(rows.map((r) => [r.id, r.status]));
      const missing: ModelState = {};
      const refused: ModelState = {};
      ids.forEach((id, i) => {
        const from = status.get(id);
        if (from === undefined) missing[`OrderIDs[${i}]`] = [`Order ${id} does not exist.`];
        else if (!canMoveOrder(from, to)) {
          refused[`OrderIDs[${i}]`] = [`Order ${id} is ${from} and cannot move to ${to}: ${moveRule(from)}.`];
        }
      });
      if (Object.keys(missing).length > 0) {
        throw new AppError(404, 'not_found', `${Object.values(missing).flat().join(' ')} No order was moved.`, {
          modelState: missing,
        });
      }
      if (Object.keys(refused).length > 0) {
        throw AppError.conflict(`${Object.values(refused).flat().join(' ')} No order was moved.`, refused);
      }
      for (const id of [...ids].sort((a, b) => a - b)) {
        await moveWithin(trx, id, to, at, audit, siteUrl, { kind: 'staff' });
      }
    });
  } catch (err) {
    if (isDeadlock(err) && attempt < 3) return moveOrders(db, ids, to, at, audit, siteUrl, attempt + 1);
    throw err;
  }
  const moved: OrderDto[] = [];
  for (const id of ids) {
    const order = await findOrder(db, id);
    if (order !== undefined) moved.push(order);
  }
  return moved;
}
