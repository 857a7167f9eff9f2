import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuildEventLine, parseBuildEvent, readBuildEvent } from '../../src/lib/domain/build-events.ts';
import type { SiteStatusDto } from '../../src/lib/domain/staff-dtos.ts';
import { idleBuild } from '../../src/server/catalogue/site-builder.ts';
import { DIALECTS } from './harness.ts';
import { auditOf, createStaffTestApp, resetSiteState, type StaffTestApp } from './staff-helpers.ts';

const FAKE_BUILD = resolve(import.meta.dirname, '../fixtures/fake-site-build.ts');

/** Polls Site/Status until `done` holds (or fails the test after a while). */
async function statusWhen(t: StaffTestApp, token: string, done: (s: SiteStatusDto) => boolean): Promise<SiteStatusDto> {
  let last: SiteStatusDto | undefined;
  for (let i = 0; i < 500; i++) {
    last = (await t.call<SiteStatusDto>('GET', '/api/Site/Status', { token })).body;
    if (done(last)) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`status never got there; last: ${JSON.stringify(last)}`);
}

describe.each(DIALECTS)('site status and publishing on %s', (dialect) => {
  let t: StaffTestApp;
  let token: string;
  let control: string;

  beforeAll(async () => {
    control = mkdtempSync(join(tmpdir(), 'aisle-fake-build-'));
    t = await createStaffTestApp(dialect, { siteBuilder: { command: process.execPath, args: [FAKE_BUILD, control] } });
    writeFileSync(join(control, 'db'), t.db.url);
    token = t.employee.token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(control, { recursive: true, force: true });
  });
  beforeEach(async () => {
    for (const f of ['hold', 'go', 'exit-code', 'builds', 'pid']) rmSync(join(control, f), { force: true });
    t.clock.advance(60_000);
    await resetSiteState(t.db.db);
  });

  it('says the site is up to date until public content changes', async () => {
    const fresh = await t.call<SiteStatusDto>('GET', '/api/Site/Status', { token });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({
      OutOfDate: false,
      ContentChangedAt: null,
      LastBuiltAt: null,
      Build: { Running: false, Queued: false, StartedAt: null, Done: 0, Total: 0, Phase: 'idle', Message: '' },
      LastBuild: null,
    });
    await t.call('POST', '/api/Category/Create', { token, json: { CategoryTitle: 'Snacks' } });
    const changed = await t.call<SiteStatusDto>('GET', '/api/Site/Status', { token });
    expect(changed.body.OutOfDate).toBe(true);
    expect(changed.body.ContentChangedAt).toBe(t.clock.now.toISOString());
  });

  it('publishes: 202, progress while it runs, one build at a time, then the result', async () => {
    await t.call('POST', '/api/Category/Create', { token, json: { CategoryTitle: 'Sweets' } });
    writeFileSync(join(control, 'hold'), '');
    t.clock.advance(1000);
    const startedAt = t.clock.now.toISOString();
    const res = await t.call<SiteStatusDto>('POST', '/api/Site/Publish', { token });
    expect(res.status).toBe(202);
    // The press that started the build is not "another publish" (issue 35).
    expect(res.body.Build).toMatchObject({ Running: true, Queued: false, StartedAt: startedAt });
    expect(res.body.OutOfDate).toBe(true);

    const running = await statusWhen(t, token, (s) => s.Build.Phase === 'rendering');
    expect(running.Build).toEqual({
      Running: true,
      Queued: false,
      StartedAt: startedAt,
      Done: 2,
      Total: 5,
      Phase: 'rendering',
      Message: 'rendering 2/5 pages',
    });
    // A press while it runs is queued for the next build, once.
    t.clock.advance(1000);
    const second = await t.call<SiteStatusDto>('POST', '/api/Site/Publish', { token: t.admin.token });
    expect(second.status).toBe(202);
    expect(second.body.Build).toMatchObject({ Running: true, Queued: true, StartedAt: startedAt, Phase: 'rendering' });
    const third = await t.call<SiteStatusDto>('POST', '/api/Site/Publish', { token });
    expect(third.status).toBe(202);
    expect(third.body.Build.Queued).toBe(true);

    writeFileSync(join(control, 'go'), '');
    const builds = () => (existsSync(join(control, 'builds')) ? readFileSync(join(control, 'builds'), 'utf8') : '');
    const done = await statusWhen(t, token, (s) => !s.Build.Running && builds().trim().split('\n').length === 2);
    // Two builds for three presses: the one running, and one for both presses made meanwhile.
    expect(builds().trim().split('\n')).toHaveLength(2);
    expect(done.Build).toEqual({
      Running: false,
      Queued: false,
      StartedAt: expect.any(String),
      Done: 5,
      Total: 5,
      Phase: 'done',
      Message: 'The site was rebuilt and is live.',
    });
    expect(done.OutOfDate).toBe(false);
    expect(done.LastBuild?.Status).toBe('succeeded');
    // Lines of stdout and stderr may interleave in any order.
    expect(done.LastBuild?.LogTail.split('\n').sort()).toEqual(
      [
        'Build: API started in-process at http://127.0.0.1:9',
        'Catalogue: 3 categories, 3 stores, 2 published sections and 4 items read in 4 API requests (0.1 s).',
        'Build: rendering 2/5 pages',
        '[WARN] an image is missing its alt text',
        'Build: 12 pages rendered and 3 redirect pages written from 4 API requests (0.3333 requests a page).',
        'Build: site written to /tmp/aisle-fake-site in 0.1 s',
      ].sort(),
    );
    expect((await auditOf(t.db.db, 'site.publish_queued')).at(-1)?.actor_email).toBe(t.employee.email);
    expect((await auditOf(t.db.db, 'site.publish_started')).at(-1)).toMatchObject({
      actor_id: t.employee.id,
      target: 'site',
    });
    expect((await auditOf(t.db.db, 'site.published')).at(-1)?.actor_email).toBe(t.employee.email);
  });

  it('keeps a change made while the build ran as not yet on the site', async () => {
    writeFileSync(join(control, 'hold'), '');
    expect((await t.call('POST', '/api/Site/Publish', { token })).status).toBe(202);
    await statusWhen(t, token, (s) => s.Build.Phase === 'rendering');
    t.clock.advance(1000);
    await t.call('POST', '/api/Category/Create', { token, json: { CategoryTitle: 'Late' } });
    writeFileSync(join(control, 'go'), '');
    const done = await statusWhen(t, token, (s) => !s.Build.Running);
    expect(done.LastBuild?.Status).toBe('succeeded');
    expect(done.OutOfDate).toBe(true);
  });

  it('records a failed build, leaving the last good build in place', async () => {
    expect((await t.call('POST', '/api/Site/Publish', { token })).status).toBe(202);
    const good = await statusWhen(t, token, (s) => !s.Build.Running);
    t.clock.advance(1000);
    await t.call('POST', '/api/Category/Create', { token, json: { CategoryTitle: 'Broken' } });
    writeFileSync(join(control, 'exit-code'), '1');
    t.clock.advance(1000);
    expect((await t.call('POST', '/api/Site/Publish', { token: t.admin.token })).status).toBe(202);
    const failed = await statusWhen(t, token, (s) => !s.Build.Running && s.Build.Phase !== 'done');
    expect(failed.Build.Phase).toBe('failed');
    expect(failed.Build.Message).toBe(
      'The build exited with code 1: build failed: The API at http://127.0.0.1:9 cannot be reached',
    );
    expect(failed.LastBuild?.Status).toBe('failed');
    expect(failed.LastBuiltAt).toBe(good.LastBuiltAt);
    expect(failed.OutOfDate).toBe(true);
    const entry = (await auditOf(t.db.db, 'site.publish_failed')).at(-1);
    expect(entry?.actor_email).toBe(t.admin.email);
  });

  it('is for staff only', async () => {
    expect((await t.call('GET', '/api/Site/Status')).status).toBe(401);
    expect((await t.call('POST', '/api/Site/Publish')).status).toBe(401);
    expect((await t.call('GET', '/api/Site/Status', { token: t.user.token })).status).toBe(403);
    expect((await t.call('POST', '/api/Site/Publish', { token: t.user.token })).status).toBe(403);
    expect((await t.call('GET', '/api/Site/Status', { token: t.admin.token })).status).toBe(200);
  });

  it('reports a build command that cannot start as a failed build', async () => {
    const broken = await createStaffTestApp(dialect, {
      siteBuilder: { command: join(control, 'no-such-program'), args: [] },
    });
    try {
      expect((await broken.call('POST', '/api/Site/Publish', { token: broken.employee.token })).status).toBe(202);
      const failed = await statusWhen(broken, broken.employee.token, (s) => !s.Build.Running);
      expect(failed.Build.Phase).toBe('failed');
      expect(failed.Build.Message).toMatch(/^The build could not start: .*ENOENT/);
      expect(failed.LastBuild?.Status).toBe('failed');
    } finally {
      await broken.close();
    }
  });
});

