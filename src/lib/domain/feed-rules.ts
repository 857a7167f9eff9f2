/**
 * What a feed key may do: the stores it writes, until when, and how far one
 * feed may move a price without the till saying it means it.
 */

/** The largest UnitPrice change one feed may make without `"Confirm": true`, in basis points of the price before. */
export const FEED_PRICE_LIMIT_BPS = 5000;

/** The most stores one feed key may name. */
export const FEED_KEY_MAX_STORES = 1000;

/** A feed client as the Admin's page lists it (`GET /api/FeedClient/ReadAll`; never the key). */
export interface FeedClientDto {
  FeedClientID: number;
  Name: string;
  /** The key's first characters, to tell keys apart. */
  KeyPrefix: string;
  CreatedAt: string;
  CreatedBy: string;
  RevokedAt: string | null;
  LastUsedAt: string | null;
  /** The StoreIDs the key may write, ascending. */
  Stores: number[];
  /** When the key stops working (ISO 8601); null: never. */
  ExpiresAt: string | null;
}

/**
 * Whether moving a UnitPrice from `before` to `after` (paise) is more than
 * `FEED_PRICE_LIMIT_BPS` up or down. Any change from a price of 0 is big: there
 * is no price to measure it against.
 */
export function isBigPriceChange(before: number, after: number): boolean {
  if (after === before) return false;
  if (before <= 0) return true;
  return Math.abs(after - before) * 10_000 > before * FEED_PRICE_LIMIT_BPS;
}

/** One feed line as the store check sees it: the store it writes, or null when it names no item. */
export interface ScopedLine {
  line: number;
  storeId: number | null;
}

/** The lines that write a store the key may not write, in line order (lines naming no item write nothing). */
export function linesOutsideStores(lines: readonly ScopedLine[], allowed: ReadonlySet<number>): ScopedLine[] {
  return lines.filter((l) => l.storeId !== null && !allowed.has(l.storeId)).sort((a, b) => a.line - b.line);
}

/** Why a key is refused at `now` (ms), or null when it may call the feed. */
export function feedKeyRefusal(
  key: { revokedAt: string | null; expiresAt: string | null },
  now: number,
): 'revoked' | 'expired' | null {
  if (key.revokedAt !== null) return 'revoked';
  if (key.expiresAt !== null && Date.parse(key.expiresAt) <= now) return 'expired';
  return null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i;

/** An ISO 8601 date and time with `Z` or an offset, as ms; null for anything else (a date alone is ambiguous). */
export function parseInstant(text: string): number | null {
  if (!INSTANT.test(text.trim())) return null;
  const ms = Date.parse(text.trim());
  return Number.isFinite(ms) ? ms : null;
}
