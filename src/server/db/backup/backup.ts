import { copyFile, mkdir, mkdtemp, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { backup, DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { copyContent, hashFile, isMissingOrEmpty } from './files.ts';
import {
  BackupRefused,
  CONTENT_DIR,
  COUNTED_TABLES,
  type DataPlace,
  JWT_SECRET_FILE,
  MANIFEST_FILE,
  type Manifest,
  PG_DUMP_FILE,
  SQLITE_FILE,
} from './manifest.ts';
import { checkDumpVersion, findPgTool, libpqEnv, pgToolVersion, run } from './pg-tools.ts';

/** What the database part of a backup recorded, read in the backup's own snapshot. */
interface DatabaseSnapshot {
  takenAt: string;
  migrations: string[];
  counts: Record<string, number>;
  pgDump: Manifest['pgDump'];
}

// sqlite3_backup_step copies this many pages at most per step: all of them, so the copy is one
// read transaction (one snapshot) however busy the shop is. Steps of fewer pages restart from the
// start whenever another connection writes in between, which a shop taking orders always does.
const ALL_PAGES = 2 ** 31 - 1;

/**
 * Writes a consistent backup of the shop's database, content pictures and generated JWT secret
 * into `dir` (new, or an empty folder) while the shop keeps running: SQLite through its online
 * backup API (one snapshot), PostgreSQL through `pg_dump --format=custom` in a snapshot exported
 * by a transaction that also reads the manifest's counts. Everything is written into a sibling
 * folder that is renamed to `dir` at the end, so `dir` exists only complete.
 */
export async function writeBackup(opts: {
  storage: DataPlace;
  dir: string;
  log?: (line: string) => void;
}): Promise<{ dir: string; manifest: Manifest }> {
  const { storage } = opts;
  const log = opts.log ?? (() => {});
  const dir = resolve(opts.dir);
  if (!(await isMissingOrEmpty(dir))) {
    throw new BackupRefused(`${dir} is not empty; give a new or empty folder for the backup.`);
  }
  await mkdir(dirname(dir), { recursive: true });
  // mkdtemp makes the folder 0700: the backup holds password hashes and the JWT secret.
  const work = await mkdtemp(join(dirname(dir), `.${basename(dir)}.partial-`));
  try {
    const engine = storage.databaseUrl === undefined ? 'sqlite' : 'postgres';
    const dbFile = engine === 'sqlite' ? SQLITE_FILE : PG_DUMP_FILE;
    log(`Backing up the ${engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database ...`);
    const snapshot =
      storage.databaseUrl === undefined
        ? await backupSqlite(storage.sqliteFile, join(work, dbFile))
        : await backupPostgres(storage.databaseUrl, join(work, dbFile));
    await syncFile(join(work, dbFile));
    const database = { path: dbFile, ...(await hashFile(join(work, dbFile))) };
    log('Copying the content pictures ...');
    const content = await copyContent(storage.contentDir, join(work, CONTENT_DIR));
    let jwtSecret: Manifest['jwtSecret'] = 'none';
    if (storage.jwtSecretFromEnv) jwtSecret = 'environment';
    else if (await copySecret(storage.jwtSecretFile, join(work, JWT_SECRET_FILE))) jwtSecret = 'file';
    const manifest: Manifest = {
      format: 'aisle-backup',
      version: 1,
      engine,
      takenAt: snapshot.takenAt,
      finishedAt: new Date().toISOString(),
      migrations: snapshot.migrations,
      counts: snapshot.counts,
      database,
      pgDump: snapshot.pgDump,
      content,
      jwtSecret,
    };
    const manifestPath = join(work, MANIFEST_FILE);
    const handle = await open(manifestPath, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(work, dir);
    await syncFile(dirname(dir));
    return { dir, manifest };
  } catch (err) {
    await rm(work, { recursive: true, force: true });
    throw err;
  }
}

async function backupSqlite(file: string, target: string): Promise<DatabaseSnapshot> {
  let source: DatabaseSync;
  try {
    // Read-write, as the shop opens it: a read-only connection cannot recover a WAL left by a crash.
    source = new DatabaseSync(file, { open: true });
  } catch (err) {
    throw new Error(`cannot open the SQLite database ${file}: ${(err as Error).message}`);
  }
  const takenAt = new Date().toISOString();
  try {
    source.exec('PRAGMA busy_timeout = 5000;');
    await backup(source, target, { rate: ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new DatabaseSync(target);
  try {
    const check = copy.prepare('PRAGMA quick_check').all() as { quick_check: string }[];
    if (check.length !== 1 || check[0]?.quick_check !== 'ok') {
      throw new Error(`the copy of ${file} fails SQLite's quick_check: ${JSON.stringify(check.slice(0, 5))}`);
    }
    // One self-contained file: no -wal beside it to lose when the folder is copied.
    copy.exec('PRAGMA journal_mode = DELETE;');
    const migrations = (
      copy.prepare('select name from kysely_migration order by name').all() as { name: string }[]
    ).map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const row = copy.prepare(`select count(*) as n from ${table}`).get() as { n: number };
      counts[table] = Number(row.n);
    }
    return { takenAt, migrations, counts, pgDump: null };
  } finally {
    copy.close();
  }
}

async function backupPostgres(databaseUrl: string, target: string): Promise<DatabaseSnapshot> {
  const pgDump = findPgTool('pg_dump');
  const tool = await pgToolVersion(pgDump);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const version = await client.query<{ n: string; v: string }>(
      "select current_setting('server_version_num') as n, current_setting('server_version') as v",
    );
    checkDumpVersion(tool, Number(version.rows[0]?.n));
    // pg_dump reads the snapshot this transaction exports, so the counts below describe the dump exactly.
    await client.query('begin isolation level repeatable read read only');
    const takenAt = new Date().toISOString();
    const snapshotId = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]?.s ?? '';
    const migrations = (
      await client.query<{ name: string }>('select name from kysely_migration order by name')
    ).rows.map((r) => r.name);
    const counts: Record<string, number> = {};
    for (const table of COUNTED_TABLES) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      counts[table] = rows[0]?.n ?? 0;
    }
    await run(
      pgDump,
      ['--format=custom', `--snapshot=${snapshotId}`, `--file=${target}`, '--no-password'],
      libpqEnv(databaseUrl),
    );
    await client.query('commit');
    return { takenAt, migrations, counts, pgDump: { version: tool.version, serverVersion: version.rows[0]?.v ?? '' } };
  } finally {
    await client.end();
  }
}

/** Copies the generated JWT secret (0600) when `DATA_DIR` has one; false when it has none. */
async function copySecret(from: string, to: string): Promise<boolean> {
  try {
    await copyFile(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  const handle = await open(to, 'r');
  try {
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
  return true;
}

/** fsync of a file or folder, so what was written survives a power cut. */
export async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
