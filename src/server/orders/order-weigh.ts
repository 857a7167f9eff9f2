// Weighing at packing (issue 33 item 1): staff enter the weight (or volume) packed for an
// order's weighed lines while it is Packing; each line is re-priced exactly, the stock
// moves by the difference with its ledger rows, the order's total follows, and the
// shopper gets one mail listing the new weights and total. The packing screen calls it.
import { type Kysely, PostgresAdapter } from 'kysely';
import { ID_RULE, readId } from '../../lib/domain/ids.ts';
import {
  formatQty,
  MAX_MEASURED_QTY,
  WEIGH_TOLERANCE_PERCENT,
  withinWeighTolerance,
} from '../../lib/domain/measure.ts';
import type { OrderDto } from '../../lib/domain/orders.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import { type AuditInput, writeAudit } from '../audit.ts';
import { DELETED_EMAIL_DOMAIN } from '../auth/accounts.ts';
import { moveStock } from '../catalogue/stock-ledger.ts';
import { isDeadlock } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';
import { field } from '../http/input.ts';
import { enqueueMail } from '../mail-queue.ts';
import { orderWeighedMail, type WeighedLine } from '../mail-templates.ts';
import { reissueForSent } from './invoices.ts';
import { toDeliveryDto } from './order-dtos.ts';
import { findOrder } from './orders.ts';

/** The most lines one weighing may carry. */
const MAX_WEIGH_LINES = 200;

/** One line of `POST /api/Order/Weigh/{OrderID}`: the item and the weight or volume packed (g or ml). */
export interface WeighInput {
  index: number;
  itemId: number;
  qty: number;
}

