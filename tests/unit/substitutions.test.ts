import { describe, expect, it } from 'vitest';
import { type CartItemDto, type CartState, chooseSubstitution } from '../../src/lib/domain/cart.ts';
import { decodeCartState } from '../../src/lib/domain/cart-storage.ts';
import { planSave } from '../../src/lib/domain/cart-sync.ts';
import { lineKey, type PackOrderDto, scanCode } from '../../src/lib/domain/pack-list.ts';
import { askedWords, billedTotal, sentWords } from '../../src/lib/domain/packing-words.ts';
import {
  type Candidate,
  packedTotal,
  parseSubstitution,
  rankCandidates,
  sentLine,
  substitutionOf,
  titleSimilarity,
} from '../../src/lib/domain/substitutions.ts';

const T = '2026-11-27T10:00:00.000Z';

describe('substitution choices', () => {
  it.each([
    ['None', 'None'],
    [' bestmatch ', 'BestMatch'],
    [12, 12],
    ['12', 12],
    [undefined, undefined],
    ['', undefined],
    [0, null],
    [-3, null],
    [1.5, null],
    ['Anything', null],
    [{}, null],
  ])('reads %j as %j', (raw, want) => {
    expect(parseSubstitution(raw)).toBe(want);
  });

  it('reads a stored column back, and anything else (an old line) as None', () => {
    expect(substitutionOf('BestMatch')).toBe('BestMatch');
    expect(substitutionOf('42')).toBe(42);
    expect(substitutionOf(null)).toBe('None');
    expect(substitutionOf('garbage')).toBe('None');
  });
});

describe('best match', () => {
  const asked = { ItemID: 1, ItemTitle: 'Alphonso Mango', SellingPrice: 10_000 };
  const c = (ItemID: number, ItemTitle: string, SellingPrice: number, Stock: number): Candidate => ({
    ItemID,
    ItemTitle,
    SellingPrice,
    Stock,
  });

  it('takes only items with stock for the quantity, then the closest price, then the most alike title, then the id', () => {
    const ranked = rankCandidates(asked, 2, [
      c(1, 'Alphonso Mango', 10_000, 50),
      c(2, 'Kesar Mango', 9_500, 1),
      c(3, 'Banganapalli Mango', 10_500, 9),
      c(4, 'Alphonso Mango Pulp', 9_500, 9),
      c(5, 'Totapuri', 12_000, 9),
      c(6, 'Dasheri Mango', 10_500, 9),
    ]);
    expect(ranked.map((r) => r.ItemID)).toEqual([4, 3, 6, 5]);
  });

  it('measures titles by shared words', () => {
    expect(titleSimilarity('Green Apple', 'apple, green')).toBe(1);
    expect(titleSimilarity('Green Apple', 'Red Apple')).toBeCloseTo(1 / 3);
    expect(titleSimilarity('Milk', 'Bread')).toBe(0);
  });
});

describe('re-pricing a packed line', () => {
  const asked = { itemId: 1, sellingPrice: 11_340, qty: 3 };
  it.each([
    [{ outcome: 'Packed' } as const, { itemId: 1, qty: 3, price: 11_340 }],
    [{ outcome: 'Short', qty: 1 } as const, { itemId: 1, qty: 1, price: 11_340 }],
    [
      { outcome: 'Replaced', itemId: 2, qty: 3, replacementPrice: 11_000 } as const,
      { itemId: 2, qty: 3, price: 11_000 },
    ],
    // Never more per unit than asked.
    [
      { outcome: 'Replaced', itemId: 3, qty: 2, replacementPrice: 15_000 } as const,
      { itemId: 3, qty: 2, price: 11_340 },
    ],
  ])('%j sends %j', (decision, want) => {
    expect(sentLine(asked, decision)).toEqual(want);
  });

  it('totals the sent lines with the fee, the coupon never taking more than the lines', () => {
    const sent = [
      { itemId: 1, qty: 1, price: 11_340 },
      { itemId: 2, qty: 0, price: 5_000 },
    ];
    expect(packedTotal(sent, 2_500, 1_000)).toBe(11_340 - 1_000 + 2_500);
    expect(packedTotal(sent, 2_500, 50_000)).toBe(2_500);
  });
});

