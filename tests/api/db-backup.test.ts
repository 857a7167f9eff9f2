// npm run db:backup / db:restore on both engines: a backup taken while a shop in another process
// takes orders over HTTP holds every order acknowledged before it began, restores into an empty
// target, and the restored shop serves; a non-empty target, a damaged backup and a missing
// pg_dump are refused with a clear message and exit code.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, type Dialect, openDb } from '../../src/server/db/connection.ts';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrate.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer, cartBody, line } from './cart-helpers.ts';
import { type ChildShop, startChildShop } from './child-shop.ts';
import { createTestDb, DIALECTS, PG_ADMIN_URL, type TestDb } from './harness.ts';
import { STAFF_JWT_SECRET } from './staff-helpers.ts';

const ROOT = join(import.meta.dirname, '../..');
const SECRET_FILE_TEXT = 'a-generated-secret-kept-in-data-dir-0123456789abcdef\n';

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `scripts/{name}.ts DIR` as `npm run` would, over the data of `target`. */
function cli(
  name: 'db-backup' | 'db-restore',
  dir: string,
  target: { dataDir: string; databaseUrl?: string | undefined },
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: target.dataDir, ...extraEnv };
  delete env.JWT_SECRET;
  if (target.databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = target.databaseUrl;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, `scripts/${name}.ts`), dir], { env, cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** An empty restore target: a new DATA_DIR, and on PostgreSQL a new empty database on the shared server. */
interface Target {
  dialect: Dialect;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The database file (SQLite) or URL (PostgreSQL), as `TestDb.url`. */
  url: string;
  open(): Db;
  drop(): Promise<void>;
}

async function emptyTarget(dialect: Dialect): Promise<Target> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aisle-restore-'));
  if (dialect === 'sqlite') {
    const file = join(dataDir, 'aisle.db');
    return {
      dialect,
      dataDir,
      databaseUrl: undefined,
      url: file,
      open: () => openDb({ sqliteFile: file, checkpointInBackground: false }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `aisle_r_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    url: url.toString(),
    open: () => openDb({ databaseUrl: url.toString(), poolMax: 2 }),
    async drop() {
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      try {
        await a.query(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A small PNG (the shop decodes pictures to make their versions). */
function png(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** The shop's `DATABASE_URL`: unset on SQLite. */
function sourceUrl(db: TestDb): string | undefined {
  return db.dialect === 'postgres' ? db.url : undefined;
}

async function orderIds(db: Db): Promise<number[]> {
  const rows = await db.db.selectFrom('orders').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

describe.each(DIALECTS)('db:backup and db:restore on %s', (dialect) => {
  let db: TestDb;
  let shop: ChildShop;
  let shoppers: Customer[];
  let backupDir: string;
  const targets: Target[] = [];
  const scratch = mkdtempSync(join(tmpdir(), 'aisle-backups-'));

  beforeAll(async () => {
    db = await createTestDb(dialect);
    await insertCatalogue(db.db);
    await db.db.updateTable('items').set({ stock: 1_000_000 }).where('id', 'in', [1, 4]).execute();
    shoppers = await addCustomers(
      db.db,
      STAFF_JWT_SECRET,
      new Date(),
      Array.from({ length: 60 }, (_, i) => ({
        email: `backup${i}@aisle.test`,
        fullName: `Backup ${i}`,
        role: 'User' as const,
      })),
    );
    // Pictures as the shop keeps them, one of them a hard link of another (the demo tiles are).
    const content = join(db.dataDir, 'content');
    mkdirSync(join(content, '1/Item/1'), { recursive: true });
    mkdirSync(join(content, '3/Item/4'), { recursive: true });
    mkdirSync(join(content, 'Store/1'), { recursive: true });
    writeFileSync(join(content, '1/Item/1/ti.png'), await png(200, 40, 40));
    linkSync(join(content, '1/Item/1/ti.png'), join(content, '3/Item/4/ti.png'));
    writeFileSync(join(content, 'Store/1/ti.png'), await png(40, 200, 40));
    writeFileSync(join(db.dataDir, 'jwt-secret'), SECRET_FILE_TEXT, { mode: 0o600 });
    shop = await startChildShop(db, 'aisle-backup-shop');
  });

  afterAll(async () => {
    await shop?.stop();
    for (const t of targets) await t.drop();
    await db?.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('takes a backup during a run of concurrent orders that holds every order acknowledged before it began', async () => {
    const acknowledged: number[] = [];
    const ownerOf = new Map<number, Customer>();
    const failures: string[] = [];
    let stop = false;
    let next = 0;
    // Four clients place orders over HTTP, each shopper at most 8 (the open-orders limit is 10).
    const client = async (): Promise<void> => {
      while (!stop) {
        const n = next++;
        const s = shoppers[n % shoppers.length] as Customer;
        if (n >= shoppers.length * 8) return;
        const item = n % 2 === 0 ? line(1, 1, 1) : line(4, 3, 2);
        const res = await fetch(`${shop.url}/api/cart/CreateOrder`, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${s.token}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': randomUUID(),
          },
          body: JSON.stringify(cartBody(s, [item])),
        });
        const body = (await res.json()) as { OrderID?: number; Message?: string };
        if (res.status === 201 && typeof body.OrderID === 'number') {
          acknowledged.push(body.OrderID);
          ownerOf.set(body.OrderID, s);
        } else failures.push(`${res.status} ${body.Message}`);
      }
    };
    const clients = Array.from({ length: 4 }, () => client());
    while (acknowledged.length < 40 && failures.length === 0) await new Promise((r) => setTimeout(r, 5));

    const before = [...acknowledged];
    backupDir = join(scratch, 'during-orders');
    const backup = await cli('db-backup', backupDir, { dataDir: db.dataDir, databaseUrl: sourceUrl(db) });
    // Let the shop take a few more after the backup, then stop.
    const after = acknowledged.length;
    while (acknowledged.length < after + 20 && failures.length === 0 && next < shoppers.length * 8) {
      await new Promise((r) => setTimeout(r, 5));
    }
    stop = true;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(backup.stderr).not.toMatch(/failed|refused/);
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*during-orders: /);

    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest.engine).toBe(dialect);
    expect(manifest.jwtSecret).toBe('file');
    expect(manifest.content.map((f: { path: string }) => f.path)).toEqual([
      '1/Item/1/ti.png',
      '3/Item/4/ti.png',
      'Store/1/ti.png',
    ]);
    expect((statSync(backupDir).mode & 0o777).toString(8)).toBe('700');

    const target = await emptyTarget(dialect);
    targets.push(target);
    const restore = await cli('db-restore', backupDir, target);
    expect(restore.stderr).not.toMatch(/failed|refused/);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored the backup taken /);

    const restored = target.open();
    try {
      const ids = await orderIds(restored);
      const present = new Set(ids);
      expect(before.filter((id) => !present.has(id))).toEqual([]);
      // Nothing that was never acknowledged: every order the backup holds was answered 201.
      const answered = new Set(acknowledged);
      expect(ids.filter((id) => !answered.has(id))).toEqual([]);
      expect(ids.length).toBe(manifest.counts.orders);
      expect(ids.length).toBeGreaterThanOrEqual(before.length);
      // Each order came back whole: its lines and the stock they took.
      const lines = await restored.db.selectFrom('order_lines').select(['order_id', 'qty']).execute();
      expect(new Set(lines.map((l) => l.order_id))).toEqual(present);
      const stock = await restored.db.selectFrom('items').select(['id', 'stock']).where('id', 'in', [1, 4]).execute();
      const sold = lines.reduce((sum, l) => sum + l.qty, 0);
      expect(stock.reduce((sum, r) => sum + (1_000_000 - r.stock), 0)).toBe(sold);
    } finally {
      await restored.close();
    }

    // The pictures and the secret came back, the hard link still one file.
    const content = join(target.dataDir, 'content');
    for (const path of ['1/Item/1/ti.png', '3/Item/4/ti.png', 'Store/1/ti.png']) {
      expect(readFileSync(join(content, path)).equals(readFileSync(join(db.dataDir, 'content', path)))).toBe(true);
    }
    expect(statSync(join(content, '1/Item/1/ti.png')).ino).toBe(statSync(join(content, '3/Item/4/ti.png')).ino);
    expect(readFileSync(join(target.dataDir, 'jwt-secret'), 'utf8')).toBe(SECRET_FILE_TEXT);

    // The restored shop opens and serves: an item, a picture and an order read by its owner.
    const restoredShop = await startChildShop(
      { dialect, dataDir: target.dataDir, url: target.url } as TestDb,
      'aisle-restored-shop',
    );
    try {
      const item = await fetch(`${restoredShop.url}/api/Item/Read/1/1`);
      expect(item.status).toBe(200);
      const picture = await fetch(`${restoredShop.url}/content/Store/1/ti.png`);
      expect(picture.status).toBe(200);
      expect(Buffer.from(await picture.arrayBuffer()).equals(await png(40, 200, 40))).toBe(true);
      const firstId = before[0] as number;
      const owner = ownerOf.get(firstId) as Customer;
      const order = await fetch(`${restoredShop.url}/api/Order/Read/${firstId}`, {
        headers: { Authorization: `Bearer ${owner.token}` },
      });
      expect(order.status).toBe(200);
      expect(((await order.json()) as { OrderID: number }).OrderID).toBe(firstId);
    } finally {
      await restoredShop.stop();
    }
  });

  it('refuses to restore into a target that is not empty, and changes nothing there', async () => {
    const target = targets[0] as Target;
    const again = await cli('db-restore', backupDir, target);
    expect(again.code).toBe(3);
    expect(again.stderr).toMatch(
      dialect === 'sqlite'
        ? /aisle\.db exists; restore into a DATA_DIR without a database/
        : /not empty .*restore into a new, empty database/,
    );
    // Only the content pictures in the way: still refused.
    const other = await emptyTarget(dialect);
    targets.push(other);
    mkdirSync(join(other.dataDir, 'content/1'), { recursive: true });
    writeFileSync(join(other.dataDir, 'content/1/x.png'), 'x');
    const blocked = await cli('db-restore', backupDir, other);
    expect(blocked.code).toBe(3);
    expect(blocked.stderr).toMatch(/content is not empty/);
  });

  it('refuses a damaged backup before writing anything, naming the damaged file', async () => {
    const damaged = join(scratch, 'damaged');
    cpSync(backupDir, damaged, { recursive: true });
    const picture = join(damaged, 'content/Store/1/ti.png');
    const bytes = readFileSync(picture);
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    rmSync(picture);
    writeFileSync(picture, bytes);
    const target = await emptyTarget(dialect);
    targets.push(target);
    const res = await cli('db-restore', damaged, target);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/content\/Store\/1\/ti\.png does not match its checksum/);
    expect(readdirSync(target.dataDir)).toEqual([]);
    const dump = join(damaged, dialect === 'sqlite' ? 'aisle.db' : 'aisle.dump');
    const db2 = readFileSync(dump);
    db2.writeUInt8(db2.readUInt8(100) ^ 0xff, 100);
    writeFileSync(dump, db2);
    const res2 = await cli('db-restore', damaged, target);
    expect(res2.code).toBe(1);
    expect(res2.stderr).toMatch(/does not match its checksum in the manifest; it is damaged/);
    // Nothing was left behind: the target is still empty, so a good backup restores into it.
    const good = await cli('db-restore', backupDir, target);
    expect(good.code).toBe(0);
  });

  it('writes a backup only into a new or empty folder', async () => {
    const res = await cli('db-backup', backupDir, { dataDir: db.dataDir, databaseUrl: sourceUrl(db) });
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/during-orders is not empty; give a new or empty folder/);
  });

  it('migrates a backup taken before the latest migration', async () => {
    const old = await emptyTarget(dialect);
    targets.push(old);
    const olddb = old.open();
    try {
      await migrateTo(olddb.db, '0210_feed_key_scopes');
    } finally {
      await olddb.close();
    }
    const dir = join(scratch, 'older');
    const backup = await cli('db-backup', dir, old);
    expect(backup.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')).migrations.at(-1)).toBe('0210_feed_key_scopes');
    const target = await emptyTarget(dialect);
    targets.push(target);
    const restore = await cli('db-restore', dir, target);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/then applied migrations 0220_account_mfa/);
    const restored = target.open();
    try {
      // Already at the latest schema: nothing left to apply.
      const again = await migrateToLatest(restored.db);
      expect(again.results).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it.runIf(dialect === 'postgres')('says how to get pg_dump when it is not installed', async () => {
    const res = await cli(
      'db-backup',
      join(scratch, 'no-pg-dump'),
      { dataDir: db.dataDir, databaseUrl: sourceUrl(db) },
      { PATH: '/nonexistent' },
    );
    expect(res.code).toBe(3);
    expect(res.stderr).toMatch(/pg_dump was not found on PATH.*postgresql-client.*README "Backups"/s);
  });
});
