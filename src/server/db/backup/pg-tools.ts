import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { BackupRefused } from './manifest.ts';

/** How to get the PostgreSQL client programs, for the message when one is missing (README "Backups"). */
const INSTALL_HINT =
  'Install the PostgreSQL client programs of the server\'s major version or newer (Debian/Ubuntu: "apt-get install postgresql-client-15", ' +
  'or the PGDG packages for a newer server) and put their folder on PATH; see README "Backups".';

/** The path of a PostgreSQL client program (`pg_dump`, `pg_restore`) found on PATH; refuses with how to install it. */
export function findPgTool(name: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not in this folder
    }
  }
  throw new BackupRefused(`${name} was not found on PATH; a PostgreSQL backup and restore need it. ${INSTALL_HINT}`);
}

/** Runs a program to its end; rejects with its standard error when it exits non-zero. */
export function run(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${file} ${signal ?? `exited ${code}`}: ${stderr.trim() || stdout.trim()}`));
    });
  });
}

/** The version a client program reports (`pg_dump (PostgreSQL) 15.20 (Debian …)` → `15.20`) and its major number. */
export async function pgToolVersion(path: string): Promise<{ version: string; major: number }> {
  const { stdout } = await run(path, ['--version'], process.env);
  const m = /\(PostgreSQL\)\s+(\d+)(\.\d+)?/.exec(stdout);
  if (m?.[1] === undefined) throw new Error(`cannot read the version of ${path}: "${stdout.trim()}"`);
  return { version: `${m[1]}${m[2] ?? ''}`, major: Number(m[1]) };
}

/** pg_dump can read a server only of its own major version or older. */
export function checkDumpVersion(tool: { version: string; major: number }, serverVersionNum: number): void {
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (tool.major < serverMajor) {
    throw new BackupRefused(
      `pg_dump ${tool.version} is older than the PostgreSQL ${serverMajor} server and cannot dump it. ${INSTALL_HINT}`,
    );
  }
}

/**
 * The libpq environment for a `postgres://` URL, so the password travels in `PGPASSWORD`
 * and never on a command line other users can read (`ps`).
 */
export function libpqEnv(databaseUrl: string, base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...base };
  if (url.hostname !== '') env.PGHOST = decodeURIComponent(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (url.port !== '') env.PGPORT = url.port;
  if (url.username !== '') env.PGUSER = decodeURIComponent(url.username);
  if (url.password !== '') env.PGPASSWORD = decodeURIComponent(url.password);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database !== '') env.PGDATABASE = database;
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode !== null) env.PGSSLMODE = sslmode;
  const host = url.searchParams.get('host');
  if (host !== null) env.PGHOST = host;
  return env;
}
