/**
 * The staff reports (issue 33 item 5) as `calls.ts` declares calls, with the sales
 * report's schema: `GET /api/Report/Sales`, as JSON or one of its tables as CSV.
 */
import { z } from 'zod';
import { SOLD_BY } from '../../lib/domain/measure.ts';
import type { SalesReportDto } from '../../lib/domain/reports.ts';
import type { Call } from './call-types.ts';
import { named } from './wire-schemas.ts';

const id = z.int().min(1);
const count = z.int().min(0);
const rupees = z.number().describe('Rupees, exact to the paisa');
const date = z.string().describe('A shop-local date, YYYY-MM-DD');
const share = z.number().min(0).max(1).nullable();

const salesReportSchema = named(
  'SalesReport',
  z.object({
    From: date,
    To: date,
    TimeZone: z.string().describe('The IANA time zone the days are counted in (SHOP_TIME_ZONE)'),
    Days: z
      .array(
        z.object({ Date: date, Orders: count, Total: rupees.describe("The orders' totals, delivery fees included") }),
      )
      .describe('Every day of the range, oldest first, zeros included'),
    Stores: z
      .array(
        z.object({
          StoreID: id,
          StoreTitle: z.string(),
          Orders: count.describe('Orders with a line from the store'),
          Total: rupees.describe("The store's lines (goods; what was sent once packed)"),
          FillRate: share.describe("The store's packed lines: units of the asked item sent / units asked"),
          SubstitutionRate: share.describe("The store's packed lines: lines replaced / lines packed"),
        }),
      )
      .describe('Stores that sold anything, best first'),
    TopItems: z
      .array(
        z.object({
          ItemID: id,
          ItemTitle: z.string().describe('The title the item was sold under'),
          StoreID: id,
          Qty: count.describe('Units, or grams / millilitres for items sold by weight or volume'),
          SoldBy: z
            .enum(SOLD_BY)
            .describe('How Qty counts: pieces (ByUnit), grams (ByWeight) or millilitres (ByVolume)'),
          Total: rupees,
        }),
      )
      .max(10)
      .describe('The best-selling items by revenue'),
    Orders: count.describe('Orders placed in the range, not cancelled'),
    Total: rupees,
    AverageBasket: rupees.nullable().describe('Total / Orders; null without orders'),
    FillRate: share.describe(
      'Over packed lines: units of the asked item sent / units asked; null before any is packed',
    ),
    SubstitutionRate: share.describe('Over packed lines: lines replaced / lines packed; null before any is packed'),
    Cancelled: count.describe('Orders placed in the range and cancelled (in no other figure)'),
  }),
  "The shop's sales over a range of its local days.",
);

export const REPORT_CALLS: readonly Call[] = [
  {
    method: 'get',
    path: '/api/Report/Sales',
    tag: 'Report',
    summary: 'Sales per day and per store, top items, average basket, fill and substitution rates, over a date range',
    access: 'employee',
    query: {
      from: { description: 'The first shop-local day, YYYY-MM-DD', schema: z.string(), required: true },
      to: {
        description: 'The last shop-local day, YYYY-MM-DD; at most 366 days in all',
        schema: z.string(),
        required: true,
      },
      format: { description: '`json` (default) or `csv`', schema: z.enum(['json', 'csv']) },
      table: {
        description: 'With format=csv: `days` (default), `stores`, `items` or `summary`',
        schema: z.enum(['days', 'stores', 'items', 'summary']),
      },
    },
    answers: {
      200: {
        description: 'The report (or, with format=csv, one of its tables as text/csv)',
        schema: salesReportSchema,
        otherTypes: ['text/csv'],
        headers: ['Cache-Control'],
      },
    },
  },
];

type Covers<S, D> = [Exclude<keyof S, keyof D>, Exclude<keyof D, keyof S>] extends [never, never]
  ? S extends D
    ? true
    : false
  : false;
type Assert<T extends true> = T;
/**
 * Fails to compile when the report's schema and its interface disagree (a check, never imported).
 * @public
 */
export type ReportSchemaCoversItsInterface = Assert<Covers<z.output<typeof salesReportSchema>, SalesReportDto>>;
