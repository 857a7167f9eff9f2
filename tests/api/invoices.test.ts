import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf, invoiceNumber } from '../../src/lib/domain/gst.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import type { TaxInvoice } from '../../src/lib/domain/tax-invoice.ts';
import { silentLogger } from '../../src/server/logger.ts';
import { numberInvoices } from '../../src/server/orders/invoice-numbers.ts';
import { decideOrder } from '../../src/server/orders/place-order.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET, mailsTo } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

// The fixture catalogue (tests/fixtures/catalogue.ts): Green Grocer (store 1) sells apples
// (item 1, 5 % GST), Clean Home (store 3) soap (item 4, 18 % GST). Green Grocer is in
// Maharashtra, Clean Home in Karnataka; the shoppers live in Pune, Maharashtra.
const GREEN_GROCER = { Gstin: '27AAPFU0939F1ZV', StateCode: '27', StoreAddress: '4 FC Road, Pune 411004' };
const CLEAN_HOME = { Gstin: '29AAGCB7383J1Z4', StateCode: '29', StoreAddress: '9 MG Road, Bengaluru 560001' };
const ORDERS = 64;

const address = (state: string) => ({
  FullName: 'Asha Kumar',
  Phone: '+91 98765 43210',
  AddressLine1: '12 FC Road',
  AddressLine2: '',
  City: 'Pune',
  State: state,
  PostalCode: '411001',
  Note: '',
});

