// The order's wire shapes: rows of orders and order lines as the API answers them.

import type { DeliveryAddressDto } from '../../lib/domain/delivery.ts';
import type { SoldBy } from '../../lib/domain/measure.ts';
import { bpsToPercent, paiseToRupees } from '../../lib/domain/money.ts';
import type { OrderDto, OrderItemDto, SentItemDto } from '../../lib/domain/orders.ts';
import { lineTotal } from '../../lib/domain/pricing.ts';
import type { OrderSlotDto } from '../../lib/domain/slots.ts';
import { type PackOutcome, substitutionOf } from '../../lib/domain/substitutions.ts';
import type { Order, OrderLine } from '../db/schema.ts';

/** The columns packing writes (migration 0380); absent on a line being placed. */
type PackColumns =
  | 'substitution'
  | 'pack_outcome'
  | 'sent_item_id'
  | 'sent_title'
  | 'sent_size'
  | 'sent_qty'
  | 'sent_price';

/** A line's wire `Sent`: what packing sent, or null before it. */
type PackFields = { [K in PackColumns]?: OrderLine[K] | undefined };

function sentOf(line: PackFields & { sold_by: SoldBy }): SentItemDto | null {
  const { pack_outcome, sent_item_id, sent_qty, sent_price } = line;
  if (pack_outcome == null || sent_item_id == null || sent_qty == null || sent_price == null) return null;
  return {
    Outcome: pack_outcome as PackOutcome,
    ItemID: sent_item_id,
    ItemTitle: line.sent_title ?? '',
    Size: line.sent_size ?? '',
    Qty: sent_qty,
    SellingPrice: paiseToRupees(sent_price),
    LineTotal: paiseToRupees(lineTotal(sent_price, sent_qty, line.sold_by)),
  };
}
/** An order line as its wire shape reads it (`asked_qty` may be left out: not weighed; the packing columns too). */
type DtoLine = Omit<OrderLine, 'id' | 'order_id' | 'asked_qty' | PackColumns> &
  PackFields & { asked_qty?: number | null | undefined };

/** Wire shape of an order line: money in rupees, rates in percent. */
export function toOrderItemDto(line: DtoLine): OrderItemDto {
  return {
    ItemID: line.item_id,
    StoreID: line.store_id,
    ItemTitle: line.title,
    UnitPrice: paiseToRupees(line.unit_price),
    Gst: bpsToPercent(line.gst_bps),
    Discount: bpsToPercent(line.discount_bps),
    FlatDiscount: paiseToRupees(line.flat_discount),
    SellingPrice: paiseToRupees(line.selling_price),
    Qty: line.qty,
    Size: line.size,
    SoldBy: line.sold_by,
    ...(line.asked_qty == null ? {} : { AskedQty: line.asked_qty }),
    LineTotal: paiseToRupees(lineTotal(line.selling_price, line.qty, line.sold_by)),
    Substitution: substitutionOf(line.substitution),
    Sent: sentOf(line),
  };
}

/** The order's delivery columns as the API names them (My Address's field names plus Note). */
export function toDeliveryDto(order: DeliveryColumns): DeliveryAddressDto {
  return {
    FullName: order.delivery_full_name,
    Phone: order.delivery_phone,
    AddressLine1: order.delivery_line1,
    AddressLine2: order.delivery_line2,
    City: order.delivery_city,
    State: order.delivery_state,
    PostalCode: order.delivery_postal_code,
    Note: order.delivery_note,
  };
}

/** The columns of an order row that a delivery address is stored in. */
export type DeliveryColumns = Pick<
  Order,
  | 'delivery_full_name'
  | 'delivery_phone'
  | 'delivery_line1'
  | 'delivery_line2'
  | 'delivery_city'
  | 'delivery_state'
  | 'delivery_postal_code'
  | 'delivery_note'
>;

/** The delivery columns to store for an address. */
export function deliveryColumns(address: DeliveryAddressDto): DeliveryColumns {
  return {
    delivery_full_name: address.FullName,
    delivery_phone: address.Phone,
    delivery_line1: address.AddressLine1,
    delivery_line2: address.AddressLine2,
    delivery_city: address.City,
    delivery_state: address.State,
    delivery_postal_code: address.PostalCode,
    delivery_note: address.Note,
  };
}

/** The order columns its wire shape is made of. */
export type OrderDtoColumns = Pick<
  Order,
  | 'id'
  | 'user_id'
  | 'status'
  | 'total'
  | 'delivery_fee'
  | 'discount'
  | 'coupon_code'
  | 'created_at'
  | 'updated_at'
  | 'group_id'
  | 'payment_method'
  | 'payment_status'
> &
  DeliveryColumns;

export function toOrderDto(order: OrderDtoColumns, customerName: string, lines: readonly DtoLine[]): OrderDto {
  return {
    OrderID: order.id,
    // Set when its group is placed; an order never seen by migration 0270 is a group of its own.
    GroupID: order.group_id ?? order.id,
    CustomerID: order.user_id,
    CustomerName: customerName,
    Status: order.status,
    OrderTotal: paiseToRupees(order.total),
    CreatedTime: order.created_at,
    UpdatedTime: order.updated_at,
    OrderItems: lines.map(toOrderItemDto),
    DeliveryAddress: toDeliveryDto(order),
    DeliveryFee: paiseToRupees(order.delivery_fee),
    SlotID: null,
    Payment: { Method: order.payment_method, Status: order.payment_status },
    Refunds: [],
    Discount: paiseToRupees(order.discount),
    CouponCode: order.coupon_code,
  };
}

/** An order with the delivery slots it holds (`SlotID`: the first store's), unchanged when it holds none (`SlotID` null). */
export function withSlots(dto: OrderDto, slots: readonly OrderSlotDto[]): OrderDto {
  const [first] = slots;
  return first === undefined ? dto : { ...dto, SlotID: first.SlotID, Slots: [...slots] };
}
