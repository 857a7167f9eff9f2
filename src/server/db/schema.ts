import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { SoldBy } from '../../lib/domain/measure.ts';
import type { PaymentMethod, PaymentStatus } from '../../lib/domain/order-groups.ts';
import type { OrderMoveKind, OrderStatusName } from '../../lib/domain/orders.ts';
import type { StockReasonName } from '../../lib/domain/stock-history.ts';

/**
 * Table types for the whole database, one interface per table.
 *
 * Conventions that hold on SQLite and PostgreSQL alike:
 * - money is integer paise (`unit_price: 12050` is Rs 120.50);
 * - percentages are integer basis points (`gst_bps: 500` is 5 %);
 * - flags are integers 0/1 (SQLite has no boolean);
 * - times are ISO-8601 UTC text (`2026-11-21T18:00:00.000Z`), which sorts as time.
 */
export interface Database {
  categories: CategoriesTable;
  stores: StoresTable;
  store_dbs: StoreDbsTable;
  sections: SectionsTable;
  published_sections: PublishedSectionsTable;
  items: ItemsTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  email_codes: EmailCodesTable;
  login_throttle: LoginThrottleTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  cart_removals: CartRemovalsTable;
  orders: OrdersTable;
  delivery_slots: DeliverySlotsTable;
  slot_templates: SlotTemplatesTable;
  slot_rules: SlotRulesTable;
  order_slots: OrderSlotsTable;
  order_lines: OrderLinesTable;
  order_moves: OrderMovesTable;
  audit_log: AuditLogTable;
  site_state: SiteStateTable;
  mail_queue: MailQueueTable;
  password_reset_codes: PasswordResetCodesTable;
  stock_alerts: StockAlertsTable;
  feed_clients: FeedClientsTable;
  feed_requests: FeedRequestsTable;
  feed_client_stores: FeedClientStoresTable;
  catalogue_changes: CatalogueChangesTable;
  catalogue_feed: CatalogueFeedTable;
  code_failures: CodeFailuresTable;
  account_mfa: AccountMfaTable;
  mfa_recovery_codes: MfaRecoveryCodesTable;
  store_delivery: StoreDeliveryTable;
  stock_ledger: StockLedgerTable;
  item_packs: ItemPacksTable;
  sales_days: SalesDaysTable;
  reorder_mails: ReorderMailsTable;
  invoice_series: InvoiceSeriesTable;
  invoices: InvoicesTable;
  coupons: CouponsTable;
  coupon_uses: CouponUsesTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_settings: PaymentSettingsTable;
  payment_refunds: PaymentRefundsTable;
  search_synonyms: SearchSynonymsTable;
  search_state: SearchStateTable;
}

type Id = Generated<number>;
type Flag = ColumnType<number, number | undefined, number>;

export type StoreType = 'public_store' | 'client_store' | 'edu_shopy_store';

export interface CategoriesTable {
  id: Id;
  title: string;
  updated_at: string;
}

export interface StoresTable {
  id: Id;
  category_id: number;
  title: string;
  description: string;
  type: StoreType;
  hidden: Flag;
  updated_at: string;
  /** The most of one item an order may hold from this store (1 to 999; 20 unless set). */
  max_qty_per_item: Generated<number>;
  /** The store's GSTIN (15 characters, `lib/domain/gst.ts`); '' until staff set it. */
  gstin: ColumnType<string, string | undefined, string>;
  /** The two-digit GST state code of the store's state; '' until set. */
  state_code: ColumnType<string, string | undefined, string>;
  /** The address its tax invoices print, one line. */
  address: ColumnType<string, string | undefined, string>;
}

/** A store's own catalogue (the spec's DbID): its sections and items live in it. */
export interface StoreDbsTable {
  id: Id;
  store_id: number;
  title: string;
  updated_at: string;
}

/** A section as staff edit it inside a store database, before publishing. */
export interface SectionsTable {
  id: Id;
  db_id: number;
  title: string;
  meta_description: string;
  content: string;
  hidden: Flag;
  /** JSON text: an array of item ids in display order. */
  custom_order: string;
  updated_at: string;
}

/** The public copy of a section (SectionID + DbID); books are these, read as books. */
export interface PublishedSectionsTable {
  section_id: number;
  db_id: number;
  store_id: number;
  title: string;
  meta_description: string;
  content: string;
  hidden: Flag;
  custom_order: string;
  published_at: string;
  updated_at: string;
}

