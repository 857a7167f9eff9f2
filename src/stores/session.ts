import { persistentAtom } from '@nanostores/persistent';
import { jwtDecode } from 'jwt-decode';
import { atom, computed, onMount } from 'nanostores';
import { type AccountApi, createAccountApi } from '../lib/api/account.ts';
import { apiBaseUrl } from '../lib/api/base-url.ts';
import { createApiClient } from '../lib/api/client.ts';
import { normaliseEmailInput } from '../lib/domain/account-rules.ts';
import {
  isAuthorized,
  type SignedInUser,
  signedInUser,
  type TokenState,
  tokenState,
  type UntrustedClaims,
} from '../lib/domain/auth.ts';
import { isGuestCart } from '../lib/domain/cart.ts';
import { decodeCartState } from '../lib/domain/cart-storage.ts';
import { type DeviceTokens, decodeDeviceTokens, deviceTokenFor, withDeviceToken } from '../lib/domain/device-tokens.ts';
import { afterSignInPath, safeReturnPath } from '../lib/domain/return-to.ts';
import {
  CART_STATE_KEY,
  DEVICE_TOKENS_KEY,
  PROFILE_KEY,
  RETURN_TO_KEY,
  TOKEN_KEY,
} from '../lib/domain/storage-keys.ts';

/**
 * The session of spec §4: the access token in localStorage under `jtoken`, the
 * user it names, the token states (absent, valid, expired) and the actions that
 * sign in and out. Components call the actions and read the stores; they never
 * `set()` a store.
 */

/** Where gated pages send whoever fails the authorization check (spec §6). */
export const LOGIN_PATH = '/app/login';

/** Spec §8's text for a token that is not text or cannot be decoded. */
export const INVALID_TOKEN_MESSAGE = 'Invalid token specified';

/** A stored token that is not text, not a JWT, or whose payload is not a JSON object. */
export class InvalidTokenError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(INVALID_TOKEN_MESSAGE, options);
    this.name = 'InvalidTokenError';
  }
}

/**
 * The raw access token; `''` when signed out. Stored as is (not JSON) so that
 * code written for the original application reads it unchanged, and removed from
 * storage, rather than kept as an empty text, when signed out.
 */
export const $jtoken = persistentAtom<string>(TOKEN_KEY, '', {
  encode: (token) => (token === '' ? undefined : token),
  // A removal seen from another tab can arrive without a value.
  decode: (text) => (typeof text === 'string' ? text : ''),
});

/**
 * The device tokens this browser was given at sign-in, per account, sent back
 * with the next sign-ins so a busy address does not hold their owners back.
 * Kept at sign-out: they name a device, not a session.
 */
export const $deviceTokens = persistentAtom<DeviceTokens>(
  DEVICE_TOKENS_KEY,
  {},
  {
    encode: (tokens) => (Object.keys(tokens).length === 0 ? undefined : JSON.stringify(tokens)),
    decode: decodeDeviceTokens,
  },
);

// Another tab may have signed in since this page loaded; mounting the store reads what is stored now.
function storedDeviceTokens(): DeviceTokens {
  const unbind = $deviceTokens.listen(() => {});
  const tokens = $deviceTokens.get();
  unbind();
  return tokens;
}

// A handle on the cart's local copy, only ever cleared here; the cart store owns its contents.
const $cartStateCopy = persistentAtom<string | undefined>(CART_STATE_KEY, undefined, { listen: false });

/**
 * Decodes a token's payload without verifying it (the API verifies; the client
 * only reads who is signed in). Throws `InvalidTokenError` ('Invalid token
 * specified') for anything that is not a text JWT with a JSON object payload.
 */
