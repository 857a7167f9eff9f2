/**
 * Every call of the API, declared once: method, path, who may call it, what it
 * reads (path, query, headers, body) and what it answers, per status. The request
 * bodies reuse the forms the routes validate with (`lib/domain/catalogue-forms.ts`); the
 * answers are the wire schemas of `wire-schemas.ts`. `document.ts` builds the
 * OpenAPI document from this list, and `tests/api/openapi.test.ts` fails when a
 * route of `createApp` is missing here or a call here has no route.
 */
import { z } from 'zod';
import {
  categoryForm,
  itemForm,
  publishForm,
  reorderForm,
  sectionForm,
  storeDbForm,
  storeForm,
} from '../../lib/domain/catalogue-forms.ts';
import { MAX_MEASURED_QTY } from '../../lib/domain/measure.ts';
import { ORDER_STATUS_NAMES } from '../../lib/domain/orders.ts';
import { BOARD_CALLS } from './board-calls.ts';
import type { Answer, Call, Param } from './call-types.ts';
import { COUPON_CALLS } from './coupon-calls.ts';
import { PACKING_CALLS } from './packing-calls.ts';
import { PAYMENT_CALLS } from './payment-calls.ts';
import { REPORT_CALLS } from './report-calls.ts';
import { SEARCH_CALLS } from './search-calls.ts';
import { SLOT_CALLS } from './slot-calls.ts';
import {
  auditEntrySchema,
  bookSchema,
  bookSummarySchema,
  cartSchema,
  catalogueChangesSchema,
  categorySchema,
  checkedCartSchema,
  confirmedSignInSchema,
  deletedItemSchema,
  employeeSchema,
  endUserSchema,
  feedAnswerSchema,
  feedClientSchema,
  imageDeletedSchema,
  importDoneSchema,
  importJobSchema,
  itemSchema,
  messageSchema,
  mfaSetupSchema,
  mfaStatusSchema,
  newFeedClientSchema,
  orderAgainLineSchema,
  orderMoveSchema,
  orderSchema,
  placedOrderSchema,
  sectionSchema,
  sectionWithListSchema,
  siteStatusSchema,
  staffSectionSchema,
  stockAlertSchema,
  stockHistoryEntrySchema,
  storeDbSchema,
  storeDeliverySchema,
  storeSchema,
  tokenSchema,
  uploadedSchema,
  userInfoSchema,
  userRolesSchema,
} from './wire-schemas.ts';

const JSON_TYPE = 'application/json';
const idSchema = z.int().min(1).max(2_147_483_647);

/** The headers of every paged list (`http/paging.ts`). */
export const PAGED_HEADERS = ['X-Total-Count', 'X-Page', 'X-Limit'] as const;

function idParams(...names: string[]): Record<string, Param> {
  return Object.fromEntries(
    names.map((name) => [name, { description: `${name}: a positive whole number`, schema: idSchema }]),
  );
}

const pagingQuery: Record<string, Param> = {
  page: { description: 'Page number, from 0 (default 0)', schema: z.int().min(0) },
  limit: { description: 'Rows a page (1 to 1000, default 10)', schema: z.int().min(1).max(1000) },
  sort: { description: 'A field name of the rows, optionally followed by ` asc` or ` desc`', schema: z.string() },
  filter: { description: 'Text the rows must contain (case-insensitive)', schema: z.string() },
};

/** The orders lists' and counts' narrowing by packing store and placing time (issue 35). */
const orderScopeQuery: Record<string, Param> = {
  store: { description: 'Staff: only orders with a line packed by this store', schema: z.int().min(1) },
  from: {
    description: 'Staff: only orders placed at or after this ISO-8601 time (with its offset)',
    schema: z.string(),
  },
  before: { description: 'Staff: only orders placed before this ISO-8601 time (with its offset)', schema: z.string() },
};
const updatedSinceQuery: Record<string, Param> = {
  updatedSince: { description: 'Only rows updated at or after this ISO 8601 time', schema: z.string() },
};

function paged(schema: z.ZodType, description: string): Record<number, Answer> {
  return { 200: { description, schema: z.array(schema), headers: PAGED_HEADERS } };
}
function ok(schema: z.ZodType, description: string): Record<number, Answer> {
  return { 200: { description, schema } };
}
function json(schema: z.ZodType, description?: string, required = true): NonNullable<Call['body']> {
  return { type: JSON_TYPE, schema, required, ...(description === undefined ? {} : { description }) };
}

/** What a body needs of a form (`lib/domain/form-validation.ts` `FormSpec`): its fields and which have defaults. */
interface FormLike {
  shape: z.ZodRawShape;
  defaults: object;
}

/** A form's body: the whole form (create, PUT: fields with defaults may be left out) or a PATCH's part of it. */
function formBody(spec: FormLike, mode: 'whole' | 'patch'): NonNullable<Call['body']> {
  const whole = z.object(spec.shape);
  if (mode === 'patch') return json(whole.partial(), 'Only the fields to change.');
  const optional = Object.fromEntries(Object.keys(spec.defaults).map((k) => [k, true])) as Record<string, true>;
  return json(whole.partial(optional as never));
}

