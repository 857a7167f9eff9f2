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

const rsFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** `Rs 1,20,000.5`: the currency label of spec §1 with 0 to 2 decimals (spec §9). */
export function formatRs(paise: number): string {
  return `Rs ${rsFormat.format(paiseToRupees(paise))}`;
}
