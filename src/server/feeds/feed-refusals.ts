import { FEED_PRICE_LIMIT_BPS, type ScopedLine } from '../../lib/domain/feed-rules.ts';
import { paiseToRupees } from '../../lib/domain/money.ts';
import { AppError, type ModelState } from '../errors.ts';
import type { FeedLine } from './feed-lines.ts';

// The answers refusing a whole feed: lines writing another store (403), and UnitPrice
// changes past the limit without "Confirm": true (400).

const LIMIT_PERCENT = FEED_PRICE_LIMIT_BPS / 100;

/** A UnitPrice change past the limit that a line did not confirm. */
export interface BigChange {
  line: number;
  itemId: number;
  /** Paise. */
  before: number;
  after: number;
}

/** A refused line as the audit log names it. */
export function lineOf(lines: FeedLine[]) {
  return (l: ScopedLine) => ({
    Line: l.line,
    ItemID: lines[l.line]?.ItemID ?? null,
    StoreID: l.storeId,
    ProductCode: lines[l.line]?.ProductCode ?? null,
  });
}

function plural(n: number, one: string, many: string): string {
  return n === 1 ? `1 ${one}` : `${n} ${many}`;
}

/** The 403 for lines writing stores the key may not write, each named. */
export function otherStores(outside: ScopedLine[], lines: FeedLine[], stores: number[]): AppError {
  const modelState: ModelState = {};
  for (const o of outside) {
    const l = lines[o.line] as FeedLine;
    const at = `Lines[${o.line}]`;
    modelState[l.ItemID === undefined ? `${at}.StoreID` : `${at}.ItemID`] = [
      l.ItemID === undefined
        ? `${at}: this feed key may not write store ${o.storeId}.`
        : `${at}: item ${l.ItemID} is in store ${o.storeId}, which this feed key may not write.`,
    ];
  }
  const mine = stores.length === 0 ? 'no store' : `only store${stores.length === 1 ? '' : 's'} ${stores.join(', ')}`;
  return new AppError(
    403,
    'forbidden',
    `This feed key may write ${mine}; ${plural(outside.length, 'line writes', 'lines write')} another store (${outside
      .slice(0, 20)
      .map((o) => `line ${o.line}`)
      .join(
        ', ',
      )}${outside.length > 20 ? ', …' : ''}). Nothing was applied. An Admin can create a key for those stores on the Feed clients page.`,
    { modelState },
  );
}

/** The 400 for unconfirmed UnitPrice changes of more than the limit, each named with its prices. */
export function bigPriceChanges(changes: BigChange[]): AppError {
  const modelState: ModelState = {};
  for (const b of changes) {
    const at = `Lines[${b.line}]`;
    const by =
      b.before > 0
        ? ` (${b.after > b.before ? '+' : '−'}${Math.round((Math.abs(b.after - b.before) * 100) / b.before)} %)`
        : '';
    modelState[`${at}.UnitPrice`] = [
      `${at}: UnitPrice of item ${b.itemId} moves from ${paiseToRupees(b.before)} to ${paiseToRupees(b.after)}${by}, more than ${LIMIT_PERCENT} % in one feed; add "Confirm": true to the line if it is meant.`,
    ];
  }
  return AppError.badRequest(
    `${plural(changes.length, 'line changes', 'lines change')} a UnitPrice by more than ${LIMIT_PERCENT} % without "Confirm": true; nothing was applied.`,
    modelState,
  );
}
