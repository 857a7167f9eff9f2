// A store's delivery slots (issue 31, item 2): staff create slots one by one or by a
// weekly template; shoppers read the next days' slots with the places left. An order
// takes its place in `orders/order-slots.ts`, inside the order's transaction.
import type { Kysely } from 'kysely';
import {
  checkSlot,
  checkTemplate,
  DEFAULT_DAYS_AHEAD,
  DEFAULT_LEAD_MINUTES,
  SHOPPER_SLOT_DAYS,
  type SlotDto,
  type SlotTemplateDto,
  type SlotWindow,
  shopDate,
  templateWindows,
} from '../../lib/domain/slots.ts';
import type { Database, DeliverySlot } from '../db/schema.ts';
import { assertValid } from '../http/input.ts';
import { auditStaff, inTransaction, type StaffAct } from './staff.ts';
import { assertStoreExists } from './stores.ts';

const DAY_MS = 86_400_000;

export function toSlotDto(row: DeliverySlot): SlotDto {
  return {
    SlotID: row.id,
    StoreID: row.store_id,
    Start: row.starts_at,
    End: row.ends_at,
    Cutoff: row.cutoff_at,
    Capacity: row.capacity,
    Left: Math.max(0, row.capacity - row.booked),
  };
}

async function leadMinutesOf(db: Kysely<Database>, storeId: number): Promise<number> {
  const rules = await db
    .selectFrom('slot_rules')
    .select('lead_minutes')
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  return rules?.lead_minutes ?? DEFAULT_LEAD_MINUTES;
}

/**
 * `POST /api/Store/Slot/{StoreID}` (Employee): one slot, checked by `checkSlot` (400 naming
 * each field and rule), its cut-off by default the store's lead time before its start; 404
 * for an unknown store, 409 for a slot of the same store with the same Start and End.
 */
export async function createSlot(
  db: Kysely<Database>,
  act: StaffAct,
  storeId: number,
  body: Record<string, unknown>,
): Promise<SlotDto> {
  await assertStoreExists(db, storeId);
  const checked = checkSlot(body, await leadMinutesOf(db, storeId), Date.parse(act.at));
  if (!checked.ok) assertValid(checked.errors);
  const slot = (checked as { ok: true; slot: SlotWindow }).slot;
  const row = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('delivery_slots')
      .values({
        store_id: storeId,
        starts_at: slot.startsAt,
        ends_at: slot.endsAt,
        cutoff_at: slot.cutoffAt,
        capacity: slot.capacity,
        created_at: act.at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditStaff(trx, act, 'slot.created', `store:${storeId}`, { ...toSlotDto(inserted) });
    return inserted;
  });
  return toSlotDto(row);
}

/** A store's weekly template (`GET /api/Store/SlotTemplate/{StoreID}`); an empty one with the defaults when unset. */
export async function readSlotTemplate(db: Kysely<Database>, storeId: number): Promise<SlotTemplateDto> {
  await assertStoreExists(db, storeId);
  const rules = await db.selectFrom('slot_rules').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  const rows = await db
    .selectFrom('slot_templates')
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('weekday')
    .orderBy('start_time')
    .execute();
  return {
    StoreID: storeId,
    LeadMinutes: rules?.lead_minutes ?? DEFAULT_LEAD_MINUTES,
    DaysAhead: rules?.days_ahead ?? DEFAULT_DAYS_AHEAD,
    Slots: rows.map((r) => ({ Weekday: r.weekday, Start: r.start_time, End: r.end_time, Capacity: r.capacity })),
  };
}

/**
 * `PUT /api/Store/SlotTemplate/{StoreID}` (Employee): replaces the store's weekly template
 * and lead time in one audited transaction. Slots the old template made that nobody has
 * booked yet are removed, and the new template's slots for the next `DaysAhead` days are
 * made at once (booked ones stay: their orders keep their places).
 */
