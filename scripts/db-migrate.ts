// npm run db:migrate — brings the configured database to the latest schema.
import { loadConfig } from '../src/server/config.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await migrateToLatest(db.db);
  const applied = result.results?.map((r) => r.migrationName) ?? [];
  console.log(applied.length === 0 ? 'Database is up to date.' : `Applied migrations: ${applied.join(', ')}`);
} catch (err) {
  console.error(`db:migrate failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await db.close();
}
