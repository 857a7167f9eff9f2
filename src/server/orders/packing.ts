// Packing an order (issue 33, items 2 and 3): `POST /api/Order/Pack/{OrderID}`. Staff name
// each line's outcome (packed, short with the units found, replaced); in one transaction
// the lines are re-priced (`sentLine`), stock moves with its ledger rows (reason
// `packing`), the total and the invoices follow what is sent, and the order moves on from
// Packing to OutForDelivery with ONE mail listing what changed. All or none.
import type { Kysely } from 'kysely';
import type { OrderDto } from '../../lib/domain/orders.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import {
  PACK_OUTCOMES,
  type PackDecision,
  type PackOutcome,
  packedTotal,
  type SentLine,
  sentLine,
  substitutionOf,
} from '../../lib/domain/substitutions.ts';
import type { AuditInput } from '../audit.ts';
import { moveStock } from '../catalogue/stock-ledger.ts';
import type { Database, Item } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';
import { field } from '../http/input.ts';
import { reissueForSent } from './invoices.ts';
import { toDeliveryDto } from './order-dtos.ts';
import { recordStatusChange } from './order-moves.ts';
import { findOrder } from './orders.ts';
import { readCandidates } from './substitutes.ts';

/** The status an order is packed in, and the one packing moves it to. */
const PACKING = 'Packing';
const PACKED = 'OutForDelivery';

/** One posted line: the order line's item, the outcome, the units found or sent, a replacement staff chose. */
export interface PackLineInput {
  index: number;
  itemId: number;
  outcome: PackOutcome;
  qty?: number;
  replacementId?: number;
}

const wholeNumber = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0
    ? v
    : typeof v === 'string' && /^\s*\d{1,9}\s*$/.test(v)
      ? Number(v)
      : undefined;

/** Reads `{ Lines: [{ ItemID, Outcome, Qty?, ReplacementID? }] }`; every broken rule is a 400 naming its field. */
export function parsePackBody(body: Record<string, unknown>): PackLineInput[] {
  const raw = field(body, 'Lines');
  if (!Array.isArray(raw) || raw.length === 0) {
    throw AppError.invalidField('Lines', 'is required: a list with one entry for each line of the order');
  }
  const modelState: ModelState = {};
  const fail = (key: string, rule: string) => {
    modelState[key] = [...(modelState[key] ?? []), `${key} ${rule}.`];
  };
  const lines: PackLineInput[] = [];
  raw.forEach((entry: unknown, index) => {
    const at = `Lines[${index}]`;
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
      fail(at, 'must be an object with ItemID and Outcome');
      return;
    }
    const line = entry as Record<string, unknown>;
    const itemId = wholeNumber(field(line, 'ItemID'));
    if (itemId === undefined || itemId < 1) fail(`${at}.ItemID`, 'is required: the ItemID of a line of the order');
    const rawOutcome = field(line, 'Outcome');
    const outcome = PACK_OUTCOMES.find(
      (o) => typeof rawOutcome === 'string' && o.toLowerCase() === rawOutcome.trim().toLowerCase(),
    );
    if (outcome === undefined) fail(`${at}.Outcome`, `is required and must be one of ${PACK_OUTCOMES.join(', ')}`);
    const rawQty = field(line, 'Qty');
    const qty = rawQty === undefined || rawQty === null || rawQty === '' ? undefined : wholeNumber(rawQty);
    if (rawQty !== undefined && rawQty !== null && rawQty !== '' && qty === undefined) {
      fail(`${at}.Qty`, 'must be a whole number from 0');
    }
    const rawReplacement = field(line, 'ReplacementID');
    const replacementId =
      rawReplacement === undefined || rawReplacement === null || rawReplacement === ''
        ? undefined
        : wholeNumber(rawReplacement);
    if (rawReplacement !== undefined && rawReplacement !== null && rawReplacement !== '' && !replacementId) {
      fail(`${at}.ReplacementID`, 'must be an ItemID');
    }
    if (itemId !== undefined && itemId > 0 && outcome !== undefined) {
      lines.push({
        index,
        itemId,
        outcome,
        ...(qty === undefined ? {} : { qty }),
        ...(replacementId ? { replacementId } : {}),
      });
    }
  });
  const seen = new Map<number, number>();
  for (const l of lines) {
    const first = seen.get(l.itemId);
    if (first === undefined) seen.set(l.itemId, l.index);
    else fail(`Lines[${l.index}].ItemID`, `repeats the line of Lines[${first}]: name each line once`);
  }
  if (Object.keys(modelState).length > 0) throw AppError.invalid(modelState);
  return lines;
}

