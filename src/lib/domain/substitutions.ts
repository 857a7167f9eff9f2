/**
 * Substitutions the shopper chose and what packing sends (issue 33, items 2 and 3): the
 * choice a cart line and its order line carry, how a best match is picked, and what a
 * packed line costs. Pure functions, no I/O; the server, the cart island and the packing
 * screen share them.
 */

import type { SoldBy } from './measure.ts';
import { lineTotal } from './pricing.ts';

/** What the shopper asks for when a line's item cannot be sent: nothing, the packer's best match, or one item. */
export type Substitution = 'None' | 'BestMatch' | number;

/**
 * The choice of a line that carries none (a cart or an order from before substitutions):
 * "Don't replace". Sending something the shopper never agreed to (another brand, an
 * allergen) is worse than sending a line short, so only a choice the shopper made lets a
 * packer replace.
 */
export const DEFAULT_SUBSTITUTION: Substitution = 'None';

export const SUBSTITUTION_RULE = 'must be "None", "BestMatch" or the ItemID of another item of the same section';

/** A posted choice: the choice, undefined when absent, or null when it is not one. */
export function parseSubstitution(raw: unknown): Substitution | undefined | null {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  if (typeof raw !== 'string') return null;
  const text = raw.trim();
  if (/^none$/i.test(text)) return 'None';
  if (/^bestmatch$/i.test(text)) return 'BestMatch';
  if (/^[0-9]{1,15}$/.test(text)) {
    const id = Number(text);
    return Number.isSafeInteger(id) && id > 0 ? id : null;
  }
  return null;
}

/** The column text of a choice ('None', 'BestMatch' or the item id as digits). */
export function substitutionText(choice: Substitution): string {
  return typeof choice === 'number' ? String(choice) : choice;
}

/** A choice read back from its column; anything else is the default. */
export function substitutionOf(text: string | null | undefined): Substitution {
  const parsed = parseSubstitution(text ?? undefined);
  return parsed === undefined || parsed === null ? DEFAULT_SUBSTITUTION : parsed;
}

/** The words a shopper reads for a choice (an item's title when the choice is one item). */
export function substitutionWords(choice: Substitution, itemTitle?: string): string {
  if (choice === 'None') return "Don't replace";
  if (choice === 'BestMatch') return 'Best match';
  return itemTitle === undefined ? `Item ${choice}` : `Replace with ${itemTitle}`;
}

/**
 * A cart line's closed "If out of stock" control: its words, and its accessible name,
 * the visible words first and then the item (the same on the cart page's plain copy and the React panel, which
 * hands the focus over by it). A chosen item reads by `chosenTitle` when known.
 */
export function substitutionLabel(
  line: { ItemTitle: string; Substitution?: Substitution | undefined },
  chosenTitle?: string,
): { choice: string; label: string } {
  const choice = line.Substitution ?? DEFAULT_SUBSTITUTION;
  const words =
    typeof choice === 'number' ? substitutionWords(choice, chosenTitle ?? 'a chosen item') : substitutionWords(choice);
  return { choice: words, label: `If out of stock: ${words}, for ${line.ItemTitle}` };
}

/** An item a replacement may be drawn from: same store and section as the asked one. */
export interface Candidate {
  ItemID: number;
  ItemTitle: string;
  /** Paise. */
  SellingPrice: number;
  Stock: number;
}

const words = (title: string) => new Set(title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** How alike two titles read: shared words over all words (Jaccard), 0 to 1. */
export function titleSimilarity(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/**
 * The candidates in best-match order for an asked item (price in paise, quantity): only
 * those with stock for the whole quantity, then the closest price per unit, then the most
 * alike title, then the lowest ItemID (so the rule always gives one answer).
 */
export function rankCandidates(
  asked: { ItemID: number; ItemTitle: string; SellingPrice: number },
  qty: number,
  candidates: readonly Candidate[],
): Candidate[] {
  return candidates
    .filter((c) => c.ItemID !== asked.ItemID && c.Stock >= qty)
    .map((c) => ({
      c,
      price: Math.abs(c.SellingPrice - asked.SellingPrice),
      title: titleSimilarity(c.ItemTitle, asked.ItemTitle),
    }))
    .sort((a, b) => a.price - b.price || b.title - a.title || a.c.ItemID - b.c.ItemID)
    .map((r) => r.c);
}

/** What a packer found for a line. */
export type PackOutcome = 'Packed' | 'Short' | 'Replaced';
export const PACK_OUTCOMES: readonly PackOutcome[] = ['Packed', 'Short', 'Replaced'];

/** A line as it was asked: the item, its price per unit in paise and the quantity. */
export interface AskedLine {
  itemId: number;
  sellingPrice: number;
  qty: number;
  /** How `qty` counts (issue 33 item 1): pieces, or g/ml with the price per kg or litre. */
  soldBy?: SoldBy | undefined;
}

/** What is sent for a line: which item, how many, and what each unit costs the shopper, in paise. */
export interface SentLine {
  itemId: number;
  qty: number;
  price: number;
  /** How `qty` counts: the asked line's way (a replacement is sold the way the asked item is). */
  soldBy?: SoldBy | undefined;
}

/** The packer's decision for one line; `qty` is the units found or sent, `replacement` the sent item's price. */
export type PackDecision =
  | { outcome: 'Packed' }
  | { outcome: 'Short'; qty: number }
  | { outcome: 'Replaced'; itemId: number; qty: number; replacementPrice: number };

/**
 * What one line sends and costs (the one place a line is re-priced at packing, so lines of
 * other kinds join here): packed, the line as asked; short, the units found at the asked
 * price; replaced, the replacement's units at its own price or the asked price, whichever
 * is lower, so a replacement never costs the shopper more per unit than what they asked
 * for, and never more units than they asked for.
 */
/** A weighed or measured line keeps its way of counting; a line of pieces names none. */
function soldByOf(asked: AskedLine): { soldBy?: SoldBy } {
  return asked.soldBy === undefined || asked.soldBy === 'ByUnit' ? {} : { soldBy: asked.soldBy };
}

export function sentLine(asked: AskedLine, decision: PackDecision): SentLine {
  switch (decision.outcome) {
    case 'Packed':
      return { itemId: asked.itemId, qty: asked.qty, price: asked.sellingPrice, ...soldByOf(asked) };
    case 'Short':
      return { itemId: asked.itemId, qty: decision.qty, price: asked.sellingPrice, ...soldByOf(asked) };
    case 'Replaced':
      return {
        itemId: decision.itemId,
        qty: decision.qty,
        price: Math.min(decision.replacementPrice, asked.sellingPrice),
        ...soldByOf(asked),
      };
  }
}

/**
 * An order's total after packing, in paise: the sent lines, the delivery fee as charged,
 * less the coupon's discount as placed but never more than the sent lines' sum.
 */
export function packedTotal(sent: readonly SentLine[], deliveryFee: number, discount: number): number {
  const items = sent.reduce((sum, l) => sum + lineTotal(l.price, l.qty, l.soldBy ?? 'ByUnit'), 0);
  return items - Math.min(discount, items) + deliveryFee;
}
