import { type FSWatcher, watch } from 'node:fs';
import { type Config, SQLITE_FILE } from '../server/config.ts';
import { onCatalogueNotice, type WriteWatch } from './database-notices.ts';

/**
 * Calls `onWrite` as soon as the catalogue's database is written, so that a watching rebuild
 * (`--watch`) asks the change feed at once rather than at its next poll, and costs nothing while
 * nothing is written. SQLite: any process wrote its file or its write-ahead log in `DATA_DIR`
 * (told by the kernel: inotify on Linux). PostgreSQL: a transaction that wrote the change feed
 * committed (its notice, `database-notices.ts`). Null when the folder cannot be watched: the
 * rebuild then polls the feed alone.
 */
export function onDatabaseWrite(config: Config, onWrite: () => void, log: (line: string) => void): WriteWatch | null {
  if (config.databaseUrl !== undefined) return onCatalogueNotice(config, onWrite, log);
  let watcher: FSWatcher;
  try {
    watcher = watch(config.dataDir, { persistent: false }, (_event, file) => {
      // `aisle.db`, `aisle.db-wal`, `aisle.db-journal`; a watcher that cannot name the file wakes too.
      if (file === null || file.startsWith(SQLITE_FILE)) onWrite();
    });
  } catch (err) {
    log(
      `Rebuild: cannot watch ${config.dataDir} for database writes (${(err as Error).message}); polling the change feed.`,
    );
    return null;
  }
  watcher.on('error', (err) => {
    log(`Rebuild: stopped watching ${config.dataDir} for database writes (${err.message}); polling the change feed.`);
    watcher.close();
    onWrite();
  });
  let live = true;
  watcher.on('close', () => {
    live = false;
  });
  return { stop: () => watcher.close(), live: () => live };
}
