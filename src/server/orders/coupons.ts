// Coupons (issue 32, item 5): staff create, list, read and switch them on or off, each
// write audited; shoppers check a code against their cart. An order checks the code again
// and takes its use inside its transaction (`coupon-step.ts`), by the same decision.
import type { Kysely } from 'kysely';
import {
  type CouponCheckDto,
  type CouponDto,
  checkCouponForm,
  codeRule,
  couponRefusalMessage,
  normaliseCode,
  toPartDtos,
} from '../../lib/domain/coupons.ts';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import { auditStaff, inTransaction, type StaffAct } from '../catalogue/staff.ts';
import type { Coupon, Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertValid, field } from '../http/input.ts';
import { keptLines, parseCartBody } from './cart-input.ts';
import { findItemsByIds } from './carts.ts';
import { COUPON_FIELD, type CouponRow, decideCoupon, READ_COUPON } from './coupon-step.ts';
import { READ_DELIVERY, type StoreDeliveryRow, storesOf } from './delivery-rules.ts';

export function toCouponDto(row: Coupon): CouponDto {
  return {
    CouponID: row.id,
    Code: row.code,
    Percent: row.percent_bps === null ? null : bpsToPercent(row.percent_bps),
    Amount: row.amount === null ? null : paiseToRupees(row.amount),
    MinimumBasket: paiseToRupees(row.minimum_basket),
    FirstOrderOnly: row.first_order_only === 1,
    FreeDelivery: row.free_delivery === 1,
    MaxUses: row.max_uses,
    MaxUsesPerCustomer: row.max_uses_per_customer,
    ValidFrom: row.valid_from,
    ValidTo: row.valid_to,
    Used: row.used,
    Enabled: row.disabled === 0,
    CreatedTime: row.created_at,
    UpdatedTime: row.updated_at,
  };
}

/** `CouponCode` of an order as posted: absent, null or empty is none; else a code's rule, or a 400 naming it. */
export function parseCouponCode(body: Record<string, unknown>): string | undefined {
  const raw = field(body, COUPON_FIELD);
  if (raw === undefined || raw === null || raw === '') return undefined;
  const rule = codeRule(raw, COUPON_FIELD);
  if (rule !== undefined) throw AppError.invalid({ [COUPON_FIELD]: [rule] });
  return normaliseCode(raw as string);
}

/**
 * `POST /api/Coupon/Create` (Employee): a coupon checked by `checkCouponForm` (400 naming
 * each field and rule), audited; 409 for a code already in use (codes are matched in capitals).
 */
export async function createCoupon(
  db: Kysely<Database>,
  act: StaffAct,
  body: Record<string, unknown>,
): Promise<CouponDto> {
  const checked = checkCouponForm(body);
  if (!checked.ok) assertValid(checked.errors);
  const c = (checked as Extract<typeof checked, { ok: true }>).coupon;
  const taken = await db.selectFrom('coupons').select('id').where('code', '=', c.code).executeTakeFirst();
  if (taken !== undefined)
    throw AppError.conflict(`Code ${c.code} is already a coupon (CouponID ${taken.id}): pick another code.`);
  const row = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('coupons')
      .values({
        code: c.code,
        percent_bps: c.percentBps,
        amount: c.amount,
        minimum_basket: c.minimumBasket,
        first_order_only: c.firstOrderOnly ? 1 : 0,
        free_delivery: c.freeDelivery ? 1 : 0,
        max_uses: c.maxUses,
        max_uses_per_customer: c.maxUsesPerCustomer,
        valid_from: c.validFrom,
        valid_to: c.validTo,
        created_at: act.at,
        updated_at: act.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const { CouponID: _id, Used: _used, CreatedTime: _c, UpdatedTime: _u, ...detail } = toCouponDto(inserted);
    await auditStaff(trx, act, 'coupon.created', `coupon:${inserted.id}`, detail);
    return inserted;
  });
  return toCouponDto(row);
}

