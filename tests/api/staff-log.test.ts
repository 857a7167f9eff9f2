import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../src/lib/domain/staff-dtos.ts';
import { writeAudit } from '../../src/server/audit.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type Err, type StaffTestApp } from './staff-helpers.ts';

describe.each(DIALECTS)('the audit log on %s', (dialect) => {
  let t: StaffTestApp;
  let token: string;

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    token = t.admin.token;
    const entries = [
      ['2026-01-10T09:00:00.000Z', 'asha@aisle.test', 'signin.failed', '', { reason: 'password' }, '203.0.113.9'],
      [
        '2026-01-31T23:30:00.000Z',
        'esha@aisle.test',
        'category.created',
        'category:4',
        { CategoryTitle: 'Bakery' },
        '198.51.100.7',
      ],
      ['2026-02-01T08:00:00.000Z', 'esha@aisle.test', 'category.edited', 'category:4', { changed: {} }, '198.51.100.7'],
      ['2026-02-02T12:00:00.000Z', 'adil@aisle.test', 'role.added', 'user:7', { role: 'Employee' }, '192.0.2.44'],
      [
        '2026-02-03T12:00:00.000Z',
        'esha@aisle.test',
        'site.publish_failed',
        'site',
        { outcome: 'boom' },
        '198.51.100.7',
      ],
    ] as const;
    for (const [at, actorEmail, action, target, detail, ip] of entries) {
      await writeAudit(t.db.db, { at, actorId: 5, actorEmail, action, target, detail, ip });
    }
  });
  afterAll(() => t.close());

  const read = (query = '') => t.call<AuditEntryDto[]>('GET', `/api/Log/ReadAll${query}`, { token });

  it('answers the log newest first, paged, with who, what, when and from where', async () => {
    const res = await read('?limit=2');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('5');
    expect(res.body).toEqual([
      {
        LogID: 5,
        At: '2026-02-03T12:00:00.000Z',
        ActorID: 5,
        ActorEmail: 'esha@aisle.test',
        Action: 'site.publish_failed',
        Target: 'site',
        Detail: { outcome: 'boom' },
        Address: '198.51.100.7',
        TargetName: null,
        TargetLink: null,
        Summary: 'tried to publish the shop’s pages, which failed',
        Changes: [{ Field: 'outcome', Label: 'Outcome', From: null, To: 'boom' }],
      },
      expect.objectContaining({ LogID: 4, Action: 'role.added' }),
    ]);
    const page = await read('?limit=2&page=2');
    expect(page.body.map((e) => e.LogID)).toEqual([1]);
    const oldest = await read('?sort=At');
    expect(oldest.body.map((e) => e.LogID)).toEqual([1, 2, 3, 4, 5]);
  });

  it('filters by action (a full name, or a prefix ending in a dot)', async () => {
    expect((await read('?action=Category.Edited')).body.map((e) => e.LogID)).toEqual([3]);
    expect((await read('?action=category.')).body.map((e) => e.LogID)).toEqual([3, 2]);
    expect((await read('?action=category')).body).toEqual([]);
    expect((await read('?action=site.publish_')).body).toEqual([]);
  });

  it('filters by actor (e-mail contains) and by time', async () => {
    expect((await read('?actor=ADIL')).body.map((e) => e.LogID)).toEqual([4]);
    expect((await read('?from=2026-02-01')).body.map((e) => e.LogID)).toEqual([5, 4, 3]);
    // A bare date as `to` takes in the whole of that day.
    expect((await read('?to=2026-01-31')).body.map((e) => e.LogID)).toEqual([2, 1]);
    expect((await read('?from=2026-01-31T23:00:00Z&to=2026-02-01T08:00:00Z')).body.map((e) => e.LogID)).toEqual([2]);
  });

  it('filters on text in the action, target, actor, detail or address', async () => {
    expect((await read('?filter=bakery')).body.map((e) => e.LogID)).toEqual([2]);
    expect((await read('?filter=192.0.2')).body.map((e) => e.LogID)).toEqual([4]);
    expect((await read('?filter=user:7&actor=adil')).body.map((e) => e.LogID)).toEqual([4]);
  });

  it.each([
    ['?from=yesterday', 'from'],
    ['?to=2026-13-01', 'to'],
    ['?from=2026-02-01&to=2026-01-01', 'to'],
    ['?sort=Detail', 'sort'],
    ['?limit=0', 'limit'],
    [`?actor=${'a'.repeat(255)}`, 'actor'],
  ])('answers 400 naming the parameter for %s', async (query, field) => {
    const res = await t.call<Err>('GET', `/api/Log/ReadAll${query}`, { token });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.ModelState ?? {})).toEqual([field]);
  });

  it('is for admins only', async () => {
    expect((await t.call('GET', '/api/Log/ReadAll')).status).toBe(401);
    expect((await t.call('GET', '/api/Log/ReadAll', { token: t.user.token })).status).toBe(403);
    const employee = await t.call<Err>('GET', '/api/Log/ReadAll', { token: t.employee.token });
    expect(employee.status).toBe(403);
    expect(employee.body.Message).toBe('This call needs the Admin role, which your account does not have.');
  });

  it('records a staff change as it happened, readable here', async () => {
    const created = await t.call<{ CategoryID: number }>('POST', '/api/Category/Create', {
      token: t.employee.token,
      json: { CategoryTitle: 'Frozen' },
    });
    const res = await read('?action=category.created&limit=1');
    expect(res.body[0]).toEqual({
      LogID: expect.any(Number),
      At: t.clock.now.toISOString(),
      ActorID: t.employee.id,
      ActorEmail: t.employee.email,
      Action: 'category.created',
      Target: `category:${created.body.CategoryID}`,
      Detail: { CategoryTitle: 'Frozen' },
      Address: '198.51.100.7',
      TargetName: 'Frozen',
      TargetLink: '/app/edu-shopy/category?q=Frozen',
      Summary: `created Frozen — category #${created.body.CategoryID}`,
      Changes: [{ Field: 'CategoryTitle', Label: 'Category title', From: null, To: 'Frozen' }],
    });
  });
});
