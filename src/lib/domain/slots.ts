// Delivery slots (issue 31, item 2): the rules of a slot and of a store's weekly
// template, and whether a slot can take an order, as pure functions shared by the API
// and the cart page.

/**
 * The shop's time zone, as minutes east of UTC: India Standard Time (UTC+05:30, no
 * daylight saving), so a template's "09:00" is 09:00 in India every day of the year.
 */
export const SHOP_UTC_OFFSET_MINUTES = 330;

/** How many days ahead shoppers see a store's slots. */
export const SHOPPER_SLOT_DAYS = 7;

/** The lead time of a store that has not set one: no slot is booked later than this before it starts. */
export const DEFAULT_LEAD_MINUTES = 60;

/** How many days ahead a template fills when staff do not say. */
export const DEFAULT_DAYS_AHEAD = 7;

export const SLOT_RULES = {
  capacityMax: 10_000,
  longestMinutes: 24 * 60,
  leadMinutesMax: 7 * 24 * 60,
  daysAheadMax: 28,
  templateRowsMax: 100,
} as const;

/** A slot as shoppers and staff read it (`GET /api/Store/Slots/{StoreID}`). */
export interface SlotDto {
  SlotID: number;
  StoreID: number;
  Start: string;
  End: string;
  /** The last moment the slot takes orders (its start less the lead time, unless staff set it). */
  Cutoff: string;
  Capacity: number;
  Left: number;
}

/** One weekly slot of a template: `Weekday` 0 (Sunday) to 6, shop-local `HH:MM` times. */
export interface SlotTemplateRowDto {
  Weekday: number;
  Start: string;
  End: string;
  Capacity: number;
}

/** A store's weekly template (`PUT /api/Store/SlotTemplate/{StoreID}`). */
export interface SlotTemplateDto {
  StoreID: number;
  LeadMinutes: number;
  DaysAhead: number;
  Slots: SlotTemplateRowDto[];
}

/** The slot an order holds at one store, as the order answers it. */
export interface OrderSlotDto {
  StoreID: number;
  SlotID: number;
  Start: string;
  End: string;
}

export type SlotErrors = Record<string, string[]>;

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const LOCAL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Milliseconds of an ISO 8601 time with its offset, or undefined for anything else. */
export function isoTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !ISO_WITH_OFFSET.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

function wholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** A slot as staff post it, checked: times in UTC ISO text. */
export interface SlotWindow {
  startsAt: string;
  endsAt: string;
  cutoffAt: string;
  capacity: number;
}

/**
 * `POST /api/Store/Slot/{StoreID}`'s rules: `Start` and `End` ISO 8601 times with an
 * offset, `End` after `Start` and at most a day later, `Start` still ahead; `Capacity` a
 * whole number from 1 to 10,000; `Cutoff` optional, an ISO time not after `Start` (by
 * default `Start` less the store's lead time).
 */
export function checkSlot(
  body: { Start?: unknown; End?: unknown; Capacity?: unknown; Cutoff?: unknown },
  leadMinutes: number,
  nowMs: number,
): { ok: true; slot: SlotWindow } | { ok: false; errors: SlotErrors } {
  const errors: SlotErrors = {};
  const start = isoTime(body.Start);
  const end = isoTime(body.End);
  if (start === undefined)
    errors.Start = ['Start must be an ISO 8601 time with an offset, such as 2026-12-01T09:00:00+05:30.'];
  else if (start <= nowMs) errors.Start = ['Start must be in the future.'];
  if (end === undefined)
    errors.End = ['End must be an ISO 8601 time with an offset, such as 2026-12-01T11:00:00+05:30.'];
  else if (start !== undefined && end <= start) errors.End = ['End must be after Start.'];
  else if (start !== undefined && end - start > SLOT_RULES.longestMinutes * 60_000) {
    errors.End = ['End must be at most 24 hours after Start.'];
  }
  if (!wholeIn(body.Capacity, 1, SLOT_RULES.capacityMax)) {
    errors.Capacity = [`Capacity must be a whole number from 1 to ${SLOT_RULES.capacityMax}.`];
  }
  let cutoff = start === undefined ? undefined : start - leadMinutes * 60_000;
  if (body.Cutoff !== undefined && body.Cutoff !== null) {
    cutoff = isoTime(body.Cutoff);
    if (cutoff === undefined) errors.Cutoff = ['Cutoff must be an ISO 8601 time with an offset.'];
    else if (start !== undefined && cutoff > start) errors.Cutoff = ['Cutoff must not be after Start.'];
  }
  if (Object.keys(errors).length > 0 || start === undefined || end === undefined || cutoff === undefined) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    slot: {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end).toISOString(),
      cutoffAt: new Date(cutoff).toISOString(),
      capacity: body.Capacity as number,
    },
  };
}

/**
 * `PUT /api/Store/SlotTemplate/{StoreID}`'s rules: `LeadMinutes` 0 to 10,080 (default 60),
 * `DaysAhead` 1 to 28 (default 7), `Slots` a list (at most 100) of `{ Weekday 0–6, Start
 * and End "HH:MM" shop-local with End after Start, Capacity 1–10,000 }`, no two with the
 * same Weekday and Start.
 */