export async function putSlotTemplate(
  db: Kysely<Database>,
  act: StaffAct,
  storeId: number,
  body: Record<string, unknown>,
): Promise<SlotTemplateDto> {
  await assertStoreExists(db, storeId);
  const checked = checkTemplate(body);
  if (!checked.ok) assertValid(checked.errors);
  const template = (checked as { ok: true; template: Omit<SlotTemplateDto, 'StoreID'> }).template;
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('slot_templates').where('store_id', '=', storeId).execute();
    if (template.Slots.length > 0) {
      await trx
        .insertInto('slot_templates')
        .values(
          template.Slots.map((r) => ({
            store_id: storeId,
            weekday: r.Weekday,
            start_time: r.Start,
            end_time: r.End,
            capacity: r.Capacity,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('slot_rules')
      .values({
        store_id: storeId,
        lead_minutes: template.LeadMinutes,
        days_ahead: template.DaysAhead,
        made_through: '',
        updated_at: act.at,
      })
      .onConflict((oc) =>
        oc.column('store_id').doUpdateSet({
          lead_minutes: template.LeadMinutes,
          days_ahead: template.DaysAhead,
          made_through: '',
          updated_at: act.at,
        }),
      )
      .execute();
    await trx
      .deleteFrom('delivery_slots')
      .where('store_id', '=', storeId)
      .where('from_template', '=', 1)
      .where('booked', '=', 0)
      .where('cutoff_at', '>', act.at)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('order_slots').select('slot_id').whereRef('slot_id', '=', 'delivery_slots.id'))),
      )
      .execute();
    await auditStaff(trx, act, 'slot.template', `store:${storeId}`, { ...template });
    await makeTemplateSlots(trx, storeId, Date.parse(act.at), act.at);
  });
  return { StoreID: storeId, ...template };
}

/**
 * Makes the template's slots for the store's `DaysAhead` days from today (shop time), each
 * once (a slot with the same Start and End is left as it is), and notes through which day
 * they are made, so the shoppers' read makes them only once a day.
 */
async function makeTemplateSlots(db: Kysely<Database>, storeId: number, nowMs: number, at: string): Promise<void> {
  const rules = await db.selectFrom('slot_rules').selectAll().where('store_id', '=', storeId).executeTakeFirst();
  if (rules === undefined) return;
  const rows = await db.selectFrom('slot_templates').selectAll().where('store_id', '=', storeId).execute();
  const windows = templateWindows(
    rows.map((r) => ({ Weekday: r.weekday, Start: r.start_time, End: r.end_time, Capacity: r.capacity })),
    nowMs,
    rules.days_ahead,
    rules.lead_minutes,
  );
  if (windows.length > 0) {
    await db
      .insertInto('delivery_slots')
      .values(
        windows.map((w) => ({
          store_id: storeId,
          starts_at: w.startsAt,
          ends_at: w.endsAt,
          cutoff_at: w.cutoffAt,
          capacity: w.capacity,
          from_template: 1,
          created_at: at,
        })),
      )
      .onConflict((oc) => oc.columns(['store_id', 'starts_at', 'ends_at']).doNothing())
      .execute();
  }
  await db
    .updateTable('slot_rules')
    .set({ made_through: shopDate(nowMs) })
    .where('store_id', '=', storeId)
    .execute();
}

/**
 * `GET /api/Store/Slots/{StoreID}` (public): the store's slots starting in the next 7 days
 * that still take orders (cut-off ahead), earliest first, with the places left. A store
 * with a template has today's slots made first, once a day (`makeTemplateSlots`).
 */
export async function listOpenSlots(db: Kysely<Database>, storeId: number, now: Date): Promise<SlotDto[]> {
  const at = now.toISOString();
  const nowMs = now.getTime();
  const rules = await db
    .selectFrom('slot_rules')
    .select('made_through')
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  if (rules === undefined) await assertStoreExists(db, storeId);
  else if (rules.made_through < shopDate(nowMs)) {
    await db.transaction().execute((trx) => makeTemplateSlots(trx, storeId, nowMs, at));
  }
  const rows = await db
    .selectFrom('delivery_slots')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('cutoff_at', '>', at)
    .where('starts_at', '<', new Date(nowMs + SHOPPER_SLOT_DAYS * DAY_MS).toISOString())
    .orderBy('starts_at')
    .orderBy('id')
    .execute();
  return rows.map(toSlotDto);
}
