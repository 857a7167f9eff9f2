/**
 * Substitutions and packing (issue 33, items 2 and 3) as `calls.ts` declares calls, with
 * their answers' schemas: an item's substitutes, the packing screen's list, and packing an order.
 */
import { z } from 'zod';
import type { PackLineDto, PackListDto, PackOrderDto } from '../../lib/domain/pack-list.ts';
import { MAX_PACK_SIZE } from '../../lib/domain/packs.ts';
import { PACK_OUTCOMES } from '../../lib/domain/substitutions.ts';
import type { ItemPackDto } from '../catalogue/item-packs.ts';
import type { SubstituteDto } from '../orders/substitutes.ts';
import type { Call, Param } from './call-types.ts';
import { named, orderSchema } from './wire-schemas.ts';

const id = z.int().min(1);
const time = z.string().describe('ISO 8601 time');
const idParam: Record<string, Param> = {
  id: { description: 'id: a positive whole number', schema: z.int().min(1).max(2_147_483_647) },
};
const substitution = z.union([z.enum(['None', 'BestMatch']), id]);

const substituteSchema = named(
  'Substitute',
  z.object({
    ItemID: id,
    StoreID: id,
    ItemTitle: z.string(),
    Size: z.string(),
    SellingPrice: z.number(),
    Availability: z.int().min(0),
  }),
  'An item of the same store and section a shopper may choose instead.',
);

const packLineSchema = named(
  'PackLine',
  z.object({
    ItemID: id,
    ProductCode: z.string().nullable(),
    ItemTitle: z.string(),
    Size: z.string(),
    Qty: z.int().min(1),
    SectionID: id.nullable(),
    SectionTitle: z.string(),
    SellingPrice: z.number().describe('Rupees per unit as ordered'),
    Substitution: substitution,
    SubstituteTitle: z.string().nullable().describe("The chosen item's title when the shopper named one"),
  }),
);
const packOrderSchema = named(
  'PackOrder',
  z.object({ OrderID: id, CustomerName: z.string(), Lines: z.array(packLineSchema) }),
);
const packListSchema = named(
  'PackList',
  z.object({
    StoreID: id,
    StoreTitle: z.string(),
    SlotID: id.nullable(),
    Start: time.nullable(),
    End: time.nullable(),
    Orders: z.array(packOrderSchema).describe('Orders in Packing, each line in shelf order'),
  }),
  "A store's orders in Packing for one delivery slot (the packing screen).",
);

const itemPackSchema = named(
  'ItemPack',
  z.object({
    ItemID: id,
    BulkItemID: id.nullable().describe('The bulk item (sold ByWeight or ByVolume) it draws from; null: not a pack'),
    PackSize: z.int().min(1).nullable().describe('Grams or millilitres of the bulk in one pack; null: not a pack'),
    Availability: z.int().min(0).describe("Its stock: for a pack, the packs its bulk's stock holds"),
    Packs: z
      .array(z.object({ ItemID: id, ItemTitle: z.string(), PackSize: z.int().min(1), Availability: z.int().min(0) }))
      .describe('The packs that draw from this item, when it is a bulk'),
  }),
  "An item's place in a bulk stock: the bulk it draws from as a pack, or the packs drawing from it.",
);

const ITEM_PACK_CALLS: readonly Call[] = [
  {
    method: 'get',
    path: '/api/Item/Pack/{id}',
    tag: 'Item',
    summary: 'An item as a pack of a bulk stock, and the packs drawing from it (staff)',
    access: 'employee',
    params: idParam,
    answers: { 200: { description: "The item's pack set-up", schema: itemPackSchema } },
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/Item/Pack/{id}',
    tag: 'Item',
    summary: 'Make an item (sold ByUnit, no stock of its own) a pack of PackSize g or ml of a bulk item (staff)',
    access: 'employee',
    params: idParam,
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        BulkItemID: id.describe('An item of the same store sold ByWeight or ByVolume, not a pack itself'),
        PackSize: z.int().min(1).max(MAX_PACK_SIZE).describe('Grams or millilitres in one pack'),
      }),
    },
    answers: { 200: { description: "The item's pack set-up", schema: itemPackSchema } },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/Item/Pack/{id}',
    tag: 'Item',
    summary: 'Take an item off its bulk stock: its stock is its own again (staff)',
    access: 'employee',
    params: idParam,
    answers: { 200: { description: "The item's pack set-up", schema: itemPackSchema } },
    errors: [404],
  },
];

export const PACKING_CALLS: readonly Call[] = [
  ...ITEM_PACK_CALLS,
  {
    method: 'get',
    path: '/api/Item/Substitutes/{id}',
    tag: 'Item',
    summary: 'The items of the same store and section a shopper may choose instead, best match first',
    access: 'anyone',
    params: idParam,
    answers: { 200: { description: 'The substitutes', schema: z.array(substituteSchema) } },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/Order/PackList',
    tag: 'Order',
    summary: "A store's orders in Packing for one delivery slot, lines in shelf order (staff)",
    access: 'employee',
    query: {
      StoreID: { description: 'The store whose orders to pack', schema: id, required: true },
      SlotID: { description: "One of the store's slots; left out: the orders without a slot", schema: id },
    },
    answers: { 200: { description: 'The orders to pack', schema: packListSchema } },
  },
  {
    method: 'post',
    path: '/api/Order/Pack/{id}',
    tag: 'Order',
    summary: 'Pack an order: every line packed, short or replaced, all or none; it moves on to OutForDelivery (staff)',
    access: 'employee',
    params: idParam,
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        Lines: z
          .array(
            z.object({
              ItemID: id.describe('The line of the order'),
              Outcome: z.enum(PACK_OUTCOMES as [string, ...string[]]),
              Qty: z
                .int()
                .min(0)
                .optional()
                .describe('Short: the units found; Replaced: the units sent (default: as asked)'),
              ReplacementID: id
                .optional()
                .describe("Replaced: the item sent (default: the shopper's chosen item, or the best match)"),
            }),
          )
          .min(1),
      }),
    },
    answers: { 200: { description: 'The order as packed, OutForDelivery', schema: orderSchema } },
    errors: [404, 409],
  },
];

type Covers<S, D> = [Exclude<keyof S, keyof D>, Exclude<keyof D, keyof S>] extends [never, never]
  ? S extends D
    ? true
    : false
  : false;
type Assert<T extends true> = T;
/**
 * Fails to compile when a packing schema and its interface disagree (a check, never imported).
 * @public
 */
export type PackingSchemasCoverTheirInterfaces = [
  Assert<Covers<z.output<typeof substituteSchema>, SubstituteDto>>,
  Assert<Covers<z.output<typeof packLineSchema>, PackLineDto>>,
  Assert<Covers<z.output<typeof packOrderSchema>, PackOrderDto>>,
  Assert<Covers<z.output<typeof packListSchema>, PackListDto>>,
  Assert<Covers<z.output<typeof itemPackSchema>, ItemPackDto>>,
];
