import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { numberInvoices } from '../../src/server/orders/invoice-numbers.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer } from './cart-helpers.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

const AT = '2026-11-20T10:00:00.000Z';

/**
 * Migration 0340 on a database whose invoices were numbered in their orders' transactions:
 * every invoice and credit note is kept with its number, and the next invoice, written
 * without one, is numbered after them in the same series.
 */
describe.each(DIALECTS)('migration 0340 (invoice numbers after commit) on %s', (dialect) => {
  let t: TestDb;
  let asha: Customer;
  let orderId: number;

  beforeAll(async () => {
    t = await createTestDb(dialect);
    const db = t.db;
    await insertCatalogue(db);
    [asha] = (await addCustomers(db, 'x'.repeat(32), new Date(AT), [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer];
    await migrateTo(db, '0330_sales_report_indexes');
    const order = await db
      .insertInto('orders')
      .values({ user_id: asha.id, status: 'Cancelled', total: 12_000, created_at: AT, updated_at: AT })
      .returning('id')
      .executeTakeFirstOrThrow();
    orderId = order.id;
    const row = (kind: 'Invoice' | 'CreditNote', number: string, credits: number | null) => ({
      order_id: orderId,
      store_id: 1,
      kind,
      fiscal_year: '2026-27',
      seq: 1,
      number,
      credits,
      total: 12_000,
      issued_at: AT,
      document: JSON.stringify({ number }),
    });
    const invoice = await db
      .insertInto('invoices')
      .values(row('Invoice', 'S1/26-27/000001', null))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('invoices')
      .values(row('CreditNote', 'C1/26-27/000001', invoice.id))
      .execute();
    await db
      .insertInto('invoice_series')
      .values({ store_id: 1, kind: 'Invoice', fiscal_year: '2026-27', last_number: 1 })
      .execute();
    await migrateToLatest(db);
  });
  afterAll(() => t.cleanup());

  it('keeps every numbered document and its credit note, and numbers the next one after them', async () => {
    const db = t.db;
    await db
      .insertInto('invoices')
      .values({
        order_id: orderId,
        store_id: 1,
        kind: 'Invoice',
        fiscal_year: '2026-27',
        seq: null,
        number: null,
        credits: null,
        total: 12_000,
        issued_at: AT,
        document: '{}',
      })
      .execute();
    expect(await numberInvoices(db)).toBe(1);
    const rows = await db.selectFrom('invoices').select(['kind', 'seq', 'number', 'credits']).orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.seq, r.number])).toEqual([
      ['Invoice', 1, 'S1/26-27/000001'],
      ['CreditNote', 1, 'C1/26-27/000001'],
      ['Invoice', 2, 'S1/26-27/000002'],
    ]);
    expect(rows[1]?.credits).not.toBeNull();
    // The rebuilt table still refuses a second credit note of one invoice and a doubled number.
    await expect(
      db
        .insertInto('invoices')
        .values({
          order_id: orderId,
          store_id: 1,
          kind: 'Invoice',
          fiscal_year: '2026-27',
          seq: 2,
          number: 'x',
          credits: null,
          total: 1,
          issued_at: AT,
          document: '{}',
        })
        .execute(),
    ).rejects.toThrow();
  });
});
