import { stat } from 'node:fs/promises';
import { type Kysely, sql } from 'kysely';
import { type Dialect, pgPoolOf } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { MAIL_MAX_ATTEMPTS } from '../mail-queue.ts';
import type { Metrics } from '../metrics.ts';
import type { Readiness } from './health.ts';

const watched = new WeakSet<Metrics>();

/** The database-backed figures of one scrape. */
interface Snapshot {
  mailDepth: number;
  mailGivenUp: number;
  outOfStock: number;
  sqliteBytes: { db: number; wal: number } | undefined;
}

async function fileSize(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch {
    return 0;
  }
}

async function takeSnapshot(db: Kysely<Database>, dialect: Dialect): Promise<Snapshot> {
  const mail = await db
    .selectFrom('mail_queue')
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere('attempts', '<', MAIL_MAX_ATTEMPTS).as('due'),
      eb.fn.countAll<number>().filterWhere('attempts', '>=', MAIL_MAX_ATTEMPTS).as('given_up'),
    ])
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  const stock = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stock', '<=', 0)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  let sqliteBytes: Snapshot['sqliteBytes'];
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db);
    const file = rows[0]?.file ?? '';
    sqliteBytes = file === '' ? undefined : { db: await fileSize(file), wal: await fileSize(`${file}-wal`) };
  }
  return {
    mailDepth: Number(mail.due),
    mailGivenUp: Number(mail.given_up),
    outOfStock: Number(stock.n),
    sqliteBytes,
  };
}

/**
 * Adds the gauges read from the database and its pool when Prometheus scrapes:
 * whether the database is ready (`aisle_db_up`), the pool's connections (PostgreSQL:
 * open, idle, requests waiting, the most allowed; SQLite: the database and WAL file
 * sizes, its one connection needing no pool), the mail queue's depth and the mails
 * given up, and the visible items out of stock. While the database is down only the
 * pool's figures (read from memory) and `aisle_db_up 0` are known; the others read NaN.
 */
export function addDatabaseGauges(
  metrics: Metrics,
  opts: { db: Kysely<Database>; dialect: Dialect; ready: () => Promise<Readiness> },
): void {
  // Apps sharing one set of metrics (a server's) report the database once.
  if (watched.has(metrics)) return;
  watched.add(metrics);
  const { db, dialect } = opts;
  // One snapshot per scrape, taken before the gauges are read, and only when the database
  // answers: a scrape never waits on a database that is down.
  let snapshot: Snapshot | undefined;
  metrics.beforeScrape(async () => {
    snapshot = undefined;
    const readiness = await opts.ready();
    if (readiness.Database !== 'up') return;
    snapshot = await takeSnapshot(db, dialect).catch(() => undefined);
  });
  const current = async (): Promise<Snapshot | undefined> => snapshot;

  metrics.addScrapeGauge({
    name: 'aisle_db_up',
    help: '1 when the database answers and its migrations are current (as /readyz), else 0.',
    read: async () => ((await opts.ready()).Ready ? 1 : 0),
  });
  const pool = pgPoolOf(db);
  if (pool !== undefined) {
    metrics.addScrapeGauge({
      name: 'aisle_db_pool_connections',
      help: 'PostgreSQL connections of this process: state="open" (all), "idle" (free), "max" (DATABASE_POOL_MAX).',
      labelNames: ['state'],
      read: async () => [
        { labels: { state: 'open' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'max' }, value: pool.options.max ?? 0 },
      ],
    });
    metrics.addScrapeGauge({
      name: 'aisle_db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL connection of this process.',
      read: async () => pool.waitingCount,
    });
  }
  if (dialect === 'sqlite') {
    metrics.addScrapeGauge({
      name: 'aisle_sqlite_file_bytes',
      help: 'Size of the SQLite database: file="db" (the database file) and "wal" (its write-ahead log, emptied by checkpoints).',
      labelNames: ['file'],
      read: async () => {
        const bytes = (await current())?.sqliteBytes;
        return bytes === undefined
          ? undefined
          : [
              { labels: { file: 'db' }, value: bytes.db },
              { labels: { file: 'wal' }, value: bytes.wal },
            ];
      },
    });
  }
  metrics.addScrapeGauge({
    name: 'aisle_mail_queue_depth',
    help: 'Mails queued and not yet sent that will still be tried.',
    read: async () => (await current())?.mailDepth,
  });
  metrics.addScrapeGauge({
    name: 'aisle_mail_given_up',
    help: `Mails not sent after ${MAIL_MAX_ATTEMPTS} tries, left in the queue for an operator.`,
    read: async () => (await current())?.mailGivenUp,
  });
  metrics.addScrapeGauge({
    name: 'aisle_items_out_of_stock',
    help: 'Visible items with no stock left.',
    read: async () => (await current())?.outOfStock,
  });
}
