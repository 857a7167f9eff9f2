/**
 * What the page's plain scripts read from local storage before any island has
 * loaded: who is signed in (`jtoken`) and the cart (`cartState`), by the keys of
 * `lib/domain/storage-keys.ts`. Shared by the
 * first-paint script and the cart page's script; it imports only
 * `src/lib/domain` and `jwt-decode`, so it stays small.
 */
import { jwtDecode } from 'jwt-decode';
import { CLAIM_NAME_IDENTIFIER, isAuthorized, tokenState, type UntrustedClaims } from '../lib/domain/auth.ts';
import type { CartState } from '../lib/domain/cart.ts';
import { decodeCartState } from '../lib/domain/cart-storage.ts';
import { CART_STATE_KEY, TOKEN_KEY } from '../lib/domain/storage-keys.ts';

/** Local storage, or null when the browser has it switched off (the page behaves as for a new visitor). */
export function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface Signed {
  claims: UntrustedClaims | null;
  /** The account id, or null for a guest (or an expired token). */
  id: number | null;
}

/** Who `jtoken` says is signed in; an expired token is removed (spec §4), as the session store does. */
export function whoIsSignedIn(): Signed {
  let token = storage()?.getItem(TOKEN_KEY) ?? '';
  if (token.startsWith('"')) {
    try {
      token = String(JSON.parse(token));
    } catch {
      token = '';
    }
  }
  if (token === '') return { claims: null, id: null };
  let claims: UntrustedClaims;
  try {
    claims = jwtDecode<UntrustedClaims>(token);
  } catch {
    return { claims: null, id: null };
  }
  if (tokenState(claims, Date.now()) === 'expired') {
    // Spec §4: an authorization check that finds the token expired removes it.
    storage()?.removeItem(TOKEN_KEY);
    return { claims: null, id: null };
  }
  if (!isAuthorized(claims, Date.now())) return { claims: null, id: null };
  const id = Number(claims[CLAIM_NAME_IDENTIFIER]);
  return { claims, id: Number.isSafeInteger(id) && id > 0 ? id : null };
}

/** The stored cart state (the empty state when there is none or it is damaged). */
export function readCartState(): CartState {
  return decodeCartState(storage()?.getItem(CART_STATE_KEY) ?? undefined);
}

/** Stores `state` as the cart store would: the empty state removes the key. */
export function writeCartState(state: CartState): void {
  const store = storage();
  if (store === null) return;
  if (state.cart === null && !state.isDirty) store.removeItem(CART_STATE_KEY);
  else store.setItem(CART_STATE_KEY, JSON.stringify(state));
}
