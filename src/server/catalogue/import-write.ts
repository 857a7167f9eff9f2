import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, Item, StoreType } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { countPlan, type ItemPlan, type Plan, sectionIdOf, storeChanges } from './import-model.ts';
import { chunks } from './import-read.ts';
import { ITEM_WRITABLE_COLUMNS, type ItemWrite } from './item-columns.ts';
import { markContentChanged } from './site-state.ts';
import { inTransaction } from './staff.ts';
import { releaseStockAlerts } from './stock-alerts.ts';
import { lockStock, packIdsOf, recordStockChanges } from './stock-ledger.ts';

/** Who writes the plan, when, and the site origin for the back-in-stock mails it sends. */
export interface PlanWriter {
  at: string;
  /** The staff member running it (its stock ledger rows name them); null at the command line. */
  actorId?: number | null | undefined;
  siteUrl?: string | undefined;
}

/**
 * Writes a checked plan in one transaction, parents first (categories, stores,
 * store databases, sections) so that the items can name their new ids, then
 * the changed items and the new ones in multi-row statements. Nothing of it
 * stays when any statement fails; an item changed by someone else since the
 * plan read it fails the whole import with a 409.
 */
export async function writePlan(
  db: Kysely<Database>,
  plan: Plan,
  writer: PlanWriter,
  progress: (done: number) => void,
): Promise<void> {
  const at = writer.at;
  const updates = plan.items.filter((p) => p.changed && p.existing !== undefined);
  const creates = plan.items.filter((p) => p.existing === undefined);
  await inTransaction(db, async (trx) => {
    await assertItemsUnmoved(trx, updates);
    await writeParents(trx, plan, at);
    let done = 0;
    await clearMovedCodes(trx, updates);
    const source = { reason: 'import', accountId: writer.actorId, at } as const;
    for (const batch of chunks(updates)) {
      // The stock each item has under its lock is what the ledger records as before.
      const stockBefore = await lockStock(
        trx,
        batch.map((p) => (p.existing as Item).id),
      );
      // A pack's stock is its bulk's: the import keeps what it has.
      const packs = await packIdsOf(
        trx,
        batch.map((p) => (p.existing as Item).id),
      );
      for (const p of batch) {
        const id = (p.existing as Item).id;
        if (packs.has(id)) p.columns.stock = stockBefore.get(id) ?? p.columns.stock;
      }
      await updateItems(trx, batch, at);
      await recordStockChanges(
        trx,
        batch.map((p) => {
          const itemId = (p.existing as Item).id;
          return { ...source, itemId, before: stockBefore.get(itemId) ?? p.columns.stock, after: p.columns.stock };
        }),
      );
      // Items whose stock came back answer their back-in-stock requests in this transaction.
      const restocked = batch
        .filter((p) => (p.existing as Item).stock <= 0 && p.columns.stock > 0)
        .map((p) => (p.existing as Item).id);
      await releaseStockAlerts(trx, restocked, at, writer.siteUrl ?? 'http://127.0.0.1:4321');
      done += batch.length;
      progress(done);
    }
    for (const batch of chunks(creates)) {
      const created = await trx
        .insertInto('items')
        .values(
          batch.map((p) => ({
            store_id: p.store.id as number,
            db_id: p.db.id as number,
            section_id: sectionIdOf(p) as number | null,
            ...p.columns,
            updated_at: at,
          })),
        )
        .returning(['id', 'stock'])
        .execute();
      await recordStockChanges(
        trx,
        created.map((r) => ({ ...source, itemId: r.id, before: 0, after: r.stock })),
      );
      done += batch.length;
      progress(done);
    }
    const counts = countPlan(plan);
    const changedAnything =
      Object.values(counts.Created).some((n) => n > 0) || Object.values(counts.Changed).some((n) => n > 0);
    if (changedAnything) await markContentChanged(trx, at);
  });
}

/** Items read before the transaction must still be as read: another writer's change is not overwritten. */
async function assertItemsUnmoved(trx: Transaction<Database>, updates: ItemPlan[]): Promise<void> {
  for (const batch of chunks(updates)) {
    const current = await trx
      .selectFrom('items')
      .select(['id', 'updated_at'])
      .where(
        'id',
        'in',
        batch.map((p) => (p.existing as Item).id),
      )
      .execute();
    const now = new Map(current.map((r) => [r.id, r.updated_at]));
    const moved = batch.filter((p) => now.get((p.existing as Item).id) !== (p.existing as Item).updated_at);
    if (moved.length > 0) {
      throw AppError.conflict(
        `Someone changed or deleted ${moved.length === 1 ? '1 item' : `${moved.length} items`} of this file (row ${moved[0]?.rowNumber}, …) while it was being imported, so nothing was saved. Import the file again.`,
      );
    }
  }
}

