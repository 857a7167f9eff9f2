/**
 * The API's answers as zod schemas, one per wire shape of spec §3 and docs/api.md,
 * registered under the component names the OpenAPI document (`document.ts`) gives
 * them. Each schema is checked at compile time against the TypeScript interface
 * the code that writes the answer uses (`Covers` below), and every answer the API
 * test suites receive is checked against the document at run time, so neither the
 * interfaces nor these schemas can drift from what the API sends.
 *
 * Objects are closed (`additionalProperties: false` in the document): a field the
 * API sends but the document does not name fails the suites.
 */
import { z } from 'zod';
import type { EmployeeDto, EndUserDto, RegisterResultDto, UserInfoDto, UserRolesDto } from '../../lib/domain/auth.ts';
import type { CartDto, CartItemDto, CheckedCartDto, ShortageDto } from '../../lib/domain/cart.ts';
import type {
  BookDto,
  BookSummaryDto,
  CatalogueChangesDto,
  CategoryDto,
  ItemDto,
  SectionDto,
  SectionWithListDto,
  StoreDto,
} from '../../lib/domain/catalogue.ts';
import type { ImportJobDto, ImportReport, SheetError } from '../../lib/domain/catalogue-sheet.ts';
import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import type { StoreDeliveryDto } from '../../lib/domain/delivery-area.ts';
import type { FeedClientDto } from '../../lib/domain/feed-rules.ts';
import { SOLD_BY } from '../../lib/domain/measure.ts';
import type { OrderPaymentDto, PlacedOrderDto } from '../../lib/domain/order-groups.ts';
import { ORDER_STATUS_NAMES, type OrderDto, type OrderItemDto, type OrderMoveDto } from '../../lib/domain/orders.ts';
import type { OrderAgainLineDto, StockAlertDto } from '../../lib/domain/shopper.ts';
import type { OrderSlotDto } from '../../lib/domain/slots.ts';
import type {
  AuditEntryDto,
  ReferencedConflictDto,
  SiteStatusDto,
  StaffSectionDto,
  StoreDbDto,
} from '../../lib/domain/staff-dtos.ts';
import { STOCK_REASONS, type StockHistoryEntryDto } from '../../lib/domain/stock-history.ts';
import type { FeedAnswer } from '../feeds/stock-feed.ts';

/** The component names of the document's schemas. */
export const wireRegistry = z.registry<{ id: string; description?: string }>();

/** Registers `schema` as the document's component `id`. */
export function named<T extends z.ZodType>(id: string, schema: T, description?: string): T {
  wireRegistry.add(schema, description === undefined ? { id } : { id, description });
  return schema;
}

const id = z.int().min(1);
const count = z.int().min(0);
/** Rupees with up to two decimals (paise exact). */
const rupees = z.number();
const substitutionSchema = z.union([z.enum(['None', 'BestMatch']), id]);
/** ISO 8601 time with offset. */
const time = z.string().describe('ISO 8601 time');

export const messageSchema = named(
  'Message',
  z.object({ Message: z.string() }),
  'A sentence saying what was done, for people.',
);

/** The one error body of the API (`errors.ts`): `Message`, `ModelState` for bad input, and a few calls' extra fields. */
export const errorSchema = named(
  'Error',
  z
    .object({
      Message: z.string(),
      ModelState: z.record(z.string(), z.array(z.string())).optional(),
    })
    .catchall(z.unknown()),
  'An error: `Message` for people; for bad input, `ModelState` maps each field to its messages. ' +
    'Some calls add fields (a refused order: `Shortages`; a refused import: `Errors`, `ErrorCount`, `JobID`).',
);

/** OAuth 2.0's error body, used by `POST /token` alone. */
export const oauthErrorSchema = named(
  'OAuthError',
  z.object({
    error: z.string(),
    error_description: z.string(),
    mfa: z.enum(['code', 'setup']).optional(),
    mfa_setup_token: z.string().optional(),
  }),
);

export const categorySchema = named(
  'Category',
  z.object({ CategoryID: id, CategoryTitle: z.string(), CategoryUpdatedTime: time }),
);

