/**
 * Names shared by the first-paint script, the interaction directive and the
 * cart store: window events and a storage key. Plain constants, so that the
 * small scripts that import them stay small.
 */

/** Asks every `client:interaction` island to load (the first interaction with a stepper). */
export const HYDRATE_EVENT = 'aisle:hydrate';
/** The first-paint script changed `cartState` itself (before the islands loaded). */
export const LOCAL_CART_EVENT = 'aisle:local-cart';
/** The cart store changed `cartState`: the count and steppers the first-paint script shows follow. */
export const CART_CHANGED_EVENT = 'aisle:cart';
/** Local storage key of the signed-in account's full name (`{ id, name }`), shown in the header. */
export const PROFILE_KEY = 'jprofile';
