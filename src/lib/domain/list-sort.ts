/**
 * The `sort` parameter of spec §7's lists, read in one place for the API (which
 * sorts by it) and the staff pages (which show and cycle it).
 */

/** A list's order: a field of the list's answer, ascending or descending. */
export interface ListSort {
  field: string;
  descending: boolean;
}

/** `Field`, `-Field`, or `Field asc` / `Field desc` (a space or colon between, any case). */
const SORT = /^(-)?([A-Za-z_]+)(?:[\s:]+(asc|desc))?$/i;

/**
 * Reads a `sort` parameter into its field (as written; lists match it
 * case-insensitively) and direction. `null` for an empty one (the list's own
 * default order); `undefined` for text that is not a sort.
 */
export function parseSort(sort: string): ListSort | null | undefined {
  const text = sort.trim();
  if (text === '') return null;
  const m = SORT.exec(text);
  if (m === null || m[2] === undefined) return undefined;
  return { field: m[2], descending: m[1] === '-' || m[3]?.toLowerCase() === 'desc' };
}
