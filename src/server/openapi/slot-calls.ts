/**
 * The delivery slot calls (issue 31, item 2) as `calls.ts` declares calls, with their
 * answers' schemas: a store's slots, one slot created by staff, and the weekly template.
 */
import { z } from 'zod';
import type { SlotDto, SlotTemplateDto } from '../../lib/domain/slots.ts';
import type { Call, Param } from './call-types.ts';
import { named } from './wire-schemas.ts';

const id = z.int().min(1);
const time = z.string().describe('ISO 8601 time');
const storeParam: Record<string, Param> = {
  storeId: { description: 'storeId: a positive whole number', schema: z.int().min(1).max(2_147_483_647) },
};

const slotSchema = named(
  'Slot',
  z.object({
    SlotID: id,
    StoreID: id,
    Start: time,
    End: time,
    Cutoff: time.describe('The last moment the slot takes orders'),
    Capacity: z.int().min(1),
    Left: z.int().min(0).describe('Places left'),
  }),
  'A delivery slot of a store: a window taking at most Capacity orders until its Cutoff.',
);

const templateRowSchema = z.object({
  Weekday: z.int().min(0).max(6).describe('0 Sunday to 6 Saturday'),
  Start: z.string().describe('Shop-local time "HH:MM" (India Standard Time)'),
  End: z.string().describe('Shop-local time "HH:MM", after Start'),
  Capacity: z.int().min(1).max(10_000),
});

const slotTemplateSchema = named(
  'SlotTemplate',
  z.object({
    StoreID: id,
    LeadMinutes: z.int().min(0).describe('No slot is booked later than this before its start'),
    DaysAhead: z.int().min(1).describe('How many days ahead the template makes slots'),
    Slots: z.array(templateRowSchema),
  }),
  "A store's weekly delivery slots, made into slots for the days ahead.",
);

export const SLOT_CALLS: readonly Call[] = [
  {
    method: 'get',
    path: '/api/Store/Slots/{storeId}',
    tag: 'Store',
    summary: "A store's delivery slots starting in the next 7 days that still take orders, with the places left",
    access: 'anyone',
    params: storeParam,
    answers: { 200: { description: 'The slots, earliest first', schema: z.array(slotSchema) } },
  },
  {
    method: 'post',
    path: '/api/Store/Slot/{storeId}',
    tag: 'Store',
    summary: 'Create a delivery slot',
    access: 'employee',
    params: storeParam,
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        Start: time,
        End: time.describe('After Start, at most 24 hours later'),
        Capacity: z.int().min(1).max(10_000),
        Cutoff: time.optional().describe("Not after Start; default: Start less the store's LeadMinutes"),
      }),
    },
    answers: { 201: { description: 'The new slot', schema: slotSchema } },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/Store/SlotTemplate/{storeId}',
    tag: 'Store',
    summary: "Read a store's weekly slot template",
    access: 'employee',
    params: storeParam,
    answers: { 200: { description: 'The template', schema: slotTemplateSchema } },
  },
  {
    method: 'put',
    path: '/api/Store/SlotTemplate/{storeId}',
    tag: 'Store',
    summary: "Replace a store's weekly slot template and lead time; its slots for the days ahead are made at once",
    access: 'employee',
    params: storeParam,
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        LeadMinutes: z.int().min(0).max(10_080).optional().describe('Default 60'),
        DaysAhead: z.int().min(1).max(28).optional().describe('Default 7'),
        Slots: z.array(templateRowSchema).max(100),
      }),
    },
    answers: { 200: { description: 'The template', schema: slotTemplateSchema } },
    errors: [409],
  },
];

type Covers<S, D> = [Exclude<keyof S, keyof D>, Exclude<keyof D, keyof S>] extends [never, never]
  ? S extends D
    ? true
    : false
  : false;
type Assert<T extends true> = T;
/**
 * Fails to compile when a slot schema and its interface disagree (a check, never imported).
 * @public
 */
export type SlotSchemasCoverTheirInterfaces = [
  Assert<Covers<z.output<typeof slotSchema>, SlotDto>>,
  Assert<Covers<z.output<typeof slotTemplateSchema>, SlotTemplateDto>>,
];