export function checkTemplate(body: {
  LeadMinutes?: unknown;
  DaysAhead?: unknown;
  Slots?: unknown;
}): { ok: true; template: Omit<SlotTemplateDto, 'StoreID'> } | { ok: false; errors: SlotErrors } {
  const errors: SlotErrors = {};
  const lead = body.LeadMinutes ?? DEFAULT_LEAD_MINUTES;
  const days = body.DaysAhead ?? DEFAULT_DAYS_AHEAD;
  if (!wholeIn(lead, 0, SLOT_RULES.leadMinutesMax)) {
    errors.LeadMinutes = [`LeadMinutes must be a whole number from 0 to ${SLOT_RULES.leadMinutesMax}.`];
  }
  if (!wholeIn(days, 1, SLOT_RULES.daysAheadMax)) {
    errors.DaysAhead = [`DaysAhead must be a whole number from 1 to ${SLOT_RULES.daysAheadMax}.`];
  }
  const rows: SlotTemplateRowDto[] = [];
  if (!Array.isArray(body.Slots)) {
    errors.Slots = ['Slots must be a list of { Weekday, Start, End, Capacity } (it may be empty).'];
  } else if (body.Slots.length > SLOT_RULES.templateRowsMax) {
    errors.Slots = [`Slots must hold at most ${SLOT_RULES.templateRowsMax} weekly slots.`];
  } else {
    const seen = new Set<string>();
    body.Slots.forEach((raw: unknown, i) => {
      const k = `Slots[${i}]`;
      const row = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const bad = (name: string, rule: string) => {
        errors[`${k}.${name}`] = [`${k}.${name} ${rule}.`];
      };
      if (!wholeIn(row.Weekday, 0, 6)) bad('Weekday', 'must be a whole number from 0 (Sunday) to 6 (Saturday)');
      const start = typeof row.Start === 'string' && LOCAL_TIME.test(row.Start) ? row.Start : undefined;
      const end = typeof row.End === 'string' && LOCAL_TIME.test(row.End) ? row.End : undefined;
      if (start === undefined) bad('Start', 'must be a shop-local time "HH:MM" from 00:00 to 23:59');
      if (end === undefined) bad('End', 'must be a shop-local time "HH:MM" from 00:00 to 23:59');
      else if (start !== undefined && end <= start) bad('End', 'must be after Start on the same day');
      if (!wholeIn(row.Capacity, 1, SLOT_RULES.capacityMax)) {
        bad('Capacity', `must be a whole number from 1 to ${SLOT_RULES.capacityMax}`);
      }
      const key = `${String(row.Weekday)} ${start}`;
      if (seen.has(key)) bad('Start', 'repeats another slot of the same Weekday and Start');
      seen.add(key);
      if (start !== undefined && end !== undefined) {
        rows.push({ Weekday: row.Weekday as number, Start: start, End: end, Capacity: row.Capacity as number });
      }
    });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, template: { LeadMinutes: lead as number, DaysAhead: days as number, Slots: rows } };
}

const DAY_MS = 86_400_000;
const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;

/** The shop-local date (`YYYY-MM-DD`) of a moment. */
export function shopDate(ms: number): string {
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The slots a template makes for the `days` shop-local days from the day of `nowMs` on,
 * leaving out those whose cut-off (start less `leadMinutes`) has passed.
 */
export function templateWindows(
  rows: readonly SlotTemplateRowDto[],
  nowMs: number,
  days: number,
  leadMinutes: number,
): SlotWindow[] {
  const today = Date.parse(`${shopDate(nowMs)}T00:00:00.000Z`);
  const out: SlotWindow[] = [];
  for (let d = 0; d < days; d++) {
    const midnightUtcLabel = today + d * DAY_MS;
    const weekday = new Date(midnightUtcLabel).getUTCDay();
    for (const row of rows) {
      if (row.Weekday !== weekday) continue;
      const at = (hhmm: string) => {
        const [h, m] = hhmm.split(':').map(Number);
        return midnightUtcLabel + ((h ?? 0) * 60 + (m ?? 0)) * 60_000 - OFFSET_MS;
      };
      const start = at(row.Start);
      const cutoff = start - leadMinutes * 60_000;
      if (cutoff <= nowMs) continue;
      out.push({
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(at(row.End)).toISOString(),
        cutoffAt: new Date(cutoff).toISOString(),
        capacity: row.Capacity,
      });
    }
  }
  return out.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Why a slot cannot take an order now, or undefined when it can. */
export type SlotRefusal = 'unknown' | 'past' | 'cut-off' | 'full';

export function slotRefusal(
  slot: { starts_at: string; cutoff_at: string; capacity: number; booked: number } | undefined,
  nowIso: string,
): SlotRefusal | undefined {
  if (slot === undefined) return 'unknown';
  if (slot.starts_at <= nowIso) return 'past';
  if (slot.cutoff_at <= nowIso) return 'cut-off';
  if (slot.booked >= slot.capacity) return 'full';
  return undefined;
}

/** The sentence naming why `SlotID` of `StoreID` refused an order. */
export function slotRefusalMessage(why: SlotRefusal, storeId: number, slotId: number): string {
  const k = `Slots.${storeId}`;
  switch (why) {
    case 'unknown':
      return `${k} names slot ${slotId}, which is not a delivery slot of store ${storeId}.`;
    case 'past':
      return `${k} names slot ${slotId}, which has already started: pick a later slot.`;
    case 'cut-off':
      return `${k} names slot ${slotId}, which no longer takes orders (its cut-off has passed): pick a later slot.`;
    case 'full':
      return `${k} names slot ${slotId}, which is full: pick another slot.`;
  }
}

/** A slot's window for people: "Tue 2 Dec, 09:00–11:00" in the shop's time zone. */
export function slotLabel(start: string, end: string): string {
  const fmt = (iso: string) => new Date(Date.parse(iso) + OFFSET_MS);
  const s = fmt(start);
  const e = fmt(end);
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hm = (d: Date) => `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
  return `${days[s.getUTCDay()]} ${s.getUTCDate()} ${months[s.getUTCMonth()]}, ${hm(s)}–${hm(e)}`;
}
