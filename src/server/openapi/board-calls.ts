/**
 * The orders board's calls (issue 31, item 4) as `calls.ts` declares calls, with their
 * answers' schemas: a bulk move of several orders, and a store's pick list for one slot.
 */
import { z } from 'zod';
import { BULK_MOVE_MAX, type PickLineDto, type PickListDto } from '../../lib/domain/order-board.ts';
import type { Call } from './call-types.ts';
import { named, orderSchema } from './wire-schemas.ts';

const id = z.int().min(1);
const time = z.string().describe('ISO 8601 time');

const pickLineSchema = named(
  'PickLine',
  z.object({
    ItemID: id,
    ProductCode: z.string().nullable().describe("The store's own code for the item; null when it has none"),
    ItemTitle: z.string().describe('The title the item was sold under'),
    Size: z.string(),
    SectionID: id.nullable().describe("The item's section; null when it is in none (picked last)"),
    SectionTitle: z.string(),
    Qty: z.int().min(1).describe('Units summed over the orders'),
    Orders: z.array(z.object({ OrderID: id, Qty: z.int().min(1) })).describe('The orders it is picked for'),
  }),
  'One item to pick, its units summed across the orders.',
);

const pickListSchema = named(
  'PickList',
  z.object({
    StoreID: id,
    StoreTitle: z.string(),
    SlotID: id.nullable().describe('The slot; null for the open orders that hold no slot at the store'),
    Start: time.nullable(),
    End: time.nullable(),
    OrderIDs: z.array(id).describe('The open orders picked for'),
    Units: z.int().min(0),
    Lines: z.array(pickLineSchema).describe('Shelf order: section by section (no section last), then item title'),
  }),
  "What a packer picks for one store's delivery slot: its open orders' items, summed.",
);

export const BOARD_CALLS: readonly Call[] = [
  {
    method: 'post',
    path: '/api/Order/Move',
    tag: 'Order',
    summary: 'Move several orders to one status, all or none (staff)',
    access: 'employee',
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        OrderIDs: z.array(id).min(1).max(BULK_MOVE_MAX).describe('Different OrderIDs'),
        Status: orderSchema.shape.Status,
      }),
    },
    answers: {
      200: {
        description: 'Every order moved, in the order asked',
        schema: named('MovedOrders', z.object({ Orders: z.array(orderSchema) })),
      },
    },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/Order/PickList',
    tag: 'Order',
    summary: "The items of a store's open orders for one delivery slot, summed, in shelf order (staff)",
    access: 'employee',
    query: {
      StoreID: { description: 'The store whose lines to pick', schema: id, required: true },
      SlotID: { description: "One of the store's slots; left out: the open orders without a slot", schema: id },
    },
    answers: { 200: { description: 'The pick list', schema: pickListSchema } },
  },
];

type Covers<S, D> = [Exclude<keyof S, keyof D>, Exclude<keyof D, keyof S>] extends [never, never]
  ? S extends D
    ? true
    : false
  : false;
type Assert<T extends true> = T;
/**
 * Fails to compile when a board schema and its interface disagree (a check, never imported).
 * @public
 */
export type BoardSchemasCoverTheirInterfaces = [
  Assert<Covers<z.output<typeof pickLineSchema>, PickLineDto>>,
  Assert<Covers<z.output<typeof pickListSchema>, PickListDto>>,
];
