import { describe, expect, it } from 'vitest';
import { isPaymentMethod, onDeliveryRefusal } from '../../src/lib/domain/payments.ts';

// Issue 32: whether an order may be paid on delivery, as a table.
describe('pay on delivery', () => {
  const rules = { storeTitle: 'Green Grocer', max: 200_000, refusedCodes: ['5600*', '411001'] };

  it.each([
    ['within the cap at a PIN code the store takes', '411002', 200_000, undefined],
    [
      'over the cap by a paisa',
      '411002',
      200_001,
      'PaymentMethod OnDelivery is allowed up to Rs 2,000 an order at Green Grocer; this order comes to Rs 2,000.01: choose another way to pay.',
    ],
    [
      'at a refused prefix, however small',
      '560025',
      100,
      'PaymentMethod OnDelivery is not offered by Green Grocer at PIN code 560025: choose another way to pay.',
    ],
    [
      'at a refused whole PIN code',
      '411001',
      100,
      'PaymentMethod OnDelivery is not offered by Green Grocer at PIN code 411001: choose another way to pay.',
    ],
  ] as const)('%s', (_name, pin, total, refusal) => {
    expect(onDeliveryRefusal(rules, pin, total)).toBe(refusal);
  });

  it('is refused everywhere by a store whose cap is 0', () => {
    expect(onDeliveryRefusal({ ...rules, max: 0, refusedCodes: [] }, '411002', 1)).toContain('is not offered by');
  });

  it('knows the contract’s methods only', () => {
    expect(['OnDelivery', 'Online', 'Test', 'Cash', 1, null].map(isPaymentMethod)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
