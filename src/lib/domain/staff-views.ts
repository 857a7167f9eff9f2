/**
 * Pure helpers behind the staff pages: list sorting as spec §7's `sort`
 * parameter spells it, paging summaries, moving a row in a display order and a
 * build's progress. Audit entries in words are `audit-detail.ts` (only the log loads
 * them); the item form's price preview is `price-preview.ts` (it needs the zod
 * schemas, which this module keeps out). No I/O: the admin islands call these and
 * the unit tests pin them.
 */
import { parseSort } from './list-sort.ts';

/** What `aria-sort` says about one column. */
export type SortDirection = 'ascending' | 'descending' | 'none';

/** How a list sorted by `sort` stands on `field`, for the column header's `aria-sort`. */
export function sortDirection(sort: string, field: string): SortDirection {
  const parsed = parseSort(sort);
  if (parsed === null || parsed === undefined || parsed.field.toLowerCase() !== field.toLowerCase()) return 'none';
  return parsed.descending ? 'descending' : 'ascending';
}

/**
 * The `sort` after a click on `field`'s header: ascending first, then
 * descending, then back to the list's default order (`''`).
 */
export function nextSort(sort: string, field: string): string {
  const now = sortDirection(sort, field);
  if (now === 'none') return field;
  if (now === 'ascending') return `-${field}`;
  return '';
}

/** How many pages `total` rows make at `limit` a page (at least one, so an empty list has page 1 of 1). */
export function pageCount(total: number, limit: number): number {
  if (limit <= 0) return 1;
  return Math.max(1, Math.ceil(total / limit));
}

/** `Showing 21–40 of 300` for page 1 (0-based) at 20 a page; `No rows` for an empty list. */
export function pageSummary(page: number, limit: number, total: number, noun = 'rows'): string {
  if (total <= 0) return `No ${noun}`;
  const first = Math.min(total, page * limit + 1);
  const last = Math.min(total, (page + 1) * limit);
  return `Showing ${first}–${last} of ${total.toLocaleString('en-IN')} ${noun}`;
}

/** A copy of `list` with the entry at `from` moved to `to` (both clamped into the list). */
export function moveEntry<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const target = Math.max(0, Math.min(out.length - 1, to));
  const [moved] = out.splice(from, 1);
  if (moved !== undefined) out.splice(target, 0, moved);
  return out;
}

/** The part of a site build that is done, from 0 to 1, or null when the build has not said how far it is. */
export function buildFraction(build: { Done: number; Total: number }): number | null {
  if (!(build.Total > 0) || !Number.isFinite(build.Done)) return null;
  return Math.max(0, Math.min(1, build.Done / build.Total));
}

/** The image types content storage takes (docs/api.md "Images"), judged again by the server from the bytes. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest image content storage takes: 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** Why a picked file cannot be uploaded as a picture (its type or size), or null when it may be. */
export function imageFileProblem(file: { type: string; size: number; name: string }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a PNG, JPEG or WebP image: choose a picture in one of those formats.`;
  }
  if (file.size > IMAGE_MAX_BYTES) {
    return `${file.name} (${(file.size / 1024 / 1024).toFixed(1)} MB) is too large: an image may be at most 2 MB.`;
  }
  return null;
}

/**
 * A stock typed into the items table's Stock column: the whole number it means, or the
 * message the cell shows under it, naming the column as it is headed and the bound as
 * the shop writes numbers (`10,00,000`).
 */
export function stockCellValue(
  text: string,
  max: number,
): { ok: true; value: number } | { ok: false; message: string } {
  const trimmed = text.trim().replaceAll(',', '');
  const value = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (Number.isSafeInteger(value) && value <= max) return { ok: true, value };
  return {
    ok: false,
    message: `Stock must be a whole number from 0 to ${max.toLocaleString('en-IN')}; “${text.trim()}” is not.`,
  };
}

/** What each phase of a build (`Build.Phase`) is doing, in words for the publish banner. */
const PHASE_WORDS: Readonly<Record<string, string>> = {
  starting: 'Getting ready',
  api: 'Getting ready',
  catalogue: 'Reading the catalogue',
  render: 'Writing the pages',
  rendering: 'Writing the pages',
  live: 'Putting the new pages live',
  search: 'Updating the search',
  done: 'Done',
  failed: 'Failed',
};

/** A build's phase as the banner says it: `Writing the pages`; a phase this version does not know, capitalised. */
export function phaseWords(phase: string): string {
  const known = PHASE_WORDS[phase.toLowerCase()];
  if (known !== undefined) return known;
  return phase === '' ? 'Working' : phase.charAt(0).toUpperCase() + phase.slice(1);
}
