/**
 * The same cart on every device (issue 36): the rule that joins two copies of
 * one account's cart, line by line, on both sides of the wire. Each line keeps
 * its newer change: the server stamps every line with the time it took the
 * line's last change (`LineUpdatedTime`) and keeps a removal time for each line
 * taken out (`RemovedLines`), so a line removed on one device stays removed; a
 * browser stamps each line it changes with its own estimate of the server's
 * clock. Pure functions, no I/O.
 */
import {
  type CartDto,
  type CartItemDto,
  type CartItemStatus,
  type CartState,
  clampQty,
  type RemovedLineDto,
} from './cart.ts';
import type { Substitution } from './substitutions.ts';

/** How long the browser trusts its copy of a signed-in cart before reading the server's again. */
export const CART_FRESH_MS = 60_000;

/** How long the server remembers a removed line. */
export const REMOVAL_KEPT_DAYS = 30;

const key = (line: { ItemID: number; StoreID: number }) => `${line.StoreID}:${line.ItemID}`;

/** True when ISO time `a` is later than `b` (an absent time is the earliest). */
export function later(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined) return false;
  if (b === undefined) return true;
  const x = Date.parse(a);
  const y = Date.parse(b);
  return Number.isNaN(x) || Number.isNaN(y) ? a > b : x > y;
}

/** The server's clock as this browser estimates it, from the offset its last read measured. */
export function serverNow(state: Pick<CartState, 'clockOffset'>, localNow: number = Date.now()): string {
  return new Date(localNow + (state.clockOffset ?? 0)).toISOString();
}

/**
 * True when a signed-in account's copy needs the server's: there is none, it
 * was never read from the server, or it was read more than CART_FRESH_MS ago.
 */
export function isStale(state: CartState, localNow: number = Date.now()): boolean {
  if (state.cart === null || state.syncedTime === undefined) return true;
  const read = Date.parse(state.syncedTime) - (state.clockOffset ?? 0);
  return Number.isNaN(read) || localNow - read > CART_FRESH_MS || localNow < read - CART_FRESH_MS;
}

const changed = (status: CartItemStatus) => status !== 'loaded';

/**
 * The browser's copy `local` joined with the server's answer `server`, read at
 * local time `localNow`:
 * - a line unchanged here (`loaded`) becomes the server's, or goes when the
 *   server no longer has it (removed on another device, or ordered);
 * - a line changed here (added, modified or deleted) is kept, to be saved,
 *   unless the server's line or its removal is newer than the change here: then
 *   the server's side stands;
 * - a line only the server has is added.
 * The result is dirty while changes of this device remain, remembers when the
 * server was read (`syncedTime`) and how far its clock is from this one.
 */
export function mergeWithServer(local: CartState, server: CartDto, localNow: number = Date.now()): CartState {
  const saved = new Map(server.CartItems.map((line) => [key(line), line]));
  const removed = new Map((server.RemovedLines ?? []).map((r) => [key(r), r.RemovedTime]));
  const out: CartItemDto[] = [];
  const seen = new Set<string>();
  const mine = local.cart !== null && local.cart.CartID === server.CartID ? local.cart.CartItems : [];
  const fromServer = (line: CartItemDto): CartItemDto => ({ ...line, Staus: 'loaded' });
  for (const line of mine) {
    const k = key(line);
    seen.add(k);
    const theirs = saved.get(k);
    if (!changed(line.Staus)) {
      if (theirs !== undefined) out.push(fromServer(theirs));
      continue;
    }
    const theirTime = theirs?.LineUpdatedTime ?? removed.get(k);
    if (theirTime !== undefined && !later(line.LineUpdatedTime, theirTime)) {
      if (theirs !== undefined) out.push(fromServer(theirs));
      continue;
    }
    // A removal the server already has needs no saving.
    if (line.Staus === 'deleted' && theirs === undefined) continue;
    // The change here stands, with the catalogue's fields as the server read them.
    out.push(
      theirs === undefined
        ? line
        : {
            ...theirs,
            Qty: line.Qty,
            Staus: line.Staus,
            LineUpdatedTime: line.LineUpdatedTime,
            ...(line.Substitution === undefined ? {} : { Substitution: line.Substitution }),
          },
    );
  }
  for (const line of server.CartItems) if (!seen.has(key(line))) out.push(fromServer(line));
  const { CustomerID, CustomerName, CartID } = server;
  const merged: CartState = {
    cart: { CustomerID, CustomerName, CartID, CartItems: out },
    isDirty: out.some((line) => changed(line.Staus)),
  };
  const read = server.ReadTime === undefined ? Number.NaN : Date.parse(server.ReadTime);
  if (server.ReadTime !== undefined && !Number.isNaN(read)) {
    merged.syncedTime = server.ReadTime;
    merged.clockOffset = read - localNow;
  }
  return merged;
}

/** A saved line as the server keeps it. */
export interface SavedLine {
  ItemID: number;
  StoreID: number;
  Qty: number;
  LineUpdatedTime: string;
  /** The shopper's substitution choice; absent: none made. */
  Substitution?: Substitution | undefined;
}

/** A posted line as the server reads it: its time is the change's (or the server's, echoed back), if sent. */
export interface PostedLine {
  ItemID: number;
  StoreID: number;
  Qty: number;
  Staus: CartItemStatus;
  LineUpdatedTime?: string;
  /** Absent: the client did not send one, and a saved line keeps its own. */
  Substitution?: Substitution | undefined;
}