/** Reads `{ Lines: [{ ItemID, Qty }] }`; every broken rule is one 400 naming its field, such as `Lines[1].Qty`. */
export function parseWeighBody(body: Record<string, unknown>): WeighInput[] {
  const raw = field(body, 'Lines');
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_WEIGH_LINES) {
    throw AppError.invalidField(
      'Lines',
      `is required: a list of 1 to ${MAX_WEIGH_LINES} { ItemID, Qty } weighed lines`,
    );
  }
  const modelState: ModelState = {};
  const fail = (key: string, rule: string) => {
    modelState[key] = [...(modelState[key] ?? []), `${key} ${rule}.`];
  };
  const lines: WeighInput[] = [];
  const seen = new Map<number, number>();
  raw.forEach((entry: unknown, index) => {
    const at = `Lines[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      fail(at, 'must be an object with ItemID and Qty');
      return;
    }
    const id = readId(field(entry as Record<string, unknown>, 'ItemID'));
    const qty = field(entry as Record<string, unknown>, 'Qty');
    if (id.kind !== 'ok') fail(`${at}.ItemID`, id.kind === 'missing' ? 'is required' : ID_RULE);
    const whole = typeof qty === 'number' && Number.isInteger(qty) && qty >= 1 && qty <= MAX_MEASURED_QTY;
    if (!whole)
      fail(`${at}.Qty`, `must be the weight or volume packed: a whole number of g or ml from 1 to ${MAX_MEASURED_QTY}`);
    if (id.kind !== 'ok' || !whole) return;
    const first = seen.get(id.id);
    if (first !== undefined) fail(`${at}.ItemID`, `repeats the item of Lines[${first}]: weigh each line once`);
    seen.set(id.id, index);
    lines.push({ index, itemId: id.id, qty });
  });
  if (Object.keys(modelState).length > 0) throw AppError.invalid(modelState);
  return lines;
}

/**
 * Enters the weights packed for `lines` of order `orderId`, in one transaction: only while
 * the order is `Packing` (409 otherwise), only for its weighed lines (400 naming
 * `Lines[i].ItemID`), each within ±10 % of what the shopper asked (400 naming `Lines[i].Qty`
 * and the range). A line weighed again is judged against what was first asked. Each line's
 * total is re-priced by `lineTotal` (per kg × g, half up to the paisa); the order's total
 * moves by the lines' differences (its fee and coupon saving stay as placed); stock moves by
 * each difference with a `packing` ledger row (409 when more is packed than is in stock).
 * One `order.weighed` mail and audit entry. 404 for an unknown order.
 */
export async function weighOrder(
  db: Kysely<Database>,
  orderId: number,
  lines: readonly WeighInput[],
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
  attempt = 1,
): Promise<OrderDto> {
  try {
    await db.transaction().execute((trx) => weighWithin(trx, orderId, lines, at, audit, siteUrl));
  } catch (err) {
    if (isDeadlock(err) && attempt < 3) return weighOrder(db, orderId, lines, at, audit, siteUrl, attempt + 1);
    throw err;
  }
  const order = await findOrder(db, orderId);
  if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
  return order;
}

async function weighWithin(
  trx: Kysely<Database>,
  orderId: number,
  lines: readonly WeighInput[],
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
): Promise<void> {
  // The order row locked first (PostgreSQL; SQLite writes one transaction at a time), so two
  // weighings of one order, or a weighing and a move, take turns.
  let q = trx.selectFrom('orders').select(['id', 'status', 'total', 'user_id']).where('id', '=', orderId);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
  if (order.status !== 'Packing') {
    throw AppError.conflict(
      `Order ${orderId} is ${order.status}: weights are entered while an order is Packing. Move it to Packing first.`,
    );
  }
  const rows = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
  const modelState: ModelState = {};
  const planned = lines.map((input) => {
    const line = rows.find((r) => r.item_id === input.itemId);
    const key = `Lines[${input.index}]`;
    if (line === undefined || line.sold_by === 'ByUnit') {
      const why =
        line === undefined
          ? 'is not a line of this order'
          : 'is sold by the piece: only lines sold ByWeight or ByVolume are weighed';
      modelState[`${key}.ItemID`] = [`${key}.ItemID ${input.itemId} ${why}.`];
      return undefined;
    }
    const asked = line.asked_qty ?? line.qty;
    if (!withinWeighTolerance(asked, input.qty)) {
      const low = Math.ceil((asked * (100 - WEIGH_TOLERANCE_PERCENT)) / 100);
      const high = Math.floor((asked * (100 + WEIGH_TOLERANCE_PERCENT)) / 100);
      const f = (n: number) => formatQty(n, line.sold_by);
      modelState[`${key}.Qty`] = [
        `${key}.Qty must be within ±${WEIGH_TOLERANCE_PERCENT} % of the ${f(asked)} asked (${f(low)} to ${f(high)}), not ${f(input.qty)}.`,
      ];
      return undefined;
    }
    return { input, line, asked };
  });
  if (Object.keys(modelState).length > 0) throw AppError.invalid(modelState);
  let totalChange = 0;
  const weighed: WeighedLine[] = [];
  // In ItemID order, as orders lock items, so a weighing and an order never deadlock.
  const byItem = planned.flatMap((p) => (p === undefined ? [] : [p])).sort((a, b) => a.line.item_id - b.line.item_id);
  for (const { input, line, asked } of byItem) {
    const delta = input.qty - line.qty;
    if (delta !== 0) {
      const left = await moveStock(
        trx,
        line.item_id,
        -delta,
        { reason: 'packing', accountId: audit.actorId, orderId, at },
        delta > 0,
      );
      if (left === undefined) {
        const k = `Lines[${input.index}].Qty`;
        throw AppError.conflict(`${k}: ${formatQty(delta, line.sold_by)} more of ${line.title} than is in stock.`, {
          [k]: [`${k} packs ${formatQty(input.qty, line.sold_by)} of ${line.title}, more than the stock allows.`],
        });
      }
    }
    await trx.updateTable('order_lines').set({ qty: input.qty, asked_qty: asked }).where('id', '=', line.id).execute();
    const before = lineTotal(line.selling_price, line.qty, line.sold_by);
    const after = lineTotal(line.selling_price, input.qty, line.sold_by);
    totalChange += after - before;
    weighed.push({ title: line.title, soldBy: line.sold_by, asked, packed: input.qty, total: after });
  }
  await trx
    .updateTable('orders')
    .set({ total: order.total + totalChange, updated_at: at })
    .where('id', '=', orderId)
    .execute();
  if (byItem.some(({ input, line }) => input.qty !== line.qty)) await reissueForWeights(trx, orderId, at);
  const dto = await findOrder(trx, orderId);
  const customer = await trx.selectFrom('users').select('email').where('id', '=', order.user_id).executeTakeFirst();
  if (dto !== undefined && customer !== undefined && !customer.email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)) {
    const mail = orderWeighedMail(dto, weighed, siteUrl);
    await enqueueMail(trx, [{ to: customer.email, kind: 'order.weighed', ...mail }], at);
  }
  await writeAudit(trx, {
    ...audit,
    action: 'order.weighed',
    target: `order:${orderId}`,
    detail: { lines: weighed.map((w) => ({ item: w.title, asked: w.asked, packed: w.packed })), totalChange },
    at,
  });
}

/**
 * A tax invoice states what is supplied: once weights change an order's lines, its live
 * invoice is credited in full (a credit note) and a new one issued for the lines as weighed,
 * with the delivery fee and coupon saving as placed, as packing does (`reissueForSent`); both
 * are numbered after the commit. A paid order's refund of the difference then needs no credit
 * note of its own (the weigh route asks for none).
 */
async function reissueForWeights(trx: Kysely<Database>, orderId: number, at: string): Promise<void> {
  const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const lines = await trx.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const items = lines.reduce((n, l) => n + lineTotal(l.selling_price, l.qty, l.sold_by), 0);
  await reissueForSent(
    trx,
    orderId,
    lines.map((l) => ({
      item_id: l.item_id,
      store_id: l.store_id,
      title: l.title,
      size: l.size,
      selling_price: l.selling_price,
      gst_bps: l.gst_bps,
      qty: l.qty,
      sold_by: l.sold_by,
    })),
    new Map([[lines[0]?.store_id ?? 0, { fee: order.delivery_fee, discount: Math.min(order.discount, items) }]]),
    toDeliveryDto(order),
    at,
  );
}
