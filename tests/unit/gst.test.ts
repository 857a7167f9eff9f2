import { describe, expect, it } from 'vitest';
import { amountInWords, numberInWords } from '../../src/lib/domain/amount-words.ts';
import { storeForm } from '../../src/lib/domain/catalogue-forms.ts';
import { validatePatch } from '../../src/lib/domain/form-validation.ts';
import {
  financialYearOf,
  gstinCheckChar,
  gstinProblem,
  INVOICE_NUMBER_MAX,
  invoiceNumber,
  stateCodeOf,
} from '../../src/lib/domain/gst.ts';
import { creditNoteOf, partCreditNoteOf, taxableOf, taxInvoice } from '../../src/lib/domain/tax-invoice.ts';

describe('amount in words (Indian numbering)', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
    [100, 'Rupees One Only'],
    [1_101, 'Rupees Eleven and One Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [100_000, 'Rupees One Thousand Only'],
    [12_345_678, 'Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Seventy Eight Paise Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [123_456_789_00, 'Rupees Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Only'],
  ])('%i paise is %s', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('counts crores of crores', () => {
    expect(numberInWords(1_000_000_000_000)).toBe('One Lakh Crore');
  });
});

describe('GSTIN', () => {
  it('computes the check character of real GSTINs (Luhn mod 36)', () => {
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckChar('29AAGCB7383J1Z')).toBe('4');
  });

  it('says why a GSTIN is not one', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBe('');
    expect(gstinProblem('27AAPFU0939F1ZX')).toContain('its check character is V');
    expect(gstinProblem('27AAPFU0939F1Z')).toContain('format');
    expect(gstinProblem('99AAPFU0939F1ZV')).toContain('not a GST state code');
  });

  it('refuses a store whose state is not its GSTIN’s, and accepts one in lower case', () => {
    const current = { ...storeForm.defaults, CategoryID: 1, StoreTitle: 'S' } as never;
    expect(validatePatch(storeForm, { Gstin: '27aapfu0939f1zv', StateCode: '29' }, current)).toEqual({
      ok: false,
      errors: { StateCode: ['StateCode must be the state of Gstin (27), not 29.'] },
    });
    expect(validatePatch(storeForm, { Gstin: '27aapfu0939f1zv', StateCode: '27' }, current)).toEqual({
      ok: true,
      value: { Gstin: '27AAPFU0939F1ZV', StateCode: '27' },
    });
  });
});

describe('states, financial years and numbers', () => {
  it('reads a State by name, abbreviation or code', () => {
    expect(
      ['Maharashtra', ' maharashtra ', 'MH', '27', 'Orissa', 'J&K', 'New Delhi', 'Narnia'].map(stateCodeOf),
    ).toEqual(['27', '27', '27', '27', '21', '01', '07', undefined]);
  });

  it('starts the financial year on 1 April in India’s time', () => {
    expect(financialYearOf('2026-03-31T18:29:59Z')).toBe('2025-26');
    expect(financialYearOf('2026-03-31T18:30:00Z')).toBe('2026-27');
    expect(financialYearOf('2099-12-31T00:00:00Z')).toBe('2099-00');
  });

  it('writes numbers of at most 16 characters', () => {
    expect(invoiceNumber('Invoice', 12, '2026-27', 123)).toBe('S12/26-27/000123');
    expect(invoiceNumber('CreditNote', 4, '2026-27', 7)).toBe('C4/26-27/000007');
    expect(invoiceNumber('Invoice', 12_345, '2026-27', 9).length).toBeLessThanOrEqual(INVOICE_NUMBER_MAX);
  });
});

