// npm run db:restore -- DIR — restores a backup written by db:backup into an empty target: the
// SQLite database under DATA_DIR (none there yet), or the empty PostgreSQL database of
// DATABASE_URL; the pictures into DATA_DIR/content and the generated JWT secret. Checks every
// checksum first and migrates a backup older than the code. Exit codes: 0 done, 1 failed,
// 2 bad arguments, 3 refused (the target is not empty, or pg_restore is missing).
import { parseArgs } from 'node:util';
import { loadStorageConfig } from '../src/server/config.ts';
import { BackupRefused } from '../src/server/db/backup/manifest.ts';
import { restoreBackup } from '../src/server/db/backup/restore.ts';

const USAGE = 'Usage: npm run db:restore -- DIR   (DIR: a folder written by npm run db:backup)';

let dir: string | undefined;
try {
  const parsed = parseArgs({ options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true });
  if (parsed.values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  if (parsed.positionals.length !== 1) throw new Error('give exactly one DIR.');
  dir = parsed.positionals[0];
} catch (err) {
  console.error(`db:restore: ${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const started = performance.now();
try {
  const storage = loadStorageConfig();
  const { manifest, migrated } = await restoreBackup({ storage, dir: dir as string, log: (l) => console.error(l) });
  console.log(
    `Restored the backup taken ${manifest.takenAt} into ${storage.databaseUrl === undefined ? storage.sqliteFile : 'the database of DATABASE_URL'}: ` +
      `${manifest.counts.orders} orders, ${manifest.counts.items} items, ${manifest.content.length} content files` +
      `${migrated.length > 0 ? `; then applied migrations ${migrated.join(', ')}` : ''} ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.jwtSecret === 'environment') {
    console.log('The backed-up shop had JWT_SECRET set: start this one with the same JWT_SECRET.');
  }
} catch (err) {
  console.error(`db:restore: ${err instanceof BackupRefused ? 'refused' : 'failed'}: ${(err as Error).message}`);
  process.exitCode = err instanceof BackupRefused ? 3 : 1;
}
