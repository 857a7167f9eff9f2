// Numbering tax invoices and credit notes off the order's critical path (issue 32, item 4).
// An order's transaction writes its invoices without a number (`seq` and `number` null), so
// it takes no series lock. Right after the commit (`InvoiceNumbering.kick`), and before
// anything shows a document (the Invoice call, the Delivered mail), `numberInvoices` gives
// the waiting documents of each series their numbers in id order, a batch per short
// transaction that holds the series row (`invoice_series`) from its first statement to
// its commit. Numbers are gap-free and never reused: only committed documents are numbered,
// a numberer reads the series' last number under the row's lock and writes it back with the
// batch in one transaction, and a numberer that waited for the lock reads the rows afresh
// (READ COMMITTED on PostgreSQL; SQLite runs one write transaction at a time). A crash
// after an order's commit only delays its number: the next kick or the sweep takes it.
import { type Kysely, sql } from 'kysely';
import { invoiceNumber } from '../../lib/domain/gst.ts';
import type { Database, InvoiceKind } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import { createPasses } from '../passes.ts';

/** Documents numbered per transaction: bounds how long a series row is held. */
const BATCH = 200;

/** A numbering series: one store's documents of a kind in a financial year. */
interface Series {
  store_id: number;
  kind: InvoiceKind;
  fiscal_year: string;
}

/** Numbers one batch of a series' waiting documents; answers how many it numbered. */
async function numberBatch(db: Kysely<Database>, series: Series): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The upsert makes the series row if it is new and locks it either way (a no-op update).
    const { last_number: last } = await trx
      .insertInto('invoice_series')
      .values({ ...series, last_number: 0 })
      .onConflict((oc) =>
        oc
          .columns(['store_id', 'kind', 'fiscal_year'])
          .doUpdateSet((eb) => ({ last_number: eb.ref('invoice_series.last_number') })),
      )
      .returning('last_number')
      .executeTakeFirstOrThrow();
    const waiting = await trx
      .selectFrom('invoices')
      .select('id')
      .where('store_id', '=', series.store_id)
      .where('kind', '=', series.kind)
      .where('fiscal_year', '=', series.fiscal_year)
      .where('seq', 'is', null)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (waiting.length === 0) return 0;
    const first = Number(last) + 1;
    const cases = (value: (i: number) => unknown) =>
      sql`case id ${sql.join(
        waiting.map((r, i) => sql`when ${sql.lit(Number(r.id))} then ${value(i)}`),
        sql` `,
      )} end`;
    await trx
      .updateTable('invoices')
      .set({
        seq: cases((i) => sql.lit(first + i)) as never,
        number: cases((i) => invoiceNumber(series.kind, series.store_id, series.fiscal_year, first + i)) as never,
      })
      .where(
        'id',
        'in',
        waiting.map((r) => Number(r.id)),
      )
      .execute();
    await trx
      .updateTable('invoice_series')
      .set({ last_number: first + waiting.length - 1 })
      .where('store_id', '=', series.store_id)
      .where('kind', '=', series.kind)
      .where('fiscal_year', '=', series.fiscal_year)
      .execute();
    return waiting.length;
  });
}

/**
 * Numbers every document waiting for its number (of one order's series when `orderId` is
 * given: then also the other orders' documents before it in those series), in batches.
 * Safe to run in any number of processes at once. Answers how many it numbered.
 */
export async function numberInvoices(db: Kysely<Database>, scope: { orderId?: number } = {}): Promise<number> {
  let query = db.selectFrom('invoices').select(['store_id', 'kind', 'fiscal_year']).distinct().where('seq', 'is', null);
  if (scope.orderId !== undefined) query = query.where('order_id', '=', scope.orderId);
  // Store order, as the series rows are locked one at a time: no two numberers deadlock.
  const series = await query.orderBy('store_id').orderBy('kind').orderBy('fiscal_year').execute();
  let numbered = 0;
  for (const s of series) {
    for (;;) {
      const n = await numberBatch(db, { ...s, store_id: Number(s.store_id) });
      numbered += n;
      if (n < BATCH) break;
    }
  }
  return numbered;
}

/** Numbers waiting documents: `kick()` after a commit that wrote some, `start()` for the sweep. */
export interface InvoiceNumbering {
  /** Starts a pass now (one at a time; a kick during a pass runs another after it). Never rejects. */
  kick(): Promise<void>;
  /** Sweeps every `intervalMs` for documents a crash left unnumbered (unref'd timer). */
  start(intervalMs?: number): void;
  stop(): void;
}

export function createInvoiceNumbering(deps: { db: Kysely<Database>; log: Logger }): InvoiceNumbering {
  const passes = createPasses(async () => {
    try {
      await numberInvoices(deps.db);
    } catch (err) {
      deps.log({ level: 'error', msg: 'invoice numbering failed', error: String(err) });
    }
  });
  return {
    kick: passes.kick,
    start(intervalMs = 60_000) {
      passes.start(intervalMs);
    },
    stop: passes.stop,
  };
}