/** Create, read, edit (PUT and PATCH) and delete of one staff-written catalogue resource. */
function staffCrud(
  base: string,
  tag: string,
  noun: string,
  form: FormLike,
  answer: z.ZodType,
  opts: { patch?: boolean; deleted?: z.ZodType } = {},
): Call[] {
  const calls: Call[] = [
    {
      method: 'post',
      path: `${base}/Create`,
      tag,
      summary: `Create ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`,
      access: 'employee',
      body: formBody(form, 'whole'),
      answers: { 201: { description: `The new ${noun}`, schema: answer } },
      errors: [409],
    },
    {
      method: 'put',
      path: `${base}/Edit/{id}`,
      tag,
      summary: `Replace a ${noun}'s fields`,
      access: 'employee',
      params: idParams('id'),
      body: formBody(form, 'whole'),
      answers: ok(answer, `The ${noun} as saved`),
      errors: [409],
    },
  ];
  if (opts.patch !== false) {
    calls.push({
      method: 'patch',
      path: `${base}/Edit/{id}`,
      tag,
      summary: `Change some of a ${noun}'s fields`,
      access: 'employee',
      params: idParams('id'),
      body: formBody(form, 'patch'),
      answers: ok(answer, `The ${noun} as saved`),
      errors: [409],
    });
  }
  calls.push({
    method: 'delete',
    path: `${base}/Delete/{id}`,
    tag,
    summary: `Delete a ${noun}`,
    access: 'employee',
    params: idParams('id'),
    answers: ok(opts.deleted ?? messageSchema, 'What was deleted'),
    errors: [409],
  });
  return calls;
}

const postedCartSchema = z.object({
  CartItems: z
    .array(
      z.looseObject({
        ItemID: idSchema,
        StoreID: idSchema,
        Qty: z.int().min(0),
        Staus: z.enum(['loaded', 'modified', 'deleted', 'added']).optional(),
        LineUpdatedTime: z.iso
          .datetime({ offset: true })
          .optional()
          .describe('When the line last changed on the device (issue 36; read by Create when SyncedTime is sent)'),
      }),
    )
    .describe('The cart lines; other fields of a cart line (as Read answers them) are ignored'),
  SyncedTime: z.iso
    .datetime({ offset: true })
    .optional()
    .describe(
      "When the device last read the saved cart (its ReadTime). Create then keeps each line's newer change; without it the posted lines replace the cart",
    ),
});

const deliveryInput = z.object({
  FullName: z.string(),
  Phone: z.string(),
  AddressLine1: z.string(),
  AddressLine2: z.string().optional(),
  City: z.string(),
  State: z.string(),
  PostalCode: z.string(),
  Note: z.string().optional(),
});

const profileInput = z.object({
  Id: idSchema.describe('Must equal the id in the path'),
  FullName: z.string().max(100).optional(),
  Phone: z.string().optional(),
  AddressLine1: z.string().optional(),
  AddressLine2: z.string().optional(),
  City: z.string().optional(),
  State: z.string().optional(),
  PostalCode: z.string().optional(),
  CurrentPassword: z.string().optional(),
  NewPassword: z.string().optional(),
  ConfirmPassword: z.string().optional(),
});

const credentials = {
  Email: z.string().describe('An e-mail address (compared lower-cased)'),
  Password: z.string(),
  ConfirmPassword: z.string(),
};

const roleChange = z.object({ UserId: idSchema, Role: z.enum(['Admin', 'Employee', 'User']) });
const codeBody = z.object({
  Code: z.string().describe('A 6-digit code from the authenticator app, or a recovery code'),
});
const orderStatus = z.enum(ORDER_STATUS_NAMES);

