// The order's delivery slots (issue 31, item 2): `Slots` as posted, and the steps that
// take each picked slot's place inside the order's transaction (`orderSteps`), the same
// way the stock is taken: one conditional update whose row count says whether the slot
// had room, re-checked by the database under the row's lock, so a slot is never
// overbooked however many API processes share it.
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { readId } from '../../lib/domain/ids.ts';
import { type OrderSlotDto, type SlotRefusal, slotRefusal, slotRefusalMessage } from '../../lib/domain/slots.ts';
import { compiledPerShape } from '../db/query.ts';
import type { Database } from '../db/schema.ts';
import { AppError, type ModelState } from '../errors.ts';
import { field } from '../http/input.ts';
import type { CartLineInput } from './cart-input.ts';

/** The slot picked at each store (`Slots`: `{ "<StoreID>": SlotID }`), in StoreID order. */
export type SlotPicks = readonly { storeId: number; slotId: number }[];

/**
 * `Slots` as posted: absent or null is no pick; otherwise an object whose keys are
 * StoreIDs of stores in the cart and whose values are SlotIDs. A 400 names the key
 * (`Slots.{StoreID}`) and the rule.
 */
export function parseSlotsBody(body: Record<string, unknown>, lines: readonly CartLineInput[]): SlotPicks {
  const raw = field(body, 'Slots');
  if (raw === undefined || raw === null) return [];
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw AppError.invalidField('Slots', 'must be an object from StoreID to SlotID, such as { "3": 41 }');
  }
  const stores = new Set(lines.map((l) => l.storeId));
  const picks: { storeId: number; slotId: number }[] = [];
  const errors: ModelState = {};
  for (const [key, value] of Object.entries(raw)) {
    const k = `Slots.${key}`;
    const store = readId(key);
    const slot = readId(value);
    if (store.kind !== 'ok') errors[k] = [`${k}: ${key} is not a StoreID.`];
    else if (!stores.has(store.id)) errors[k] = [`${k} names store ${store.id}, which has no item in this order.`];
    else if (slot.kind !== 'ok') errors[k] = [`${k} must be a SlotID (a whole number from 1 up).`];
    else picks.push({ storeId: store.id, slotId: slot.id });
  }
  if (Object.keys(errors).length > 0) throw AppError.invalid(errors);
  return picks.sort((a, b) => a.storeId - b.storeId);
}

/**
 * Takes one place in a slot of a store: only while it has room, its cut-off is ahead and
 * it has not started. Arguments: SlotID, StoreID, now (ISO UTC), OrderID. On PostgreSQL
 * the same statement writes the order's place (`order_slots`), so the slot row's lock is
 * held one round trip less; SQLite writes it with INSERT_ORDER_SLOTS.
 */
const TAKE_SLOT = compiledPerShape((db: Kysely<Database>, engine: 'postgres' | 'sqlite', arg) => {
  const take = sql`update delivery_slots set booked = booked + 1
    where id = ${arg(0)} and store_id = ${arg(1)} and booked < capacity and cutoff_at > ${arg(2)} and starts_at > ${arg(2)}
    returning id, store_id, starts_at, ends_at`;
  const query =
    engine === 'postgres'
      ? sql<{ id: number; starts_at: string; ends_at: string }>`
    with t as (${take}),
    placed as (insert into order_slots (order_id, store_id, slot_id) select cast(${arg(3)} as integer), t.store_id, t.id from t)
    select id, starts_at, ends_at from t`
      : sql<{ id: number; starts_at: string; ends_at: string }>`${take}`;
  return { compile: () => query.compile(db) };
});

/** A slot that refused its place, read to name why. Arguments: SlotID, StoreID. */
const READ_SLOT = compiledPerShape((db: Kysely<Database>, _shape: 'one', arg) =>
  db
    .selectFrom('delivery_slots')
    .select(['starts_at', 'cutoff_at', 'capacity', 'booked'])
    .where('id', '=', arg(0))
    .where('store_id', '=', arg(1)),
);

/**
 * Which of `n` stores deliver in slots: those with a weekly template or a slot still
 * taking orders. Arguments: now, then the StoreIDs.
 */
