import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../src/server/auth/passwords.ts';
import { type Db, openDb } from '../../src/server/db/connection.ts';

const SCRIPT = join(import.meta.dirname, '../../scripts/user-add.ts');

describe('npm run user:add', () => {
  let dataDir: string;
  let db: Db | undefined;

  function run(...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    // SQLite in DATA_DIR, whatever the environment running the tests points at.
    delete env.DATABASE_URL;
    const res = spawnSync(process.execPath, [SCRIPT, ...args], { env, encoding: 'utf8' });
    return { code: res.status, out: res.stdout, err: res.stderr };
  }

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-user-add-'));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [['--password', 'B0ss!Secret', '--role', 'Admin'], '--email is required'],
    [['--email', 'boss@aisle.test', '--role', 'Admin'], '--password is required'],
    [['--email', 'boss@aisle.test', '--password', 'B0ss!Secret'], '--role is required'],
    [
      ['--email', 'boss@aisle.test', '--password', 'B0ss!Secret', '--role', 'admin'],
      '--role must be Admin, Employee or User',
    ],
    [
      ['--email', 'boss@aisle.test', '--password', 'B0ss!Secret', '--role', 'Admin', '--bogus'],
      "Unknown option '--bogus'",
    ],
    [['--email', 'boss', '--password', 'B0ss!Secret', '--role', 'Admin'], '--email: Invalid Email Address'],
    [['--email', 'boss@aisle.test', '--password', 'weak', '--role', 'Admin'], '--password: Password Length should be'],
  ])('exits 2 with a clear message for %j', (args, message) => {
    const res = run(...args);
    expect(res.code).toBe(2);
    expect(res.err).toContain(message);
    expect(res.err).toContain('Usage: npm run user:add');
  });

  it('creates a confirmed account, then updates its role and password in place', async () => {
    const created = run(
      '--email',
      'Boss@Aisle.test',
      '--password',
      'B0ss!Secret',
      '--role',
      'Admin',
      '--name',
      'Big Boss',
    );
    expect(created.code).toBe(0);
    expect(created.out).toContain('Created account 1 (boss@aisle.test) with role(s) Admin, Employee');

    db = openDb({ dataDir });
    const first = await db.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(first).toMatchObject({
      email: 'boss@aisle.test',
      full_name: 'Big Boss',
      kind: 'employee',
      email_confirmed: 1,
    });

    const updated = run('--email', 'boss@aisle.test', '--password', 'N3w!Secret', '--role', 'User');
    expect(updated.code).toBe(0);
    expect(updated.out).toContain('Updated account 1');
    const rows = await db.db.selectFrom('users').selectAll().execute();
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({ full_name: 'Big Boss', kind: 'user' });
    expect(row?.security_stamp).not.toBe(first.security_stamp);
    expect(await verifyPassword('N3w!Secret', row?.password_hash ?? '')).toBe(true);
    const roles = await db.db.selectFrom('user_roles').select('role').execute();
    expect(roles.map((r) => r.role)).toEqual(['User']);
  });
});