const ITEM_COLUMNS = [
  'id',
  'store_id',
  'title',
  'size',
  'selling_price',
  'gst_bps',
  'stock',
  'section_id',
  'hidden',
] as const satisfies readonly (keyof Item)[];
type ItemRow = Pick<Item, (typeof ITEM_COLUMNS)[number]>;

/**
 * Packs order `orderId` as `input` says, all or none (see the file's comment): 404 for an
 * unknown order, 409 when it is not Packing or a replacement has too little stock, 400
 * naming the field for a line left out, unknown or impossible (short of more than asked,
 * a replacement the shopper refused or from another section).
 */
export async function packOrder(
  db: Kysely<Database>,
  orderId: number,
  input: readonly PackLineInput[],
  at: string,
  audit: Pick<AuditInput, 'actorId' | 'actorEmail' | 'ip'>,
  siteUrl: string,
): Promise<OrderDto> {
  await db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
    if (order.status !== PACKING) {
      throw AppError.conflict(`Order ${orderId} is ${order.status}: only an order in ${PACKING} can be packed.`);
    }
    const lines = await trx
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
    const modelState: ModelState = {};
    const fail = (key: string, rule: string) => {
      modelState[key] = [...(modelState[key] ?? []), `${key} ${rule}.`];
    };
    const byItem = new Map(input.map((l) => [l.itemId, l]));
    const missing = lines.filter((l) => !byItem.has(l.item_id)).map((l) => l.item_id);
    if (missing.length > 0) {
      fail('Lines', `must name every line of order ${orderId}: items ${missing.join(', ')} are missing`);
    }
    for (const l of input) {
      if (!lines.some((line) => line.item_id === l.itemId)) {
        fail(`Lines[${l.index}].ItemID`, `names item ${l.itemId}, which is not a line of order ${orderId}`);
      }
    }
    const askedItems = await trx
      .selectFrom('items')
      .select(ITEM_COLUMNS)
      .where('id', 'in', [0, ...lines.map((l) => l.item_id), ...input.flatMap((l) => l.replacementId ?? [])])
      .execute();
    const items = new Map<number, ItemRow>(askedItems.map((r) => [r.id, r]));
    const decisions = new Map<number, { decision: PackDecision; sentItem: ItemRow | undefined }>();
    for (const line of lines) {
      const posted = byItem.get(line.item_id);
      if (posted === undefined) continue;
      const at = `Lines[${posted.index}]`;
      if (posted.outcome === 'Packed') {
        decisions.set(line.id, { decision: { outcome: 'Packed' }, sentItem: items.get(line.item_id) });
        continue;
      }
      if (posted.outcome === 'Short') {
        if (posted.qty === undefined || posted.qty >= line.qty) {
          fail(`${at}.Qty`, `is required for a Short line: the units found, from 0 to ${line.qty - 1}`);
          continue;
        }
        decisions.set(line.id, { decision: { outcome: 'Short', qty: posted.qty }, sentItem: items.get(line.item_id) });
        continue;
      }
      const choice = substitutionOf(line.substitution);
      if (choice === 'None') {
        fail(`${at}.Outcome`, `cannot be Replaced: the shopper chose "Don't replace" for ${line.title}; mark it Short`);
        continue;
      }
      const qty = posted.qty ?? line.qty;
      if (qty < 1 || qty > line.qty) {
        fail(`${at}.Qty`, `must be from 1 to ${line.qty} for a Replaced line: never more than asked`);
        continue;
      }
      const asked = items.get(line.item_id);
      let replacement = posted.replacementId ?? (typeof choice === 'number' ? choice : undefined);
      if (replacement === undefined && asked !== undefined) {
        replacement = (await readCandidates(trx, asked, qty)).find((c) => c.stock >= qty)?.id;
        if (replacement === undefined) {
          fail(`${at}.Outcome`, `cannot be Replaced: no item of the same section has ${qty} in stock; mark it Short`);
          continue;
        }
      }
      const sent =
        replacement === undefined ? undefined : (items.get(replacement) ?? (await readItem(trx, replacement)));
      if (sent !== undefined) items.set(sent.id, sent);
      if (
        sent === undefined ||
        asked === undefined ||
        sent.id === asked.id ||
        sent.hidden !== 0 ||
        sent.store_id !== line.store_id ||
        asked.section_id === null ||
        sent.section_id !== asked.section_id
      ) {
        fail(
          `${at}.ReplacementID`,
          `must be another item for sale of the same store and section as ${line.title} (item ${line.item_id})`,
        );
        continue;
      }
      decisions.set(line.id, {
        decision: { outcome: 'Replaced', itemId: sent.id, qty, replacementPrice: sent.selling_price },
        sentItem: sent,
      });
    }
    if (Object.keys(modelState).length > 0) throw AppError.invalid(modelState);

    // Stock: what a short line did not send comes back; a replaced line's asked units come
    // back and the replacement's go out. One change per item, in item id order (as orders lock them).
    const delta = new Map<number, number>();
    const add = (itemId: number, n: number) => delta.set(itemId, (delta.get(itemId) ?? 0) + n);
    const sentLines = new Map<number, SentLine>();
    for (const line of lines) {
      const d = decisions.get(line.id);
      if (d === undefined) continue;
      const sent = sentLine(
        { itemId: line.item_id, sellingPrice: line.selling_price, qty: line.qty, soldBy: line.sold_by },
        d.decision,
      );
      sentLines.set(line.id, sent);
      if (sent.itemId === line.item_id) add(line.item_id, line.qty - sent.qty);
      else {
        add(line.item_id, line.qty);
        add(sent.itemId, -sent.qty);
      }
    }
    const source = { reason: 'packing' as const, accountId: audit.actorId, orderId, at };
    for (const [itemId, n] of [...delta].sort((a, b) => a[0] - b[0])) {
      if (n === 0) continue;
      const left = await moveStock(trx, itemId, n, source, n < 0);
      // An item taken out of the catalogue since has no stock to give back.
      if (left === undefined && n > 0) continue;
      if (left === undefined) {
        const item = items.get(itemId);
        throw AppError.conflict(
          `${item?.title ?? `Item ${itemId}`} has fewer than ${-n} in stock: choose another replacement or mark the line Short.`,
        );
      }
    }
    for (const line of lines) {
      const sent = sentLines.get(line.id);
      const d = decisions.get(line.id);
      if (sent === undefined || d === undefined) continue;
      const item = d.sentItem;
      await trx
        .updateTable('order_lines')
        .set({
          pack_outcome: d.decision.outcome,
          sent_item_id: sent.itemId,
          sent_title: sent.itemId === line.item_id ? line.title : (item?.title ?? ''),
          sent_size: sent.itemId === line.item_id ? line.size : (item?.size ?? ''),
          sent_qty: sent.qty,
          sent_price: sent.price,
        })
        .where('id', '=', line.id)
        .execute();
    }
    const sent = lines.map((l) => sentLines.get(l.id) as SentLine);
    const total = packedTotal(sent, order.delivery_fee, order.discount);
    const moved = await trx
      .updateTable('orders')
      .set({ status: PACKED, total, updated_at: at })
      .where('id', '=', orderId)
      .where('status', '=', PACKING)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) {
      throw AppError.conflict(`Order ${orderId} changed while it was being packed: reload it and try again.`);
    }
    const changed = lines.some((l) => decisions.get(l.id)?.decision.outcome !== 'Packed');
    if (changed) {
      const items = sent.reduce((n, l) => n + lineTotal(l.price, l.qty, l.soldBy ?? 'ByUnit'), 0);
      await reissueForSent(
        trx,
        orderId,
        lines.map((l, i) => {
          const s = sent[i] as SentLine;
          const d = decisions.get(l.id);
          return {
            item_id: s.itemId,
            store_id: l.store_id,
            title: s.itemId === l.item_id ? l.title : (d?.sentItem?.title ?? ''),
            size: s.itemId === l.item_id ? l.size : (d?.sentItem?.size ?? ''),
            selling_price: s.price,
            gst_bps: s.itemId === l.item_id ? l.gst_bps : (d?.sentItem?.gst_bps ?? l.gst_bps),
            qty: s.qty,
            sold_by: s.soldBy ?? 'ByUnit',
          };
        }),
        new Map([[lines[0]?.store_id ?? 0, { fee: order.delivery_fee, discount: Math.min(order.discount, items) }]]),
        toDeliveryDto(order),
        at,
      );
    }
    const dto = await findOrder(trx, orderId);
    if (dto === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
    await recordStatusChange(
      trx,
      {
        order: dto,
        from: PACKING,
        kind: 'Move',
        at,
        packed: true,
        detail: {
          packed: lines.map((l) => ({
            item: l.item_id,
            outcome: decisions.get(l.id)?.decision.outcome,
            sent: sentLines.get(l.id),
          })),
          total,
        },
      },
      audit,
      siteUrl,
    );
  });
  const order = await findOrder(db, orderId);
  if (order === undefined) throw AppError.notFound(`Order ${orderId} does not exist.`);
  return order;
}

async function readItem(trx: Kysely<Database>, id: number): Promise<ItemRow | undefined> {
  return trx.selectFrom('items').select(ITEM_COLUMNS).where('id', '=', id).executeTakeFirst();
}
