import { Hono } from 'hono';
import type { ProfileField } from '../../lib/domain/account-rules.ts';
import { findRoles, findRolesByUser, isRoleName } from '../auth/accounts.ts';
import {
  changeRoles,
  deleteAccount,
  EMPLOYEE_SORTABLE,
  editAccount,
  findAnyLiveAccount,
  findLiveAccount,
  readAccountPage,
  toEmployeeDto,
} from '../auth/manage.ts';
import { type AuthEnv, actorOf, assertSelfOrRole, requireRole, requireUser } from '../auth/middleware.ts';
import type { RoleName } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { idField, idParam, readJsonObject, textField } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';

/** What an employee edits about themselves; roles change through AddUserToRole / RemoveUserFromRole. */
export const EMPLOYEE_FIELDS: readonly ProfileField[] = ['FullName', 'Phone'];

function readRoleChange(body: Record<string, unknown>): { userId: number; role: RoleName } {
  const userId = idField(body, 'UserId');
  const role = textField(body, 'Role') ?? '';
  if (role === '') throw AppError.invalidField('Role', 'is required: Admin, Employee or User');
  if (!isRoleName(role)) throw AppError.invalidField('Role', 'must be Admin, Employee or User');
  return { userId, role };
}

/** `/api/Employee`: staff accounts and role management. Employees read and edit themselves; admins manage. */
export function employeeRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;

  return new Hono<AuthEnv>()
    .get('/details/:id', requireUser(deps), async (c) => {
      const id = idParam(c, 'id');
      assertSelfOrRole(c.get('account'), id, 'Admin');
      const row = await findLiveAccount(db, id, 'employee');
      return c.json(toEmployeeDto(row, await findRoles(db, id)));
    })
    .get('/readall', requireRole(deps, 'Admin'), async (c) => {
      const paging = parsePaging(c, EMPLOYEE_SORTABLE, { column: 'id', direction: 'asc' });
      const { rows, total } = await readAccountPage(db, 'employee', paging);
      const roles = await findRolesByUser(
        db,
        rows.map((r) => r.id),
      );
      return pagedJson(
        c,
        rows.map((r) => toEmployeeDto(r, roles.get(r.id) ?? [])),
        total,
        paging,
      );
    })
    .put('/edit/:id', requireUser(deps), async (c) => {
      const id = idParam(c, 'id');
      const body = await readJsonObject(c);
      const row = await editAccount(deps, actorOf(c, deps), 'employee', EMPLOYEE_FIELDS, id, body);
      return c.json(toEmployeeDto(row, await findRoles(db, row.id)));
    })
    .delete('/delete/:id', requireRole(deps, 'Admin'), async (c) => {
      return c.json({ Message: await deleteAccount(deps, actorOf(c, deps), 'employee', idParam(c, 'id')) });
    })
    .get('/getroles/:id', requireRole(deps, 'Admin'), async (c) => {
      const id = idParam(c, 'id');
      const row = await findAnyLiveAccount(deps, id);
      return c.json(await findRoles(db, row.id));
    })
    .post('/addusertorole', requireRole(deps, 'Admin'), async (c) => {
      const { userId, role } = readRoleChange(await readJsonObject(c));
      const target = await findAnyLiveAccount(deps, userId);
      // Admins hold Employee too: every staff call checks Employee.
      const added: RoleName[] = role === 'Admin' ? ['Admin', 'Employee'] : [role];
      return c.json(
        await changeRoles(deps, actorOf(c, deps), target, 'role.added', role, (current) => [
          ...new Set([...current, ...added]),
        ]),
      );
    })
    .post('/removeuserfromrole', requireRole(deps, 'Admin'), async (c) => {
      const me = c.get('account');
      const { userId, role } = readRoleChange(await readJsonObject(c));
      const target = await findAnyLiveAccount(deps, userId);
      if (role === 'Admin' && userId === me.id) {
        throw AppError.badRequest('You cannot remove your own Admin role: ask another admin to do it.');
      }
      return c.json(
        await changeRoles(deps, actorOf(c, deps), target, 'role.removed', role, (current) => {
          if (role === 'Employee' && current.includes('Admin')) {
            throw AppError.badRequest(
              `User ${userId} is an admin, and admins must hold the Employee role: remove the Admin role first.`,
            );
          }
          return current.filter((r) => r !== role);
        }),
      );
    });
}
