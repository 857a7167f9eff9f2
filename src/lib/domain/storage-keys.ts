/**
 * Every key the shop keeps in the browser's storage, named once: the islands,
 * the stores, the page scripts and the tests read them from here. Plain
 * constants, so the small page scripts that import them stay small. The first
 * three are spec §4's and clients of the original front end read them too.
 */

/** localStorage: the access token from `POST /token` (spec §4). */
export const TOKEN_KEY = 'jtoken';

/** localStorage: the cart and its `isDirty` flag, JSON (`lib/domain/cart.ts`); the empty state removes the key. */
export const CART_STATE_KEY = 'cartState';

/** localStorage: the signed-in account's full name for the header, JSON `{ id, name }`. */
export const PROFILE_KEY = 'jprofile';

/** localStorage: the page to go back to after signing in, across register → mail → confirm → sign in. */
export const RETURN_TO_KEY = 'jreturn';

/** localStorage: the PIN code the shopper delivers to (issue 31), six digits; cards and the cart say which stores serve it. */
export const DELIVERY_PIN_KEY = 'aisle.deliveryPin';

/** sessionStorage: every store's delivery settings as `GET /api/Store/Delivery` answered them, JSON `{ at, stores }`. */
export const DELIVERY_AREAS_KEY = 'aisle.deliveryAreas';

/** localStorage: the browser's device tokens, JSON `{ "<e-mail>": "<token>" }` (`device-tokens.ts`). */
export const DEVICE_TOKENS_KEY = 'aisle.deviceTokens';

/** sessionStorage: a cart notice waiting while the page changes (order again opens the cart). */
export const CART_NOTICE_KEY = 'aisle.cartNotice';

/** localStorage: the coupon code the shopper applied in the cart (issue 32), kept until the order is placed. */
export const COUPON_CODE_KEY = 'aisle.couponCode';

/** localStorage: the store database staff picked last, so the staff pages open on it. */
export const STAFF_DB_KEY = 'aisle.staff.db';

/** What signing out removes: the account's token, its cart copy and its name. */
export const SIGNED_IN_KEYS = [TOKEN_KEY, CART_STATE_KEY, PROFILE_KEY] as const;