describe('reading build events', () => {
  const read = (events: BuildEventLine[]) =>
    events.reduce(readBuildEvent, { progress: { ...idleBuild(), Running: true }, rank: 0 }).progress;

  it('follows the steps and a counted phase, never going backwards', () => {
    expect(read([{ type: 'step', step: 'api' }])).toMatchObject({ Phase: 'api', Done: 1, Total: 5 });
    expect(
      read([
        { type: 'step', step: 'api' },
        { type: 'progress', phase: 'rendering', done: 150, total: 3000, unit: 'pages' },
      ]),
    ).toMatchObject({ Phase: 'rendering', Done: 150, Total: 3000, Message: 'rendering 150/3000 pages' });
    // A step already passed does not undo a counted phase; one after it moves on.
    const events: BuildEventLine[] = [
      { type: 'step', step: 'catalogue' },
      { type: 'progress', phase: 'rendering', done: 2, total: 5, unit: 'pages' },
      { type: 'step', step: 'api' },
    ];
    expect(read(events)).toMatchObject({ Phase: 'rendering', Done: 2, Total: 5 });
    expect(read([...events, { type: 'step', step: 'live' }])).toMatchObject({ Phase: 'live', Done: 4, Total: 5 });
    expect(
      read([
        { type: 'step', step: 'search' },
        { type: 'step', step: 'live' },
      ]),
    ).toMatchObject({
      Phase: 'search',
      Done: 5,
    });
  });

  it('reads only well-formed events from the pipe, never log text', () => {
    expect(parseBuildEvent('{"type":"step","step":"api"}')).toEqual({ type: 'step', step: 'api' });
    expect(parseBuildEvent('{"type":"progress","phase":"rendering","done":2,"total":5,"unit":"pages"}')).toMatchObject({
      done: 2,
    });
    expect(parseBuildEvent('Build: rendering 2/5 pages')).toBeNull();
    expect(parseBuildEvent('{"type":"progress","phase":"rendering","done":"2"}')).toBeNull();
    expect(parseBuildEvent('{"type":"other"}')).toBeNull();
    expect(read([{ type: 'step', step: 'nonsense' }])).toMatchObject({ Phase: 'idle', Done: 0 });
  });
});