/** Where a store delivers and for how much (issue 31); money in rupees, paise exact. */
export const storeDeliverySchema = named(
  'StoreDelivery',
  z.object({
    StoreID: id,
    StoreTitle: z.string(),
    PostalCodes: z
      .array(z.string())
      .describe('6-digit PIN codes ("411001") and prefixes ("4110*") the store serves; empty: every PIN code'),
    Fee: rupees.describe("The delivery fee of the store's part of an order"),
    MinimumOrder: rupees.describe("The least the store's items of an order may come to"),
    FreeAbove: rupees.nullable().describe("From this much of the store's items, delivery is free; null: never free"),
    OnDeliveryMax: rupees
      .nullable()
      .describe("The most an order of the store may come to when paid on delivery; null: the shop's cap; 0: none"),
    NoOnDeliveryPostalCodes: z
      .array(z.string())
      .describe('PIN codes and prefixes where the store takes no pay on delivery'),
  }),
  'A store without settings delivers everywhere, with no fee and no minimum.',
);

export const storeSchema = named(
  'Store',
  z.object({
    StoreID: id,
    CategoryID: id,
    StoreTitle: z.string(),
    StoreDescription: z.string(),
    StoreHidden: z.boolean(),
    StoreType: z.enum(['public_store', 'client_store', 'edu_shopy_store']),
    DbIDs: z.array(id),
    StoreUpdatedTime: time,
    MaxQtyPerItem: z.int().min(1),
    Gstin: z.string().describe('The GSTIN its tax invoices print; empty until set'),
    StateCode: z.string().describe('Its two-digit GST state code; empty until set'),
    StoreAddress: z.string().describe('The address its tax invoices print'),
  }),
);

const sectionFields = {
  SectionID: id,
  DbID: id,
  StoreID: id,
  SectionTitle: z.string(),
  SectionMetaDescription: z.string(),
  SectionContent: z.string(),
  SectionHidden: z.boolean(),
  CustomOrder: z.string().describe('JSON text: the ItemIDs in display order'),
  SectionUpdatedTime: time,
};

export const sectionSchema = named('Section', z.object(sectionFields), 'A published section.');

const itemFields = {
  ItemID: id,
  StoreID: id,
  DbID: id,
  SectionID: id.nullable(),
  ItemTitle: z.string(),
  ItemMetaDescription: z.string(),
  ItemContent: z.string(),
  ItemHidden: z.boolean(),
  Availability: count,
  Size: z.string(),
  UnitPrice: rupees,
  Discount: z.number(),
  FlatDiscount: rupees,
  Gst: z.number(),
  SellingPrice: rupees,
  ItemUpdatedTime: time,
  ProductCode: z.string().nullable(),
  ReorderLevel: count.nullable(),
  HsnCode: z.string().optional().describe('The HSN code of its tax invoice lines (4 to 8 digits); empty until set'),
  SoldBy: z
    .enum(SOLD_BY)
    .optional()
    .describe(
      'ByUnit, or ByWeight/ByVolume: UnitPrice and SellingPrice per kg or litre, Availability and Qty in g or ml',
    ),
  Step: z.int().min(1).optional().describe('What a quantity moves by: 1 for a unit, else grams or millilitres'),
};
export const itemSchema = named('Item', z.object(itemFields));

export const stockHistoryEntrySchema = named(
  'StockHistoryEntry',
  z.object({
    EntryID: id,
    At: time,
    Change: z.int(),
    Before: count,
    After: count,
    Reason: z.enum(STOCK_REASONS),
    By: z.string(),
    OrderID: id.nullable(),
  }),
  "One change of an item's stock (`Change` = `After` - `Before`).",
);

export const sectionWithListSchema = named(
  'SectionWithList',
  z.object({ ...sectionFields, items: z.array(itemSchema) }),
);

const bookFields = {
  BookID: id,
  DbID: id,
  StoreID: id,
  BookTitle: z.string(),
  BookMetaDescription: z.string(),
  BookHidden: z.boolean(),
  BookUpdatedTime: time,
  SectionTitle: z.string(),
  SectionMetaDescription: z.string(),
  SectionContent: z.string(),
  CustomOrder: z.string(),
  linkparams: z.string(),
};
export const bookSummarySchema = named('BookSummary', z.object(bookFields));
export const bookSchema = named('Book', z.object({ ...bookFields, items: z.array(itemSchema) }));

