/**
 * An audit entry's `Detail` in words, for the staff log page (issue 35: no raw field names).
 * Its own module so that the publish banner, on every staff page, does not load it.
 */

function valueText(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * An audit entry's `Detail` in a line of words: `Availability 40 → 7; ItemHidden
 * false → true` for an edit, `role Admin (Employee → Admin, Employee)` for a role
 * change, otherwise its fields as `key: value`. Empty for an empty detail.
 */
export function describeAuditDetail(detail: Record<string, unknown>): string {
  const changed = detail.changed;
  if (typeof changed === 'object' && changed !== null && !Array.isArray(changed)) {
    return Object.entries(changed as Record<string, unknown>)
      .map(([field, change]) => {
        if (typeof change === 'object' && change !== null && 'from' in change && 'to' in change) {
          const { from, to } = change as { from: unknown; to: unknown };
          return `${field} ${valueText(from)} → ${valueText(to)}`;
        }
        return `${field} ${valueText(change)}`;
      })
      .join('; ');
  }
  if (typeof detail.from === 'string' && typeof detail.to === 'string') return describeOrderMove(detail);
  const { before, after, role, ...rest } = detail;
  const parts: string[] = [];
  if (typeof role === 'string' && Array.isArray(before) && Array.isArray(after)) {
    const list = (roles: unknown[]) => (roles.length === 0 ? 'no role' : roles.join(', '));
    parts.push(`role ${role} (${list(before)} → ${list(after)})`);
  } else {
    if (role !== undefined) rest.role = role;
    if (before !== undefined) rest.before = before;
    if (after !== undefined) rest.after = after;
  }
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${valueText(value)}`);
  return parts.join('; ');
}

/**
 * An order's move (`order.status`) in words: `Placed → Cancelled; 3 units back in stock`,
 * `Cancelled → Placed, undone; 3 units taken from stock again`, `Delivered → Packed, moved
 * back: "Left at the wrong door"`, `…; by the customer` (issue 35: no raw field names).
 */
function describeOrderMove(detail: Record<string, unknown>): string {
  const { from, to, undo, reopened, reason, by, unitsReturnedToStock, unitsTakenFromStock, ...rest } = detail;
  let move = `${String(from)} → ${String(to)}`;
  if (undo === true) move += ', undone';
  if (reopened === true) move += `, moved back${typeof reason === 'string' ? `: “${reason}”` : ''}`;
  const parts = [move];
  const units = (n: unknown, text: string) => {
    if (typeof n === 'number' && n > 0)
      parts.push(`${n.toLocaleString('en-IN')} ${n === 1 ? 'unit' : 'units'} ${text}`);
  };
  units(unitsReturnedToStock, 'back in stock');
  units(unitsTakenFromStock, 'taken from stock again');
  if (by === 'customer') parts.push('by the customer');
  for (const [key, value] of Object.entries(rest)) parts.push(`${key}: ${valueText(value)}`);
  return parts.join('; ');
}
