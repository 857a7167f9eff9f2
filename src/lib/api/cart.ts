import type { $Fetch } from 'ofetch';
import type { CartItemDto as CartLine } from '../domain/cart.ts';
import type { DeliveryAddressDto } from '../domain/delivery.ts';
import type { PaymentMethod } from '../domain/order-groups.ts';
import { toQuery } from './client.ts';
import { ServiceError } from './errors.ts';
import type {
  CartDto,
  CheckedCartDto,
  OrderAgainLineDto,
  OrderDto,
  OrderMoveDto,
  PlacedOrderDto,
  ShortageDto,
  SubstituteDto,
} from './wire.ts';

/**
 * The cart and order calls of spec §7, typed. Every failure is a `ServiceError`
 * (spec §8), already logged; a refused order's shortages are read back with
 * `shortagesOf`.
 */

/** A cart as the browser posts it: its lines as the cart state holds them. */
interface PostedCart {
  CartItems: readonly CartLine[];
}

/** Where an order goes (the checkout review's form) and whether to keep it as My Address. */
export interface OrderDeliveryInput {
  address: DeliveryAddressDto;
  saveAsMyAddress: boolean;
  /** The delivery slot picked at each store that delivers in slots (`Slots`: StoreID → SlotID). */
  slots?: Readonly<Record<number, number>>;
  /** The coupon code applied in the cart (`CouponCode`), checked again by the shop. */
  couponCode?: string | undefined;
  /** How the shopper pays (`PaymentMethod`); undefined: pay on delivery, as before. */
  paymentMethod?: PaymentMethod | undefined;
}

/** One page of the caller's orders, newest first, and how many there are in all. */
export interface OrdersPage {
  orders: OrderDto[];
  total: number;
}

export interface CartApi {
  /** `GET /api/cart/Read`: the caller's saved cart, every line `loaded`. */
  read(): Promise<CartDto>;
  /**
   * `POST /api/cart/Create` (Check Stock): saves `cart` and answers it as the
   * catalogue sees it now. With `syncedTime` (when this copy last read the saved
   * cart) the server keeps each line's newer change (issue 36).
   */
  checkStock(cart: PostedCart, syncedTime?: string): Promise<CheckedCartDto>;
  /**
   * `POST /api/cart/CreateOrder` with `Idempotency-Key: {key}`: the same key sent
   * again answers the first order instead of placing another.
   */
  createOrder(cart: PostedCart, key: string, delivery?: OrderDeliveryInput): Promise<PlacedOrderDto>;
  /** `DELETE /api/CartItem/Delete/{userId}` (Clear Cart): answers the emptied cart. */
  clear(userId: number): Promise<CartDto>;
  /** `GET /api/Order/Again/{id}`: the caller's past order as it can be bought today. */
  orderAgain(orderId: number): Promise<OrderAgainLineDto[]>;
  /** `POST /api/cart/Merge`: merges a guest's cart into the caller's saved one and answers the result. */
  merge(cart: PostedCart): Promise<CartDto>;
  /** `GET /api/Order/AllOrders?mine=true`: the caller's own orders (employees too), newest first. */
  myOrders(page: number, limit: number): Promise<OrdersPage>;
  /** `POST /api/Order/Cancel/{id}`: cancels the caller's own order while it is Placed or AwaitingPayment; answers it cancelled. */
  cancelOrder(orderId: number): Promise<OrderDto>;
  /** `GET /api/Order/History/{id}`: the moves of the caller's own order, oldest first (its timeline). */
  orderHistory(orderId: number): Promise<OrderMoveDto[]>;
  /** `GET /api/Item/Substitutes/{id}`: the items of the same section a shopper may choose instead (issue 33). */
  substitutes(itemId: number): Promise<SubstituteDto[]>;
}

/** The cart calls over a client made by `createApiClient` (which adds the bearer token). */
export function createCartApi(api: $Fetch): CartApi {
  return {
    read() {
      return api<CartDto>('/api/cart/Read');
    },
    checkStock(cart, syncedTime) {
      const body = syncedTime === undefined ? cart : { CartItems: cart.CartItems, SyncedTime: syncedTime };
      return api<CheckedCartDto>('/api/cart/Create', { method: 'POST', body });
    },
    createOrder(cart, key, delivery) {
      return api<PlacedOrderDto>('/api/cart/CreateOrder', {
        method: 'POST',
        body:
          delivery === undefined
            ? cart
            : {
                ...cart,
                DeliveryAddress: delivery.address,
                SaveAddress: delivery.saveAsMyAddress,
                ...(delivery.slots === undefined || Object.keys(delivery.slots).length === 0
                  ? {}
                  : { Slots: delivery.slots }),
                ...(delivery.couponCode === undefined ? {} : { CouponCode: delivery.couponCode }),
                ...(delivery.paymentMethod === undefined ? {} : { PaymentMethod: delivery.paymentMethod }),
              },
        headers: { 'Idempotency-Key': key },
      });
    },
    orderAgain(orderId) {
      return api<OrderAgainLineDto[]>(`/api/Order/Again/${orderId}`);
    },
    cancelOrder(orderId) {
      return api<OrderDto>(`/api/Order/Cancel/${orderId}`, { method: 'POST' });
    },
    orderHistory(orderId) {
      return api<OrderMoveDto[]>(`/api/Order/History/${orderId}`);
    },
    substitutes(itemId) {
      return api<SubstituteDto[]>(`/api/Item/Substitutes/${itemId}`);
    },
    merge(cart) {
      return api<CartDto>('/api/cart/Merge', { method: 'POST', body: cart });
    },
    clear(userId) {
      return api<CartDto>(`/api/CartItem/Delete/${userId}`, { method: 'DELETE' });
    },
    async myOrders(page, limit) {
      const res = await api.raw<OrderDto[]>('/api/Order/AllOrders', {
        // Spec §7: a paged listing always sends page, limit, sort and filter.
        query: toQuery({ page, limit, sort: '', filter: '', mine: true }),
      });
      const orders = res._data ?? [];
      const total = Number(res.headers.get('x-total-count') ?? orders.length);
      return { orders, total: Number.isFinite(total) ? total : orders.length };
    },
  };
}

function isShortage(value: unknown): value is ShortageDto {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.ItemID === 'number' &&
    typeof s.StoreID === 'number' &&
    typeof s.ItemTitle === 'string' &&
    typeof s.Requested === 'number' &&
    typeof s.Available === 'number'
  );
}

/** The `Shortages` a refused order (409) names, or `[]` for any other failure. */
export function shortagesOf(err: unknown): ShortageDto[] {
  if (!(err instanceof ServiceError) || err.status !== 409) return [];
  const data = (err.cause as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'object' || data === null) return [];
  const list = (data as { Shortages?: unknown }).Shortages;
  return Array.isArray(list) ? list.filter(isShortage) : [];
}

/**
 * True for a failure after which an order may or may not have been placed (no
 * answer, or a gateway that lost it): the one kind worth retrying with the same
 * `Idempotency-Key`.
 */
export function isUncertain(err: unknown): boolean {
  return (
    err instanceof ServiceError && (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504)
  );
}