/** Every call of the API. */
export const CALLS: readonly Call[] = [
  // Catalogue: categories.
  {
    method: 'get',
    path: '/api/Category/ReadAll',
    tag: 'Category',
    summary: 'List categories, a page at a time',
    access: 'anyone',
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(categorySchema, 'One page of categories'),
  },
  {
    method: 'get',
    path: '/api/Category/Read/{id}',
    tag: 'Category',
    summary: 'Read a category',
    access: 'anyone',
    params: idParams('id'),
    answers: ok(categorySchema, 'The category'),
  },
  ...staffCrud('/api/Category', 'Category', 'category', categoryForm, categorySchema),
  // Stores.
  {
    method: 'get',
    path: '/api/Store/ReadAll',
    tag: 'Store',
    summary: 'List stores, a page at a time (hidden ones too, flagged StoreHidden)',
    access: 'anyone',
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(storeSchema, 'One page of stores'),
  },
  {
    method: 'get',
    path: '/api/Store/ReadAll/{categoryId}',
    tag: 'Store',
    summary: "List a category's stores",
    access: 'anyone',
    params: idParams('categoryId'),
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(storeSchema, 'One page of stores'),
  },
  {
    method: 'get',
    path: '/api/Store/Read/{id}',
    tag: 'Store',
    summary: 'Read a store',
    access: 'anyone',
    params: idParams('id'),
    answers: ok(storeSchema, 'The store'),
  },
  ...staffCrud('/api/Store', 'Store', 'store', storeForm, storeSchema),
  {
    method: 'get',
    path: '/api/Store/Delivery',
    tag: 'Store',
    summary: "Every store's delivery settings (stores without any deliver everywhere, free)",
    access: 'anyone',
    answers: ok(z.array(storeDeliverySchema), 'The settings of every store that has any, in StoreID order'),
  },
  {
    method: 'get',
    path: '/api/Store/Delivery/{id}',
    tag: 'Store',
    summary: 'Where a store delivers, and for how much',
    access: 'anyone',
    params: idParams('id'),
    answers: ok(storeDeliverySchema, "The store's delivery settings"),
  },
  {
    method: 'put',
    path: '/api/Store/Delivery/{id}',
    tag: 'Store',
    summary: "Replace a store's delivery settings",
    access: 'employee',
    params: idParams('id'),
    body: json(
      z.object({
        PostalCodes: z.array(z.string()).max(500),
        Fee: z.number().min(0).optional(),
        MinimumOrder: z.number().min(0).optional(),
        FreeAbove: z.number().min(0).nullable().optional(),
        OnDeliveryMax: z.number().min(0).nullable().optional(),
        NoOnDeliveryPostalCodes: z.array(z.string()).max(500).optional(),
      }),
      'Money in rupees with at most two decimals; Fee and MinimumOrder default to 0, FreeAbove to null (never free), OnDeliveryMax to null (the shop’s cap; 0: no pay on delivery), NoOnDeliveryPostalCodes to none.',
    ),
    answers: ok(storeDeliverySchema, 'The settings as saved'),
  },
  ...SLOT_CALLS,
  ...COUPON_CALLS,
  ...PAYMENT_CALLS,
  ...SEARCH_CALLS,
  // Published sections.
  {
    method: 'get',
    path: '/api/Publisher/ReadAll',
    tag: 'Publisher',
    summary: 'List published sections',
    access: 'anyone',
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(sectionSchema, 'One page of published sections'),
  },
  {
    method: 'get',
    path: '/api/Publisher/ReadAll/{storeId}',
    tag: 'Publisher',
    summary: "List a store's published sections",
    access: 'anyone',
    params: idParams('storeId'),
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(sectionSchema, 'One page of published sections'),
  },
  {
    method: 'get',
    path: '/api/Publisher/Read/{sectionId}/{dbId}',
    tag: 'Publisher',
    summary: 'Read a published section',
    access: 'anyone',
    params: idParams('sectionId', 'dbId'),
    answers: ok(sectionSchema, 'The published section'),
  },
  {
    method: 'put',
    path: '/api/Publisher/Edit/{sectionId}',
    tag: 'Publisher',
    summary: 'Publish a section (its public copy, with optional overrides)',
    access: 'employee',
    params: idParams('sectionId'),
    body: {
      ...formBody(publishForm, 'patch'),
      description: 'DbID, and overrides of the draft',
    },
    answers: {
      200: { description: 'The public copy, updated', schema: sectionSchema },
      201: { description: 'The public copy, published for the first time', schema: sectionSchema },
    },
    errors: [409],
  },
  {
    method: 'delete',
    path: '/api/Publisher/Delete/{sectionId}/{dbId}',
    tag: 'Publisher',
    summary: 'Unpublish a section',
    access: 'employee',
    params: idParams('sectionId', 'dbId'),
    answers: ok(messageSchema, 'What was unpublished'),
  },
  // Sections as staff edit them.
  {
    method: 'get',
    path: '/api/Section/ReadSectionWithList/{sectionId}/{dbId}',
    tag: 'Section',
    summary: 'Read a published section with its items, in its CustomOrder',
    access: 'anyone',
    params: idParams('sectionId', 'dbId'),
    answers: ok(sectionWithListSchema, 'The section and its items'),
  },
  {
    method: 'get',
    path: '/api/Section/ReadAll/{dbId}',
    tag: 'Section',
    summary: "List a store database's sections (drafts)",
    access: 'employee',
    params: idParams('dbId'),
    query: pagingQuery,
    answers: paged(staffSectionSchema, 'One page of sections'),
  },
  {
    method: 'get',
    path: '/api/Section/Read/{id}',
    tag: 'Section',
    summary: 'Read a section as staff edit it',
    access: 'employee',
    params: idParams('id'),
    answers: ok(staffSectionSchema, 'The section'),
  },
  ...staffCrud('/api/Section', 'Section', 'section', sectionForm, staffSectionSchema),
  {
    method: 'put',
    path: '/api/Section/Reorder/{id}',
    tag: 'Section',
    summary: "Set the order of a section's items",
    access: 'employee',
    params: idParams('id'),
    body: formBody(reorderForm, 'whole'),
    answers: ok(staffSectionSchema, 'The section'),
  },
  // Items.
  {
    method: 'get',
    path: '/api/Item/ReadAll',
    tag: 'Item',
    summary: 'List items, a page at a time (up to 1000 for the site build)',
    access: 'anyone',
    query: {
      ...pagingQuery,
      ...updatedSinceQuery,
      filter: {
        description: 'Staff only: text the title or the product code contains (case-insensitive), in every store',
        schema: z.string().max(200),
      },
      storeId: { description: 'Only this store', schema: idSchema },
      dbId: { description: 'Only this store database', schema: idSchema },
      sectionId: { description: 'Only this section', schema: idSchema },
      atReorderLevel: {
        description: 'Staff only (else 403): `true` lists only items whose stock is at or below their ReorderLevel',
        schema: z.enum(['true', 'false', '1', '0']),
      },
    },
    errors: [403],
    answers: paged(itemSchema, 'One page of items'),
  },
  {
    method: 'get',
    path: '/api/Item/StockHistory/{ItemID}',
    tag: 'Item',
    summary: "An item's stock ledger, newest first: every change with its reason, who made it, before and after",
    access: 'employee',
    params: idParams('ItemID'),
    query: {
      page: pagingQuery.page as Param,
      limit: pagingQuery.limit as Param,
      sort: { description: '`At` (default `At desc`: newest first) or `At asc`', schema: z.string() },
    },
    answers: paged(stockHistoryEntrySchema, 'One page of stock changes'),
  },
  {
    method: 'get',
    path: '/api/Item/Read/{id}/{dbId}',
    tag: 'Item',
    summary: 'Read an item',
    access: 'anyone',
    params: idParams('id', 'dbId'),
    answers: ok(itemSchema, 'The item'),
  },
  ...staffCrud('/api/Item', 'Item', 'item', itemForm, itemSchema, {
    deleted: deletedItemSchema,
  }),
  // Books.
  {
    method: 'get',
    path: '/api/Book/ReadAll',
    tag: 'Book',
    summary: 'List books (published sections read as books)',
    access: 'anyone',
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(bookSummarySchema, 'One page of books'),
  },
  {
    method: 'get',
    path: '/api/Book/ReadAll/{storeId}',
    tag: 'Book',
    summary: "List a store's books",
    access: 'anyone',
    params: idParams('storeId'),
    query: { ...pagingQuery, ...updatedSinceQuery },
    answers: paged(bookSummarySchema, 'One page of books'),
  },
  {
    method: 'get',
    path: '/api/Book/Read/{bookId}',
    tag: 'Book',
    summary: 'Read a book with its items',
    access: 'anyone',
    params: idParams('bookId'),
    answers: ok(bookSchema, 'The book'),
  },
  {
    method: 'get',
    path: '/api/Book/Read/{bookId}/{dbId}',
    tag: 'Book',
    summary: 'Read a book of a store database with its items',
    access: 'anyone',
    params: idParams('bookId', 'dbId'),
    answers: ok(bookSchema, 'The book'),
  },
  // Content images.
  {
    method: 'get',
    path: '/content/{path}',
    tag: 'Content',
    summary:
      'A content image (`{db}/Section/{id}/ti.png`, `{store}/Item/{id}/ti.png`, `Store/{id}/ti.png`, `{db}/Book/{id}/ti.png`)',
    access: 'anyone',
    params: { path: { description: 'The image path, slashes included', schema: z.string() } },
    headers: { 'If-None-Match': { description: 'An ETag an earlier answer gave', schema: z.string() } },
    answers: {
      200: { description: 'The image', type: 'image/png', headers: ['ETag', 'Cache-Control'] },
      304: { description: 'Not modified since the ETag', headers: ['ETag'] },
    },
  },
  // Accounts.
  {
    method: 'post',
    path: '/token',
    tag: 'Account',
    summary: 'Sign in (OAuth 2.0 password grant)',
    access: 'anyone',
    body: {
      type: 'application/x-www-form-urlencoded',
      required: true,
      schema: z.object({
        grant_type: z.literal('password'),
        username: z.string(),
        password: z.string(),
        otp: z.string().optional().describe('A TOTP code or a recovery code (staff with a second factor)'),
        device_token: z.string().optional().describe('The device cookie an earlier sign-in gave'),
      }),
    },
    answers: { 200: { description: 'An access token', schema: tokenSchema, headers: ['Cache-Control'] } },
    errors: [429, 503],
  },
  {
    method: 'get',
    path: '/api/Account/UserInfo',
    tag: 'Account',
    summary: 'Who the token belongs to',
    access: 'user',
    answers: ok(userInfoSchema, 'The signed-in account'),
  },
  {
    method: 'post',
    path: '/api/Account/register',
    tag: 'Account',
    summary: 'Sign up (the same answer for a new address and a taken one)',
    access: 'anyone',
    body: json(z.object(credentials)),
    answers: ok(messageSchema, 'What happens next'),
    errors: [429, 503],
  },
  {
    method: 'post',
    path: '/api/Account/ForgotPassword',
    tag: 'Account',
    summary: 'Mail a password reset code',
    access: 'anyone',
    body: json(z.object({ Email: z.string() })),
    answers: ok(messageSchema, 'The same answer whether or not the address has an account'),
    errors: [429, 503],
  },
  {
    method: 'post',
    path: '/api/Account/ResetPassword',
    tag: 'Account',
    summary: 'Set a new password with a mailed code',
    access: 'anyone',
    body: json(z.object({ Email: z.string(), Code: z.string(), Password: z.string(), ConfirmPassword: z.string() })),
    answers: ok(messageSchema, 'The password is changed'),
    errors: [429, 503],
  },
  {
    method: 'post',
    path: '/api/Account/RegisterEmployee',
    tag: 'Account',
    summary: 'Create a staff account',
    access: 'admin',
    body: json(
      z.object({ ...credentials, FullName: z.string().max(100), Role: z.enum(['Employee', 'Admin']).optional() }),
    ),
    answers: ok(employeeSchema, 'The new employee'),
    errors: [503],
  },
  {
    method: 'get',
    path: '/api/Account/Mfa',
    tag: 'Account',
    summary: "The caller's second factor",
    access: 'user',
    answers: ok(mfaStatusSchema, 'Whether it is on'),
  },
  {
    method: 'post',
    path: '/api/Account/Mfa/Setup',
    tag: 'Account',
    summary: 'Start setting up a second factor (staff)',
    access: 'user-or-setup',
    answers: ok(mfaSetupSchema, 'The secret and the recovery codes'),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/Account/Mfa/Enable',
    tag: 'Account',
    summary: 'Turn the second factor on with a first code',
    access: 'user-or-setup',
    body: json(codeBody),
    answers: ok(messageSchema, 'It is on'),
    errors: [409, 429],
  },
  {
    method: 'post',
    path: '/api/Account/Mfa/Disable',
    tag: 'Account',
    summary: 'Turn the second factor off with a code',
    access: 'user',
    body: json(codeBody),
    answers: ok(messageSchema, 'It is off'),
    errors: [409, 429],
  },
  {
    method: 'post',
    path: '/api/Account/Mfa/Reset',
    tag: 'Account',
    summary: "Reset another account's second factor",
    access: 'admin',
    body: json(z.object({ UserId: idSchema })),
    answers: ok(messageSchema, 'What was reset'),
  },
  {
    method: 'post',
    path: '/accountapi/resendcode',
    tag: 'Account',
    summary: 'Mail a new access code for a registration',
    access: 'anyone',
    body: json(z.object({ userId: idSchema })),
    answers: ok(messageSchema, 'The same answer for every id'),
    errors: [429],
  },
  {
    method: 'post',
    path: '/accountapi/confirmemail',
    tag: 'Account',
    summary: 'Confirm an address with the mailed access code',
    access: 'anyone',
    body: json(
      z.object({
        userId: z.union([idSchema, z.string()]),
        code: z.union([z.string(), z.int()]),
        signIn: z
          .boolean()
          .optional()
          .describe('true: a confirmed end user without a second factor is signed in as well (issue 37)'),
      }),
    ),
    answers: ok(
      z.union([z.string(), confirmedSignInSchema]),
      'A sentence (a JSON string, as the original backend answered); with `signIn: true`, the sentence as `Message` and, for an end user, an access token',
    ),
    errors: [429, 503],
  },
  // End users and employees.
  {
    method: 'get',
    path: '/api/User/Details/{id}',
    tag: 'User',
    summary: "An end user's profile (self, or Admin)",
    access: 'user',
    params: idParams('id'),
    answers: ok(endUserSchema, 'The profile'),
  },
  {
    method: 'get',
    path: '/api/User/ReadAll',
    tag: 'User',
    summary: 'List end users',
    access: 'admin',
    query: pagingQuery,
    answers: paged(endUserSchema, 'One page of end users'),
  },
  {
    method: 'put',
    path: '/api/User/Edit/{id}',
    tag: 'User',
    summary: 'Edit a profile and address (self, or Admin); optionally change the password',
    access: 'user',
    params: idParams('id'),
    body: json(profileInput),
    answers: ok(endUserSchema, 'The profile as saved'),
    errors: [429, 503],
  },
  {
    method: 'delete',
    path: '/api/User/Delete/{id}',
    tag: 'User',
    summary: 'Delete an end user',
    access: 'admin',
    params: idParams('id'),
    answers: ok(messageSchema, 'What was deleted'),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/Employee/Details/{id}',
    tag: 'Employee',
    summary: "An employee's profile (self, or Admin)",
    access: 'user',
    params: idParams('id'),
    answers: ok(employeeSchema, 'The profile'),
  },
  {
    method: 'get',
    path: '/api/Employee/ReadAll',
    tag: 'Employee',
    summary: 'List employees',
    access: 'admin',
    query: pagingQuery,
    answers: paged(employeeSchema, 'One page of employees'),
  },
  {
    method: 'put',
    path: '/api/Employee/Edit/{id}',
    tag: 'Employee',
    summary: "Edit an employee's name and phone (self, or Admin); optionally change the password",
    access: 'user',
    params: idParams('id'),
    body: json(profileInput),
    answers: ok(employeeSchema, 'The profile as saved'),
    errors: [429, 503],
  },
  {
    method: 'delete',
    path: '/api/Employee/Delete/{id}',
    tag: 'Employee',
    summary: 'Delete an employee',
    access: 'admin',
    params: idParams('id'),
    answers: ok(messageSchema, 'What was deleted'),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/Employee/GetRoles/{id}',
    tag: 'Employee',
    summary: "An account's roles",
    access: 'admin',
    params: idParams('id'),
    answers: ok(z.array(z.string()), 'The roles, as a plain list'),
  },
  {
    method: 'post',
    path: '/api/Employee/AddUserToRole',
    tag: 'Employee',
    summary: 'Give an account a role (Admin brings Employee)',
    access: 'admin',
    body: json(roleChange),
    answers: ok(userRolesSchema, 'The roles now'),
  },
  {
    method: 'post',
    path: '/api/Employee/RemoveUserFromRole',
    tag: 'Employee',
    summary: 'Take a role from an account',
    access: 'admin',
    body: json(roleChange),
    answers: ok(userRolesSchema, 'The roles now'),
  },
  // Cart and orders.
  {
    method: 'get',
    path: '/api/cart/Read',
    tag: 'Cart',
    summary: "The caller's saved cart",
    access: 'user',
    answers: ok(cartSchema, 'The cart (empty when nothing is saved)'),
  },
  {
    method: 'post',
    path: '/api/cart/Create',
    tag: 'Cart',
    summary: 'Check Stock: save the posted cart and say what is short',
    access: 'user',
    body: json(postedCartSchema),
    answers: ok(checkedCartSchema, 'The saved cart and its shortages'),
  },
  {
    method: 'post',
    path: '/api/cart/Merge',
    tag: 'Cart',
    summary: 'Merge a guest cart into the saved cart',
    access: 'user',
    body: json(postedCartSchema),
    answers: ok(cartSchema, 'The merged cart'),
  },
  {
    method: 'post',
    path: '/api/cart/CreateOrder',
    tag: 'Cart',
    summary: 'Place an order for the posted cart',
    access: 'user',
    headers: {
      'Idempotency-Key': {
        description: 'A new value per order, the same when retrying it: a retry answers the first order',
        schema: z.string().max(200),
      },
    },
    body: json(
      postedCartSchema.extend({
        DeliveryAddress: deliveryInput.optional().describe("Where to deliver; without it, the account's saved address"),
        SaveAddress: z.boolean().optional().describe('Keep DeliveryAddress as My Address'),
        Slots: z
          .record(z.string(), z.int().min(1))
          .optional()
          .describe(
            'The delivery slot picked at each store: { "<StoreID>": SlotID }; required for a store that delivers in slots',
          ),
        CouponCode: z
          .string()
          .nullable()
          .optional()
          .describe('A coupon code, checked again when the order is placed (400 naming CouponCode and why not)'),
        PaymentMethod: z
          .enum(['OnDelivery', 'Online', 'Test'])
          .nullable()
          .optional()
          .describe(
            'How the group is paid (GET /api/Payment/Methods lists those offered); absent: OnDelivery, within the shop’s and each store’s cap (400 naming PaymentMethod otherwise). Online and Test place the orders AwaitingPayment, holding stock and slot places for the shop’s HoldMinutes (or the operator’s PAYMENT_HOLD_SECONDS)',
          ),
      }),
    ),
    answers: {
      201: {
        description:
          "One order per store of the cart under one GroupID: the first store's order, and every order in Orders",
        schema: placedOrderSchema,
      },
    },
    errors: [409],
  },
  {
    method: 'delete',
    path: '/api/CartItem/Delete/{userId}',
    tag: 'Cart',
    summary: "Empty the caller's cart",
    access: 'user',
    params: idParams('userId'),
    answers: ok(cartSchema, 'The empty cart'),
  },
  {
    method: 'get',
    path: '/api/Order/AllOrders',
    tag: 'Order',
    summary: "Orders: the caller's, or (staff) everyone's",
    access: 'user',
    query: {
      ...pagingQuery,
      mine: { description: 'Staff: `true` for their own orders only', schema: z.string() },
      city: { description: 'Staff: only orders delivered to this city', schema: z.string() },
      postalCode: { description: 'Staff: only orders delivered to this postal code', schema: z.string() },
      ...orderScopeQuery,
    },
    answers: paged(orderSchema, 'One page of orders'),
  },
  {
    method: 'get',
    path: '/api/Order/AllOrdersByStaus/{status}',
    tag: 'Order',
    summary: 'Orders of one status',
    access: 'user',
    params: { status: { description: 'An order status', schema: orderStatus } },
    query: {
      ...pagingQuery,
      mine: { description: 'Staff: `true` for their own orders only', schema: z.string() },
      city: { description: 'Staff: only orders delivered to this city', schema: z.string() },
      postalCode: { description: 'Staff: only orders delivered to this postal code', schema: z.string() },
      ...orderScopeQuery,
    },
    answers: paged(orderSchema, 'One page of orders'),
  },
  {
    method: 'get',
    path: '/api/Order/StatusCounts',
    tag: 'Order',
    summary: 'How many orders are in each status (staff), narrowed as the lists are',
    access: 'employee',
    query: {
      mine: { description: '`true` for their own orders only', schema: z.string() },
      city: { description: 'Only orders delivered to this city', schema: z.string() },
      postalCode: { description: 'Only orders delivered to this postal code', schema: z.string() },
      ...orderScopeQuery,
    },
    answers: ok(
      z.object({
        AwaitingPayment: z.number().int(),
        Placed: z.number().int(),
        Confirmed: z.number().int(),
        Packing: z.number().int(),
        OutForDelivery: z.number().int(),
        Delivered: z.number().int(),
        Cancelled: z.number().int(),
        All: z.number().int(),
      }),
      'The number of orders in each status, and in all',
    ),
  },
  {
    method: 'get',
    path: '/api/Order/Read/{id}',
    tag: 'Order',
    summary: 'Read an order (its owner, or staff)',
    access: 'user',
    params: idParams('id'),
    answers: ok(orderSchema, 'The order'),
  },
  {
    method: 'get',
    path: '/api/Order/Invoice/{id}',
    tag: 'Order',
    summary:
      'The order’s GST tax invoices (one per store part) and credit notes as one PDF (its owner, or staff; 403 for anyone else, 404 for an order without invoices)',
    access: 'user',
    params: idParams('id'),
    answers: {
      200: {
        description: 'The PDF: each invoice and credit note on pages of its own',
        type: 'application/pdf',
        headers: ['Content-Disposition'],
      },
    },
  },
  {
    method: 'get',
    path: '/api/Order/History/{id}',
    tag: 'Order',
    summary: "An order's moves, oldest first: its timeline (its owner, or staff)",
    access: 'user',
    params: idParams('id'),
    answers: ok(
      z.array(orderMoveSchema),
      "Each move: when, from, to, by whom, its kind and reason (for the owner, By and Reason are '' on the shop's moves)",
    ),
  },
  {
    method: 'get',
    path: '/api/Order/Again/{id}',
    tag: 'Order',
    summary: 'A past order as it can be bought today',
    access: 'user',
    params: idParams('id'),
    answers: ok(z.array(orderAgainLineSchema), "The order's lines"),
  },
  {
    method: 'post',
    path: '/api/Order/Cancel/{id}',
    tag: 'Order',
    summary: 'Cancel an own order while it is Placed or AwaitingPayment',
    access: 'user',
    params: idParams('id'),
    answers: ok(orderSchema, 'The cancelled order'),
    errors: [409],
  },
  {
    method: 'put',
    path: '/api/Order/Status/{id}',
    tag: 'Order',
    summary: "Move an order's status",
    access: 'employee',
    params: idParams('id'),
    body: json(z.object({ Status: orderStatus })),
    answers: ok(orderSchema, 'The order'),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/Order/Undo/{id}',
    tag: 'Order',
    summary: "Undo an order's last move within 10 seconds of it, back to Status",
    access: 'employee',
    params: idParams('id'),
    body: json(z.object({ Status: orderStatus })),
    answers: ok(orderSchema, 'The order, back in Status'),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/Order/Reopen/{id}',
    tag: 'Order',
    summary: 'Move a Delivered order back to OutForDelivery, with the reason (Admin, audited, mailed)',
    access: 'admin',
    params: idParams('id'),
    body: json(z.object({ Reason: z.string().min(1).max(500) })),
    answers: ok(orderSchema, 'The order, OutForDelivery again'),
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/Order/Weigh/{id}',
    tag: 'Order',
    summary:
      'Enter the weight or volume packed (g or ml) of weighed lines while the order is Packing: each within ±10 % of what was asked; the lines and order re-priced, stock moved by the difference, the shopper mailed (issue 33)',
    access: 'employee',
    params: idParams('id'),
    body: json(
      z.object({
        Lines: z
          .array(z.object({ ItemID: z.int().min(1), Qty: z.int().min(1).max(MAX_MEASURED_QTY) }))
          .min(1)
          .max(200),
      }),
    ),
    answers: ok(orderSchema, 'The order re-priced: each weighed line with Qty packed and AskedQty'),
    errors: [409],
  },
  ...BOARD_CALLS,
  ...PACKING_CALLS,
  ...REPORT_CALLS,
  {
    method: 'get',
    path: '/api/StockAlert/Mine',
    tag: 'StockAlert',
    summary: "The caller's back-in-stock requests",
    access: 'user',
    answers: ok(z.array(stockAlertSchema), 'Newest first'),
  },
  {
    method: 'post',
    path: '/api/StockAlert/Create',
    tag: 'StockAlert',
    summary: 'Ask to be mailed when an item is back in stock',
    access: 'user',
    body: json(z.object({ ItemID: idSchema })),
    answers: {
      200: { description: 'The request made earlier', schema: stockAlertSchema },
      201: { description: 'The new request', schema: stockAlertSchema },
    },
    errors: [409],
  },
  {
    method: 'delete',
    path: '/api/StockAlert/Delete/{id}',
    tag: 'StockAlert',
    summary: 'Cancel a back-in-stock request',
    access: 'user',
    params: idParams('id'),
    answers: ok(messageSchema, 'It is cancelled'),
  },
  // Staff: store databases, images, the audit log, site status and publishing.
  {
    method: 'get',
    path: '/api/StoreDb/ReadAll',
    tag: 'StoreDb',
    summary: 'List store databases',
    access: 'employee',
    query: pagingQuery,
    answers: paged(storeDbSchema, 'One page of store databases'),
  },
  {
    method: 'get',
    path: '/api/StoreDb/ReadAll/{storeId}',
    tag: 'StoreDb',
    summary: "List a store's databases",
    access: 'employee',
    params: idParams('storeId'),
    query: pagingQuery,
    answers: paged(storeDbSchema, 'One page of store databases'),
  },
  {
    method: 'get',
    path: '/api/StoreDb/Read/{id}',
    tag: 'StoreDb',
    summary: 'Read a store database',
    access: 'employee',
    params: idParams('id'),
    answers: ok(storeDbSchema, 'The store database'),
  },
  ...staffCrud('/api/StoreDb', 'StoreDb', 'store database', storeDbForm, storeDbSchema),
  {
    method: 'post',
    path: '/api/Content/Upload',
    tag: 'Content',
    summary: "Upload a row's picture (stored as the 400×300 ti.png tile)",
    access: 'employee',
    body: {
      type: 'multipart/form-data',
      required: true,
      schema: z.object({
        kind: z.enum(['Section', 'Item', 'Store', 'Book']),
        id: z.string(),
        dbId: z.string().optional().describe('For Section and Book'),
        storeId: z.string().optional().describe('For Item'),
        file: z.string().describe('A PNG, JPEG or WebP image of at most 2 MB'),
      }),
    },
    answers: ok(uploadedSchema, 'Where the picture is served'),
    errors: [415],
  },
  {
    method: 'delete',
    path: '/api/Content/Delete',
    tag: 'Content',
    summary: "Delete a row's picture",
    access: 'employee',
    query: {
      kind: { description: '`Section`, `Item`, `Store` or `Book`', schema: z.string(), required: true },
      id: { description: "The row's id", schema: idSchema, required: true },
      dbId: { description: 'For Section and Book', schema: idSchema },
      storeId: { description: 'For Item', schema: idSchema },
    },
    answers: ok(imageDeletedSchema, 'Whether there was a picture'),
  },
  {
    method: 'get',
    path: '/api/Log/ReadAll',
    tag: 'Log',
    summary: 'The audit log, newest first',
    access: 'admin',
    query: {
      ...pagingQuery,
      action: { description: 'Only actions starting so (`item.`)', schema: z.string().max(100) },
      actor: { description: "Only this actor's e-mail address (part of it)", schema: z.string().max(254) },
      from: { description: 'From this ISO 8601 time', schema: z.string() },
      to: { description: 'Up to this ISO 8601 time (a bare date: through that day)', schema: z.string() },
    },
    answers: paged(auditEntrySchema, 'One page of entries'),
  },
  {
    method: 'get',
    path: '/api/Site/Changes',
    tag: 'Site',
    summary: 'What changed in the public catalogue since a cursor (for rebuilds)',
    access: 'anyone',
    query: { since: { description: 'The Cursor an earlier answer gave', schema: z.string() } },
    answers: { 200: { description: 'The changes', schema: catalogueChangesSchema, headers: ['Cache-Control'] } },
  },
  {
    method: 'get',
    path: '/api/Site/Status',
    tag: 'Site',
    summary: "The site's build status",
    access: 'employee',
    answers: ok(siteStatusSchema, 'The status'),
  },
  {
    method: 'post',
    path: '/api/Site/Publish',
    tag: 'Site',
    summary: 'Publish now: start one rebuild of the site',
    access: 'employee',
    answers: { 202: { description: 'The rebuild started (or was queued)', schema: siteStatusSchema } },
    errors: [409],
  },
  // Staff: bulk import and export of the catalogue.
  {
    method: 'post',
    path: '/api/Catalogue/Import',
    tag: 'Catalogue',
    summary: 'Import items (and their stores, databases, sections, categories) from CSV or XLSX, all or nothing',
    access: 'employee',
    query: {
      dryRun: { description: '`true`: check and count, write nothing', schema: z.string() },
      name: { description: "The file's name, for the job and the audit log", schema: z.string() },
      async: { description: '`true`: answer at once with the job (202)', schema: z.string() },
    },
    headers: { Prefer: { description: '`respond-async`, as `async=true`', schema: z.string() } },
    body: {
      type: 'text/csv',
      required: true,
      schema: z.string(),
      description:
        'The file itself (text/csv, or application/vnd.openxmlformats-officedocument.spreadsheetml.sheet), or multipart/form-data with a `file` part; at most 200 MB',
    },
    answers: {
      200: { description: 'The import finished: its report', schema: importDoneSchema },
      202: { description: 'The import runs: poll Location', schema: importJobSchema, headers: ['Location'] },
    },
    errors: [409, 415, 429],
  },
  {
    method: 'get',
    path: '/api/Catalogue/Import',
    tag: 'Catalogue',
    summary: "This server's recent imports, newest first",
    access: 'employee',
    answers: ok(z.array(importJobSchema), 'The imports'),
  },
  {
    method: 'get',
    path: '/api/Catalogue/Import/{id}',
    tag: 'Catalogue',
    summary: "An import's progress",
    access: 'employee',
    params: { id: { description: 'The JobID', schema: z.string() } },
    answers: ok(importJobSchema, 'The import'),
  },
  {
    method: 'get',
    path: '/api/Catalogue/Export',
    tag: 'Catalogue',
    summary: 'Export items as CSV or XLSX, in the import\u2019s columns',
    access: 'employee',
    query: {
      ...updatedSinceQuery,
      format: { description: '`csv` (default) or `xlsx`', schema: z.enum(['csv', 'xlsx']) },
      filter: { description: 'Text the items must contain', schema: z.string().max(200) },
      storeId: { description: 'Only this store', schema: idSchema },
      dbId: { description: 'Only this store database', schema: idSchema },
      sectionId: { description: 'Only this section', schema: idSchema },
    },
    answers: {
      200: {
        description: 'The file (CSV, or XLSX with format=xlsx)',
        type: 'text/csv',
        headers: ['Content-Disposition', 'X-Total-Count'],
      },
    },
  },
  // Stock and price feeds, and the Admin's feed keys.
  {
    method: 'post',
    path: '/api/Feed/Stock',
    tag: 'Feed',
    summary: "Set items' stock and prices from a till or ERP system",
    access: 'feed-key',
    headers: {
      'Idempotency-Key': {
        description: 'Required: a new value per feed, the same when retrying it',
        schema: z.string().min(1).max(200),
        required: true,
      },
      'X-Api-Key': { description: 'The feed key, when not sent as a bearer token', schema: z.string() },
    },
    body: json(
      z.object({
        Lines: z.array(
          z.looseObject({
            ItemID: idSchema.optional(),
            StoreID: idSchema.optional(),
            ProductCode: z.string().optional(),
            Availability: z.int().min(0).optional(),
            UnitPrice: z.number().optional(),
            Discount: z.number().optional(),
            FlatDiscount: z.number().optional(),
            Gst: z.number().optional(),
            Confirm: z.boolean().optional(),
          }),
        ),
      }),
    ),
    answers: ok(feedAnswerSchema, 'What the feed did (a retry answers the same)'),
    errors: [409],
  },
  {
    method: 'get',
    path: '/api/FeedClient/ReadAll',
    tag: 'Feed',
    summary: 'List feed keys',
    access: 'admin',
    answers: ok(z.array(feedClientSchema), 'The feed clients'),
  },
  {
    method: 'post',
    path: '/api/FeedClient/Create',
    tag: 'Feed',
    summary: 'Create a feed key',
    access: 'admin',
    body: json(
      z.object({
        Name: z.string(),
        Stores: z.array(idSchema).describe('The StoreIDs the key may write'),
        ExpiresAt: z.string().nullable().optional().describe('When the key stops working (ISO 8601)'),
      }),
    ),
    answers: { 201: { description: 'The feed client and its key, shown this once', schema: newFeedClientSchema } },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/FeedClient/Revoke/{id}',
    tag: 'Feed',
    summary: 'Revoke a feed key',
    access: 'admin',
    params: idParams('id'),
    answers: ok(feedClientSchema, 'The revoked feed client'),
  },
  // This document.
  {
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Reference',
    summary: 'This OpenAPI 3.1 document',
    access: 'anyone',
    answers: { 200: { description: 'The document', schema: z.record(z.string(), z.unknown()) } },
  },
  {
    method: 'get',
    path: '/api/reference',
    tag: 'Reference',
    summary: 'This document as a page for people',
    access: 'anyone',
    answers: { 200: { description: 'An HTML page', type: 'text/html' } },
  },
  {
    method: 'get',
    path: '/healthz',
    tag: 'Operations',
    summary: 'The process answers (a liveness probe)',
    access: 'anyone',
    answers: {
      200: {
        description: 'The process runs',
        schema: z.object({ Status: z.literal('ok'), UptimeSeconds: z.number().int() }),
        headers: ['Cache-Control'],
      },
    },
  },
  {
    method: 'get',
    path: '/readyz',
    tag: 'Operations',
    summary: 'The database answers and its migrations are current (503 with Retry-After otherwise)',
    access: 'anyone',
    answers: {
      200: {
        description: 'Ready',
        schema: z.object({
          Ready: z.boolean(),
          Database: z.enum(['up', 'down']),
          Migrations: z.enum(['current', 'pending', 'unknown']),
          Pending: z.array(z.string()),
          Message: z.string(),
        }),
        headers: ['Cache-Control'],
      },
    },
  },
  {
    method: 'get',
    path: '/metrics',
    tag: 'Operations',
    summary: "Prometheus' text format, for METRICS_ALLOW or METRICS_TOKEN (403 for anyone else)",
    access: 'anyone',
    errors: [403],
    answers: { 200: { description: 'The metrics', type: 'text/plain' } },
  },
];