export interface ItemsTable {
  id: Id;
  store_id: number;
  db_id: number;
  section_id: number | null;
  title: string;
  meta_description: string;
  content: string;
  hidden: Flag;
  /** Units in stock: the API's Availability. */
  stock: number;
  size: string;
  unit_price: number;
  discount_bps: number;
  flat_discount: number;
  gst_bps: number;
  selling_price: number;
  updated_at: string;
  /** The store's own code for the item (its till's or ERP's): the API's ProductCode, unique in the store. */
  product_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** At or below this stock the item is in the store's daily low-stock mail (the API's ReorderLevel); null: none. */
  reorder_level: ColumnType<number | null, number | null | undefined, number | null>;
  /** The HSN code its tax invoice lines carry (4 to 8 digits); '' until set. */
  hsn_code: ColumnType<string, string | undefined, string>;
  /** `ByUnit`, `ByWeight` or `ByVolume` (the API's SoldBy); weighed items keep stock in g or ml, prices per kg or litre. */
  sold_by: ColumnType<SoldBy, SoldBy | undefined, SoldBy>;
  /** What a quantity moves by (the API's Step): 1 for a unit, else grams or millilitres. */
  step: ColumnType<number, number | undefined, number>;
}

export type UserKind = 'user' | 'employee';
export type RoleName = 'Admin' | 'Employee' | 'User';
export const ROLE_NAMES: readonly RoleName[] = ['Admin', 'Employee', 'User'];

export interface UsersTable {
  id: Id;
  email: string;
  password_hash: string;
  full_name: string;
  phone: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  postal_code: string;
  kind: UserKind;
  email_confirmed: Flag;
  /** Changes on password change or deletion; tokens carrying an old stamp fail. */
  security_stamp: string;
  created_at: string;
  updated_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role: RoleName;
}