export const catalogueChangesSchema = named(
  'CatalogueChanges',
  z.object({ Cursor: z.string(), ReadEverything: z.boolean(), Items: z.array(itemSchema) }),
);

export const storeDbSchema = named(
  'StoreDb',
  z.object({
    DbID: id,
    StoreID: id,
    DbTitle: z.string(),
    DbUpdatedTime: time,
    SectionCount: count,
    ItemCount: count,
  }),
);

export const staffSectionSchema = named(
  'StaffSection',
  z.object({
    ...sectionFields,
    ItemCount: count,
    Published: z.boolean(),
    PublishedTime: time.nullable(),
  }),
  'A section as staff edit it in a store database, published or not.',
);

export const auditEntrySchema = named(
  'AuditEntry',
  z.object({
    LogID: id,
    At: time,
    ActorID: id.nullable(),
    ActorEmail: z.string(),
    Action: z.string(),
    Target: z.string(),
    Detail: z.record(z.string(), z.unknown()),
    Address: z.string(),
    TargetName: z
      .string()
      .nullable()
      .describe(
        "The target's name, read when the log is read (an item's title and size, an account's e-mail); null when unknown",
      ),
    TargetLink: z
      .string()
      .nullable()
      .describe('The staff page that works with the target (a path of the site); null when the target is gone'),
    Summary: z.string().describe('What happened, naming the target: `edited Nashik Green Grapes (1 kg) — item #2`'),
    Changes: z
      .array(
        z.object({
          Field: z.string().describe("The detail's key as stored"),
          Label: z.string().describe('The key as people read it'),
          From: z.string().nullable().describe('The value before, in words; null for a value that is not a change'),
          To: z.string().describe('The value after, or the value, in words (money as `Rs 149`)'),
        }),
      )
      .describe('The detail as labelled lines'),
  }),
);

const siteBuildSchema = named(
  'SiteBuild',
  z.object({
    Running: z.boolean(),
    Queued: z.boolean(),
    StartedAt: time.nullable(),
    Done: count,
    Total: count,
    Phase: z.string(),
    Message: z.string(),
  }),
);

export const siteStatusSchema = named(
  'SiteStatus',
  z.object({
    OutOfDate: z.boolean(),
    ContentChangedAt: time.nullable(),
    LastBuiltAt: time.nullable(),
    Build: siteBuildSchema,
    LastBuild: z
      .object({ Status: z.enum(['succeeded', 'failed']), FinishedAt: time.nullable(), LogTail: z.string() })
      .nullable(),
  }),
);

export const referencedConflictSchema = named(
  'ReferencedConflict',
  z.object({ Message: z.string(), References: z.record(z.string(), count) }),
  'A delete refused because other rows refer to the target.',
);

export const deletedItemSchema = named(
  'ItemDeleted',
  z.object({ Message: z.string(), RemovedFromCarts: count, RemovedFromCustomOrders: count }),
);

