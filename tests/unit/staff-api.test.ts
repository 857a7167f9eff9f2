import { describe, expect, it } from 'vitest';
import type { DataAccess, ListQuery } from '../../src/lib/api/data.ts';
import { createStaffApi, imagePath } from '../../src/lib/api/staff.ts';

/** A data access that records each call instead of making it. */
function recorder() {
  const calls: { verb: string; path: string; arg?: unknown }[] = [];
  const record =
    (verb: string) =>
    async (path: string, arg?: unknown): Promise<never> => {
      calls.push({ verb, path, arg });
      return (verb === 'list' ? { rows: [], total: 0, page: 0, limit: 20 } : {}) as never;
    };
  const data: DataAccess = {
    create: record('create'),
    read: record('read'),
    update: record('update'),
    patch: record('patch'),
    remove: record('remove'),
    list: record('list') as (path: string, query?: ListQuery) => Promise<never>,
  };
  return { calls, api: createStaffApi(data) };
}

describe('the staff calls (docs/api.md "Staff calls")', () => {
  it('lists all rows, or a parent’s, at the paths of spec §7', async () => {
    const { calls, api } = recorder();
    await api.stores.list({ page: 1 });
    await api.stores.list({}, 3);
    await api.storeDbs.list({}, 7);
    await api.sections.list(4, { sort: '-SectionTitle' });
    await api.published.list({}, 2);
    await api.orders.list({}, 'OutForDelivery');
    await api.orders.list({});
    expect(calls.map((c) => `${c.verb} ${c.path}`)).toEqual([
      'list /api/Store/ReadAll',
      'list /api/Store/ReadAll/3',
      'list /api/StoreDb/ReadAll/7',
      'list /api/Section/ReadAll/4',
      'list /api/Publisher/ReadAll/2',
      'list /api/Order/AllOrdersByStaus/OutForDelivery',
      'list /api/Order/AllOrders',
    ]);
    expect(calls[3]?.arg).toEqual({ sort: '-SectionTitle' });
  });

  it('saves a section form with PATCH, so its CustomOrder is kept, and reorders with PUT', async () => {
    const { calls, api } = recorder();
    const form = { SectionTitle: 'Fruit', SectionMetaDescription: '', SectionContent: '', SectionHidden: false };
    await api.sections.update(5, form);
    await api.sections.reorder(5, [3, 1, 2]);
    expect(calls).toEqual([
      { verb: 'patch', path: '/api/Section/Edit/5', arg: form },
      { verb: 'update', path: '/api/Section/Reorder/5', arg: { ItemIDs: [3, 1, 2] } },
    ]);
  });

  it('publishes with PUT and unpublishes with DELETE, naming the database', async () => {
    const { calls, api } = recorder();
    await api.published.publish(5, { DbID: 2, SectionHidden: true });
    await api.published.unpublish(5, 2);
    expect(calls.map((c) => `${c.verb} ${c.path}`)).toEqual([
      'update /api/Publisher/Edit/5',
      'remove /api/Publisher/Delete/5/2',
    ]);
    expect(calls[0]?.arg).toEqual({ DbID: 2, SectionHidden: true });
  });

  it('puts the path id into the body of account edits, the role calls and a second factor reset', async () => {
    const { calls, api } = recorder();
    await api.employees.edit(4, { FullName: 'Kiran Rao' });
    await api.endUsers.edit(9, { City: 'Pune' });
    await api.roles.add(9, 'Employee');
    await api.roles.remove(9, 'User');
    await api.employees.resetMfa(4);
    expect(calls).toEqual([
      { verb: 'update', path: '/api/Employee/Edit/4', arg: { FullName: 'Kiran Rao', Id: 4 } },
      { verb: 'update', path: '/api/User/Edit/9', arg: { City: 'Pune', Id: 9 } },
      { verb: 'create', path: '/api/Employee/AddUserToRole', arg: { UserId: 9, Role: 'Employee' } },
      { verb: 'create', path: '/api/Employee/RemoveUserFromRole', arg: { UserId: 9, Role: 'User' } },
      { verb: 'create', path: '/api/Account/Mfa/Reset', arg: { UserId: 4 } },
    ]);
  });

  it('uploads a picture as multipart with the fields its kind needs', async () => {
    const { calls, api } = recorder();
    await api.images.upload({ kind: 'Item', id: 4, storeId: 7 }, new Blob(['x'], { type: 'image/png' }), 'a.png');
    const form = calls[0]?.arg as FormData;
    expect(calls[0]?.path).toBe('/api/Content/Upload');
    expect(Object.fromEntries([...form.entries()].filter(([k]) => k !== 'file'))).toEqual({
      kind: 'Item',
      id: '4',
      storeId: '7',
    });
    expect((form.get('file') as File).name).toBe('a.png');
    await api.images.remove({ kind: 'Section', id: 3, dbId: 1 });
    expect(calls[1]).toEqual({ verb: 'remove', path: '/api/Content/Delete', arg: { kind: 'Section', id: 3, dbId: 1 } });
  });

  it('leaves blank log filters out of the query', async () => {
    const { calls, api } = recorder();
    await api.log.list({ page: 0, sort: '', filter: '', action: 'role.', actor: ' ', from: '', to: '2026-01-31' });
    expect(calls[0]?.arg).toEqual({ page: 0, sort: '', filter: '', action: 'role.', to: '2026-01-31' });
  });
});

describe('where a picture is served (spec §2)', () => {
  it('follows the content paths of each kind', () => {
    expect(imagePath({ kind: 'Store', id: 3 })).toBe('/content/Store/3/ti.png');
    expect(imagePath({ kind: 'Item', id: 4, storeId: 7 })).toBe('/content/7/Item/4/ti.png');
    expect(imagePath({ kind: 'Section', id: 5, dbId: 2 })).toBe('/content/2/Section/5/ti.png');
    expect(imagePath({ kind: 'Book', id: 5, dbId: 2 })).toBe('/content/2/Book/5/ti.png');
  });
});
