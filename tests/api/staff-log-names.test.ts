import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '../../src/lib/domain/staff-dtos.ts';
import { writeAudit } from '../../src/server/audit.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { DIALECTS } from './harness.ts';
import { createStaffTestApp, type StaffTestApp } from './staff-helpers.ts';

/** Issue 35, item 9: the log names and links its targets, labels its details, for entries of any age. */
describe.each(DIALECTS)('the audit log in words people read on %s', (dialect) => {
  let t: StaffTestApp;
  const read = (query: string) => t.call<AuditEntryDto[]>('GET', `/api/Log/ReadAll${query}`, { token: t.admin.token });

  beforeAll(async () => {
    t = await createStaffTestApp(dialect);
    await insertCatalogue(t.db.db);
    // Entries as the shop wrote them before names were shown: ids and raw fields only.
    const old = { actorId: t.admin.id, actorEmail: t.admin.email, ip: '192.0.2.1', at: '2025-12-01T10:35:00.000Z' };
    await writeAudit(t.db.db, {
      ...old,
      action: 'item.edited',
      target: 'item:1',
      detail: { changed: { UnitPrice: { from: 120, to: 99.5 }, Availability: { from: 40, to: 1000000 } } },
    });
    await writeAudit(t.db.db, {
      ...old,
      action: 'role.added',
      target: `user:${t.employee.id}`,
      detail: { email: t.employee.email, role: 'Employee', before: ['User'], after: ['Employee', 'User'] },
    });
    await writeAudit(t.db.db, {
      ...old,
      action: 'item.deleted',
      target: 'item:999',
      detail: { ItemTitle: 'Old Kiwi', DbID: 1, StoreID: 1, removedFromCarts: 2 },
    });
    await writeAudit(t.db.db, {
      ...old,
      action: 'item.edited',
      target: 'item:998',
      detail: { changed: { Availability: { from: 1, to: 2 } } },
    });
    await writeAudit(t.db.db, {
      ...old,
      action: 'order.status',
      target: 'order:77',
      detail: { from: 'Placed', to: 'Cancelled', unitsReturnedToStock: 1 },
    });
  });
  afterAll(() => t.close());

  it('names an item written about before names existed, links its editor and labels the changes', async () => {
    const [entry] = (await read('?action=item.edited&sort=At&limit=1')).body;
    expect(entry).toMatchObject({
      Target: 'item:1',
      TargetName: 'Apple (1 kg)',
      TargetLink: '/app/client-store/item?db=1&q=Apple&edit=1',
      Summary: 'edited Apple (1 kg) — item #1',
      Changes: [
        { Field: 'UnitPrice', Label: 'Unit price', From: 'Rs 120', To: 'Rs 99.50' },
        { Field: 'Availability', Label: 'Stock', From: '40', To: '10,00,000' },
      ],
    });
    // The stored detail is answered as it was: the new fields are added beside it.
    expect(entry?.Detail).toEqual({
      changed: { UnitPrice: { from: 120, to: 99.5 }, Availability: { from: 40, to: 1000000 } },
    });
  });

  it('names the account a role went to by its e-mail and links its page', async () => {
    const [entry] = (await read('?action=role.added')).body;
    expect(entry?.Summary).toBe(`gave Employee to ${t.employee.email}`);
    expect(entry?.TargetName).toBe(t.employee.email);
    expect(entry?.TargetLink).toMatch(/^\/app\/edu-shopy\/(employee|enduser)\?q=/);
    expect(decodeURIComponent(entry?.TargetLink ?? '')).toContain(`q=${t.employee.email}`);
    expect(entry?.Changes).toEqual([
      { Field: 'role', Label: 'Role', From: null, To: 'Employee' },
      { Field: 'roles', Label: 'Roles', From: 'User', To: 'Employee, User' },
      { Field: 'email', Label: 'Email', From: null, To: t.employee.email },
    ]);
  });

  it('keeps the recorded name of a deleted target, with no link; a target never named reads by its number', async () => {
    const deleted = (await read('?action=item.deleted')).body[0];
    expect(deleted).toMatchObject({
      TargetName: 'Old Kiwi',
      TargetLink: null,
      Summary: 'deleted Old Kiwi — item #999',
    });
    expect(deleted?.Changes).toContainEqual({
      Field: 'removedFromCarts',
      Label: 'Taken out of carts',
      From: null,
      To: '2',
    });
    const unknown = (await read('?filter=item:998')).body[0];
    expect(unknown).toMatchObject({ TargetName: null, TargetLink: null, Summary: 'edited item #998' });
    const order = (await read('?action=order.status')).body[0];
    expect(order).toMatchObject({ TargetLink: null, Summary: 'changed the status of order #77' });
    expect(order?.Changes).toEqual([
      { Field: 'Status', Label: 'Status', From: 'Placed', To: 'Cancelled' },
      { Field: 'unitsReturnedToStock', Label: 'Units returned to stock', From: null, To: '1' },
    ]);
  });

  it('names a price edited now, in rupees, and follows a rename', async () => {
    const edit = await t.call('PATCH', '/api/Item/Edit/3', {
      token: t.employee.token,
      json: { UnitPrice: 320, ItemTitle: 'Cherry Red' },
    });
    expect(edit.status).toBe(200);
    const res = await read('?action=item.edited&limit=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('3');
    expect(res.body[0]).toMatchObject({
      Target: 'item:3',
      TargetName: 'Cherry Red (1 kg)',
      Summary: 'edited Cherry Red (1 kg) — item #3',
    });
    expect(res.body[0]?.Changes).toEqual(
      expect.arrayContaining([
        { Field: 'ItemTitle', Label: 'Item title', From: 'Cherry', To: 'Cherry Red' },
        { Field: 'UnitPrice', Label: 'Unit price', From: 'Rs 300.50', To: 'Rs 320' },
      ]),
    );
    // Paging and filters still answer as before, every entry with its words.
    const page = await read('?limit=2&page=1');
    expect(page.headers.get('x-total-count')).toBe('6');
    expect(page.body).toHaveLength(2);
    for (const e of page.body) expect(typeof e.Summary).toBe('string');
  });
});