export interface EmailCodesTable {
  user_id: number;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

export interface LoginThrottleTable {
  /**
   * `{scope}:{email}|{address}` (per account and address), `ip:{address}`, `device:{email}|{device id}`,
   * `reset-pass:{email}` or a registration window (`auth/throttle.ts`, `auth/anon-throttle.ts`); IPv6 by its /64.
   */
  key: string;
  failures: number;
  next_allowed_at: string;
  updated_at: string;
}

export interface CartsTable {
  /** CartID: the owner's user id. */
  user_id: number;
  customer_name: string;
  updated_at: string;
}

export type CartItemStatus = 'loaded' | 'modified' | 'deleted' | 'added';

export interface CartItemsTable {
  cart_id: number;
  item_id: number;
  store_id: number;
  qty: number;
  status: CartItemStatus;
  /** Where the line stands in the cart (0 first), as the customer built it. */
  position: ColumnType<number, number | undefined, number>;
  /** When the line last changed (issue 36); lines from before read as 1970. */
  updated_at: ColumnType<string, string | undefined, string>;
  /** The shopper's substitution choice ('None', 'BestMatch', an item id as digits); null: none made (migration 0380). */
  substitution: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A line taken out of a cart, and when: a device's older copy does not bring it back (issue 36). */
export interface CartRemovalsTable {
  cart_id: number;
  item_id: number;
  store_id: number;
  removed_at: string;
}

/** The statuses of `lib/domain/orders.ts`, kept by the CHECK of migration 0280. */
export type OrderStatus = OrderStatusName;

export interface OrdersTable {
  id: Id;
  user_id: number;
  status: OrderStatus;
  total: number;
  idempotency_key: string | null;
  /** The JSON answered when the order was placed, replayed for a retried Idempotency-Key. */
  response: string | null;
  created_at: string;
  updated_at: string;
  /** The delivery address and phone the order was placed with (a snapshot). */
  delivery_full_name: ColumnType<string, string | undefined, string>;
  delivery_phone: ColumnType<string, string | undefined, string>;
  delivery_line1: ColumnType<string, string | undefined, string>;
  delivery_line2: ColumnType<string, string | undefined, string>;
  delivery_city: ColumnType<string, string | undefined, string>;
  delivery_state: ColumnType<string, string | undefined, string>;
  delivery_postal_code: ColumnType<string, string | undefined, string>;
  delivery_note: ColumnType<string, string | undefined, string>;
  /** The delivery fee charged in paise, included in `total` (migration 0250). */
  delivery_fee: ColumnType<number, number | undefined, number>;
  /**
   * The id of the group's first order (one order per store of a cart, issue 31; migration
   * 0270), set in the transaction that places it; null only inside that transaction.
   */
  group_id: number | null;
  /** How the order is paid (`OnDelivery` until issue 32) and where that stands (`Pending`). */
  payment_method: ColumnType<PaymentMethod, PaymentMethod | undefined, PaymentMethod>;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  /** What a coupon took off the order in paise, deducted in `total` (migration 0310). */
  discount: ColumnType<number, number | undefined, number>;
  /** The coupon's code, as staff created it, or null. */
  coupon_code: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One move of an order (issue 31): who moved it from which status to which, when; written in the move's transaction. */
export interface OrderMovesTable {
  id: Id;
  order_id: number;
  at: string;
  from_status: OrderStatus;
  to_status: OrderStatus;
  /** The mover's account; null for a move made by no account. */
  actor_id: number | null;
  actor_email: string;
  kind: OrderMoveKind;
  /** An Admin's reason for a reopen; '' otherwise. */
  reason: string;
  /** Units put back in stock (a cancel, positive) or taken out again (a cancel undone, negative). */
  stock_change: number;
}

/** A coupon (issue 32, item 5): exactly one of `percent_bps` and `amount` (paise) is set. */
export interface CouponsTable {
  id: Id;
  code: string;
  percent_bps: number | null;
  amount: number | null;
  minimum_basket: ColumnType<number, number | undefined, number>;
  first_order_only: Flag;
  free_delivery: Flag;
  /** Null: no limit. */
  max_uses: number | null;
  max_uses_per_customer: number | null;
  /** ISO-8601 UTC; null: from always, to forever. */
  valid_from: string | null;
  valid_to: string | null;
  /** Uses by orders not cancelled: moved only by conditional updates, never past `max_uses`. */
  used: ColumnType<number, number | undefined, number>;
  disabled: Flag;
  created_at: string;
  updated_at: string;
}

/** One order's use of a coupon, removed when the order is cancelled. */
export interface CouponUsesTable {
  order_id: number;
  coupon_id: number;
  user_id: number;
  /** Paise taken off the order's items. */
  discount: number;
  /** JSON text: `[{ "StoreID": 1, "Discount": paise }]`, the discount of each store's part. */
  parts: string;
  used_at: string;
}

/** Where a store delivers and for how much (issue 31); a store without a row delivers everywhere, free. */
export interface StoreDeliveryTable {
  store_id: number;
  /** JSON text: PIN codes and prefixes (`["411001","4110*"]`); empty: every PIN code. */
  postal_codes: string;
  fee: number;
  minimum_order: number;
  /** Paise from which delivery is free; null: never free. */
  free_above: number | null;
  /** The most an order of this store may come to when paid on delivery (paise); null: the shop's cap; 0: none. */
  on_delivery_max: ColumnType<number | null, number | null | undefined, number | null>;
  /** JSON text: PIN codes and prefixes where this store takes no pay on delivery. */
  no_on_delivery_codes: ColumnType<string, string | undefined, string>;
  updated_at: string;
}

/** One order group's payment (issue 32; `payments/`): one row per group, by its first order's id. */
export interface PaymentsTable {
  id: Id;
  group_id: number;
  method: PaymentMethod;
  status: PaymentStatus;
  /** What the group comes to, in paise. */
  amount: number;
  /** Paise given back so far. */
  refunded: ColumnType<number, number | undefined, number>;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  /** Until when the unpaid group holds its stock and slot places; null: it holds nothing (pay on delivery). */
  hold_until: string | null;
  /** When the hold was let go (once); null: not yet. */
  released_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An outcome applied to a payment, once per event id. */
export interface PaymentEventsTable {
  id: Id;
  payment_id: number;
  event_id: string;
  outcome: string;
  /** JSON text: what the outcome did. */
  detail: ColumnType<string, string | undefined, string>;
  at: string;
}

/** Where a refund stands: `Pending` until the provider processed it. */
export type RefundStatus = 'Pending' | 'Processed' | 'Failed';

/** A refund of a payment (migration 0410), listed on the order it was made for. */
export interface PaymentRefundsTable {
  id: Id;
  payment_id: number;
  /** The order refunded; null: the group's whole payment. */
  order_id: number | null;
  /** Paise given back. */
  amount: number;
  status: RefundStatus;
  reason: string;
  provider_refund_id: string;
  /** Who asked for it: an e-mail, or `payment:<method>`. */
  by: string;
  at: string;
  processed_at: string | null;
}

/** The shop's payment settings: one row, id 1. */
export interface PaymentSettingsTable {
  id: number;
  /** The most one order may come to when paid on delivery, paise. */
  on_delivery_max: number;
  /** How long an unpaid online order holds its stock and slot places, minutes (1–120; migration 0430). */
  hold_minutes: Generated<number>;
  updated_at: string;
}

/** A store's delivery window taking at most `capacity` orders until `cutoff_at` (issue 31). */
export interface DeliverySlotsTable {
  id: Id;
  store_id: number;
  starts_at: string;
  ends_at: string;
  cutoff_at: string;
  capacity: number;
  booked: Generated<number>;
  /** 1 for a slot made from the store's weekly template. */
  from_template: Generated<number>;
  created_at: string;
}

/** One weekly slot of a store's template: `weekday` 0 (Sunday) to 6, shop-local `HH:MM` times. */
export interface SlotTemplatesTable {
  store_id: number;
  weekday: number;
  start_time: string;
  end_time: string;
  capacity: number;
}

/** A store's slot rules: the lead time, how many days the template fills, and through which day it has. */
export interface SlotRulesTable {
  store_id: number;
  lead_minutes: number;
  days_ahead: number;
  made_through: Generated<string>;
  updated_at: string;
}

/** The place an order holds in a store's slot. */
export interface OrderSlotsTable {
  order_id: number;
  store_id: number;
  slot_id: number;
}

/** A copy of the item as it was sold: later catalogue edits do not change past orders. */
export interface OrderLinesTable {
  id: Id;
  order_id: number;
  item_id: number;
  store_id: number;
  title: string;
  size: string;
  unit_price: number;
  discount_bps: number;
  flat_discount: number;
  gst_bps: number;
  selling_price: number;
  qty: number;
  /** The shopper's substitution choice ('None', 'BestMatch', an item id as digits; migration 0380). */
  substitution: ColumnType<string, string | undefined, string>;
  /** What packing found ('Packed', 'Short', 'Replaced'); null until the order is packed. */
  pack_outcome: ColumnType<string | null, string | null | undefined, string | null>;
  /** The item sent, its title and size, the units sent and the price per unit charged (paise); null until packed. */
  sent_item_id: ColumnType<number | null, number | null | undefined, number | null>;
  sent_title: ColumnType<string | null, string | null | undefined, string | null>;
  sent_size: ColumnType<string | null, string | null | undefined, string | null>;
  sent_qty: ColumnType<number | null, number | null | undefined, number | null>;
  sent_price: ColumnType<number | null, number | null | undefined, number | null>;
  /** The item's SoldBy when ordered: a weighed line's qty is in g or ml, its prices per kg or litre. */
  sold_by: ColumnType<SoldBy, SoldBy | undefined, SoldBy>;
  /** What the shopper asked for, once staff entered the weight packed (null until then). */
  asked_qty: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface AuditLogTable {
  id: Id;
  at: string;
  actor_id: number | null;
  actor_email: string;
  action: string;
  target: string;
  /** JSON text with whatever the action needs to be understood later. */
  detail: string;
  ip: string;
}

/**
 * Outgoing mail written in the same transaction as what it is about and sent
 * after commit (src/server/mail-queue.ts), retried with back-off until sent.
 */
export interface MailQueueTable {
  id: Id;
  to_address: string;
  subject: string;
  body_text: string;
  body_html: string;
  /** What the mail is about (`order.placed`, `order.status`, `password.reset`, `stock.back`). */
  kind: string;
  attempts: Flag;
  next_attempt_at: string;
  /** A sender working on the row holds it until then; another may take it after. */
  claimed_until: string | null;
  sent_at: string | null;
  last_error: ColumnType<string, string | undefined, string>;
  created_at: string;
  /** An order whose tax invoices go with the mail as PDFs, drawn when it is sent (`orders/invoices.ts`). */
  attach_invoices_of: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PasswordResetCodesTable {
  user_id: number;
  code_hash: string;
  expires_at: string;
  attempts: number;
  created_at: string;
}

/**
 * The wrong codes (access and reset codes together) of one subject, counted
 * across new codes (`auth/code-guard.ts`): an account, or an address without
 * one that a password reset named.
 */
export interface CodeFailuresTable {
  /** `user:{id}` or `email:{address}`. */
  subject: string;
  /** JSON: the ISO times of the wrong codes still in the window, oldest first. */
  failed_at: ColumnType<string, string | undefined, string>;
  /** When the owner was last mailed that the limit was reached. */
  warned_at: string | null;
  updated_at: string;
}

/** A shopper's request to be mailed when an item is back in stock; deleted when the mail is queued. */
export interface StockAlertsTable {
  id: Id;
  user_id: number;
  item_id: number;
  store_id: number;
  created_at: string;
}

export type BuildStatus = 'succeeded' | 'failed';

/**
 * The one row (id 1) that says whether the static site is out of date: public
 * content changed after the content the last successful build read.
 */
export interface SiteStateTable {
  id: number;
  /** The last catalogue write that changed what the public site shows. */
  content_changed_at: string | null;
  /** When the last successful build started reading the catalogue (its content is as of then). */
  last_built_at: string | null;
  last_build_status: BuildStatus | null;
  last_build_finished_at: string | null;
  /** The last lines the last build printed. */
  last_build_log_tail: string;
  /** A "Publish now" no build has claimed yet (migration 0170). */
  build_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The running (or last) build's progress: a SiteBuildDto as JSON with `At`, when it was written (ms). */
  build_progress: ColumnType<string, string | undefined, string>;
}

/** A till or ERP system allowed to call `POST /api/Feed/Stock` with its API key, and nothing else. */
export interface FeedClientsTable {
  id: Id;
  name: string;
  /** The key's first characters, to tell keys apart; the key itself is never stored. */
  key_prefix: string;
  /** SHA-256 of the key, hex. */
  key_hash: string;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
  last_used_at: string | null;
  /** After this time the key is refused (migration 0210); null: never. */
  expires_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The stores a feed key may write (migration 0210); a key with none writes nothing. */
export interface FeedClientStoresTable {
  client_id: number;
  store_id: number;
}

/** A feed request's answer, replayed when a client retries with the same Idempotency-Key. */
export interface FeedRequestsTable {
  client_id: number;
  idempotency_key: string;
  /** SHA-256 of the body: a key reused with another body is refused. */
  request_hash: string;
  response: string | null;
  created_at: string;
}

export type FeedClient = Selectable<FeedClientsTable>;
export type Category = Selectable<CategoriesTable>;
export type Store = Selectable<StoresTable>;
export type StoreDb = Selectable<StoreDbsTable>;
export type Section = Selectable<SectionsTable>;
export type PublishedSection = Selectable<PublishedSectionsTable>;
export type Item = Selectable<ItemsTable>;
export type User = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Order = Selectable<OrdersTable>;
export type Payment = Selectable<PaymentsTable>;
export type DeliverySlot = Selectable<DeliverySlotsTable>;
export type Coupon = Selectable<CouponsTable>;
export type OrderLine = Selectable<OrderLinesTable>;
export type OrderMove = Selectable<OrderMovesTable>;
export type AuditEntry = Selectable<AuditLogTable>;
export type SiteState = Selectable<SiteStateTable>;

/**
 * The catalogue's change feed, written by triggers (migration 0180): one row per
 * catalogue row written since the feed began, with the order of its last change.
 */
export interface CatalogueChangesTable {
  kind: 'item' | 'category' | 'store' | 'section';
  row_id: number;
  /** SQLite: one more than the largest before; PostgreSQL: the writing transaction's id. */
  seq: ColumnType<number | string, number, number>;
  /** The `seq` of the row's last change that added, removed or moved a page (0: none). */
  reshaped_seq: ColumnType<number | string, number, number>;
}

/** The feed's identity: one random id per database, part of every cursor. */
export interface CatalogueFeedTable {
  id: number;
  feed_id: string;
}

/** An account's TOTP second factor (migration 0200): pending until `enabled_at` is set. */
export interface AccountMfaTable {
  user_id: number;
  /** The base32 secret sealed with AES-256-GCM under a key derived from the app's secret (`auth/mfa.ts`). */
  secret: string;
  enabled_at: string | null;
  /** The time step (Unix seconds / 30) of the last code accepted; a code must be of a later step. */
  last_step: number | null;
  created_at: string;
}

/** One unused recovery code of an account's second factor, as a SHA-256 digest. */
export interface MfaRecoveryCodesTable {
  user_id: number;
  code_hash: string;
}

/**
 * One change of an item's stock (issue 33, migration 0320), written in the transaction
 * that changed it: an item's stock is the sum of its rows' `change`, and each row's
 * `stock_before` is the previous row's `stock_after`.
 */
/**
 * What the orders that are sales sold per UTC day (`YYYY-MM-DD` of `created_at`), store and
 * item (migration 0350), kept by the database's triggers in the writing transaction. `orders`
 * counts the orders whose first line of the store is of this item. Read-only to the app.
 */
export interface SalesDaysTable {
  day: string;
  store_id: number;
  item_id: number;
  qty: number | string;
  total: number | string;
  lines: number | string;
  orders: number | string;
  /** Over packed lines (migration 0420, which also counts a packed line under the item sent, with what it sent): lines, units asked, units of the asked item sent, lines replaced. */
  packed_lines: ColumnType<number | string, number | undefined, number>;
  asked_qty: ColumnType<number | string, number | undefined, number>;
  filled_qty: ColumnType<number | string, number | undefined, number>;
  replaced_lines: ColumnType<number | string, number | undefined, number>;
}

/**
 * An item sold as packs of a bulk item's stock (migration 0440): an order of N packs takes
 * N × `pack_size` g or ml from the bulk; the pack's `items.stock` is derived by triggers
 * (floor of the bulk's stock / `pack_size`) and has no ledger rows of its own.
 */
export interface ItemPacksTable {
  item_id: number;
  bulk_item_id: number;
  pack_size: number;
}

export interface StockLedgerTable {
  id: Id;
  item_id: number;
  at: string;
  change: number;
  stock_before: number;
  stock_after: number;
  reason: StockReasonName;
  /** The staff member or customer who changed it; null for a feed, an import without one, the opening and the seed. */
  account_id: number | null;
  /** The feed key that changed it. */
  feed_client_id: number | null;
  order_id: number | null;
}

/** A store's low-stock mail of one shop day, claimed in the transaction that queues it: sent once. */
export interface ReorderMailsTable {
  store_id: number;
  /** `YYYY-MM-DD` in the shop's time zone. */
  day: string;
  /** How many items it listed. */
  items: number;
  sent_at: string;
}

export type InvoiceKind = 'Invoice' | 'CreditNote';

/** The last number taken in each store's series of a kind and financial year (`2026-27`). */
export interface InvoiceSeriesTable {
  store_id: number;
  kind: InvoiceKind;
  fiscal_year: string;
  last_number: number;
}

/** A tax invoice of one store's part of an order, or the credit note of one (`credits`). */
export interface InvoicesTable {
  id: Id;
  order_id: number;
  store_id: number;
  kind: InvoiceKind;
  fiscal_year: string;
  /** The number in its series, gap-free from 1; null until numbered after its commit (`invoice-numbers.ts`). */
  seq: number | null;
  /** As printed: `S12/26-27/000123` (at most 16 characters, as GST rule 46 asks); null with `seq`. */
  number: string | null;
  /** The invoice a credit note cancels; null for an invoice. */
  credits: number | null;
  /** Paise, tax included: the store part's lines and delivery fee. */
  total: number;
  issued_at: string;
  /** JSON text of the frozen `TaxInvoice` (`lib/domain/tax-invoice.ts`). */
  document: string;
}

/** A group of words the search treats as one (issue 34): staff edit them; terms comma-separated. */
export interface SearchSynonymsTable {
  id: Id;
  terms: string;
}

/** One row (id 1): counters of changes the search's cached words follow. */
export interface SearchStateTable {
  id: number;
  /** SQLite: bumped by the search index's triggers on every item title or size written. */
  items_version: ColumnType<number | string, number | undefined, number>;
  /** Bumped by every save of the synonyms. */
  synonyms_version: ColumnType<number | string, number | undefined, number>;
}