describe('the cart keeps a line’s choice', () => {
  const line = (extra: Partial<CartItemDto> = {}): CartItemDto => ({
    ItemID: 7,
    ItemTitle: 'Apple',
    Staus: 'loaded',
    StoreID: 1,
    Qty: 2,
    Availability: 9,
    Size: '1 kg',
    UnitPrice: 100,
    Discount: 0,
    FlatDiscount: 0,
    Gst: 0,
    SellingPrice: 100,
    StoreName: '1',
    ItemUpdatedTime: T,
    MaxQtyPerItem: 10,
    ...extra,
  });
  const state = (l: CartItemDto): CartState => ({
    cart: { CustomerID: 3, CustomerName: 'A', CartID: 3, CartItems: [l] },
    isDirty: false,
  });

  it('marks a loaded line modified and the cart dirty; the same choice again changes nothing', () => {
    const s = state(line());
    const next = chooseSubstitution(s, 7, 1, 'BestMatch', T);
    expect(next.isDirty).toBe(true);
    expect(next.cart?.CartItems[0]).toMatchObject({ Substitution: 'BestMatch', Staus: 'modified', LineUpdatedTime: T });
    expect(chooseSubstitution(next, 7, 1, 'BestMatch', T)).toBe(next);
    expect(chooseSubstitution(s, 8, 1, 'None')).toBe(s);
  });

  it('reads a stored cart with and without a choice, and refuses a broken one as the empty cart', () => {
    const kept = decodeCartState(JSON.stringify(state(line({ Substitution: 12 }))));
    expect(kept.cart?.CartItems[0]?.Substitution).toBe(12);
    expect(decodeCartState(JSON.stringify(state(line()))).cart?.CartItems[0]?.Substitution).toBeUndefined();
    expect(decodeCartState(JSON.stringify(state(line({ Substitution: 'Maybe' as never })))).cart).toBeNull();
  });

  it('saves a changed choice with the change’s time, and keeps a saved one a client did not send', () => {
    const saved = [{ ItemID: 7, StoreID: 1, Qty: 2, LineUpdatedTime: '2026-11-27T09:00:00.000Z', Substitution: 9 }];
    const changed = planSave(
      saved,
      [],
      [{ ...saved[0], Staus: 'modified', LineUpdatedTime: T, Substitution: 'None' }] as never,
      T,
      T,
    );
    expect(changed.lines).toEqual([{ ItemID: 7, StoreID: 1, Qty: 2, LineUpdatedTime: T, Substitution: 'None' }]);
    const silent = planSave(
      saved,
      [],
      [{ ItemID: 7, StoreID: 1, Qty: 2, Staus: 'modified', LineUpdatedTime: T }],
      T,
      T,
    );
    expect(silent.lines).toEqual(saved);
  });
});

describe('the packing screen', () => {
  const orders: PackOrderDto[] = [1, 2].map((OrderID) => ({
    OrderID,
    CustomerName: 'A',
    Lines: [
      {
        ItemID: 5,
        ProductCode: 'MLK-1',
        ItemTitle: 'Milk',
        Size: '',
        Qty: 1,
        SectionID: 1,
        SectionTitle: 'Dairy',
        SellingPrice: 30,
        Substitution: 'None',
        SubstituteTitle: null,
      },
    ],
  }));

  it('marks the order shown, else names the order that needs the item, else says it is done or unknown', () => {
    expect(scanCode(orders, 1, new Set(), ' mlk-1 ')).toEqual({ kind: 'here', itemId: 5 });
    expect(scanCode(orders, 1, new Set([lineKey(1, 5)]), 'MLK-1')).toEqual({
      kind: 'other-order',
      orderId: 2,
      itemId: 5,
    });
    expect(scanCode(orders, 1, new Set([lineKey(1, 5), lineKey(2, 5)]), 'MLK-1')).toEqual({ kind: 'done', itemId: 5 });
    expect(scanCode(orders, 1, new Set(), 'BREAD')).toEqual({ kind: 'unknown' });
    expect(scanCode(orders, 1, new Set(), '   ')).toEqual({ kind: 'unknown' });
  });

  it('words a line asked against sent, and bills what was sent', () => {
    const line = {
      Qty: 3,
      ItemTitle: 'Apple',
      Size: '1 kg',
      LineTotal: 340.2,
      Sent: {
        Outcome: 'Replaced' as const,
        ItemID: 2,
        ItemTitle: 'Green Apple',
        Size: '1 kg',
        Qty: 3,
        SellingPrice: 110,
        LineTotal: 330,
      },
    };
    expect(askedWords(line)).toBe('3 × Apple (1 kg)');
    expect(sentWords(line)).toBe('3 × Green Apple (1 kg), replaced');
    expect(sentWords({ Sent: { ...line.Sent, Outcome: 'Short', Qty: 0 } })).toBe('None: out of stock');
    expect(billedTotal(line)).toBe(330);
    expect(billedTotal({ LineTotal: 340.2, Sent: null })).toBe(340.2);
  });
});
