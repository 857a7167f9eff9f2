import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ItemDto } from '../../src/lib/domain/catalogue.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { TaxInvoice } from '../../src/lib/domain/tax-invoice.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// Issue 33: a weighing that re-prices an order re-issues its tax invoice for the weights
// (a credit note for the invoice of the order as placed, and a new invoice), as packing does.
const GREEN_GROCER = { Gstin: '27AAPFU0939F1ZV', StateCode: '27', StoreAddress: '4 FC Road, Pune 411004' };
const TOMATO = {
  DbID: 1,
  SectionID: 1,
  ItemTitle: 'Tomato (loose)',
  ItemMetaDescription: 'Desi tomatoes, by weight',
  Availability: 5000,
  Size: '',
  UnitPrice: 48,
  SoldBy: 'ByWeight',
  Step: 250,
  HsnCode: '0702',
};

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(DIALECTS)("the weighed order's invoice on %s", (dialect) => {
  let t: AuthTestApp;
  let sita: Customer;
  let asha: Customer;
  let tomatoId: number;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [sita, asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer, Customer];
    expect((await t.call('PATCH', '/api/Store/Edit/1', { token: sita.token, json: GREEN_GROCER })).status).toBe(200);
    const created = await t.call<ItemDto>('POST', '/api/Item/Create', { token: sita.token, json: TOMATO });
    expect(created.status).toBe(201);
    tomatoId = created.body.ItemID;
  });
  afterAll(() => t.close());

  const invoicesOf = (orderId: number) =>
    t.db.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  const allNumbered = () =>
    expect
      .poll(async () => (await t.db.db.selectFrom('invoices').select('id').where('seq', 'is', null).execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
  const toPacking = async (id: number) => {
    for (const status of ['Confirmed', 'Packing']) {
      const res = await t.call('PUT', `/api/Order/Status/${id}`, { token: sita.token, json: { Status: status } });
      expect(res.status).toBe(200);
    }
  };

  it('credits the invoice as placed and issues one for the weights, which the PDF shows', async () => {
    const placed = await t.call<OrderDto>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, [line(tomatoId, 1, 1000)]),
    });
    expect(placed.status).toBe(201);
    const id = placed.body.OrderID;
    const fee = placed.body.DeliveryFee;
    await toPacking(id);
    const weighed = await t.call<OrderDto>('POST', `/api/Order/Weigh/${id}`, {
      token: sita.token,
      json: { Lines: [{ ItemID: tomatoId, Qty: 950 }] },
    });
    expect(weighed.status).toBe(200);
    // 950 g at Rs 48.00/kg.
    expect(weighed.body.OrderTotal).toBeCloseTo(45.6 + fee, 2);
    await allNumbered();
    const rows = await invoicesOf(id);
    expect(rows.map((r) => r.kind)).toEqual(['Invoice', 'CreditNote', 'Invoice']);
    const [first, note, second] = rows;
    expect(note?.credits).toBe(first?.id);
    expect(note?.total).toBe(first?.total);
    expect(Number(first?.total)).toBe(4800 + Math.round(fee * 100));
    expect(Number(second?.total)).toBe(4560 + Math.round(fee * 100));
    const doc = JSON.parse(second?.document ?? '{}') as TaxInvoice;
    expect(doc.totals.amount).toBe(4560 + Math.round(fee * 100));
    const pdf = await t.app.request(`/api/Order/Invoice/${id}`, { headers: { Authorization: `Bearer ${asha.token}` } });
    expect(pdf.status).toBe(200);
    const text = await pdfText(await pdf.arrayBuffer());
    expect(text).toContain('950 g');
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Against invoice ${first?.number}`);
    expect(text).toContain(`${second?.number}`);

    // Packed as weighed: nothing more to credit or issue.
    const packed = await t.call<OrderDto>('POST', `/api/Order/Pack/${id}`, {
      token: sita.token,
      json: { Lines: [{ ItemID: tomatoId, Outcome: 'Packed' }] },
    });
    expect(packed.status).toBe(200);
    expect((await invoicesOf(id)).length).toBe(3);
  });

  it('leaves the invoice alone when the weight packed is the weight asked', async () => {
    const placed = await t.call<OrderDto>('POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: cartBody(asha, [line(tomatoId, 1, 500)]),
    });
    expect(placed.status).toBe(201);
    await toPacking(placed.body.OrderID);
    const weighed = await t.call<OrderDto>('POST', `/api/Order/Weigh/${placed.body.OrderID}`, {
      token: sita.token,
      json: { Lines: [{ ItemID: tomatoId, Qty: 500 }] },
    });
    expect(weighed.status).toBe(200);
    expect((await invoicesOf(placed.body.OrderID)).map((r) => r.kind)).toEqual(['Invoice']);
  });
});
