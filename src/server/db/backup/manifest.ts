import { z } from 'zod';

/** The manifest's file name inside a backup folder; it is written last, so a folder with it is complete. */
export const MANIFEST_FILE = 'manifest.json';
/** The SQLite database in a backup (an online-backup copy of `aisle.db`). */
export const SQLITE_FILE = 'aisle.db';
/** The PostgreSQL database in a backup (`pg_dump --format=custom`). */
export const PG_DUMP_FILE = 'aisle.dump';
/** The content pictures in a backup, the tree of `DATA_DIR/content`. */
export const CONTENT_DIR = 'content';
/** The generated JWT secret, when `DATA_DIR` held one. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** The tables whose row counts a backup records and a restore compares. */
export const COUNTED_TABLES = ['categories', 'stores', 'items', 'users', 'orders', 'order_lines'] as const;

const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');
const relativePath = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').some((part) => part === '..' || part === '' || part === '.'), {
    message: 'a relative path inside the backup',
  });

const fileEntry = z.object({ path: relativePath, bytes: z.number().int().nonnegative(), sha256 });

/** What a backup folder holds (`manifest.json`), checked by `db:restore` before it writes anything. */
export const manifestSchema = z.object({
  format: z.literal('aisle-backup'),
  version: z.literal(1),
  engine: z.enum(['sqlite', 'postgres']),
  /** When the backup's snapshot was taken (ISO 8601). */
  takenAt: z.string(),
  finishedAt: z.string(),
  /** Every migration applied to the backed-up database, oldest first; the last is its schema version. */
  migrations: z.array(z.string()),
  counts: z.record(z.string(), z.number().int().nonnegative()),
  database: fileEntry,
  /** PostgreSQL: the pg_dump that wrote the dump and the server it read. */
  pgDump: z.object({ version: z.string(), serverVersion: z.string() }).nullable(),
  /** Every file under `content/`, relative to it. */
  content: z.array(fileEntry),
  /** `file`: the generated secret is in the backup; `environment`: `JWT_SECRET` was set; `none`: neither. */
  jwtSecret: z.enum(['file', 'environment', 'none']),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type FileEntry = z.infer<typeof fileEntry>;

/** Where the shop's data lives, as `loadStorageConfig` (config.ts) reads it from `DATA_DIR` and `DATABASE_URL`. */
export interface DataPlace {
  dataDir: string;
  /** Unset: SQLite at `sqliteFile`. */
  databaseUrl: string | undefined;
  sqliteFile: string;
  contentDir: string;
  jwtSecretFile: string;
  /** `JWT_SECRET` is set, so the secret is not a file of `dataDir`. */
  jwtSecretFromEnv: boolean;
}

/** A backup or restore that was refused before anything was written (exit code 3). */
export class BackupRefused extends Error {
  override name = 'BackupRefused';
}