export function decodeToken(token: unknown): UntrustedClaims {
  if (typeof token !== 'string') throw new InvalidTokenError();
  let payload: unknown;
  try {
    payload = jwtDecode<unknown>(token);
  } catch (err) {
    throw new InvalidTokenError({ cause: err });
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new InvalidTokenError();
  return payload as UntrustedClaims;
}

/** What a stored token amounts to at `nowMs`; an undecodable one throws `InvalidTokenError`. */
export function readToken(token: string, nowMs: number): { state: TokenState; user: SignedInUser | null } {
  if (token === '') return { state: 'absent', user: null };
  const claims = decodeToken(token);
  return { state: tokenState(claims, nowMs), user: signedInUser(claims) };
}

/**
 * The signed-in user (name, id, roles, email, exp) the stored token names, or
 * null when there is none or it cannot be read. It does not look at the clock:
 * gate on `authorize()`, which does.
 */
export const $user = computed($jtoken, (token): SignedInUser | null => {
  if (token === '') return null;
  try {
    return signedInUser(decodeToken(token));
  } catch {
    return null;
  }
});

function usable(token: string, nowMs: number): boolean {
  try {
    return readToken(token, nowMs).state === 'valid';
  } catch {
    return false;
  }
}

/**
 * The token-availability signal of spec §4: true while a valid token is stored.
 * It turns false when an authorization check removes an expired token, and
 * follows the token when another tab signs in or out.
 */
export const $tokenAvailable = atom<boolean>(false);

onMount($tokenAvailable, () => {
  $tokenAvailable.set(usable($jtoken.get(), Date.now()));
  return $jtoken.listen((token) => {
    $tokenAvailable.set(usable(token, Date.now()));
  });
});

/** The API client the islands use: same origin (or `PUBLIC_API_URL`), with the stored token as bearer. */
export const api = createApiClient({ baseURL: apiBaseUrl(), token: () => $jtoken.get() || null });

/** The account calls over `api`. */
export const accountApi: AccountApi = createAccountApi(api);

function dropToken(): void {
  $jtoken.set('');
  $tokenAvailable.set(false);
}

/**
 * Spec §5's authorization check against the stored token at `nowMs`: fails when
 * no user name can be read or the token is expired; with `role`, the role claim
 * must equal or contain it. An expired token is removed and the availability
 * signal turns false; an undecodable one is logged ('Invalid token specified')
 * and removed too, since it can never pass.
 */
export function authorize(role?: string, nowMs: number = Date.now()): boolean {
  const token = $jtoken.get();
  if (token === '') return false;
  let claims: UntrustedClaims;
  try {
    claims = decodeToken(token);
  } catch (err) {
    console.error(err instanceof Error ? err.message : INVALID_TOKEN_MESSAGE);
    dropToken();
    return false;
  }
  if (tokenState(claims, nowMs) === 'expired') {
    dropToken();
    return false;
  }
  return isAuthorized(claims, nowMs, role);
}

/** Milliseconds until the stored token expires by spec §4 (its `exp` minus the 5 s margin), or null. */
export function msUntilExpiry(nowMs: number = Date.now()): number | null {
  const user = $user.get();
  if (user === null || user.exp === 0) return null;
  return Math.max(0, (user.exp - 5) * 1000 - nowMs);
}

function goTo(path: string): void {
  if (location.pathname === path) location.reload();
  else location.assign(path);
}

/** What happens after a successful sign-in, besides storing the token. */
export interface LoginOptions {
  /** The page to go to (a path of this site: issue 12); the root (spec §4) when absent or not one. */
  returnTo?: string | null;
  /** Work to finish before leaving the page, such as merging a guest's cart; its failure is logged, not thrown. */
  beforeLeaving?: () => Promise<unknown>;
  /** The second factor's code (TOTP or recovery), when the server asked for one. */
  otp?: string | undefined;
}

/**
 * Signs in (spec §4): posts the credentials (with the account's device token,
 * when this browser keeps one), stores the access token and the new device
 * token, drops the local cart copy of any other account so the cart reloads
 * from the server (a guest's cart is kept, to be merged: issue 12), runs
 * `beforeLeaving`, then goes to `returnTo` or the root. Rejects with the call's
 * `ServiceError` (or `InvalidTokenError` for an unreadable token), storing nothing.
 */
export async function login(email: string, password: string, opts: LoginOptions = {}): Promise<void> {
  const account = normaliseEmailInput(email);
  const answer = await accountApi.token(email, password, deviceTokenFor(storedDeviceTokens(), account), opts.otp);
  decodeToken(answer.access_token);
  if (typeof answer.device_token === 'string' && answer.device_token !== '') {
    $deviceTokens.set(withDeviceToken(storedDeviceTokens(), account, answer.device_token));
  }
  await finishSignIn(answer.access_token, opts);
}

/**
 * Signs in with a token the server gave without a password (a confirmed access code: issue 37),
 * then does what `login` does after its call. Rejects with `InvalidTokenError` for an unreadable token.
 */
export async function signInWithToken(token: string, opts: Omit<LoginOptions, 'otp'> = {}): Promise<void> {
  decodeToken(token);
  await finishSignIn(token, opts);
}

async function finishSignIn(token: string, opts: LoginOptions): Promise<void> {
  $jtoken.set(token);
  if (!isGuestCart(decodeCartState($cartStateCopy.get()))) $cartStateCopy.set(undefined);
  try {
    await opts.beforeLeaving?.();
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
  }
  // A page this account may not open would only ask it to sign in again.
  location.assign(afterSignInPath(opts.returnTo, (role) => authorize(role)));
}

// Where to go back after signing in, kept across register → mail → confirm → sign in (same-site paths only).
const $returnTo = persistentAtom<string | undefined>(RETURN_TO_KEY, undefined, { listen: false });

/**
 * The page the shopper came from, for the sign-in, registration and
 * confirmation pages: the `returnTo` of the address when it is a path of this
 * site (and remembered for the next of those pages), else the one remembered.
 */
export function returnPath(): string | null {
  const asked = safeReturnPath(new URLSearchParams(location.search).get('returnTo'));
  if (asked !== null) {
    $returnTo.set(asked);
    return asked;
  }
  return safeReturnPath($returnTo.get());
}

/** Forgets the remembered page once the shopper has gone back to it. */
export function forgetReturnPath(): void {
  $returnTo.set(undefined);
}

// The signed-in account's full name for the header, `{ id, name }` (read by the first-paint script).
const $profileName = persistentAtom<string | undefined>(PROFILE_KEY, undefined, { listen: false });

/**
 * Keeps the signed-in account's full name for the header (spec §2 shows the
 * name; the token carries only the user name): from Employee details for
 * employees, User details otherwise. A failed read keeps the name claim.
 */
export async function rememberFullName(): Promise<void> {
  const user = $user.get();
  const id = Number(user?.id);
  if (user === null || !Number.isSafeInteger(id)) return;
  try {
    const fullName = user.roles.includes('Employee')
      ? (await accountApi.employeeDetails(id)).FullName
      : (await accountApi.userDetails(id)).FullName;
    setFullName(fullName);
  } catch {
    // The header shows the name claim instead.
  }
}

/** Records the signed-in account's full name (after a profile edit too); an empty one clears it. */
export function setFullName(fullName: string): void {
  const user = $user.get();
  const name = fullName.trim();
  $profileName.set(user === null || name === '' ? undefined : JSON.stringify({ id: user.id, name }));
}

/** Signs out (spec §4): removes the token and the local cart copy, goes to the root and reloads. */
export function logout(): void {
  dropToken();
  $cartStateCopy.set(undefined);
  $profileName.set(undefined);
  goTo('/');
}
