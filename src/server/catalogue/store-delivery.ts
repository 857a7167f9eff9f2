// Where each store delivers, and for how much (issue 31, item 1): the settings' reads, the
// staff write (one transaction, audited) and the wire mapper. The order applies them in
// `orders/delivery-rules.ts`; the rules themselves are `lib/domain/delivery-area.ts`.
import type { Kysely, Selectable } from 'kysely';
import {
  DELIVERS_EVERYWHERE,
  type DeliveryRules,
  parseDeliverySettings,
  type StoreDeliveryDto,
  toStoreDeliveryDto,
} from '../../lib/domain/delivery-area.ts';
import type { Database, StoreDeliveryTable } from '../db/schema.ts';

type StoreDeliveryRow = Selectable<StoreDeliveryTable>;

import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';
import { auditStaff, inTransaction, type StaffAct } from './staff.ts';

/** A `store_delivery` row as rules in paise (a list that does not parse reads as none: everywhere). */
export function rulesOfRow(
  row: Pick<StoreDeliveryRow, 'postal_codes' | 'fee' | 'minimum_order' | 'free_above'> &
    Partial<Pick<StoreDeliveryRow, 'on_delivery_max' | 'no_on_delivery_codes'>>,
): DeliveryRules {
  return {
    postalCodes: codesOf(row.postal_codes),
    fee: Number(row.fee),
    minimumOrder: Number(row.minimum_order),
    freeAbove: row.free_above === null ? null : Number(row.free_above),
    onDeliveryMax: row.on_delivery_max == null ? null : Number(row.on_delivery_max),
    noOnDeliveryCodes: codesOf(row.no_on_delivery_codes ?? '[]'),
  };
}

/** A JSON list of PIN code patterns (one that does not parse reads as none). */
function codesOf(text: string): string[] {
  let codes: unknown;
  try {
    codes = JSON.parse(text);
  } catch {
    codes = [];
  }
  return Array.isArray(codes) ? codes.filter((c): c is string => typeof c === 'string') : [];
}

/** The store's title, or a 404 for an unknown store. */
async function storeTitleOf(db: Kysely<Database>, storeId: number): Promise<string> {
  const store = await db.selectFrom('stores').select('title').where('id', '=', storeId).executeTakeFirst();
  if (store === undefined) throw AppError.notFound(`Store ${storeId} does not exist.`);
  return store.title;
}

/** `GET /api/Store/Delivery/{StoreID}`: the store's settings; a store without any delivers everywhere, free. */
export async function readStoreDelivery(db: Kysely<Database>, storeId: number): Promise<StoreDeliveryDto> {
  const title = await storeTitleOf(db, storeId);
  const row = await db.selectFrom('store_delivery').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  return toStoreDeliveryDto(storeId, title, row === undefined ? DELIVERS_EVERYWHERE : rulesOfRow(row));
}

/**
 * `GET /api/Store/Delivery`: the settings of every store that has any, in StoreID order (a store
 * not listed delivers everywhere, free): what the pages read once to mark cards and the cart.
 */
export async function readAllStoreDelivery(db: Kysely<Database>): Promise<StoreDeliveryDto[]> {
  const rows = await db
    .selectFrom('store_delivery as d')
    .innerJoin('stores as s', 's.id', 'd.store_id')
    .selectAll('d')
    .select('s.title')
    .orderBy('d.store_id')
    .execute();
  return rows.map((row) => toStoreDeliveryDto(row.store_id, row.title, rulesOfRow(row)));
}

/**
 * `PUT /api/Store/Delivery/{StoreID}`: replaces the store's settings in one transaction with its
 * audit entry (`store.delivery`). Bad input is a 400 naming each field and its rule; an unknown
 * store a 404.
 */
export async function saveStoreDelivery(
  db: Kysely<Database>,
  act: StaffAct,
  storeId: number,
  body: Record<string, unknown>,
): Promise<StoreDeliveryDto> {
  const parsed = parseDeliverySettings(body);
  if (!parsed.ok) {
    assertValid(parsed.errors);
    throw new Error('assertValid passed invalid delivery settings');
  }
  const { rules } = parsed;
  const row = {
    postal_codes: JSON.stringify(rules.postalCodes),
    fee: rules.fee,
    minimum_order: rules.minimumOrder,
    free_above: rules.freeAbove,
    on_delivery_max: rules.onDeliveryMax,
    no_on_delivery_codes: JSON.stringify(rules.noOnDeliveryCodes),
    updated_at: act.at,
  };
  return inTransaction(db, async (trx) => {
    const dto = toStoreDeliveryDto(storeId, await storeTitleOf(trx, storeId), rules);
    await trx
      .insertInto('store_delivery')
      .values({ store_id: storeId, ...row })
      .onConflict((oc) => oc.column('store_id').doUpdateSet(row))
      .execute();
    // The audit log hides any key containing "code" (secrets), so the PIN codes go under `Areas`.
    const { StoreID: _, StoreTitle, PostalCodes, NoOnDeliveryPostalCodes, ...money } = dto;
    await auditStaff(trx, act, 'store.delivery', `store:${storeId}`, {
      StoreTitle,
      Areas: PostalCodes,
      ...money,
      ...(NoOnDeliveryPostalCodes.length > 0 ? { NoOnDeliveryAreas: NoOnDeliveryPostalCodes } : {}),
    });
    return dto;
  });
}
