/**
 * Money is integer paise everywhere inside Aisle; rupees with two decimals only
 * on the wire and at display. Percentages are integer basis points (1 % = 100).
 */

/** Rupees as sent on the wire (120.5) to paise (12050). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** Paise (12050) to rupees for the wire (120.5). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** A percent as sent on the wire (12.5) to basis points (1250). */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points (1250) to a percent for the wire (12.5). */
export function bpsToPercent(bps: number): number {
  return bps / 100;
}

/** Whole rupees in Indian digit grouping: the last three digits, then pairs (`12,34,567`). */
function groupIndian(rupees: number): string {
  const digits = String(rupees);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  return `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;
}

/**
 * The one way Aisle writes an amount of money as text (issue 36): `Rs` (spec §1), Indian
 * digit grouping, and two decimals whenever there are paise (`Rs 640.50`, `Rs 12,34,567.50`);
 * whole rupees drop them (`Rs 640`, `Rs 1,00,000`), as spec §9's 0 to 2 decimals allow.
 * A part of a paisa is rounded away first; a negative amount reads `-Rs 20.50`.
 * Machine formats (JSON, CSV for re-import, JSON-LD, form inputs) keep plain numbers.
 */
export function formatRs(paise: number): string {
  const whole = Math.round(paise);
  const abs = Math.abs(whole);
  const rupees = Math.floor(abs / 100);
  const rest = abs % 100;
  const text = `Rs ${groupIndian(rupees)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
  return whole < 0 ? `-${text}` : text;
}

/** `formatRs` of an amount in rupees as the wire carries it (`640.5` → `Rs 640.50`). */
export function formatRupees(rupees: number): string {
  return formatRs(rupeesToPaise(rupees));
}