/** `GET /api/Coupon/ReadAll` (Employee): every coupon, newest first. */
export async function listCoupons(db: Kysely<Database>): Promise<CouponDto[]> {
  const rows = await db.selectFrom('coupons').selectAll().orderBy('id', 'desc').execute();
  return rows.map(toCouponDto);
}

/** `GET /api/Coupon/Read/{CouponID}` (Employee), 404 for an unknown one. */
export async function readCoupon(db: Kysely<Database>, id: number): Promise<CouponDto> {
  const row = await db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`Coupon ${id} does not exist.`);
  return toCouponDto(row);
}

/**
 * `POST /api/Coupon/Enable/{CouponID}` and `/Disable/{CouponID}` (Employee): a switched-off
 * coupon is refused to shoppers as unknown; orders placed with it keep their discount. Audited.
 */
export async function setCouponEnabled(
  db: Kysely<Database>,
  act: StaffAct,
  id: number,
  enabled: boolean,
): Promise<CouponDto> {
  const row = await inTransaction(db, async (trx) => {
    const updated = await trx
      .updateTable('coupons')
      .set({ disabled: enabled ? 0 : 1, updated_at: act.at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (updated === undefined) throw AppError.notFound(`Coupon ${id} does not exist.`);
    await auditStaff(trx, act, enabled ? 'coupon.enabled' : 'coupon.disabled', `coupon:${id}`, { Code: updated.code });
    return updated;
  });
  return toCouponDto(row);
}

/**
 * `POST /api/Coupon/Check` (a signed-in shopper): what `Code` does to `CartItems` priced as
 * the catalogue prices them now, by the decision an order makes (`decideCoupon`): the
 * discount, its split per store and whether delivery is free; or a 400 naming `Code` and why
 * (unknown, not yet valid, expired, basket below its minimum, first order only, used up,
 * used up for this customer, a store's part below its minimum order). Nothing is written.
 */
export async function checkCoupon(
  db: Kysely<Database>,
  userId: number,
  body: Record<string, unknown>,
  now: Date,
): Promise<CouponCheckDto> {
  const raw = field(body, 'Code');
  const rule = codeRule(raw);
  const lines = keptLines(parseCartBody(body));
  if (rule !== undefined) throw AppError.invalid({ Code: [rule] });
  if (lines.length === 0) throw AppError.invalidField('CartItems', 'must hold at least one item with a Qty above 0');
  const code = normaliseCode(raw as string);
  const items = await findItemsByIds(
    db,
    lines.map((l) => l.itemId),
  );
  const priced = lines.map((l) => {
    const item = items.get(l.itemId);
    if (item === undefined || item.store_id !== l.storeId) {
      const k = `CartItems[${l.index}].ItemID`;
      throw AppError.invalid({ [k]: [`${k} names item ${l.itemId} of store ${l.storeId}, which does not exist.`] });
    }
    return { store_id: l.storeId, selling_price: item.selling_price, qty: l.qty, sold_by: item.sold_by };
  });
  const { rows: found } = await db.executeQuery(READ_COUPON(db, 'one', [code, userId, 0]));
  const stores = storesOf(priced);
  const { rows } = await db.executeQuery(READ_DELIVERY(db, stores.length, stores));
  const decided = decideCoupon(found[0] as CouponRow | undefined, priced, rows as StoreDeliveryRow[], now.getTime());
  if (decided.kind === 'refused') throw AppError.invalid({ Code: [couponRefusalMessage('Code', code, decided.why)] });
  const itemsTotal = priced.reduce((s, l) => s + lineTotal(l.selling_price, l.qty, l.sold_by), 0);
  return {
    Code: code,
    Discount: paiseToRupees(decided.discount),
    FreeDelivery: decided.freeDelivery,
    ItemsTotal: paiseToRupees(itemsTotal),
    Parts: toPartDtos(decided.parts),
  };
}
