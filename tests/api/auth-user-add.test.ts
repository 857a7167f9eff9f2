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

  function runWith(opts: { input?: string; env?: NodeJS.ProcessEnv }, ...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...opts.env };
    // SQLite in DATA_DIR, whatever the environment running the tests points at.
    delete env.DATABASE_URL;
    if (opts.env?.AISLE_PASSWORD === undefined) delete env.AISLE_PASSWORD;
    const res = spawnSync(process.execPath, [SCRIPT, ...args], { env, encoding: 'utf8', input: opts.input ?? '' });
    return { code: res.status, out: res.stdout, err: res.stderr };
  }
  const run = (...args: string[]) => runWith({}, ...args);

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-user-add-'));
  });
  afterAll(async () => {
    await db?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    [['--password', 'B0ss!Jaggery-7', '--role', 'Admin'], '--email is required'],
    [['--email', 'boss@aisle.test', '--role', 'Admin'], '--password is required'],
    [['--email', 'boss@aisle.test', '--password', 'B0ss!Jaggery-7'], '--role is required'],
    [
      ['--email', 'boss@aisle.test', '--password', 'B0ss!Jaggery-7', '--role', 'admin'],
      '--role must be Admin, Employee or User',
    ],
    [
      ['--email', 'boss@aisle.test', '--password', 'B0ss!Jaggery-7', '--role', 'Admin', '--bogus'],
      "Unknown option '--bogus'",
    ],
    [['--email', 'boss', '--password', 'B0ss!Jaggery-7', '--role', 'Admin'], '--email: Invalid Email Address'],
    [['--email', 'boss@aisle.test', '--password', 'weak', '--role', 'Admin'], '--password: Password Length should be'],
    [
      ['--email', 'boss@aisle.test', '--password', 'B0ss!Secret', '--role', 'Admin'],
      '--password: Password must be at least 12 characters for staff accounts.',
    ],
    [
      ['--email', 'boss@aisle.test', '--password', 'Password123!', '--role', 'Employee'],
      '--password: Password is on a list of common or breached passwords',
    ],
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
      'B0ss!Jaggery-7',
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

  it('takes the password from standard input or the environment, keeping it off the command line', async () => {
    const piped = runWith(
      { input: 'Pip3d!Secret\nignored\n' },
      '--email',
      'pipe@aisle.test',
      '--role',
      'User',
      '--password-stdin',
    );
    expect(piped.code).toBe(0);
    const fromEnv = runWith({ env: { AISLE_PASSWORD: 'Env!r0nment' } }, '--email', 'env@aisle.test', '--role', 'User');
    expect(fromEnv.code).toBe(0);
    db ??= openDb({ dataDir });
    const hashOf = async (email: string) =>
      (await db?.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
        ?.password_hash ?? '';
    expect(await verifyPassword('Pip3d!Secret', await hashOf('pipe@aisle.test'))).toBe(true);
    expect(await verifyPassword('Env!r0nment', await hashOf('env@aisle.test'))).toBe(true);
    const both = run('--email', 'x@aisle.test', '--role', 'User', '--password', 'B0ss!Jaggery-7', '--password-stdin');
    expect(both.code).toBe(2);
    expect(both.err).toContain('not both');
  });
});