const SLOTTED_STORES = compiledPerShape((db: Kysely<Database>, n: number, arg) => {
  const ids = sql.join(Array.from({ length: n }, (_, i) => sql`cast(${arg(1 + i)} as integer)`));
  const query = sql<{ store_id: number }>`
    select store_id from delivery_slots where store_id in (${ids}) and cutoff_at > ${arg(0)}
    union select store_id from slot_templates where store_id in (${ids})`;
  return { compile: () => query.compile(db) };
});

/** The order's places. Arguments: (OrderID, StoreID, SlotID) for each of `n` picks. */
const INSERT_ORDER_SLOTS = compiledPerShape((db: Kysely<Database>, n: number, arg) =>
  db.insertInto('order_slots').values(
    Array.from({ length: n }, (_, i) => ({
      order_id: arg(3 * i),
      store_id: arg(3 * i + 1),
      slot_id: arg(3 * i + 2),
    })),
  ),
);

/** The order's slots taken, or why not: a slot that refused (409) or a store whose slot is missing (400). */
export type SlotOutcome =
  | { kind: 'slotted'; slots: OrderSlotDto[] }
  | { kind: 'slot-refused'; why: SlotRefusal; modelState: ModelState }
  | { kind: 'slot-missing'; modelState: ModelState };

/**
 * The order's slot steps, run by `orderSteps` after its stock was taken: for stores in the
 * cart without a pick, whether they deliver in slots (then a pick is required); then each
 * picked slot's place in StoreID order (a refusal is read to name it, and the runner rolls
 * back) and the order's places, each held by the order of its store (`orderOf`).
 */
export function* slotSteps(
  db: Kysely<Database>,
  orderOf: (storeId: number) => number,
  lines: readonly CartLineInput[],
  picks: SlotPicks,
  at: string,
  postgres: boolean,
  // biome-ignore lint/suspicious/noExplicitAny: the generator's protocol carries every statement's rows.
): Generator<CompiledQuery<unknown>, SlotOutcome, any[]> {
  const picked = new Set(picks.map((p) => p.storeId));
  const unpicked = [...new Set(lines.map((l) => l.storeId))].filter((s) => !picked.has(s)).sort((a, b) => a - b);
  if (unpicked.length > 0) {
    const slotted = (yield SLOTTED_STORES(db, unpicked.length, [at, ...unpicked])) as { store_id: number }[];
    if (slotted.length > 0) {
      const modelState: ModelState = {};
      for (const { store_id } of slotted.sort((a, b) => a.store_id - b.store_id)) {
        const k = `Slots.${store_id}`;
        modelState[k] = [`${k} is required: store ${store_id} delivers in slots, so pick one of its delivery slots.`];
      }
      return { kind: 'slot-missing', modelState };
    }
  }
  const slots: OrderSlotDto[] = [];
  for (const pick of picks) {
    const [taken] = (yield postgres
      ? TAKE_SLOT(db, 'postgres', [pick.slotId, pick.storeId, at, orderOf(pick.storeId)])
      : TAKE_SLOT(db, 'sqlite', [pick.slotId, pick.storeId, at])) as {
      id: number;
      starts_at: string;
      ends_at: string;
    }[];
    if (taken === undefined) {
      const [row] = (yield READ_SLOT(db, 'one', [pick.slotId, pick.storeId])) as {
        starts_at: string;
        cutoff_at: string;
        capacity: number;
        booked: number;
      }[];
      // A slot with room that refused was taken by a concurrent order, which makes it full.
      const why = slotRefusal(row, at) ?? 'full';
      return {
        kind: 'slot-refused',
        why,
        modelState: { [`Slots.${pick.storeId}`]: [slotRefusalMessage(why, pick.storeId, pick.slotId)] },
      };
    }
    slots.push({ StoreID: pick.storeId, SlotID: taken.id, Start: taken.starts_at, End: taken.ends_at });
  }
  if (!postgres && picks.length > 0) {
    yield INSERT_ORDER_SLOTS(
      db,
      picks.length,
      picks.flatMap((p) => [orderOf(p.storeId), p.storeId, p.slotId]),
    );
  }
  return { kind: 'slotted', slots };
}
