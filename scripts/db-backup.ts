// npm run db:backup -- DIR — writes a consistent backup of the database (SQLite's online backup
// API, or pg_dump), the content pictures and the generated JWT secret into DIR (new or empty),
// while the shop keeps running. Exit codes: 0 done, 1 failed (nothing left in DIR), 2 bad
// arguments, 3 refused (DIR is not empty, or pg_dump is missing or too old).
import { parseArgs } from 'node:util';
import { loadStorageConfig } from '../src/server/config.ts';
import { writeBackup } from '../src/server/db/backup/backup.ts';
import { BackupRefused } from '../src/server/db/backup/manifest.ts';

const USAGE = 'Usage: npm run db:backup -- DIR   (DIR: a new or empty folder)';

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
  console.error(`db:backup: ${(err as Error).message}\n${USAGE}`);
  process.exit(2);
}

const started = performance.now();
try {
  const { dir: written, manifest } = await writeBackup({
    storage: loadStorageConfig(),
    dir: dir as string,
    log: (line) => console.error(line),
  });
  const bytes = manifest.database.bytes + manifest.content.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Backup written to ${written}: ${manifest.engine}, schema ${manifest.migrations.at(-1) ?? '(none)'}, ` +
      `${manifest.counts.orders} orders, ${manifest.counts.items} items, ${manifest.content.length} content files ` +
      `(${(bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (manifest.jwtSecret === 'environment') {
    console.log('JWT_SECRET is set in the environment: keep it with the backup; the restored shop needs the same one.');
  }
} catch (err) {
  console.error(`db:backup: ${err instanceof BackupRefused ? 'refused' : 'failed'}: ${(err as Error).message}`);
  process.exitCode = err instanceof BackupRefused ? 3 : 1;
}