/** What saving a posted cart comes to: the lines, in order, and the lines it removes, with when. */
export interface SavePlan {
  lines: SavedLine[];
  removed: RemovedLineDto[];
}

const keeps = (line: PostedLine) => line.Qty > 0 && line.Staus !== 'deleted';
const kept = (line: MergeableLine) => line.Qty > 0 && line.Staus !== 'deleted';

/** A device's time for its change, never later than the server's clock (a clock running ahead wins nothing). */
const changeTime = (line: PostedLine, now: string) =>
  line.LineUpdatedTime === undefined || later(line.LineUpdatedTime, now) ? now : line.LineUpdatedTime;

/**
 * The cart the server keeps after a save (`POST /api/cart/Create`) at server
 * time `now`:
 * - without `syncedTime` (a client of spec §7 that knows nothing of times) the
 *   posted lines replace the cart, as the spec says;
 * - with it (this shop's browsers), each line keeps its newer change: a line the
 *   device changed (added, modified, deleted) is applied unless the saved line or
 *   its removal is newer; a line the device did not change (`loaded`) leaves the
 *   saved side as it is (present, or removed since); a saved line the device did
 *   not post (added elsewhere since it read) is kept, since this shop's browsers
 *   post a removal as a `deleted` line.
 * A line whose quantity and substitution do not change keeps its time; a change applied takes
 * the device's time for it (at most `now`), so later comparisons are between
 * the times the changes were made.
 */
export function planSave(
  saved: readonly SavedLine[],
  removals: readonly RemovedLineDto[],
  posted: readonly PostedLine[],
  syncedTime: string | undefined,
  now: string,
): SavePlan {
  const before = new Map(saved.map((line) => [key(line), line]));
  const removedAt = new Map(removals.map((r) => [key(r), r.RemovedTime]));
  const timed = syncedTime !== undefined;
  const lines: SavedLine[] = [];
  const removed: RemovedLineDto[] = [];
  const placed = new Set<string>();
  for (const line of posted) {
    const k = key(line);
    if (placed.has(k)) continue;
    const old = before.get(k);
    const keepOld = () => {
      if (old === undefined) return;
      placed.add(k);
      lines.push(old);
    };
    if (timed && !changed(line.Staus)) {
      keepOld();
      continue;
    }
    const at = timed ? changeTime(line, now) : now;
    const theirTime = old?.LineUpdatedTime ?? removedAt.get(k);
    if (timed && theirTime !== undefined && later(theirTime, at)) {
      keepOld();
      continue;
    }
    if (!keeps(line)) continue;
    placed.add(k);
    const choice = line.Substitution ?? old?.Substitution;
    const same = old !== undefined && old.Qty === line.Qty && old.Substitution === choice;
    const time = same ? old.LineUpdatedTime : at;
    lines.push({
      ItemID: line.ItemID,
      StoreID: line.StoreID,
      Qty: line.Qty,
      LineUpdatedTime: time,
      ...(choice === undefined ? {} : { Substitution: choice }),
    });
  }
  const postedAt = new Map(posted.map((line) => [key(line), line]));
  for (const line of saved) {
    const k = key(line);
    if (placed.has(k)) continue;
    const post = postedAt.get(k);
    if (timed && post === undefined) {
      placed.add(k);
      lines.push(line);
      continue;
    }
    const at = timed && post !== undefined ? changeTime(post, now) : now;
    removed.push({ ItemID: line.ItemID, StoreID: line.StoreID, RemovedTime: at });
  }
  return { lines, removed };
}

/** What merging needs of a line: which item of which store, and how many. */
export interface MergeableLine {
  ItemID: number;
  StoreID: number;
  Qty: number;
  /** An item sold by weight or volume moves in this many g or ml (issue 33); pieces move by 1. */
  Step?: number | undefined;
  Staus?: CartItemStatus;
}

/**
 * A guest's cart lines merged into an account's (issue 12): every line of both is
 * kept; a line both hold (same ItemID + StoreID) keeps the larger quantity and
 * the account's line (with that quantity). The account's lines come first, in
 * their order, then the guest's new ones in theirs. Lines with a quantity of 0 or
 * the status `deleted` are not lines of a cart and are left out. Quantities are
 * clamped to MAX_CART_QTY (pieces) or, in the line's Step, to 100 kg or litres. The inputs are not changed.
 */
export function mergeCartLines<T extends MergeableLine>(account: readonly T[], guest: readonly T[]): T[] {
  const out: T[] = [];
  const at = new Map<string, number>();
  for (const line of [...account.filter(kept), ...guest.filter(kept)]) {
    const key = `${line.StoreID}:${line.ItemID}`;
    const i = at.get(key);
    // A weighed line's Qty is in g or ml, up to 100 kg or litres in its steps; pieces up to MAX_CART_QTY.
    const qty = clampQty(line.Qty, Number.POSITIVE_INFINITY, line.Step ?? 1);
    if (i === undefined) {
      at.set(key, out.length);
      out.push(qty === line.Qty ? line : { ...line, Qty: qty });
      continue;
    }
    const kept = out[i] as T;
    if (qty > kept.Qty) out[i] = { ...kept, Qty: qty };
  }
  return out;
}
