import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmployeeDto, EndUserDto, UserInfoDto, UserRolesDto } from '../../src/lib/domain/auth.ts';
import { type AuthTestApp, addAccount, createAuthTestApp } from './auth-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };

const ADMIN = { email: 'admin@aisle.test', password: 'Adm1n!Tamarind', name: 'Ravi Admin' };
const EMPLOYEE = { email: 'staff@aisle.test', password: 'St4ff!Cardamom', name: 'Sita Staff' };
const USER = { email: 'asha@aisle.test', password: 'Asha#2026pw', name: 'Asha Kumar' };
const OTHER = { email: 'other@aisle.test', password: 'Oth3r!Secret', name: 'Om Other' };

type Caller = 'anonymous' | 'User' | 'Employee' | 'Admin';
const CALLERS: Caller[] = ['anonymous', 'User', 'Employee', 'Admin'];

describe.each(DIALECTS)('account calls on %s', (dialect) => {
  let t: AuthTestApp;
  const id = { admin: 0, employee: 0, user: 0, other: 0 };
  const token = { admin: '', employee: '', user: '', other: '' };

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    id.admin = await addAccount(t, ADMIN.email, ADMIN.password, 'Admin', ADMIN.name);
    id.employee = await addAccount(t, EMPLOYEE.email, EMPLOYEE.password, 'Employee', EMPLOYEE.name);
    id.user = await addAccount(t, USER.email, USER.password, 'User', USER.name);
    id.other = await addAccount(t, OTHER.email, OTHER.password, 'User', OTHER.name);
    [token.admin, token.employee, token.user, token.other] = await Promise.all([
      t.tokenFor(ADMIN.email, ADMIN.password),
      t.tokenFor(EMPLOYEE.email, EMPLOYEE.password),
      t.tokenFor(USER.email, USER.password),
      t.tokenFor(OTHER.email, OTHER.password),
    ]);
  });
  afterAll(() => t.close());

  const as = (caller: Caller) =>
    caller === 'anonymous'
      ? {}
      : { token: caller === 'Admin' ? token.admin : caller === 'Employee' ? token.employee : token.user };

  describe('role × call matrix', () => {
    // Each protected call, who may use it, and what those callers get. Targets are
    // chosen so that "self" is the caller where the rule is "self or role".
    const calls: {
      name: string;
      method: string;
      path: () => string;
      json?: () => unknown;
      allowed: Caller[];
      status: number;
    }[] = [
      {
        name: 'UserInfo',
        method: 'GET',
        path: () => '/api/Account/UserInfo',
        allowed: ['User', 'Employee', 'Admin'],
        status: 200,
      },
      {
        name: 'User/Details (the user)',
        method: 'GET',
        path: () => `/api/User/Details/${id.user}`,
        allowed: ['User', 'Employee', 'Admin'],
        status: 200,
      },
      {
        name: 'Employee/Details (the employee)',
        method: 'GET',
        path: () => `/api/Employee/Details/${id.employee}`,
        allowed: ['Employee', 'Admin'],
        status: 200,
      },
      { name: 'User/ReadAll', method: 'GET', path: () => '/api/User/ReadAll', allowed: ['Admin'], status: 200 },
      { name: 'Employee/ReadAll', method: 'GET', path: () => '/api/Employee/ReadAll', allowed: ['Admin'], status: 200 },
      {
        name: 'User/Edit (the user)',
        method: 'PUT',
        path: () => `/api/User/Edit/${id.user}`,
        json: () => ({ Id: id.user, FullName: USER.name }),
        allowed: ['User', 'Admin'],
        status: 200,
      },
      {
        name: 'Employee/Edit (the employee)',
        method: 'PUT',
        path: () => `/api/Employee/Edit/${id.employee}`,
        json: () => ({ Id: id.employee, FullName: EMPLOYEE.name }),
        allowed: ['Employee', 'Admin'],
        status: 200,
      },
      // Deletes aim at an id that does not exist: admins get past the check to a 404.
      { name: 'User/Delete', method: 'DELETE', path: () => '/api/User/Delete/999999', allowed: ['Admin'], status: 404 },
      {
        name: 'Employee/Delete',
        method: 'DELETE',
        path: () => '/api/Employee/Delete/999999',
        allowed: ['Admin'],
        status: 404,
      },
      {
        name: 'Employee/GetRoles',
        method: 'GET',
        path: () => `/api/Employee/GetRoles/${id.user}`,
        allowed: ['Admin'],
        status: 200,
      },
      {
        name: 'Employee/AddUserToRole',
        method: 'POST',
        path: () => '/api/Employee/AddUserToRole',
        json: () => ({ UserId: id.user, Role: 'User' }),
        allowed: ['Admin'],
        status: 200,
      },
      {
        name: 'Employee/RemoveUserFromRole',
        method: 'POST',
        path: () => '/api/Employee/RemoveUserFromRole',
        json: () => ({ UserId: 999999, Role: 'User' }),
        allowed: ['Admin'],
        status: 404,
      },
      {
        name: 'Account/RegisterEmployee',
        method: 'POST',
        path: () => '/api/Account/RegisterEmployee',
        // Invalid on purpose: an admin gets past the role check to the validation.
        json: () => ({ Email: '', Password: '', ConfirmPassword: '' }),
        allowed: ['Admin'],
        status: 400,
      },
    ];

    it.each(calls.flatMap((call) => CALLERS.map((caller) => [call.name, caller, call] as const)))(
      '%s as %s',
      async (_name, caller, call) => {
        const res = await t.call<Err>(call.method, call.path(), {
          ...as(caller),
          ...(call.json === undefined ? {} : { json: call.json() }),
        });
        if (call.allowed.includes(caller)) {
          expect(res.status).toBe(call.status);
        } else {
          expect(res.status).toBe(caller === 'anonymous' ? 401 : 403);
          expect(typeof res.body.Message).toBe('string');
        }
      },
    );

    it('keeps users to their own details and edits', async () => {
      expect((await t.call('GET', `/api/User/Details/${id.other}`, { token: token.user })).status).toBe(403);
      const edit = await t.call('PUT', `/api/User/Edit/${id.other}`, {
        token: token.user,
        json: { Id: id.other, FullName: 'Hijacked' },
      });
      expect(edit.status).toBe(403);
      expect((await t.call('GET', `/api/Employee/Details/${id.admin}`, { token: token.employee })).status).toBe(403);
      const row = await t.db.db.selectFrom('users').select('full_name').where('id', '=', id.other).executeTakeFirst();
      expect(row?.full_name).toBe(OTHER.name);
    });
  });

  it('UserInfo answers who is signed in', async () => {
    const res = await t.call<UserInfoDto>('GET', '/api/Account/UserInfo', { token: token.admin });
    expect(res.body).toEqual({
      UserId: id.admin,
      Email: ADMIN.email,
      FullName: ADMIN.name,
      Roles: ['Admin', 'Employee'],
      HasRegistered: true,
    });
  });

  it('User/Details answers the profile with the spec field names', async () => {
    const res = await t.call<EndUserDto>('GET', `/api/User/Details/${id.user}`, { token: token.user });
    expect(res.body).toEqual({
      EndUserId: id.user,
      FullName: USER.name,
      Email: USER.email,
      Phone: '',
      AddressLine1: '',
      AddressLine2: '',
      City: '',
      State: '',
      PostalCode: '',
    });
    const employeeAsUser = await t.call<Err>('GET', `/api/User/Details/${id.employee}`, { token: token.admin });
    expect(employeeAsUser.status).toBe(404);
    expect(employeeAsUser.body.Message).toBe(`End user ${id.employee} does not exist.`);
    expect((await t.call('GET', '/api/User/Details/abc', { token: token.admin })).status).toBe(400);
  });

  it('Employee/Details answers the employee with roles', async () => {
    const res = await t.call<EmployeeDto>('GET', `/api/Employee/Details/${id.employee}`, { token: token.employee });
    expect(res.body).toEqual({
      EmployeeId: id.employee,
      FullName: EMPLOYEE.name,
      Email: EMPLOYEE.email,
      Phone: '',
      Roles: ['Employee'],
    });
  });

  describe('User/Edit', () => {
    it('stores the profile and address, leaving out fields untouched', async () => {
      const address = {
        Id: id.user,
        Phone: '+91 98765 43210',
        AddressLine1: '12 MG Road',
        AddressLine2: 'Flat 4',
        City: 'Bengaluru',
        State: 'Karnataka',
        PostalCode: '560001',
      };
      const res = await t.call<EndUserDto>('PUT', `/api/user/edit/${id.user}`, { token: token.user, json: address });
      expect(res.status).toBe(200);
      const { Id: _id, ...fields } = address;
      expect(res.body).toEqual({ EndUserId: id.user, FullName: USER.name, Email: USER.email, ...fields });
      const again = await t.call<EndUserDto>('GET', `/api/User/Details/${id.user}`, { token: token.user });
      expect(again.body).toEqual(res.body);
      const audit = await t.db.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.edited')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.actor_id).toBe(id.user);
      expect(JSON.parse(audit.detail).fields).toEqual([
        'Phone',
        'AddressLine1',
        'AddressLine2',
        'City',
        'State',
        'PostalCode',
      ]);
    });

    it('lets an admin edit a user', async () => {
      const res = await t.call<EndUserDto>('PUT', `/api/User/Edit/${id.other}`, {
        token: token.admin,
        json: { Id: id.other, FullName: '  Om Prakash  ' },
      });
      expect(res.status).toBe(200);
      expect(res.body.FullName).toBe('Om Prakash');
    });

    it('names every invalid field', async () => {
      const res = await t.call<Err>('PUT', `/api/User/Edit/${id.user}`, {
        token: token.user,
        json: { Id: id.user, FullName: 'x'.repeat(101), Phone: 'call me', PostalCode: '56001', City: 7 },
      });
      expect(res.status).toBe(400);
      expect(res.body.ModelState).toEqual({ City: ['City must be text.'] });
      const res2 = await t.call<Err>('PUT', `/api/User/Edit/${id.user}`, {
        token: token.user,
        json: { Id: id.user, FullName: 'x'.repeat(101), Phone: 'call me', PostalCode: '56001' },
      });
      expect(Object.keys(res2.body.ModelState ?? {}).sort()).toEqual(['FullName', 'Phone', 'PostalCode']);
      expect(res2.body.Message).toContain('PostalCode must be exactly 6 digits');
    });

    it('wants the body Id to match the path', async () => {
      const res = await t.call<Err>('PUT', `/api/User/Edit/${id.user}`, {
        token: token.user,
        json: { Id: id.other, FullName: 'X' },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual(['Id']);
      const missing = await t.call<Err>('PUT', `/api/User/Edit/${id.user}`, {
        token: token.user,
        json: { FullName: 'X' },
      });
      expect(missing.body.ModelState).toEqual({ Id: ['Id is required.'] });
    });

    it('changes a password only for its owner and only with the current one', async () => {
      const wrong = await t.call<Err>('PUT', `/api/User/Edit/${id.other}`, {
        token: token.other,
        json: { Id: id.other, CurrentPassword: 'Wrong#123x', NewPassword: 'N3w!Secret', ConfirmPassword: 'N3w!Secret' },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body.ModelState).toEqual({ CurrentPassword: ['CurrentPassword is not correct.'] });
      const weak = await t.call<Err>('PUT', `/api/User/Edit/${id.other}`, {
        token: token.other,
        json: { Id: id.other, CurrentPassword: OTHER.password, NewPassword: 'weak', ConfirmPassword: 'weak2' },
      });
      expect(Object.keys(weak.body.ModelState ?? {}).sort()).toEqual(['ConfirmPassword', 'NewPassword']);
      const byAdmin = await t.call<Err>('PUT', `/api/User/Edit/${id.other}`, {
        token: token.admin,
        json: {
          Id: id.other,
          CurrentPassword: OTHER.password,
          NewPassword: 'N3w!Secret',
          ConfirmPassword: 'N3w!Secret',
        },
      });
      expect(byAdmin.status).toBe(403);
      expect((await t.signIn(OTHER.email, OTHER.password)).status).toBe(200);
    });
  });

  describe('Employee/Edit', () => {
    it('stores name and phone and answers the employee', async () => {
      const res = await t.call<EmployeeDto>('PUT', `/api/Employee/Edit/${id.employee}`, {
        token: token.employee,
        json: { Id: id.employee, FullName: 'Sita Devi', Phone: '080-2222-3333', City: 'ignored' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        EmployeeId: id.employee,
        FullName: 'Sita Devi',
        Email: EMPLOYEE.email,
        Phone: '080-2222-3333',
        Roles: ['Employee'],
      });
    });

    it('answers 404 for an end user id', async () => {
      const res = await t.call('PUT', `/api/Employee/Edit/${id.user}`, {
        token: token.admin,
        json: { Id: id.user, FullName: 'X' },
      });
      expect(res.status).toBe(404);
    });
  });

  describe('ReadAll', () => {
    it('pages, sorts and filters end users', async () => {
      const all = await t.call<EndUserDto[]>('GET', '/api/User/ReadAll', { token: token.admin });
      expect(all.body.map((u) => u.EndUserId)).toEqual([id.user, id.other]);
      expect(all.headers.get('x-total-count')).toBe('2');
      const page = await t.call<EndUserDto[]>('GET', '/api/User/ReadAll?page=1&limit=1&sort=-EndUserId', {
        token: token.admin,
      });
      expect(page.body.map((u) => u.EndUserId)).toEqual([id.user]);
      const byName = await t.call<EndUserDto[]>('GET', '/api/User/ReadAll?filter=PRAKASH', { token: token.admin });
      expect(byName.body.map((u) => u.Email)).toEqual([OTHER.email]);
      const byEmail = await t.call<EndUserDto[]>('GET', '/api/User/ReadAll?filter=asha@', { token: token.admin });
      expect(byEmail.body.map((u) => u.EndUserId)).toEqual([id.user]);
      const bad = await t.call<Err>('GET', '/api/User/ReadAll?sort=Password', { token: token.admin });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.ModelState ?? {})).toEqual(['sort']);
    });

    it('lists employees with their roles', async () => {
      const res = await t.call<EmployeeDto[]>('GET', '/api/Employee/ReadAll?sort=Email', { token: token.admin });
      expect(res.body.map((e) => [e.Email, e.Roles])).toEqual([
        [ADMIN.email, ['Admin', 'Employee']],
        [EMPLOYEE.email, ['Employee']],
      ]);
    });
  });

  describe('RegisterEmployee', () => {
    it('creates a confirmed employee who can sign in at once', async () => {
      const res = await t.call<EmployeeDto>('POST', '/api/Account/RegisterEmployee', {
        token: token.admin,
        json: {
          Email: 'New.Hire@aisle.test',
          Password: 'H1re!Marigold-5',
          ConfirmPassword: 'H1re!Marigold-5',
          FullName: 'Nita Hire',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ Email: 'new.hire@aisle.test', FullName: 'Nita Hire', Roles: ['Employee'] });
      expect((await t.signIn('new.hire@aisle.test', 'H1re!Marigold-5')).status).toBe(200);
      const audit = await t.db.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'employee.registered')
        .executeTakeFirstOrThrow();
      expect(audit.actor_id).toBe(id.admin);
      expect(audit.target).toBe(`user:${res.body.EmployeeId}`);
      expect(audit.detail).not.toContain('H1re!Marigold-5');
    });

    it('validates every field and refuses a taken address', async () => {
      const res = await t.call<Err>('POST', '/api/Account/RegisterEmployee', {
        token: token.admin,
        json: { Email: 'x@aisle.test', Password: 'H1re!Marigold-5', ConfirmPassword: 'H1re!Marigold-5', Role: 'User' },
      });
      expect(res.body.ModelState).toEqual({
        FullName: ['FullName is required.'],
        Role: ['Role must be Employee or Admin.'],
      });
      const dup = await t.call<Err>('POST', '/api/Account/RegisterEmployee', {
        token: token.admin,
        json: {
          Email: EMPLOYEE.email,
          Password: 'H1re!Marigold-5',
          ConfirmPassword: 'H1re!Marigold-5',
          FullName: 'Dup',
        },
      });
      expect(dup.status).toBe(400);
      expect(Object.keys(dup.body.ModelState ?? {})).toEqual(['Email']);
    });
  });

  describe('roles', () => {
    it('reads, adds and removes roles, keeping Admin with Employee', async () => {
      const roles = await t.call<string[]>('GET', `/api/Employee/GetRoles/${id.other}`, { token: token.admin });
      expect(roles.body).toEqual(['User']);

      const added = await t.call<UserRolesDto>('POST', '/api/Employee/AddUserToRole', {
        token: token.admin,
        json: { UserId: id.other, Role: 'Admin' },
      });
      expect(added.body).toEqual({ UserId: id.other, Roles: ['Admin', 'Employee', 'User'] });
      // Roles are read from the database on every call, so the new admin needs no new token.
      expect((await t.call('GET', '/api/User/ReadAll', { token: token.other })).status).toBe(200);
      const asEmployee = await t.call<EmployeeDto>('GET', `/api/Employee/Details/${id.other}`, { token: token.admin });
      expect(asEmployee.status).toBe(200);

      const refused = await t.call<Err>('POST', '/api/Employee/RemoveUserFromRole', {
        token: token.admin,
        json: { UserId: id.other, Role: 'Employee' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.Message).toContain('remove the Admin role first');

      for (const role of ['Admin', 'Employee']) {
        const res = await t.call<UserRolesDto>('POST', '/api/Employee/RemoveUserFromRole', {
          token: token.admin,
          json: { userId: id.other, role },
        });
        expect(res.status).toBe(200);
      }
      expect((await t.call('GET', '/api/User/ReadAll', { token: token.other })).status).toBe(403);
      const back = await t.call<string[]>('GET', `/api/Employee/GetRoles/${id.other}`, { token: token.admin });
      expect(back.body).toEqual(['User']);
      expect((await t.call('GET', `/api/User/Details/${id.other}`, { token: token.admin })).status).toBe(200);

      const audit = await t.db.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('target', '=', `user:${id.other}`)
        .where('action', 'like', 'role.%')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => [a.action, JSON.parse(a.detail).role])).toEqual([
        ['role.added', 'Admin'],
        ['role.removed', 'Admin'],
        ['role.removed', 'Employee'],
      ]);
    });

    it('answers concurrent adds of the same role as success, holding the role once', async () => {
      // Each round races eight adds of one role to one account; on PostgreSQL the adds
      // used to collide on the roles' key and answer 500.
      for (const role of ['Employee', 'Admin'] as const) {
        const answers = await Promise.all(
          Array.from({ length: 8 }, () =>
            t.call<UserRolesDto>('POST', '/api/Employee/AddUserToRole', {
              token: token.admin,
              json: { UserId: id.other, Role: role },
            }),
          ),
        );
        expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
        const rows = await t.db.db.selectFrom('user_roles').select('role').where('user_id', '=', id.other).execute();
        expect(rows.map((r) => r.role).sort()).toEqual(
          role === 'Admin' ? ['Admin', 'Employee', 'User'] : ['Employee', 'User'],
        );
      }
      const removed = await Promise.all(
        (['Admin', 'Employee'] as const).map((role) =>
          t.call<UserRolesDto>('POST', '/api/Employee/RemoveUserFromRole', {
            token: token.admin,
            json: { UserId: id.other, Role: role },
          }),
        ),
      );
      // Removing Employee while Admin is held is refused, whichever runs first: each sees the other's outcome.
      expect(removed[0]?.status).toBe(200);
      if (removed[1]?.status === 400) {
        const again = await t.call<UserRolesDto>('POST', '/api/Employee/RemoveUserFromRole', {
          token: token.admin,
          json: { UserId: id.other, Role: 'Employee' },
        });
        expect(again.status).toBe(200);
      } else {
        expect(removed[1]?.status).toBe(200);
      }
      const back = await t.call<string[]>('GET', `/api/Employee/GetRoles/${id.other}`, { token: token.admin });
      expect(back.body).toEqual(['User']);
    });

    it('refuses to let an admin drop their own Admin role', async () => {
      const res = await t.call<Err>('POST', '/api/Employee/RemoveUserFromRole', {
        token: token.admin,
        json: { UserId: id.admin, Role: 'Admin' },
      });
      expect(res.status).toBe(400);
      expect(res.body.Message).toContain('your own Admin role');
    });

    it('names a bad role or user id', async () => {
      const role = await t.call<Err>('POST', '/api/Employee/AddUserToRole', {
        token: token.admin,
        json: { UserId: id.user, Role: 'Superuser' },
      });
      expect(role.status).toBe(400);
      expect(role.body.ModelState).toEqual({ Role: ['Role must be Admin, Employee or User.'] });
      const user = await t.call<Err>('POST', '/api/Employee/AddUserToRole', {
        token: token.admin,
        json: { UserId: 'abc', Role: 'User' },
      });
      expect(user.body.ModelState).toEqual({ UserId: ['UserId must be a whole number from 1 to 2147483647.'] });
      expect((await t.call('GET', '/api/Employee/GetRoles/424242', { token: token.admin })).status).toBe(404);
    });
  });

  describe('Delete', () => {
    it('removes an account without orders', async () => {
      const victim = await addAccount(t, 'gone@aisle.test', 'G0ne!Secret', 'User');
      const res = await t.call<{ Message: string }>('DELETE', `/api/User/Delete/${victim}`, { token: token.admin });
      expect(res.status).toBe(200);
      expect(res.body.Message).toBe(`End user ${victim} was deleted.`);
      expect(
        await t.db.db.selectFrom('users').select('id').where('id', '=', victim).executeTakeFirst(),
      ).toBeUndefined();
      expect((await t.call('GET', `/api/User/Details/${victim}`, { token: token.admin })).status).toBe(404);
      const audit = await t.db.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.deleted')
        .where('target', '=', `user:${victim}`)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(audit.detail)).toEqual({ email: 'gone@aisle.test', anonymised: false });
    });

    it('anonymises an account with orders, keeping the orders', async () => {
      const buyer = await addAccount(t, 'buyer@aisle.test', 'Buy3r!Secret', 'User', 'Bina Buyer');
      const at = t.clock.now.toISOString();
      await t.db.db
        .insertInto('orders')
        .values({
          user_id: buyer,
          status: 'Placed',
          total: 1000,
          idempotency_key: null,
          response: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
      const res = await t.call<{ Message: string }>('DELETE', `/api/User/Delete/${buyer}`, { token: token.admin });
      expect(res.status).toBe(200);
      expect(res.body.Message).toContain('anonymised');
      const row = await t.db.db.selectFrom('users').selectAll().where('id', '=', buyer).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ email: `deleted-${buyer}@deleted.invalid`, full_name: '', email_confirmed: 0 });
      expect(await t.db.db.selectFrom('orders').select('id').where('user_id', '=', buyer).execute()).toHaveLength(1);
      expect((await t.signIn('buyer@aisle.test', 'Buy3r!Secret')).status).toBe(400);
      const list = await t.call<EndUserDto[]>('GET', '/api/User/ReadAll', { token: token.admin });
      expect(list.body.map((u) => u.EndUserId)).not.toContain(buyer);
      // The address is free again.
      const reg = await t.call('POST', '/api/Account/register', {
        json: { Email: 'buyer@aisle.test', Password: 'Buy3r!Again', ConfirmPassword: 'Buy3r!Again' },
      });
      expect(reg.status).toBe(200);
    });

    it('refuses to let an admin delete themselves', async () => {
      const res = await t.call<Err>('DELETE', `/api/Employee/Delete/${id.admin}`, { token: token.admin });
      expect(res.status).toBe(400);
      expect(res.body.Message).toContain('your own account');
      expect((await t.call('GET', '/api/Account/UserInfo', { token: token.admin })).status).toBe(200);
    });

    it('deletes an employee through the Employee call only', async () => {
      const staff = await addAccount(t, 'temp@aisle.test', 'T3mp!Jackfruit-9', 'Employee');
      expect((await t.call('DELETE', `/api/User/Delete/${staff}`, { token: token.admin })).status).toBe(404);
      expect((await t.call('DELETE', `/api/Employee/Delete/${staff}`, { token: token.admin })).status).toBe(200);
    });
  });
});
