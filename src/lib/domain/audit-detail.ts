import { FIELD_LABELS } from './field-labels.ts';
import { formatRupees } from './money.ts';
import { orderStatusWords } from './order-words.ts';
import { parseOrderStatus } from './orders.ts';

/**
 * An audit entry's `Detail` as labelled lines for people (issue 35: no raw field
 * names, money as `Rs 149`): the server answers them as an entry's `Changes`, the
 * log page shows them. Its own module so that the publish banner, on every staff
 * page, does not load it.
 */

/** One line of an entry's detail: `Unit price: Rs 149 → Rs 169`, or `Units returned to stock: 1` (no `From`). */
export interface AuditChange {
  /** The detail's own key, as stored (`UnitPrice`, `unitsReturnedToStock`). */
  Field: string;
  /** The key as people read it (`Unit price`, `Units returned to stock`). */
  Label: string;
  /** The value before, in words; null when the line is a value, not a change. */
  From: string | null;
  /** The value after (or the value), in words. */
  To: string;
}

/** Amounts in rupees as the detail stores them (the item form's and the wire's unit). */
const MONEY = new Set(['UnitPrice', 'FlatDiscount', 'SellingPrice', 'Total', 'Fee', 'MinimumOrder', 'FreeAbove']);
/** Rates in percent. */
const PERCENT = new Set(['Discount', 'Gst']);

/** Labels for detail keys that are not form fields, or whose plain split reads wrong. */
const OWN_LABELS: Readonly<Record<string, string>> = {
  SellingPrice: 'Selling price',
  DbIDs: 'Store databases',
  ItemHidden: 'Hidden',
  unitsReturnedToStock: 'Units returned to stock',
  unitsTakenFromStock: 'Units taken from stock again',
  removedFromCarts: 'Taken out of carts',
  removedFromCustomOrders: 'Taken out of item orders',
  attemptsLeft: 'Attempts left',
  by: 'By',
  ip: 'Address',
};

/** A detail key as people read it: a form's label, or the key's words (`unitsReturnedToStock` → `Units returned to stock`). */
export function auditFieldLabel(key: string): string {
  const known = OWN_LABELS[key] ?? FIELD_LABELS[key];
  if (known !== undefined) return known;
  const words = key
    .replace(/ID(s?)$/, ' id$1')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.]+/g, ' ')
    .trim()
    .toLowerCase();
  return words === '' ? key : `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
}

/** Whole numbers grouped the Indian way (`10,00,000`), with no dependence on the browser's locale data. */
function countText(n: number): string {
  if (!Number.isInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  const grouped =
    digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

/** A detail value in words, by its key: money as `Rs 149`, rates as `5%`, flags as Yes/No, nothing as `none`. */
export function auditValueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (MONEY.has(key)) return formatRupees(value);
    if (PERCENT.has(key)) return `${value}%`;
    return /ID$/.test(key) ? `#${value}` : countText(value);
  }
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map((v) => auditValueText(key, v)).join(', ');
  return JSON.stringify(value);
}

const line = (Field: string, From: string | null, To: string): AuditChange => ({
  Field,
  Label: auditFieldLabel(Field),
  From,
  To,
});

/** Each other key as a labelled value. */
function valueLines(rest: Record<string, unknown>): AuditChange[] {
  return Object.entries(rest).map(([key, value]) => line(key, null, auditValueText(key, value)));
}

/** A status in words (`Out for delivery`); a name no longer used (an old entry's `Packed`) as it was written. */
function statusText(raw: unknown): string {
  const status = typeof raw === 'string' ? parseOrderStatus(raw) : undefined;
  return status === undefined ? String(raw) : orderStatusWords(status);
}

/** An order's move (`order.status`): its status, undo or reopening with the reason, the stock it moved, who. */
function orderMoveLines(detail: Record<string, unknown>): AuditChange[] {
  const { from, to, undo, reopened, reason, by, unitsReturnedToStock, unitsTakenFromStock, ...rest } = detail;
  const out = [line('Status', statusText(from), statusText(to))];
  if (undo === true) out.push({ Field: 'undo', Label: 'Undone', From: null, To: 'Yes' });
  if (reopened === true) {
    out.push({
      Field: 'reopened',
      Label: 'Moved back',
      From: null,
      To: typeof reason === 'string' ? `“${reason}”` : 'Yes',
    });
  }
  for (const [key, n] of [
    ['unitsReturnedToStock', unitsReturnedToStock],
    ['unitsTakenFromStock', unitsTakenFromStock],
  ] as const) {
    if (typeof n === 'number' && n > 0) out.push(line(key, null, countText(n)));
  }
  if (by === 'customer') out.push({ Field: 'by', Label: 'By', From: null, To: 'the customer' });
  return [...out, ...valueLines(rest)];
}

/**
 * An audit entry's `Detail` as labelled lines: each field an edit changed
 * (`Unit price: Rs 149 → Rs 169`), a role change (`Roles: User → Employee, User`),
 * an order's move (`Status: Placed → Cancelled`, `Units returned to stock: 3`),
 * otherwise each key as a value. Empty for an empty detail. Entries of any age
 * read: nothing here depends on when the entry was written.
 */
export function auditChanges(detail: Record<string, unknown>): AuditChange[] {
  const { changed } = detail;
  if (typeof changed === 'object' && changed !== null && !Array.isArray(changed)) {
    const { changed: _changed, ...rest } = detail;
    const edits = Object.entries(changed as Record<string, unknown>).map(([field, change]) => {
      if (typeof change === 'object' && change !== null && 'from' in change && 'to' in change) {
        const { from, to } = change as { from: unknown; to: unknown };
        return line(field, auditValueText(field, from), auditValueText(field, to));
      }
      return line(field, null, auditValueText(field, change));
    });
    return [...edits, ...valueLines(rest)];
  }
  if (typeof detail.from === 'string' && typeof detail.to === 'string') return orderMoveLines(detail);
  const { before, after, role, ...rest } = detail;
  const out: AuditChange[] = [];
  if (typeof role === 'string' && Array.isArray(before) && Array.isArray(after)) {
    out.push(line('role', null, role));
    out.push({
      Field: 'roles',
      Label: 'Roles',
      From: auditValueText('roles', before),
      To: auditValueText('roles', after),
    });
  } else {
    if (role !== undefined) rest.role = role;
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  return [...out, ...valueLines(rest)];
}

/** A line as one text: `Unit price: Rs 149 → Rs 169`. */
export function auditChangeText(c: AuditChange): string {
  return c.From === null ? `${c.Label}: ${c.To}` : `${c.Label}: ${c.From} → ${c.To}`;
}