const sheetErrorSchema = named(
  'SheetError',
  z.object({
    Row: z.int().min(1),
    Column: z.string(),
    Rule: z.string(),
    Item: z.string().optional().describe('The item the row is about, when known'),
    Value: z.string().optional().describe("The cell's text as the file has it, when the rule is about one cell"),
  }),
);
const importChangeSchema = named(
  'ImportChange',
  z.object({
    Row: z.int().min(2),
    Kind: z.enum(['Item', 'Store', 'StoreDb', 'Section', 'Category']),
    ID: id,
    Name: z.string().describe('Its title before the import'),
    Column: z.string(),
    Before: z.string(),
    After: z.string(),
  }),
  'One cell an import changes, or would change: `Sangli Green Grapes: UnitPrice 79 → 85`.',
);
const importCountsSchema = z.object({
  Items: count,
  Stores: count,
  StoreDbs: count,
  Sections: count,
  Categories: count,
});
const importReportFields = {
  DryRun: z.boolean(),
  Rows: count,
  Created: importCountsSchema,
  Changed: importCountsSchema,
  Unchanged: importCountsSchema,
  Seconds: z.number(),
  Changes: z.array(importChangeSchema).describe('Every changed cell, in row order: the first 1,000'),
  ChangeCount: count.describe('Changed cells in all'),
};
const importReportSchema = named('ImportReport', z.object(importReportFields));
export const importJobSchema = named(
  'ImportJob',
  z.object({
    JobID: z.string(),
    FileName: z.string(),
    DryRun: z.boolean(),
    State: z.enum(['queued', 'running', 'succeeded', 'invalid', 'failed']),
    Phase: z.string(),
    Done: count,
    Total: count,
    StartedAt: time,
    FinishedAt: time.nullable(),
    Message: z.string(),
    Report: importReportSchema.nullable(),
    Errors: z.array(sheetErrorSchema),
    ErrorCount: count,
    Changes: z
      .array(importChangeSchema)
      .describe(
        'The cells the file changes; for a file with bad rows, those its other rows would change (the first 1,000)',
      ),
    ChangeCount: count.describe('Changed cells in all'),
  }),
);
export const importDoneSchema = named(
  'ImportDone',
  z.object({ ...importReportFields, Message: z.string(), JobID: z.string() }),
  'A finished import (`?wait=1`): its report and a sentence saying it.',
);

export const feedClientSchema = named(
  'FeedClient',
  z.object({
    FeedClientID: id,
    Name: z.string(),
    KeyPrefix: z.string(),
    CreatedAt: time,
    CreatedBy: z.string(),
    RevokedAt: time.nullable(),
    LastUsedAt: time.nullable(),
    Stores: z.array(id),
    ExpiresAt: time.nullable(),
  }),
);
export const newFeedClientSchema = named(
  'NewFeedClient',
  feedClientSchema.extend({ Key: z.string().describe('The key itself, shown this once') }),
);

export const feedAnswerSchema = named(
  'FeedAnswer',
  z.object({
    Message: z.string(),
    Applied: count,
    Changed: count,
    Skipped: z.array(
      z.object({
        Line: count.describe('The line’s index in Lines, from 0'),
        ItemID: id.nullable(),
        StoreID: id.nullable(),
        ProductCode: z.string().nullable(),
        Reason: z.string(),
      }),
    ),
    Lines: z.array(
      z.object({
        Line: count.describe('The line’s index in Lines, from 0'),
        ItemID: id,
        ProductCode: z.string().nullable(),
        Availability: count,
        SellingPrice: rupees,
        Changed: z.boolean(),
      }),
    ),
  }),
);

export const cartItemSchema = named(
  'CartItem',
  z.object({
    ItemID: id,
    ItemTitle: z.string(),
    Staus: z.enum(['loaded', 'modified', 'deleted', 'added']),
    StoreID: id,
    Qty: count,
    Availability: count,
    Size: z.string(),
    UnitPrice: rupees,
    Discount: z.number(),
    FlatDiscount: rupees,
    Gst: z.number(),
    SellingPrice: rupees,
    StoreName: z.string(),
    ItemUpdatedTime: time,
    SoldBy: z
      .enum(SOLD_BY)
      .optional()
      .describe('Absent for pieces; ByWeight/ByVolume: Qty in g or ml, prices per kg or litre'),
    Step: z.int().min(1).optional().describe('What Qty moves by (g or ml), for an item sold by weight or volume'),
    MaxQtyPerItem: z.int().min(1),
    LineUpdatedTime: time
      .optional()
      .describe('When the line last changed (the server answers it on every saved line; issue 36)'),
    Substitution: substitutionSchema
      .optional()
      .describe('What the shopper asks for if the item cannot be sent (issue 33); absent: none chosen, read as None'),
  }),
);

const removedLineSchema = named(
  'RemovedLine',
  z.object({ ItemID: id, StoreID: id, RemovedTime: time }),
  'A line taken out of the saved cart lately, and when: a device holding an older copy drops it.',
);

const cartFields = {
  CustomerID: id,
  CustomerName: z.string(),
  CartID: id,
  CartItems: z.array(cartItemSchema),
  RemovedLines: z.array(removedLineSchema).optional(),
  ReadTime: time.optional().describe("When the server answered this cart (the server's clock)"),
};
export const cartSchema = named('Cart', z.object(cartFields));