/** Creates and changes the plan's categories, stores, store databases and sections, setting each new one's id. */
async function writeParents(trx: Transaction<Database>, plan: Plan, at: string): Promise<void> {
  const touched = new Set<number>();
  for (const c of plan.categories) {
    if (c.row === undefined) {
      const r = await trx
        .insertInto('categories')
        .values({ title: c.title, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      c.id = r.id;
    } else if (c.newTitle !== undefined) {
      await trx
        .updateTable('categories')
        .set({ title: c.newTitle.value, updated_at: at })
        .where('id', '=', c.row.id)
        .execute();
    }
  }
  for (const s of plan.stores) {
    const v = s.values;
    if (s.row === undefined) {
      const r = await trx
        .insertInto('stores')
        .values({
          category_id: s.category?.id as number,
          title: (v.StoreTitle?.value as string | undefined) ?? 'Store',
          description: (v.StoreDescription?.value as string | undefined) ?? '',
          hidden: v.StoreHidden?.value === true ? 1 : 0,
          type: (v.StoreType?.value as StoreType | undefined) ?? 'public_store',
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      s.id = r.id;
      touched.add(r.id);
    } else {
      const change = storeChanges(s);
      if (change !== undefined) {
        if (change.category_id !== undefined) change.category_id = s.newCategory?.plan.id as number;
        await trx
          .updateTable('stores')
          .set({ ...change, updated_at: at })
          .where('id', '=', s.row.id)
          .execute();
        touched.add(s.row.id);
      }
    }
  }
  for (const d of plan.dbs) {
    if (d.row === undefined) {
      const r = await trx
        .insertInto('store_dbs')
        .values({ store_id: d.store.id as number, title: d.title, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      d.id = r.id;
      touched.add(d.store.id as number);
    } else if (d.newTitle !== undefined) {
      await trx
        .updateTable('store_dbs')
        .set({ title: d.newTitle.value, updated_at: at })
        .where('id', '=', d.row.id)
        .execute();
      touched.add(d.store.id as number);
    }
  }
  // A store whose databases changed is itself changed: its pages list them.
  if (touched.size > 0) {
    await trx
      .updateTable('stores')
      .set({ updated_at: at })
      .where('id', 'in', [...touched])
      .execute();
  }
  for (const s of plan.sections) {
    if (s.row === undefined) {
      const r = await trx
        .insertInto('sections')
        .values({
          db_id: s.db.id as number,
          title: s.title,
          meta_description: '',
          content: '',
          hidden: 0,
          custom_order: '[]',
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      s.id = r.id;
    } else if (s.newTitle !== undefined) {
      await trx
        .updateTable('sections')
        .set({ title: s.newTitle.value, updated_at: at })
        .where('id', '=', s.row.id)
        .execute();
    }
  }
}

/** Codes move between items of a store in one import: clear the old ones first, as the unique index checks each row. */
async function clearMovedCodes(trx: Transaction<Database>, updates: ItemPlan[]): Promise<void> {
  const codeMoves = updates.filter(
    (p) => p.columns.product_code !== (p.existing as Item).product_code && (p.existing as Item).product_code !== null,
  );
  for (const batch of chunks(codeMoves)) {
    await trx
      .updateTable('items')
      .set({ product_code: null })
      .where(
        'id',
        'in',
        batch.map((p) => (p.existing as Item).id),
      )
      .execute();
  }
}

// `v.column1` is the item's id; the writable columns follow in ITEM_WRITABLE_COLUMNS' order.
const SET_WRITABLE = sql.join(
  ITEM_WRITABLE_COLUMNS.map(({ column }, i) => sql`${sql.ref(column)} = ${sql.ref(`v.column${i + 2}`)}`),
);

/**
 * One `UPDATE … FROM (VALUES …)` for a batch of changed items. Both engines name
 * the columns of a VALUES list column1, column2, …; each value is cast to its
 * column's type so PostgreSQL types the list from the first row alike.
 */
async function updateItems(trx: Transaction<Database>, batch: ItemPlan[], at: string): Promise<void> {
  const values = batch.map((p) => {
    const write: ItemWrite = { ...p.columns, section_id: sectionIdOf(p) as number | null };
    const cells = ITEM_WRITABLE_COLUMNS.map(({ column, sql: type }) =>
      type === 'integer' ? sql`cast(${write[column]} as integer)` : sql`cast(${write[column]} as text)`,
    );
    return sql`(${sql.join([sql`cast(${(p.existing as Item).id} as integer)`, ...cells])})`;
  });
  await sql`update items set ${SET_WRITABLE}, updated_at = ${at}
    from (values ${sql.join(values)}) as v
    where items.id = v.column1`.execute(trx);
}