describe('a tax invoice', () => {
  const base = {
    kind: 'Invoice' as const,
    number: 'S1/26-27/000001',
    issuedAt: '2026-11-27T10:00:00Z',
    orderId: 9,
    seller: { storeId: 1, name: 'Green Grocer', address: [], gstin: '27AAPFU0939F1ZV', stateCode: '27' },
    buyer: { name: 'Asha', address: ['Pune'] },
    lines: [
      { description: 'Apple', hsn: '0808', qty: 3, sellingPrice: 11_340, gstBps: 500 },
      { description: 'Soap', hsn: '3401', qty: 1, sellingPrice: 5_311, gstBps: 1800 },
      { description: 'Rice', hsn: '1006', qty: 7, sellingPrice: 999, gstBps: 0 },
    ],
    deliveryFee: 3_000,
  };

  it('adds up to what was charged to the paisa, within a state and across states', () => {
    for (const state of ['Maharashtra', 'Karnataka']) {
      const inv = taxInvoice({ ...base, buyerState: state });
      expect(inv.totals.amount).toBe(34_020 + 5_311 + 6_993 + 3_000);
      expect(inv.totals.taxable + inv.totals.cgst + inv.totals.sgst + inv.totals.igst).toBe(inv.totals.amount);
      for (const l of inv.lines) expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.amount);
      expect(inv.summary.map((s) => s.rateBps)).toEqual([0, 500, 1800]);
      expect(inv.summary.reduce((sum, s) => sum + s.amount, 0)).toBe(inv.totals.amount);
    }
    const within = taxInvoice({ ...base, buyerState: 'MH' });
    expect(within.totals.igst).toBe(0);
    // Soap's Rs 8.10 of tax splits 4.05 / 4.05; an odd paisa goes to CGST.
    expect(within.lines[1]).toMatchObject({ taxable: 4_501, cgst: 405, sgst: 405 });
    const across = taxInvoice({ ...base, buyerState: 'Karnataka' });
    expect(across.totals.cgst + across.totals.sgst).toBe(0);
    expect(across.placeOfSupply).toEqual({ code: '29', name: 'Karnataka' });
  });

  it('credits part of an invoice over its lines in proportion, taxes split at each line’s rate, to the paisa', () => {
    for (const state of ['MH', 'Karnataka']) {
      const inv = { ...taxInvoice({ ...base, buyerState: state }), number: 'S1/26-27/000007' };
      const note = partCreditNoteOf(inv, 10_001, '2026-05-02T10:00:00.000Z');
      expect(note).toMatchObject({ kind: 'CreditNote', against: 'S1/26-27/000007', interState: inv.interState });
      expect(note.totals.amount).toBe(10_001);
      for (const l of note.lines) {
        expect(l.taxable + l.cgst + l.sgst + l.igst).toBe(l.amount);
        expect(l.taxable).toBe(taxableOf(l.amount, l.rateBps));
      }
      expect(note.summary.reduce((sum, r) => sum + r.amount, 0)).toBe(10_001);
      expect(note.words).toBe(amountInWords(10_001));
      // The largest line takes the largest part; none more than it was charged.
      for (const l of note.lines) {
        expect(l.amount).toBeLessThanOrEqual(inv.lines.find((i) => i.description === l.description)?.amount ?? 0);
      }
      // Asked for more than the invoice: it is credited in full, no more.
      expect(partCreditNoteOf(inv, 10_000_000, inv.issuedAt).totals.amount).toBe(inv.totals.amount);
    }
  });

  it('makes the delivery fee a line of SAC 996812 at 18 %', () => {
    const inv = taxInvoice({ ...base, buyerState: 'MH' });
    expect(inv.lines.at(-1)).toMatchObject({
      hsn: '996812',
      rateBps: 1800,
      amount: 3_000,
      taxable: taxableOf(3_000, 1800),
    });
  });

  it('credits an invoice in full under its own number', () => {
    const inv = taxInvoice({ ...base, buyerState: 'MH' });
    const note = creditNoteOf(inv, 'C1/26-27/000001', '2026-11-28T10:00:00Z');
    expect(note).toMatchObject({ kind: 'CreditNote', against: inv.number, totals: inv.totals, words: inv.words });
  });
});