const shortageSchema = named(
  'Shortage',
  z.object({ ItemID: id, StoreID: id, ItemTitle: z.string(), Requested: count, Available: count }),
);
export const checkedCartSchema = named(
  'CheckedCart',
  z.object({ ...cartFields, Shortages: z.array(shortageSchema) }),
  'The saved cart and what the stock cannot cover.',
);

const deliveryFields = {
  FullName: z.string(),
  Phone: z.string(),
  AddressLine1: z.string(),
  AddressLine2: z.string(),
  City: z.string(),
  State: z.string(),
  PostalCode: z.string(),
  Note: z.string(),
};
export const deliveryAddressSchema = named('DeliveryAddress', z.object(deliveryFields));

const orderItemSchema = named(
  'OrderItem',
  z.object({
    ItemID: id,
    StoreID: id,
    ItemTitle: z.string(),
    UnitPrice: rupees,
    Gst: z.number(),
    Discount: z.number(),
    FlatDiscount: rupees,
    SellingPrice: rupees,
    Qty: z.int().min(1),
    Size: z.string(),
    SoldBy: z
      .enum(SOLD_BY)
      .optional()
      .describe('How Qty counts: ByUnit, or g (ByWeight) / ml (ByVolume) with prices per kg or litre'),
    AskedQty: z
      .int()
      .min(0)
      .optional()
      .describe('A weighed line: what the shopper asked for, once staff entered the weight packed (Qty)'),
    LineTotal: rupees,
    Substitution: substitutionSchema
      .optional()
      .describe("The shopper's choice if the item cannot be sent: None, BestMatch or an ItemID of the same section"),
    Sent: named(
      'SentItem',
      z.object({
        Outcome: z.enum(['Packed', 'Short', 'Replaced']),
        ItemID: id,
        ItemTitle: z.string(),
        Size: z.string(),
        Qty: z.int().min(0),
        SellingPrice: rupees.describe('What each unit sent costs (a replacement never more than the asked item)'),
        LineTotal: rupees,
      }),
      'What packing sent for an order line (issue 33).',
    )
      .nullable()
      .optional()
      .describe('What packing sent; null until the order is packed'),
  }),
);
const orderStatusSchema = z.enum(ORDER_STATUS_NAMES);
const orderSlotSchema = named(
  'OrderSlot',
  z.object({ StoreID: id, SlotID: id, Start: time, End: time }),
  'The delivery slot an order holds at one store (issue 31).',
);

const orderPaymentSchema = named(
  'OrderPayment',
  z.object({
    Method: z.enum(['OnDelivery', 'Online', 'Test']),
    Status: z.enum(['Pending', 'Paid', 'Failed', 'Refunded', 'PartlyRefunded']),
  }),
  'How an order is paid (OnDelivery, Online, Test) and where that stands.',
);

const orderRefundSchema = named(
  'OrderRefund',
  z.object({
    Amount: rupees,
    At: time,
    Status: z.enum(['Pending', 'Processed', 'Failed']).describe('Pending until the provider processed it'),
    Reason: z.string(),
  }),
  'A refund of an order’s payment, through the method it was paid with (issue 32).',
);

export const orderSchema = named(
  'Order',
  z.object({
    OrderID: id,
    CustomerID: id,
    CustomerName: z.string(),
    Status: orderStatusSchema,
    OrderTotal: rupees,
    CreatedTime: time,
    UpdatedTime: time,
    OrderItems: z.array(orderItemSchema),
    DeliveryAddress: deliveryAddressSchema,
    DeliveryFee: rupees.describe(
      'The delivery fee charged (each store of the order unless its part reached free delivery), included in OrderTotal',
    ),
    Discount: rupees.describe('What a coupon took off the items (0 without one), deducted in OrderTotal'),
    CouponCode: z.string().nullable().describe("The coupon's code, or null"),
    SlotID: id
      .nullable()
      .describe("The order's delivery slot (an order from before one order per store: its first store's); null: none"),
    Slots: z.array(orderSlotSchema).optional().describe('The delivery slot held at each store that delivers in slots'),
    GroupID: id.describe("The orders placed together, one per store of a cart: the OrderID of the first store's order"),
    GroupOrderIDs: z
      .array(id)
      .optional()
      .describe('Every order of the group, this one too, in OrderID order (the order lists and reads answer it)'),
    Payment: orderPaymentSchema,
    Refunds: z
      .array(orderRefundSchema)
      .describe('The refunds made for the order, oldest first (cancelled when paid, a line removed at packing)'),
  }),
);

