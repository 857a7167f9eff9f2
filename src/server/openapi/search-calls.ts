/**
 * The search calls (issue 34) as `calls.ts` declares calls, with their answers' schemas:
 * the public search of products, and the staff's synonym groups.
 */
import { z } from 'zod';
import type { SearchAnswer } from '../../lib/domain/search-results.ts';
import type { SynonymsDto } from '../catalogue/search-synonyms.ts';
import type { Call } from './call-types.ts';
import { type Assert, type Covers, named } from './wire-schemas.ts';

const id = z.int().min(1);
const rupees = z.number().describe('Rupees, exact to the paisa');

const storeLine = {
  ItemID: id,
  DbID: id,
  StoreID: id,
  StoreTitle: z.string(),
  SellingPrice: rupees,
  Availability: z.int().describe('Units in stock'),
  Discount: z.number().describe('Percent off the unit price'),
  FlatDiscount: rupees.describe('Off the unit price'),
  Gst: z.number().describe('GST in percent'),
  ItemUpdatedTime: z.string().describe('ISO 8601'),
  MaxQtyPerItem: z.int().min(1).describe("The store's most units of one item in an order"),
  UnitPrice: rupees.describe('Before discounts'),
};
const searchStoreSchema = z.object(storeLine);

const searchSchema = named(
  'SearchAnswer',
  z.object({
    Total: z.int().min(0).describe('Products found, each once however many stores hold it'),
    Hits: z
      .array(
        z.object({
          ...storeLine,
          ItemTitle: z.string(),
          Size: z.string(),
          Stores: z
            .array(searchStoreSchema)
            .min(1)
            .describe("Every store's line of the product, in stock first, then cheapest"),
        }),
      )
      .describe(
        "One product a hit, its best store's line (picture /content/{StoreID}/Item/{ItemID}/ti.png); in stock first, then by relevance",
      ),
  }),
  'Products a search finds.',
);

const synonymsSchema = named(
  'SearchSynonyms',
  z.object({
    Groups: z
      .array(z.array(z.string()).min(2).max(20))
      .max(500)
      .describe('Groups of words or phrases the search treats as one, lower case'),
  }),
  'The synonym groups of the search.',
);

export const SEARCH_CALLS: readonly Call[] = [
  {
    method: 'get',
    path: '/api/Search',
    tag: 'Search',
    summary:
      'Products whose title or size the words find: word starts, plural or singular, typos (1 from 5 letters, 2 from 9), words written together or apart, synonyms',
    access: 'anyone',
    query: {
      q: {
        description: 'The words; at least one of 2 letters or digits (else 400); the last one may be unfinished',
        schema: z.string(),
        required: true,
      },
      page: { description: 'From 1 (default 1)', schema: z.int().min(1) },
      limit: { description: 'Hits a page, 1 to 50 (default 20)', schema: z.int().min(1).max(50) },
    },
    answers: { 200: { description: 'A page of products', schema: searchSchema, headers: ['Cache-Control'] } },
  },
  {
    method: 'get',
    path: '/api/Search/Synonyms',
    tag: 'Search',
    summary: 'The synonym groups',
    access: 'employee',
    answers: { 200: { description: 'The groups', schema: synonymsSchema } },
  },
  {
    method: 'put',
    path: '/api/Search/Synonyms',
    tag: 'Search',
    summary: 'Replace every synonym group (searches use them at once)',
    access: 'employee',
    body: { type: 'application/json', required: true, schema: synonymsSchema },
    answers: { 200: { description: 'The groups as saved, lower case', schema: synonymsSchema } },
  },
];

/**
 * Fails to compile when a search schema and its interface disagree (a check, never imported).
 * @public
 */
export type SearchSchemasCoverTheirInterfaces = [
  Assert<Covers<z.output<typeof searchSchema>, SearchAnswer>>,
  Assert<Covers<z.output<typeof synonymsSchema>, SynonymsDto>>,
];
