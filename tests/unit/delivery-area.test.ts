import { describe, expect, it } from 'vitest';
import {
  DELIVERS_EVERYWHERE,
  deliveryWords,
  parseDeliverySettings,
  quoteDelivery,
  servesPostalCode,
} from '../../src/lib/domain/delivery-area.ts';

describe('servesPostalCode', () => {
  it.each([
    [['411001'], '411001', true],
    [['411001'], '411002', false],
    [['4110*'], '411045', true],
    [['4110*'], '411145', false],
    [['4*'], '400001', true],
    [['560001', '4110*'], '560001', true],
    [['560001', '4110*'], '560002', false],
    [[], '110001', true],
    [['411001'], ' 411001 ', true],
  ] as const)('%j serves %s: %s', (patterns, pin, served) => {
    expect(servesPostalCode(patterns, pin)).toBe(served);
  });
});

describe('quoteDelivery', () => {
  const rules = {
    postalCodes: ['4110*'],
    fee: 3000,
    minimumOrder: 20000,
    freeAbove: 50000,
    onDeliveryMax: null,
    noOnDeliveryCodes: [],
  };
  it.each([
    ['an unserved PIN code, before anything else', '560001', 100, { kind: 'unserved' }],
    ['below the minimum, with what is missing', '411001', 15050, { kind: 'below-minimum', missing: 4950 }],
    ['at the minimum: the fee and what makes it free', '411001', 20000, { kind: 'ok', fee: 3000, moreForFree: 30000 }],
    ['at the threshold: free', '411001', 50000, { kind: 'ok', fee: 0, moreForFree: null }],
    ['just under the threshold: the fee', '411001', 49999, { kind: 'ok', fee: 3000, moreForFree: 1 }],
  ] as const)('%s', (_name, pin, subtotal, quote) => {
    expect(quoteDelivery(rules, pin, subtotal)).toEqual(quote);
  });

  it('a store without settings delivers everywhere, free, with no minimum', () => {
    expect(quoteDelivery(DELIVERS_EVERYWHERE, '110001', 1)).toEqual({ kind: 'ok', fee: 0, moreForFree: null });
  });

  it('a fee without a threshold is never free', () => {
    expect(quoteDelivery({ ...rules, freeAbove: null }, '411001', 900000)).toEqual({
      kind: 'ok',
      fee: 3000,
      moreForFree: null,
    });
  });

  it('says the fee and what is missing in words a shopper reads', () => {
    expect(deliveryWords({ kind: 'ok', fee: 3000, moreForFree: 12050 }, 'Green Grocer', '411001')).toEqual([
      'Delivery fee Rs 30',
      'Rs 120.50 more for free delivery',
    ]);
    expect(deliveryWords({ kind: 'unserved' }, 'Green Grocer', '560001')).toEqual([
      'Green Grocer does not deliver to 560001.',
    ]);
    expect(deliveryWords({ kind: 'below-minimum', missing: 4950 }, 'Green Grocer', '411001')).toEqual([
      'Add Rs 49.50 more from Green Grocer to reach its minimum order.',
    ]);
  });
});

describe('parseDeliverySettings', () => {
  it('takes rupees with paise exact and keeps each pattern once', () => {
    expect(
      parseDeliverySettings({
        PostalCodes: ['411001', '4110*', '411001'],
        Fee: 30.5,
        MinimumOrder: 200,
        FreeAbove: 500,
      }),
    ).toEqual({
      ok: true,
      rules: {
        postalCodes: ['411001', '4110*'],
        fee: 3050,
        minimumOrder: 20000,
        freeAbove: 50000,
        onDeliveryMax: null,
        noOnDeliveryCodes: [],
      },
    });
    expect(parseDeliverySettings({ PostalCodes: [] })).toEqual({
      ok: true,
      rules: { postalCodes: [], fee: 0, minimumOrder: 0, freeAbove: null, onDeliveryMax: null, noOnDeliveryCodes: [] },
    });
  });

  it('takes a store’s pay-on-delivery cap and the PIN codes without it (issue 32)', () => {
    const parsed = parseDeliverySettings({
      PostalCodes: [],
      OnDeliveryMax: 1500.5,
      NoOnDeliveryPostalCodes: ['5600*', '5600*', '560100'],
    });
    expect(parsed.ok && parsed.rules).toMatchObject({ onDeliveryMax: 150050, noOnDeliveryCodes: ['5600*', '560100'] });
    const bad = parseDeliverySettings({ PostalCodes: [], OnDeliveryMax: -1, NoOnDeliveryPostalCodes: ['56*0'] });
    expect(bad.ok ? {} : bad.errors).toEqual({
      OnDeliveryMax: ['OnDeliveryMax must not be negative.'],
      'NoOnDeliveryPostalCodes[0]': [
        'NoOnDeliveryPostalCodes[0] must be a 6-digit PIN code not starting with 0 ("411001") or 1 to 5 leading digits and * ("4110*").',
      ],
    });
  });

  it('names each field and its rule', () => {
    const result = parseDeliverySettings({
      PostalCodes: ['411001', '41100', '011001', '41*1', 7],
      Fee: -1,
      MinimumOrder: 10.005,
      FreeAbove: 'lots',
    });
    expect(result.ok).toBe(false);
    const errors = result.ok ? {} : result.errors;
    expect(Object.keys(errors).sort()).toEqual([
      'Fee',
      'FreeAbove',
      'MinimumOrder',
      'PostalCodes[1]',
      'PostalCodes[2]',
      'PostalCodes[3]',
      'PostalCodes[4]',
    ]);
    expect(errors.Fee).toEqual(['Fee must not be negative.']);
    expect(errors.MinimumOrder).toEqual(['MinimumOrder must have at most two decimals (paise).']);
    expect(errors['PostalCodes[1]']?.[0]).toMatch(/6-digit PIN code/);
    expect(parseDeliverySettings({ Fee: 1 })).toMatchObject({
      ok: false,
      errors: { PostalCodes: [expect.any(String)] },
    });
  });
});
