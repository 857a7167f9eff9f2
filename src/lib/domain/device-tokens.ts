/**
 * Device tokens as the API and the browser share them: `POST /token` answers
 * one beside the access token, and the browser sends it back with its next
 * sign-ins to that account, so the sign-in throttle knows the device
 * (`src/server/auth/device-tokens.ts`). The browser keeps one per account it
 * signed in to, in localStorage under `DEVICE_TOKENS_KEY` (`storage-keys.ts`).
 */

/** The `POST /token` form field that carries a device token, and the answer's field that gives one. */
export const DEVICE_TOKEN_FIELD = 'device_token';

/** The most accounts one browser keeps a device token for; the latest sign-ins are kept. */
export const DEVICE_TOKENS_MAX = 5;

/** E-mail address (lower case) → that account's device token, oldest sign-in first. */
export type DeviceTokens = Readonly<Record<string, string>>;

/** Reads the stored tokens; anything damaged or foreign reads as none (a lost token only costs the exemption). */
export function decodeDeviceTokens(stored: unknown): DeviceTokens {
  if (typeof stored !== 'string') return {};
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return {};
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
}

/** The device token kept for `email`, if any. */
export function deviceTokenFor(tokens: DeviceTokens, email: string): string | undefined {
  return Object.hasOwn(tokens, email) ? tokens[email] : undefined;
}

/** `tokens` with `email`'s token replaced by `token` as the newest, keeping the newest `DEVICE_TOKENS_MAX`. */
export function withDeviceToken(tokens: DeviceTokens, email: string, token: string): DeviceTokens {
  const entries = Object.entries(tokens).filter(([e]) => e !== email);
  entries.push([email, token]);
  return Object.fromEntries(entries.slice(-DEVICE_TOKENS_MAX));
}
