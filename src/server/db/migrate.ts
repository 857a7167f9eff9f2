import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationResultSet, Migrator } from 'kysely/migration';
import * as m0001 from './migrations/0001_initial.ts';
import * as m0002 from './migrations/0002_cart_positions.ts';
import * as m0003 from './migrations/0003_site_state.ts';
import * as m0130 from './migrations/0130_delivery_mail_alerts.ts';
import * as m0160 from './migrations/0160_feeds_and_codes.ts';
import * as m0170 from './migrations/0170_publish_queue.ts';
import * as m0180 from './migrations/0180_catalogue_changes.ts';
import * as m0190 from './migrations/0190_code_failures.ts';
import * as m0200 from './migrations/0200_order_limits.ts';
import * as m0210 from './migrations/0210_feed_key_scopes.ts';
import * as m0220 from './migrations/0220_account_mfa.ts';
import * as m0230 from './migrations/0230_list_sort_indexes.ts';
import * as m0240 from './migrations/0240_cart_line_times.ts';
import * as m0250 from './migrations/0250_store_delivery.ts';
import * as m0260 from './migrations/0260_delivery_slots.ts';
import * as m0270 from './migrations/0270_order_groups.ts';
import * as m0280 from './migrations/0280_order_statuses.ts';
import * as m0300 from './migrations/0300_gst_invoices.ts';
import * as m0310 from './migrations/0310_coupons.ts';
import * as m0320 from './migrations/0320_stock_ledger.ts';
import * as m0330 from './migrations/0330_sales_report_indexes.ts';
import * as m0340 from './migrations/0340_invoice_numbers_after_commit.ts';
import * as m0350 from './migrations/0350_sales_days.ts';
import * as m0360 from './migrations/0360_payments.ts';
import * as m0370 from './migrations/0370_sold_by_weight.ts';
import * as m0371 from './migrations/0371_sales_days_by_weight.ts';
import * as m0380 from './migrations/0380_substitutions_and_packing.ts';
import * as m0390 from './migrations/0390_search_index.ts';
import * as m0410 from './migrations/0410_payment_refunds.ts';
import * as m0420 from './migrations/0420_sales_days_sent.ts';
import * as m0430 from './migrations/0430_payment_hold_minutes.ts';
import * as m0440 from './migrations/0440_bulk_packs.ts';
import * as m0460 from './migrations/0460_catalogue_change_notices.ts';
import type { Database } from './schema.ts';

// A static list instead of a folder scan: works the same from source, from a
// bundle and under Vitest, and the order is explicit.
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_cart_positions': m0002,
  '0003_site_state': m0003,
  '0130_delivery_mail_alerts': m0130,
  '0160_feeds_and_codes': m0160,
  '0170_publish_queue': m0170,
  '0180_catalogue_changes': m0180,
  '0190_code_failures': m0190,
  '0200_order_limits': m0200,
  '0210_feed_key_scopes': m0210,
  '0220_account_mfa': m0220,
  '0230_list_sort_indexes': m0230,
  '0240_cart_line_times': m0240,
  '0250_store_delivery': m0250,
  '0260_delivery_slots': m0260,
  '0270_order_groups': m0270,
  '0280_order_statuses': m0280,
  '0300_gst_invoices': m0300,
  '0310_coupons': m0310,
  '0320_stock_ledger': m0320,
  '0330_sales_report_indexes': m0330,
  '0340_invoice_numbers_after_commit': m0340,
  '0350_sales_days': m0350,
  '0360_payments': m0360,
  '0380_substitutions_and_packing': m0380,
  '0410_payment_refunds': m0410,
  '0370_sold_by_weight': m0370,
  '0371_sales_days_by_weight': m0371,
  '0390_search_index': m0390,
  '0420_sales_days_sent': m0420,
  '0430_payment_hold_minutes': m0430,
  '0440_bulk_packs': m0440,
  '0460_catalogue_change_notices': m0460,
};

/**
 * The migrations the database has run, read in one query; null when its migrations table cannot
 * be read (a new database). Kysely's Migrator first reads the schema of every table to find its
 * own, which takes an API's start (and a one-item rebuild's in-process API) 20–30 ms more, and a
 * readiness check as much; it runs whenever this cannot tell.
 */
async function ranMigrations(db: Kysely<Database>): Promise<Set<string> | null> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    return new Set(rows.map((r) => r.name));
  } catch {
    return null;
  }
}

/** True when the database has run exactly the migrations this code knows. */
async function isCurrent(db: Kysely<Database>): Promise<boolean> {
  const ran = await ranMigrations(db);
  return ran !== null && ran.size === MIGRATION_NAMES.length && MIGRATION_NAMES.every((name) => ran.has(name));
}

/** Brings the database to the latest schema; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  if (await isCurrent(db)) return { results: [] };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return result;
}

/** The migrations this code knows that the database has not run yet (empty when its schema is current). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const ran = await ranMigrations(db);
  if (ran !== null) return MIGRATION_NAMES.filter((name) => !ran.has(name));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const known = await migrator.getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** The names of every migration this code knows, oldest first (a backup's schema is checked against them). */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

/** Brings a database up to `name` and no further (tests of restoring an older backup). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const result = await migrator.migrateTo(name);
  if (result.error) throw new Error(`Migrating to ${name} failed: ${String(result.error)}`, { cause: result.error });
  return result;
}