export const placedOrderSchema = named(
  'PlacedOrder',
  orderSchema.extend({
    Orders: z
      .array(orderSchema)
      .min(1)
      .describe(
        "Every store's order of the group, stores as they first appear in the cart; the first is the order above",
      ),
  }),
  "The first store's order as CreateOrder always answered it, and every order of its group (issue 31).",
);

export const orderMoveSchema = named(
  'OrderMove',
  z.object({
    At: time,
    From: orderStatusSchema,
    To: orderStatusSchema,
    By: z.string().describe('The e-mail of whoever moved the order'),
    Kind: z.enum(['Move', 'Undo', 'Reopen', 'CustomerCancel']),
    Reason: z.string().describe("An Admin's reason for a reopen; empty otherwise"),
    StockChange: z.int().describe('Units put back in stock (positive) or taken out again (negative)'),
  }),
  "One move of an order's status, as its audit entry recorded it.",
);

export const orderAgainLineSchema = named(
  'OrderAgainLine',
  z.object({
    ItemID: id,
    StoreID: id,
    ItemTitle: z.string(),
    Ordered: z.int().min(1),
    Add: count,
    Reason: z.string(),
    Item: z.object({ ...itemFields, MaxQtyPerItem: z.int().min(1) }).nullable(),
  }),
);

export const stockAlertSchema = named(
  'StockAlert',
  z.object({
    AlertID: id,
    ItemID: id,
    StoreID: id,
    DbID: id,
    ItemTitle: z.string(),
    StoreTitle: z.string(),
    Size: z.string(),
    Availability: count,
    CreatedTime: time,
  }),
);

export const userInfoSchema = named(
  'UserInfo',
  z.object({
    UserId: id,
    Email: z.string(),
    FullName: z.string(),
    Roles: z.array(z.string()),
    HasRegistered: z.literal(true),
  }),
);

const profileFields = {
  Phone: z.string(),
  AddressLine1: z.string(),
  AddressLine2: z.string(),
  City: z.string(),
  State: z.string(),
  PostalCode: z.string(),
};
export const endUserSchema = named(
  'EndUser',
  z.object({ EndUserId: id, FullName: z.string(), Email: z.string(), ...profileFields }),
);
export const employeeSchema = named(
  'Employee',
  z.object({
    EmployeeId: id,
    FullName: z.string(),
    Email: z.string(),
    Phone: z.string(),
    Roles: z.array(z.string()),
  }),
);
export const userRolesSchema = named('UserRoles', z.object({ UserId: id, Roles: z.array(z.string()) }));

export const tokenSchema = named(
  'Token',
  z.object({
    access_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.int().min(1),
    userName: z.string(),
    device_token: z.string().optional(),
  }),
  'An OAuth 2.0 access token (a signed JWT with ASP.NET Identity claim names).',
);

export const confirmedSignInSchema = named(
  'ConfirmedSignIn',
  z.object({
    Message: z.string(),
    access_token: z.string().optional(),
    token_type: z.literal('bearer').optional(),
    expires_in: z.int().min(1).optional(),
    userName: z.string().optional(),
  }),
  'A confirmed address; the access token when the confirmation signed the shopper in (issue 37).',
);

export const mfaStatusSchema = named(
  'MfaStatus',
  z.object({
    Enabled: z.boolean(),
    Pending: z.boolean(),
    RecoveryCodesLeft: count,
    Required: z.boolean(),
  }),
);
export const mfaSetupSchema = named(
  'MfaSetup',
  z.object({ Secret: z.string(), OtpAuthUrl: z.string(), RecoveryCodes: z.array(z.string()) }),
);

