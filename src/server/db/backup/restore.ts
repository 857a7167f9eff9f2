import { copyFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { openDb } from '../connection.ts';
import { MIGRATION_NAMES, migrateToLatest } from '../migrate.ts';
import { syncFile } from './backup.ts';
import { hashFile, isMissingOrEmpty, restoreContent } from './files.ts';
import {
  BackupRefused,
  CONTENT_DIR,
  COUNTED_TABLES,
  type DataPlace,
  JWT_SECRET_FILE,
  MANIFEST_FILE,
  type Manifest,
  manifestSchema,
} from './manifest.ts';
import { findPgTool, libpqEnv, run } from './pg-tools.ts';

/** What a restore did. */
export interface RestoreSummary {
  manifest: Manifest;
  /** The migrations run after the restore (the backup was older than this code). */
  migrated: string[];
}

/** Reads and checks a backup folder's manifest. */
export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `${dir} is not a complete backup: it has no ${MANIFEST_FILE}`
        : `cannot read ${join(dir, MANIFEST_FILE)}: ${(err as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new Error(`${join(dir, MANIFEST_FILE)} is not JSON: ${(err as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `${join(dir, MANIFEST_FILE)} is not an Aisle backup manifest: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
    );
  }
  return parsed.data;
}

/**
 * Restores a backup written by `writeBackup` into an empty target: the SQLite file under
 * `DATA_DIR` (which must hold no database) or the empty PostgreSQL database of `DATABASE_URL`,
 * the pictures into `DATA_DIR/content` (missing or empty) and the generated JWT secret. Every
 * checksum is verified before the database is written; the database is then brought to this
 * code's schema (a backup from an older version is migrated). SQLite and the pictures are
 * written beside their places and renamed into them at the end; PostgreSQL is restored in one
 * transaction (`pg_restore --single-transaction`).
 */
export async function restoreBackup(opts: {
  storage: DataPlace;
  dir: string;
  log?: (line: string) => void;
}): Promise<RestoreSummary> {
  const { storage } = opts;
  const log = opts.log ?? (() => {});
  const dir = resolve(opts.dir);
  const manifest = await readManifest(dir);
  const engine = storage.databaseUrl === undefined ? 'sqlite' : 'postgres';
  if (manifest.engine !== engine) {
    throw new Error(
      manifest.engine === 'sqlite'
        ? 'this is a backup of a SQLite database; unset DATABASE_URL to restore it into DATA_DIR'
        : 'this is a backup of a PostgreSQL database; set DATABASE_URL to the empty database to restore it into',
    );
  }
  const unknown = manifest.migrations.filter((m) => !MIGRATION_NAMES.includes(m));
  if (unknown.length > 0) {
    throw new Error(
      `the backup was made by a newer version of Aisle (its schema has ${unknown.join(', ')}, which this code does not know); restore it with that version or newer`,
    );
  }

  const pgRestore = storage.databaseUrl === undefined ? undefined : findPgTool('pg_restore');
  // The target must be empty: nothing is ever overwritten.
  if (storage.databaseUrl === undefined) {
    for (const f of [storage.sqliteFile, `${storage.sqliteFile}-wal`, `${storage.sqliteFile}-shm`]) {
      if (await exists(f)) {
        throw new BackupRefused(`${f} exists; restore into a DATA_DIR without a database (move it away first).`);
      }
    }
  } else {
    const tables = await userTables(storage.databaseUrl);
    if (tables.length > 0) {
      throw new BackupRefused(
        `the database of DATABASE_URL is not empty (it has ${tables.length} table${tables.length === 1 ? '' : 's'}, such as ${tables.slice(0, 3).join(', ')}); restore into a new, empty database (createdb).`,
      );
    }
  }
  if (!(await isMissingOrEmpty(storage.contentDir))) {
    throw new BackupRefused(`${storage.contentDir} is not empty; restore into a DATA_DIR without content pictures.`);
  }
  const secretFromBackup = manifest.jwtSecret === 'file' ? join(dir, JWT_SECRET_FILE) : undefined;
  let writeSecret = secretFromBackup !== undefined;
  if (secretFromBackup !== undefined && (await exists(storage.jwtSecretFile))) {
    const [ours, theirs] = await Promise.all([readFile(storage.jwtSecretFile), readFile(secretFromBackup)]);
    if (!ours.equals(theirs)) {
      throw new BackupRefused(
        `${storage.jwtSecretFile} holds another JWT secret than the backup's; restore into a DATA_DIR without one.`,
      );
    }
    writeSecret = false;
  }

  const dbPath = join(dir, manifest.database.path);
  log('Checking the backup ...');
  const hashed = await hashFile(dbPath).catch((err: Error) => {
    throw new Error(`cannot read the backup's database ${dbPath}: ${err.message}`);
  });
  if (hashed.sha256 !== manifest.database.sha256 || hashed.bytes !== manifest.database.bytes) {
    throw new Error(`the backup's database ${dbPath} does not match its checksum in the manifest; it is damaged`);
  }

  await mkdir(storage.dataDir, { recursive: true });
  const staging = `.restoring-${process.pid}`;
  const contentStaging = `${storage.contentDir}${staging}`;
  const sqliteStaging = `${storage.sqliteFile}${staging}`;
  try {
    log(`Restoring ${manifest.content.length} content files ...`);
    await restoreContent(join(dir, CONTENT_DIR), contentStaging, manifest.content);
    let migrated: string[];
    if (storage.databaseUrl === undefined) {
      log('Restoring the SQLite database ...');
      await copyFile(dbPath, sqliteStaging);
      checkSqlite(sqliteStaging, manifest);
      migrated = await migrate({ sqliteFile: sqliteStaging });
      await syncFile(sqliteStaging);
      await rename(sqliteStaging, storage.sqliteFile);
    } else {
      log('Restoring the PostgreSQL database ...');
      const env = libpqEnv(storage.databaseUrl);
      await run(
        pgRestore as string,
        [
          '--exit-on-error',
          '--single-transaction',
          '--no-owner',
          '--no-privileges',
          '--no-password',
          `--dbname=${env.PGDATABASE ?? ''}`,
          dbPath,
        ],
        env,
      );
      await checkPostgres(storage.databaseUrl, manifest);
      migrated = await migrate({ databaseUrl: storage.databaseUrl });
    }
    await rm(storage.contentDir, { recursive: true, force: true });
    await rename(contentStaging, storage.contentDir);
    if (writeSecret && secretFromBackup !== undefined) {
      const secret = await readFile(secretFromBackup);
      const handle = await open(storage.jwtSecretFile, 'wx', 0o600);
      try {
        await handle.writeFile(secret);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
    await syncFile(storage.dataDir);
    return { manifest, migrated };
  } catch (err) {
    await rm(contentStaging, { recursive: true, force: true });
    for (const suffix of ['', '-wal', '-shm', '-journal']) await rm(`${sqliteStaging}${suffix}`, { force: true });
    throw err;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await (await open(path, 'r')).close();
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

/** The tables of a PostgreSQL database outside the system schemas. */
async function userTables(databaseUrl: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      `select schemaname || '.' || tablename as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    return rows.map((r) => r.name);
  } finally {
    await client.end();
  }
}

function countMismatch(manifest: Manifest, counts: Record<string, number>): string | undefined {
  for (const table of COUNTED_TABLES) {
    const want = manifest.counts[table];
    if (want !== undefined && counts[table] !== want) {
      return `the restored ${table} has ${counts[table]} rows, the backup recorded ${want}`;
    }
  }
  return undefined;
}

function checkSqlite(file: string, manifest: Manifest): void {
  const db = new DatabaseSync(file);
  try {
    const check = db.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]?.quick_check !== 'ok') {
      throw new Error(`the backup's SQLite database fails quick_check: ${JSON.stringify(check.slice(0, 5))}`);
    }
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      counts[table] = Number((db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
    }
    const wrong = countMismatch(manifest, counts);
    if (wrong !== undefined) throw new Error(wrong);
  } finally {
    db.close();
  }
}

async function checkPostgres(databaseUrl: string, manifest: Manifest): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      counts[table] = (await client.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0;
    }
    const wrong = countMismatch(manifest, counts);
    if (wrong !== undefined) {
      throw new Error(`${wrong}; the database holds the restored rows: drop and create it again before another try`);
    }
  } finally {
    await client.end();
  }
}

async function migrate(target: { sqliteFile?: string; databaseUrl?: string }): Promise<string[]> {
  const db = openDb({ ...target, checkpointInBackground: false, poolMax: 2 });
  try {
    const result = await migrateToLatest(db.db);
    return result.results?.map((r) => r.migrationName) ?? [];
  } finally {
    await db.close();
  }
}
