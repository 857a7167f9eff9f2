/**
 * The one rule for ids, wherever they arrive (paths, queries, JSON bodies,
 * CustomOrder lists, carts): a whole number from 1 to 2,147,483,647, the range
 * of PostgreSQL's `integer` columns. SQLite would store more, but an id the
 * shop answers on one engine must be answered alike on the other, so nothing
 * outside the range ever reaches a query.
 */
export const ID_MIN = 1;
export const ID_MAX = 2_147_483_647;

/** The rule as it reads in an error: `CategoryID must be …`. */
export const ID_RULE = `must be a whole number from ${ID_MIN} to ${ID_MAX}`;

/** True for a number within the id range. */
export function isId(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= ID_MIN && v <= ID_MAX;
}

export type IdReading =
  | { kind: 'ok'; id: number }
  /** Absent, null or empty text. */
  | { kind: 'missing' }
  /** Not a whole number at all (`abc`, `1.5`, `-3`, `0`). */
  | { kind: 'malformed' }
  /** A whole number, but beyond `ID_MAX`: no row can have it. */
  | { kind: 'out-of-range' };

/**
 * Reads an id given as a JSON number or as digits in text (surrounding spaces
 * allowed, as form inputs send them). Never loses precision: a long run of
 * digits is judged by its length before it is turned into a number.
 */
export function readId(v: unknown): IdReading {
  if (v === undefined || v === null) return { kind: 'missing' };
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < ID_MIN) return { kind: 'malformed' };
    return v > ID_MAX ? { kind: 'out-of-range' } : { kind: 'ok', id: v };
  }
  if (typeof v !== 'string') return { kind: 'malformed' };
  const text = v.trim();
  if (text === '') return { kind: 'missing' };
  if (!/^\d+$/.test(text)) return { kind: 'malformed' };
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits === '0') return { kind: 'malformed' };
  if (digits.length > 10) return { kind: 'out-of-range' };
  const n = Number(digits);
  return n > ID_MAX ? { kind: 'out-of-range' } : { kind: 'ok', id: n };
}

/** The id, or undefined when `v` is not one in range. */
export function idOrUndefined(v: unknown): number | undefined {
  const r = readId(v);
  return r.kind === 'ok' ? r.id : undefined;
}