export const uploadedSchema = named('Uploaded', z.object({ Path: z.string() }));
export const imageDeletedSchema = named(
  'ImageDeleted',
  z.object({ Message: z.string(), Path: z.string(), Deleted: z.boolean() }),
);

/*
 * Compile-time checks: each schema's output has exactly the fields of the interface
 * the answering code is typed with, and its values fit that interface.
 */
export type Covers<S, D> = [Exclude<keyof S, keyof D>, Exclude<keyof D, keyof S>] extends [never, never]
  ? S extends D
    ? true
    : false
  : false;
type Out<T extends z.ZodType> = z.output<T>;
export type Assert<T extends true> = T;
/**
 * Fails to compile when a wire schema and its interface disagree (a check, never imported).
 * @public
 */
export type WireSchemasCoverTheirInterfaces = [
  Assert<Covers<Out<typeof categorySchema>, CategoryDto>>,
  Assert<Covers<Out<typeof storeSchema>, StoreDto>>,
  Assert<Covers<Out<typeof sectionSchema>, SectionDto>>,
  Assert<Covers<Out<typeof itemSchema>, ItemDto>>,
  Assert<Covers<Out<typeof stockHistoryEntrySchema>, StockHistoryEntryDto>>,
  Assert<Covers<Out<typeof sectionWithListSchema>, SectionWithListDto>>,
  Assert<Covers<Out<typeof bookSummarySchema>, BookSummaryDto>>,
  Assert<Covers<Out<typeof bookSchema>, BookDto>>,
  Assert<Covers<Out<typeof catalogueChangesSchema>, CatalogueChangesDto>>,
  Assert<Covers<Out<typeof storeDbSchema>, StoreDbDto>>,
  Assert<Covers<Out<typeof staffSectionSchema>, StaffSectionDto>>,
  Assert<Covers<Out<typeof auditEntrySchema>, AuditEntryDto>>,
  Assert<Covers<Out<typeof siteStatusSchema>, SiteStatusDto>>,
  Assert<Covers<Out<typeof referencedConflictSchema>, ReferencedConflictDto>>,
  Assert<Covers<Out<typeof sheetErrorSchema>, SheetError>>,
  Assert<Covers<Out<typeof importReportSchema>, ImportReport>>,
  Assert<Covers<Out<typeof importJobSchema>, ImportJobDto>>,
  Assert<Covers<Out<typeof feedClientSchema>, FeedClientDto>>,
  Assert<Covers<Out<typeof feedAnswerSchema>, FeedAnswer>>,
  Assert<Covers<Out<typeof cartItemSchema>, CartItemDto>>,
  Assert<Covers<Out<typeof cartSchema>, CartDto>>,
  Assert<Covers<Out<typeof shortageSchema>, ShortageDto>>,
  Assert<Covers<Out<typeof checkedCartSchema>, CheckedCartDto>>,
  Assert<Covers<Out<typeof deliveryAddressSchema>, DeliveryAddressDto>>,
  Assert<Covers<Out<typeof orderItemSchema>, OrderItemDto>>,
  Assert<Covers<Out<typeof orderSlotSchema>, OrderSlotDto>>,
  Assert<Covers<Out<typeof orderSchema>, OrderDto>>,
  Assert<Covers<Out<typeof orderPaymentSchema>, OrderPaymentDto>>,
  Assert<Covers<Out<typeof placedOrderSchema>, PlacedOrderDto>>,
  Assert<Covers<Out<typeof orderMoveSchema>, OrderMoveDto>>,
  Assert<Covers<Out<typeof storeDeliverySchema>, StoreDeliveryDto>>,
  Assert<Covers<Out<typeof orderAgainLineSchema>, OrderAgainLineDto>>,
  Assert<Covers<Out<typeof stockAlertSchema>, StockAlertDto>>,
  Assert<Covers<Out<typeof userInfoSchema>, UserInfoDto>>,
  Assert<Covers<Out<typeof endUserSchema>, EndUserDto>>,
  Assert<Covers<Out<typeof employeeSchema>, EmployeeDto>>,
  Assert<Covers<Out<typeof userRolesSchema>, UserRolesDto>>,
  Assert<Covers<Out<typeof messageSchema>, RegisterResultDto>>,
];
