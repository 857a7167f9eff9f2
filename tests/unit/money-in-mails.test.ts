// Issue 36, item 2: every mail the shop sends writes money as the pages do: two decimals
// whenever there are paise, Indian digit grouping. Each template of
// src/server/mail-templates.ts is rendered (text and HTML) and scanned for a price with
// one decimal; a template added without a row here fails the first test.
import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_NAMES, type OrderDto, type OrderStatusName } from '../../src/lib/domain/orders.ts';
import * as templates from '../../src/server/mail-templates.ts';

/** A price written with a single decimal: "Rs 640.5", "Rs. 1,00,000.5". */
const ONE_DECIMAL_PRICE = /Rs\.? ?[\d,]+\.\d(?!\d)/;

const ORIGIN = 'https://shop.example';

function order(status: OrderStatusName): OrderDto {
  const line = (id: number, title: string, selling: number, qty: number, lineTotal: number) => ({
    ItemID: id,
    StoreID: 1,
    ItemTitle: title,
    UnitPrice: selling,
    Gst: 5,
    Discount: 0,
    FlatDiscount: 0,
    SellingPrice: selling,
    Qty: qty,
    Size: '1 kg',
    LineTotal: lineTotal,
  });
  return {
    OrderID: 41,
    GroupID: 41,
    SlotID: null,
    Payment: { Method: 'OnDelivery', Status: 'Pending' },
    Refunds: [],
    CustomerID: 7,
    CustomerName: 'Priya',
    Status: status,
    // 640.50 + 2 × 114.50 + 12,33,698: plain numbers in rupees, as the API sends them.
    OrderTotal: 1234567.5,
    DeliveryFee: 0,
    Discount: 0,
    CouponCode: null,
    CreatedTime: '2026-11-27T10:00:00.000Z',
    UpdatedTime: '2026-11-27T10:00:00.000Z',
    OrderItems: [
      line(1, 'Alphonso Mango', 640.5, 1, 640.5),
      line(2, 'Masala Chai', 114.5, 2, 229),
      line(3, 'Gold Coin Hamper', 1233698, 1, 1233698),
    ],
    DeliveryAddress: {
      FullName: 'Priya Shopper',
      Phone: '+91 98450 12345',
      AddressLine1: '12 Residency Road',
      AddressLine2: '',
      City: 'Bengaluru',
      State: 'Karnataka',
      PostalCode: '560025',
      Note: '',
    },
  };
}

/** Every template with arguments that show what it can show; prices where it has them. */
const RENDERED: Record<string, () => { subject: string; text: string; html?: string | undefined }[]> = {
  orderPlacedMail: () => {
    const one = order('Placed');
    const other = { ...order('Placed'), OrderID: 42, OrderItems: one.OrderItems.slice(0, 1) };
    return [
      templates.orderPlacedMail({ ...one, Orders: [one] }, ORIGIN, new Map()),
      templates.orderPlacedMail({ ...one, Orders: [one, other] }, ORIGIN, new Map([[1, { title: 'Green Grocer' }]])),
    ];
  },
  orderWeighedMail: () => [
    templates.orderWeighedMail(
      order('Packing'),
      [{ title: 'Tomato (loose)', soldBy: 'ByWeight', asked: 750, packed: 780, total: 3744 }],
      ORIGIN,
    ),
  ],
  orderStatusMail: () => [
    ...ORDER_STATUS_NAMES.map((s) => templates.orderStatusMail(order(s), ORIGIN)),
    templates.orderStatusMail(order('Cancelled'), ORIGIN, { byCustomer: true }),
  ],
  accessCodeMail: () => [
    templates.accessCodeMail(7, 'AB12CD34', 30, ORIGIN),
    templates.accessCodeMail(7, 'AB12CD34', 30, ORIGIN, { keptFirstPassword: true }),
  ],
  accountExistsMail: () => [templates.accountExistsMail('priya@example.com', ORIGIN)],
  passwordResetMail: () => [templates.passwordResetMail('priya@example.com', 'AB12CD34', 30, ORIGIN)],
  codeGuessingMail: () => [templates.codeGuessingMail('priya@example.com', 10, '2026-11-28 10:00 UTC', ORIGIN)],
  backInStockMail: () => [templates.backInStockMail('Alphonso Mango', 'Fresh Fruit', '/app/section/1/1', ORIGIN)],
  reorderMail: () => [
    templates.reorderMail(
      'Fresh Fruit',
      '2026-11-27',
      [{ title: 'Alphonso Mango', productCode: 'MNG-1', stock: 3, reorderLevel: 10 }],
      ORIGIN,
    ),
  ],
};

describe('money in mails (issue 36)', () => {
  it('renders every mail template the shop has', () => {
    const names = Object.entries(templates)
      .filter(([name, value]) => typeof value === 'function' && name.endsWith('Mail'))
      .map(([name]) => name)
      .sort();
    expect(names).toEqual(Object.keys(RENDERED).sort());
  });

  for (const [name, render] of Object.entries(RENDERED)) {
    it(`${name}: no price with one decimal, in text or HTML`, () => {
      for (const mail of render()) {
        for (const part of [mail.subject, mail.text, mail.html ?? '']) expect(part).not.toMatch(ONE_DECIMAL_PRICE);
      }
    });
  }

  it('writes the order mails’ prices with two decimals and lakhs grouped', () => {
    for (const mail of [...(RENDERED.orderPlacedMail?.() ?? []), ...(RENDERED.orderStatusMail?.() ?? [])]) {
      for (const part of [mail.text, mail.html ?? '']) {
        expect(part).toContain('Rs 640.50');
        expect(part).toContain('Rs 114.50');
        expect(part).toContain('Rs 229');
        expect(part).toContain('Rs 12,33,698');
        expect(part).toContain('Rs 12,34,567.50');
      }
    }
  });

  it('the scan finds a price with one decimal', () => {
    expect('Total: Rs 640.5 today').toMatch(ONE_DECIMAL_PRICE);
    expect('Rs. 1,00,000.5').toMatch(ONE_DECIMAL_PRICE);
    expect('Rs 640.50 and Rs 1,00,000').not.toMatch(ONE_DECIMAL_PRICE);
  });
});
