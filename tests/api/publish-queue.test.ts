import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SiteStatusDto } from '../../src/lib/domain/staff-dtos.ts';
import { PUBLISH_LOCK_KEY } from '../../src/publish/publish-lock.ts';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { openDb } from '../../src/server/db/connection.ts';
import { from, TEST_PROXY, TEST_TRUST } from './harness.ts';
import { createStaffTestApp, resetSiteState, STAFF_JWT_SECRET, type StaffTestApp } from './staff-helpers.ts';

// One publisher for many API processes on one PostgreSQL database. Two API instances, each
// with its own connection pool and its own site builder, share only the database, as two
// processes would; their builders are real child processes that take the real publish lock
// (tests/fixtures/fake-site-build.ts, which counts the builds that took it in `builds`).

const FAKE_BUILD = resolve(import.meta.dirname, '../fixtures/fake-site-build.ts');

type Call = (method: string, path: string, token: string) => Promise<{ status: number; body: SiteStatusDto }>;

let t: StaffTestApp;
let control: string;
let second: { call: Call; close(): Promise<void> };
let token: string;

const callOf =
  (app: { request: (path: string, init: RequestInit, env: object) => Response | Promise<Response> }): Call =>
  async (method, path, tok) => {
    const res = await app.request(
      path,
      { method, headers: { Authorization: `Bearer ${tok}`, 'X-Forwarded-For': '198.51.100.9' } },
      from(TEST_PROXY),
    );
    return { status: res.status, body: (await res.json()) as SiteStatusDto };
  };

async function statusWhen(call: Call, done: (s: SiteStatusDto) => boolean): Promise<SiteStatusDto> {
  let last: SiteStatusDto | undefined;
  for (let i = 0; i < 750; i++) {
    last = (await call('GET', '/api/Site/Status', token)).body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`status never got there; last: ${JSON.stringify(last)}`);
}

const builds = () =>
  existsSync(join(control, 'builds')) ? readFileSync(join(control, 'builds'), 'utf8').trim().split('\n') : [];

/** Whether any session holds the publish lock, asked from a connection of its own. */
async function lockHeld(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [PUBLISH_LOCK_KEY]);
    if (rows[0]?.ok === true) await client.query('select pg_advisory_unlock($1)', [PUBLISH_LOCK_KEY]);
    return rows[0]?.ok !== true;
  } finally {
    await client.end();
  }
}

describe('Publish now with two API processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    control = mkdtempSync(join(tmpdir(), 'aisle-publish-queue-'));
    const siteBuilder = { command: process.execPath, args: [FAKE_BUILD, control] };
    t = await createStaffTestApp('postgres', { siteBuilder });
    writeFileSync(join(control, 'db'), t.db.url);
    token = t.employee.token;
    const db = openDb({ databaseUrl: t.db.url });
    const app = createApp({
      db: db.db,
      dialect: 'postgres',
      contentDir: t.contentDir,
      jwtSecret: STAFF_JWT_SECRET,
      mail: { smtpUrl: undefined, outboxDir: join(t.db.dataDir, 'outbox') },
      log: silentLogger,
      now: () => t.clock.now,
      trustProxy: TEST_TRUST,
      siteBuilder,
    });
    second = { call: callOf(app), close: () => db.close() };
  });

  afterAll(async () => {
    await second.close();
    await t.close();
    rmSync(control, { recursive: true, force: true });
  });

  beforeEach(async () => {
    for (const f of ['hold', 'go', 'exit-code', 'builds', 'pid']) rmSync(join(control, f), { force: true });
    await resetSiteState(t.db.db);
  });

  const first: Call = (method, path, tok) => t.call<SiteStatusDto>(method, path, { token: tok });

  it('gives one build for two presses at once, one on each process, and shows it on both', async () => {
    writeFileSync(join(control, 'hold'), '');
    const presses = await Promise.all([
      first('POST', '/api/Site/Publish', token),
      second.call('POST', '/api/Site/Publish', t.admin.token),
    ]);
    expect(presses.map((p) => p.status)).toEqual([202, 202]);
    // Whichever process's builder took the lock, both processes show its progress.
    const onFirst = await statusWhen(first, (s) => s.Build.Phase === 'rendering');
    const onSecond = await statusWhen(second.call, (s) => s.Build.Phase === 'rendering');
    expect(onSecond.Build).toEqual(onFirst.Build);
    expect(onFirst.Build).toMatchObject({ Running: true, Queued: false, Done: 2, Total: 5 });
    expect(await lockHeld(t.db.url)).toBe(true);

    writeFileSync(join(control, 'go'), '');
    const done = await statusWhen(second.call, (s) => !s.Build.Running);
    expect(done.Build.Phase).toBe('done');
    expect(done.LastBuild?.Status).toBe('succeeded');
    // Nothing more follows: both presses were served by the one build.
    await new Promise((r) => setTimeout(r, 1500));
    expect(builds()).toHaveLength(1);
    expect((await first('GET', '/api/Site/Status', token)).body.Build.Running).toBe(false);
    expect(await lockHeld(t.db.url)).toBe(false);
  });

  it('queues a press made during a build once, and a killed builder lets the next build run', async () => {
    writeFileSync(join(control, 'hold'), '');
    expect((await first('POST', '/api/Site/Publish', token)).status).toBe(202);
    await statusWhen(second.call, (s) => s.Build.Phase === 'rendering');
    const builder = Number(readFileSync(join(control, 'pid'), 'utf8'));

    // Two presses on the other process while it builds, later than its start: one queued request.
    t.clock.advance(1000);
    for (const who of [t.admin.token, token]) {
      const queued = await second.call('POST', '/api/Site/Publish', who);
      expect(queued.status).toBe(202);
      expect(queued.body.Build).toMatchObject({ Running: true, Queued: true });
    }

    // The builder dies half-way: its lock goes with its connection, and the queued build runs.
    process.kill(builder, 'SIGKILL');
    await statusWhen(first, (s) => builds().length === 2 && s.Build.Phase === 'rendering');
    expect(Number(readFileSync(join(control, 'pid'), 'utf8'))).not.toBe(builder);
    expect(await lockHeld(t.db.url)).toBe(true);
    const failed = await statusWhen(first, (s) => s.LastBuild !== null);
    expect(failed.LastBuild?.Status).toBe('failed');
    expect(failed.LastBuild?.LogTail).toContain('rendering 2/5 pages');

    writeFileSync(join(control, 'go'), '');
    const done = await statusWhen(second.call, (s) => !s.Build.Running);
    expect(done.Build.Phase).toBe('done');
    expect(done.LastBuild?.Status).toBe('succeeded');
    await new Promise((r) => setTimeout(r, 1500));
    expect(builds()).toHaveLength(2);
  });
});