type Err = { Message: string; ModelState?: Record<string, string[]> };

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(DIALECTS)('GST tax invoices, on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let ravi: Customer;
  let sita: Customer;
  let shoppers: Customer[];
  let fy: string;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    await t.db.db.updateTable('items').set({ stock: 10_000 }).where('id', 'in', [1, 4]).execute();
    [asha, ravi, sita] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'ravi@aisle.test', fullName: 'Ravi Stranger', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
    ])) as [Customer, Customer, Customer];
    shoppers = await addCustomers(
      t.db.db,
      JWT_SECRET,
      t.clock.now,
      Array.from({ length: ORDERS }, (_, i) => ({ email: `s${i}@aisle.test`, fullName: `Shopper ${i}`, role: 'User' })),
    );
    fy = financialYearOf(t.clock.now.toISOString());
    // Through the staff calls, as the staff forms send them.
    for (const [id, gst] of [
      [1, GREEN_GROCER],
      [3, CLEAN_HOME],
    ] as const) {
      const res = await send(t.app, 'PATCH', `/api/Store/Edit/${id}`, { token: sita.token, json: gst });
      expect(res.status, res.text).toBe(200);
    }
    for (const [id, hsn] of [
      [1, '0808'],
      [4, '3401'],
    ] as const) {
      const res = await send(t.app, 'PATCH', `/api/Item/Edit/${id}`, { token: sita.token, json: { HsnCode: hsn } });
      expect(res.status, res.text).toBe(200);
    }
  });
  afterAll(() => closeTestDb(t.db));

  // A cart of both stores: one order per store under one group (issue 31), each with its invoice.
  const order = (who: Customer, state = 'Maharashtra', lines = [line(1, 1, 3), line(4, 3, 2)]) =>
    send<OrderDto & { Orders: OrderDto[] } & Err>(t.app, 'POST', '/api/cart/CreateOrder', {
      token: who.token,
      json: { ...cartBody(who, lines), DeliveryAddress: address(state) },
    });
  /** An order of Green Grocer's apples alone: one order, one invoice. */
  const appleOrder = (who: Customer) => order(who, 'Maharashtra', [line(1, 1, 3)]);
  const invoicesOf = (orderId: number) =>
    t.db.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  /** The invoices of every order of a group, by store. */
  const groupInvoices = async (placed: { Orders: OrderDto[] }) =>
    (await Promise.all(placed.Orders.map((o) => invoicesOf(o.OrderID)))).flat().sort((a, b) => a.store_id - b.store_id);
  /** Waits for the numbering that follows each commit to leave no document without its number. */
  const allNumbered = () =>
    expect
      .poll(async () => (await t.db.db.selectFrom('invoices').select('id').where('seq', 'is', null).execute()).length, {
        timeout: 10_000,
      })
      .toBe(0);
  /**
   * An order placed through the order's own entry by a process that ends right after its
   * commit: nothing kicks the numbering (its deps have none), so its invoices wait.
   */
  const orderThenCrash = async (who: Customer) => {
    const decided = await decideOrder(
      {
        db: t.db.db,
        dialect,
        contentDir: join(t.db.dataDir, 'content'),
        jwtSecret: JWT_SECRET,
        mail: { smtpUrl: undefined, outboxDir: t.outboxDir },
        log: silentLogger,
        now: () => t.clock.now,
      },
      {
        body: { ...cartBody(who, [line(1, 1, 2)]), DeliveryAddress: address('Maharashtra') },
        key: undefined,
        caller: { kind: 'account', account: who },
        now: t.clock.now,
      },
    );
    expect(decided.kind).toBe('placed');
    return (JSON.parse((decided as { body: string }).body) as OrderDto).OrderID;
  };
  /** Every series' numbers so far: each must run 1, 2, 3, … with no gap and no double. */
  const seriesNumbers = async () => {
    const rows = await t.db.db
      .selectFrom('invoices')
      .select(['store_id', 'kind', 'fiscal_year', 'seq', 'number'])
      .execute();
    const series = new Map<string, { seqs: number[]; numbers: string[] }>();
    for (const r of rows) {
      const key = `${r.store_id}:${r.kind}:${r.fiscal_year}`;
      const s2 = series.get(key) ?? { seqs: [], numbers: [] };
      s2.seqs.push(Number(r.seq));
      s2.numbers.push(String(r.number));
      series.set(key, s2);
      expect(r.number).toBe(invoiceNumber(r.kind, r.store_id, r.fiscal_year, Number(r.seq)));
    }
    return series;
  };
  const getPdf = (orderId: number, who: Customer | undefined) =>
    t.app.request(`/api/Order/Invoice/${orderId}`, {
      headers: who === undefined ? {} : { Authorization: `Bearer ${who.token}` },
    });

  it('refuses a GSTIN with a wrong check character, an unknown state and a HSN code that is not 4 to 8 digits, naming each', async () => {
    const gstin = await send<Err>(t.app, 'PATCH', '/api/Store/Edit/1', {
      token: sita.token,
      json: { Gstin: '27AAPFU0939F1ZX' },
    });
    expect(gstin.status).toBe(400);
    expect(gstin.body.ModelState?.Gstin?.[0]).toContain('its check character is V');
    const state = await send<Err>(t.app, 'PATCH', '/api/Store/Edit/1', {
      token: sita.token,
      json: { StateCode: '29' },
    });
    expect(state.status).toBe(400);
    expect(state.body.ModelState?.StateCode?.[0]).toContain('the state of Gstin (27)');
    const hsn = await send<Err>(t.app, 'PATCH', '/api/Item/Edit/1', { token: sita.token, json: { HsnCode: '08a' } });
    expect(hsn.status).toBe(400);
    expect(hsn.body.ModelState?.HsnCode?.[0]).toContain('4 to 8 digits');
    const store = await send<{ Gstin: string; StateCode: string }>(t.app, 'GET', '/api/Store/Read/1');
    expect(store.body).toMatchObject({ Gstin: GREEN_GROCER.Gstin, StateCode: '27' });
  });

  it(`numbers ${ORDERS} orders placed at once gap-free in each store's series, and each order's invoices add up to its total`, async () => {
    const placed = await Promise.all(shoppers.map((s) => order(s)));
    for (const res of placed) expect(res.status, res.text).toBe(201);
    await allNumbered();
    const rows = await t.db.db.selectFrom('invoices').selectAll().where('kind', '=', 'Invoice').execute();
    for (const store of [1, 3]) {
      const seqs = rows
        .filter((r) => r.store_id === store)
        .map((r) => Number(r.seq))
        .sort((a, b) => a - b);
      expect(seqs).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
      const numbers = rows.filter((r) => r.store_id === store).map((r) => r.number);
      expect(new Set(numbers).size).toBe(ORDERS);
      expect(numbers).toContain(`S${store}/${fy.slice(2)}/${String(ORDERS).padStart(6, '0')}`);
    }
    for (const res of placed) {
      expect(res.body.Orders).toHaveLength(2);
      for (const part of res.body.Orders) {
        const mine = rows.filter((r) => r.order_id === part.OrderID);
        expect(mine).toHaveLength(1);
        expect(mine[0]?.total).toBe(Math.round(part.OrderTotal * 100));
      }
    }
  });

  it('taxes the seller’s own state as CGST + SGST and another state as IGST, to the paisa', async () => {
    const placed = await order(asha);
    expect(placed.status).toBe(201);
    const [grocer, home] = (await groupInvoices(placed.body)).map((r) => JSON.parse(r.document) as TaxInvoice);
    expect(grocer?.interState).toBe(false);
    expect(grocer?.placeOfSupply).toEqual({ code: '27', name: 'Maharashtra' });
    expect(grocer?.totals.igst).toBe(0);
    expect(grocer?.totals.cgst).toBeGreaterThan(0);
    expect(home?.interState).toBe(true);
    expect(home?.totals.cgst).toBe(0);
    expect(home?.totals.igst).toBeGreaterThan(0);
    for (const doc of [grocer, home]) {
      const t2 = doc?.totals;
      expect((t2?.taxable ?? 0) + (t2?.cgst ?? 0) + (t2?.sgst ?? 0) + (t2?.igst ?? 0)).toBe(t2?.amount);
    }
    // Three apples at Rs 113.40 (5 %): Rs 340.20 is Rs 324.00 taxable and Rs 16.20 tax, Rs 8.10 each.
    expect(grocer?.lines[0]).toMatchObject({ hsn: '0808', amount: 34_020, taxable: 32_400, cgst: 810, sgst: 810 });
    const groupTotal = placed.body.Orders.reduce((sum, o) => sum + Math.round(o.OrderTotal * 100), 0);
    expect((grocer?.totals.amount ?? 0) + (home?.totals.amount ?? 0)).toBe(groupTotal);
    // The same order delivered to Karnataka: Clean Home's part is now within its state.
    const karnataka = await order(asha, 'KA');
    const [g2, h2] = (await groupInvoices(karnataka.body)).map((r) => JSON.parse(r.document) as TaxInvoice);
    expect([g2?.interState, h2?.interState]).toEqual([true, false]);
  });

  it('takes a coupon’s share off each store’s invoice, so every invoice equals its order to the paisa', async () => {
    const code = await send<{ Code: string } & Err>(t.app, 'POST', '/api/Coupon/Create', {
      token: sita.token,
      json: { Code: 'GSTTEN', Percent: 10 },
    });
    expect(code.status, code.text).toBe(201);
    const placed = await send<OrderDto & { Orders: OrderDto[] } & Err>(t.app, 'POST', '/api/cart/CreateOrder', {
      token: asha.token,
      json: {
        ...cartBody(asha, [line(1, 1, 3), line(4, 3, 2)]),
        DeliveryAddress: address('Maharashtra'),
        CouponCode: 'GSTTEN',
      },
    });
    expect(placed.status, placed.text).toBe(201);
    for (const part of placed.body.Orders) {
      expect(part.Discount).toBeGreaterThan(0);
      const [row] = await invoicesOf(part.OrderID);
      const doc = JSON.parse(row?.document ?? '{}') as TaxInvoice;
      expect(row?.total).toBe(Math.round(part.OrderTotal * 100));
      expect(doc.totals.amount).toBe(Math.round(part.OrderTotal * 100));
      expect(doc.totals.taxable + doc.totals.cgst + doc.totals.sgst + doc.totals.igst).toBe(doc.totals.amount);
    }
  });

  it('serves the PDF to its customer and to staff, with the number, GSTINs, tax split and amount in words; 403 to anyone else', async () => {
    const placed = await order(asha);
    // Each store's order has its own PDF; read both.
    let text = '';
    for (const part of placed.body.Orders) {
      const res = await getPdf(part.OrderID, asha);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toContain(`tax-invoice-order-${part.OrderID}.pdf`);
      text += await pdfText(await res.arrayBuffer());
    }
    const [grocer, home] = await groupInvoices(placed.body);
    const doc = JSON.parse(grocer?.document ?? '{}') as TaxInvoice;
    for (const expected of [
      'Tax Invoice',
      grocer?.number,
      home?.number,
      GREEN_GROCER.Gstin,
      CLEAN_HOME.Gstin,
      'CGST',
      'SGST',
      'IGST',
      'Place of supply: Maharashtra (27)',
      'HSN/SAC',
      '0808',
      doc.words,
    ]) {
      expect(text).toContain(expected);
    }
    expect(doc.words).toMatch(/^Rupees .+ Only$/);
    expect((await getPdf(placed.body.OrderID, sita)).status).toBe(200);
    const stranger = await getPdf(placed.body.OrderID, ravi);
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as Err).Message).toContain('not yours');
    expect((await getPdf(placed.body.OrderID, undefined)).status).toBe(401);
    expect((await getPdf(999_999, asha)).status).toBe(404);
  });

  it('credits a cancelled order’s invoices in full, in the credit-note series, and lists them in the PDF', async () => {
    const placed = await appleOrder(asha);
    const cancelled = await send<OrderDto>(t.app, 'POST', `/api/Order/Cancel/${placed.body.OrderID}`, {
      token: asha.token,
    });
    expect(cancelled.status).toBe(200);
    await allNumbered();
    const rows = await invoicesOf(placed.body.OrderID);
    const invoices = rows.filter((r) => r.kind === 'Invoice');
    const notes = rows.filter((r) => r.kind === 'CreditNote');
    expect(notes.map((n) => n.credits).sort()).toEqual(invoices.map((i) => i.id).sort());
    for (const note of notes) {
      expect(note.total).toBe(invoices.find((i) => i.id === note.credits)?.total);
      expect(note.number).toBe(`C${note.store_id}/${fy.slice(2)}/000001`);
    }
    const text = await pdfText(await (await getPdf(placed.body.OrderID, asha)).arrayBuffer());
    expect(text).toContain('Credit Note');
    expect(text).toContain(`Against invoice ${invoices[0]?.number}`);
  });

  it('issues the invoices again, under new numbers, when staff undo a cancel', async () => {
    const placed = await appleOrder(asha);
    const id = placed.body.OrderID;
    const staff = { token: sita.token };
    expect(
      (await send(t.app, 'PUT', `/api/Order/Status/${id}`, { ...staff, json: { Status: 'Cancelled' } })).status,
    ).toBe(200);
    const undone = await send(t.app, 'POST', `/api/Order/Undo/${id}`, { ...staff, json: { Status: 'Placed' } });
    expect(undone.status, undone.text).toBe(200);
    await allNumbered();
    const rows = await invoicesOf(id);
    expect(rows.map((r) => r.kind)).toEqual(['Invoice', 'CreditNote', 'Invoice']);
    const [first, , again] = rows;
    expect(again?.store_id).toBe(first?.store_id);
    expect(again?.seq).toBeGreaterThan(first?.seq ?? 0);
    expect(again?.total).toBe(first?.total);
  });

  it('numbers an invoice committed but not yet numbered when its PDF is asked for, next in its series', async () => {
    await allNumbered();
    const before = await t.db.db
      .selectFrom('invoice_series')
      .select('last_number')
      .where('store_id', '=', 1)
      .where('kind', '=', 'Invoice')
      .where('fiscal_year', '=', fy)
      .executeTakeFirstOrThrow();
    const id = await orderThenCrash(asha);
    const [waiting] = await invoicesOf(id);
    expect(waiting).toMatchObject({ seq: null, number: null });
    const res = await getPdf(id, asha);
    expect(res.status).toBe(200);
    const expected = invoiceNumber('Invoice', 1, fy, before.last_number + 1);
    expect(await pdfText(await res.arrayBuffer())).toContain(`Invoice number: ${expected}`);
    expect((await invoicesOf(id))[0]).toMatchObject({ seq: before.last_number + 1, number: expected });
  });

  it('never skips or doubles a number when two numberers run at once while orders commit', async () => {
    const crashed = await Promise.all(shoppers.slice(0, 24).map((s) => orderThenCrash(s)));
    // Two numberers (as two API processes would run them) race each other and more orders.
    const racing = await Promise.all([
      numberInvoices(t.db.db),
      ...shoppers.slice(24, 40).map((s) => orderThenCrash(s)),
      numberInvoices(t.db.db),
      numberInvoices(t.db.db, { orderId: crashed[0] ?? 0 }),
    ]);
    const after = await Promise.all([numberInvoices(t.db.db), numberInvoices(t.db.db)]);
    // Each of the 40 waiting invoices was numbered by exactly one numberer.
    const counted = [racing[0], racing[17], racing[18], ...after].reduce((sum, n) => (sum ?? 0) + (n ?? 0), 0);
    expect(counted).toBe(40);
    expect(await t.db.db.selectFrom('invoices').select('id').where('seq', 'is', null).execute()).toEqual([]);
    for (const [key, { seqs, numbers }] of await seriesNumbers()) {
      expect(
        [...seqs].sort((a, b) => a - b),
        key,
      ).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      expect(new Set(numbers).size, key).toBe(numbers.length);
    }
    const last = await t.db.db.selectFrom('invoice_series').selectAll().execute();
    const series = await seriesNumbers();
    for (const row of last) {
      expect(row.last_number).toBe(series.get(`${row.store_id}:${row.kind}:${row.fiscal_year}`)?.seqs.length ?? 0);
    }
  });

  it('attaches the invoices to the Delivered mail as a PDF', async () => {
    const placed = await appleOrder(asha);
    for (const status of ['Confirmed', 'Packing', 'OutForDelivery', 'Delivered']) {
      const moved = await send(t.app, 'PUT', `/api/Order/Status/${placed.body.OrderID}`, {
        token: sita.token,
        json: { Status: status },
      });
      expect(moved.status, moved.text).toBe(200);
    }
    await t.drainMail();
    const delivered = mailsTo(t, asha.email).filter((m) => m.includes(`tax-invoice-order-${placed.body.OrderID}.pdf`));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain('Content-Type: application/pdf');
    const row = await t.db.db
      .selectFrom('mail_queue')
      .select(['attach_invoices_of', 'body_text'])
      .where('attach_invoices_of', '=', placed.body.OrderID)
      .execute();
    // The queue row names the order; the PDF itself is never stored.
    expect(row).toHaveLength(1);
    expect(row[0]?.body_text).not.toContain('%PDF');
  });
});
