/**
 * The coupon calls (issue 32, item 5) as `calls.ts` declares calls, with their answers'
 * schemas: staff create, list, read and switch coupons on and off; a shopper checks a code.
 */
import { z } from 'zod';
import type { CouponCheckDto, CouponDto } from '../../lib/domain/coupons.ts';
import type { Call, Param } from './call-types.ts';
import { type Assert, type Covers, named } from './wire-schemas.ts';

const id = z.int().min(1);
const rupees = z.number();
const time = z.string().describe('ISO 8601 time');
const idParam: Record<string, Param> = {
  id: { description: 'id: a positive whole number', schema: z.int().min(1).max(2_147_483_647) },
};

const couponSchema = named(
  'Coupon',
  z.object({
    CouponID: id,
    Code: z.string().describe('3 to 20 letters or digits, in capitals'),
    Percent: z.number().nullable().describe('Percent off the items (1 to 90), or null for a flat coupon'),
    Amount: rupees.nullable().describe('Rupees off the items, or null for a percentage coupon'),
    MinimumBasket: rupees.describe("The least the order's items must come to"),
    FirstOrderOnly: z.boolean(),
    FreeDelivery: z.boolean().describe("The order's delivery fees are waived"),
    MaxUses: z.int().min(1).nullable().describe('Uses in all; null: no limit'),
    MaxUsesPerCustomer: z.int().min(1).nullable().describe('Uses per customer; null: no limit'),
    ValidFrom: time.nullable(),
    ValidTo: time.nullable(),
    Used: z.int().min(0).describe('Uses by orders not cancelled'),
    Enabled: z.boolean(),
    CreatedTime: time,
    UpdatedTime: time,
  }),
  'A coupon: a percentage or a flat amount off an order’s items, maybe free delivery, within its dates and limits.',
);

const couponCheckSchema = named(
  'CouponCheck',
  z.object({
    Code: z.string(),
    Discount: rupees.describe('Rupees off the items'),
    FreeDelivery: z.boolean(),
    ItemsTotal: rupees.describe('The items as priced now, before the discount'),
    Parts: z
      .array(z.object({ StoreID: id, Discount: rupees }))
      .describe("The discount of each store's part, in proportion to its items (the remainder to the largest)"),
  }),
  'What a coupon code does to a cart.',
);

const cartLines = z
  .array(z.looseObject({ ItemID: id, StoreID: id, Qty: z.int().min(0) }))
  .describe('The cart lines, as CreateOrder takes them');

export const COUPON_CALLS: readonly Call[] = [
  {
    method: 'post',
    path: '/api/Coupon/Create',
    tag: 'Coupon',
    summary: 'Create a coupon',
    access: 'employee',
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({
        Code: z.string().describe('3 to 20 letters or digits; matched in capitals'),
        Percent: z.number().min(1).max(90).optional().describe('Exactly one of Percent and Amount'),
        Amount: rupees.optional().describe('Rupees, more than 0, paise exact'),
        MinimumBasket: rupees.optional().describe('Default 0'),
        FirstOrderOnly: z.boolean().optional(),
        FreeDelivery: z.boolean().optional(),
        MaxUses: z.int().min(1).optional().describe('Absent: no limit'),
        MaxUsesPerCustomer: z.int().min(1).optional().describe('Absent: no limit'),
        ValidFrom: time.optional(),
        ValidTo: time.optional().describe('After ValidFrom'),
      }),
    },
    answers: { 201: { description: 'The new coupon', schema: couponSchema } },
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/Coupon/ReadAll',
    tag: 'Coupon',
    summary: 'Every coupon, newest first',
    access: 'employee',
    answers: { 200: { description: 'The coupons', schema: z.array(couponSchema) } },
  },
  {
    method: 'get',
    path: '/api/Coupon/Read/{id}',
    tag: 'Coupon',
    summary: 'One coupon',
    access: 'employee',
    params: idParam,
    answers: { 200: { description: 'The coupon', schema: couponSchema } },
  },
  {
    method: 'post',
    path: '/api/Coupon/Enable/{id}',
    tag: 'Coupon',
    summary: 'Switch a coupon on',
    access: 'employee',
    params: idParam,
    answers: { 200: { description: 'The coupon', schema: couponSchema } },
  },
  {
    method: 'post',
    path: '/api/Coupon/Disable/{id}',
    tag: 'Coupon',
    summary: 'Switch a coupon off: shoppers are told it is not a coupon; placed orders keep their discount',
    access: 'employee',
    params: idParam,
    answers: { 200: { description: 'The coupon', schema: couponSchema } },
  },
  {
    method: 'post',
    path: '/api/Coupon/Check',
    tag: 'Coupon',
    summary: "What a code takes off the caller's cart, as CreateOrder would apply it; a 400 names Code and why not",
    access: 'user',
    body: {
      type: 'application/json',
      required: true,
      schema: z.object({ Code: z.string(), CartItems: cartLines }),
    },
    answers: { 200: { description: 'The saving', schema: couponCheckSchema } },
  },
];

/**
 * Fails to compile when a coupon schema and its interface disagree (a check, never imported).
 * @public
 */
export type CouponSchemasCoverTheirInterfaces = [
  Assert<Covers<z.output<typeof couponSchema>, CouponDto>>,
  Assert<Covers<z.output<typeof couponCheckSchema>, CouponCheckDto>>,
];
