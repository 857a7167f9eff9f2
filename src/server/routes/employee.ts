import { type Context, Hono } from 'hono';
import type { ProfileField } from '../../lib/domain/account-rules.ts';
import type { UserRolesDto } from '../../lib/domain/auth.ts';
import type { AppDeps } from '../app.ts';
import { writeAudit } from '../audit.ts';
import {
  DELETED_EMAIL_DOMAIN,
  findRoles,
  findRolesByUser,
  isRoleName,
  kindForRoles,
  sortRoles,
} from '../auth/accounts.ts';
import { toEmployeeDto } from '../auth/dto.ts';
import { idField, readJsonObject, textField } from '../auth/input.ts';
import { deleteAccount, editAccount, findLiveAccount } from '../auth/manage.ts';
import { type AuthEnv, addressOf, assertSelfOrRole, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { containsText } from '../db/query.ts';
import type { RoleName, User } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { idParam, pagedJson, parsePaging } from '../http.ts';

const sortable = { EmployeeId: 'id', FullName: 'full_name', Email: 'email' } as const;

/** What an employee edits about themselves; roles change through AddUserToRole / RemoveUserFromRole. */
export const EMPLOYEE_FIELDS: readonly ProfileField[] = ['FullName', 'Phone'];

/** Any account that has not been deleted (role calls work on end users and staff alike), or a 404. */
async function findAnyLiveAccount(deps: AppDeps, id: number): Promise<User> {
  const row = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`User ${id} does not exist.`);
  return row;
}

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

  /** Applies a role change and the account kind that follows from it, audited, in one transaction. */
  async function changeRoles(
    c: Context<AuthEnv>,
    target: User,
    action: 'role.added' | 'role.removed',
    role: RoleName,
    next: RoleName[],
  ): Promise<UserRolesDto> {
    const me = c.get('account');
    const before = await findRoles(db, target.id);
    const now = clockOf(deps);
    const roles = sortRoles(next);
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_roles').where('user_id', '=', target.id).execute();
      if (roles.length > 0) {
        await trx
          .insertInto('user_roles')
          .values(roles.map((r) => ({ user_id: target.id, role: r })))
          .execute();
      }
      await trx
        .updateTable('users')
        .set({ kind: kindForRoles(roles), updated_at: now.toISOString() })
        .where('id', '=', target.id)
        .execute();
      await writeAudit(trx, {
        actorId: me.id,
        actorEmail: me.email,
        action,
        target: `user:${target.id}`,
        detail: { email: target.email, role, before, after: roles },
        ip: addressOf(c, deps),
        at: now.toISOString(),
      });
    });
    return { UserId: target.id, Roles: roles };
  }

  return new Hono<AuthEnv>()
    .get('/details/:id', requireUser(deps), async (c) => {
      const id = idParam(c, 'id');
      assertSelfOrRole(c.get('account'), id, 'Admin');
      const row = await findLiveAccount(db, id, 'employee');
      return c.json(toEmployeeDto(row, await findRoles(db, id)));
    })
    .get('/readall', requireRole(deps, 'Admin'), async (c) => {
      const paging = parsePaging(c, sortable, { column: 'id', direction: 'asc' });
      let query = db
        .selectFrom('users')
        .where('kind', '=', 'employee')
        .where('email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`);
      if (paging.filter !== '') {
        const f = paging.filter;
        query = query.where((eb) => eb.or([containsText('email', f), containsText('full_name', f)]));
      }
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy(paging.sort.column, paging.sort.direction)
          .orderBy('id')
          .limit(paging.limit)
          .offset(paging.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const roles = await findRolesByUser(
        db,
        rows.map((r) => r.id),
      );
      return pagedJson(
        c,
        rows.map((r) => toEmployeeDto(r, roles.get(r.id) ?? [])),
        Number(count.n),
        paging,
      );
    })
    .put('/edit/:id', requireUser(deps), async (c) => {
      const row = await editAccount(c, deps, c.get('account'), 'employee', EMPLOYEE_FIELDS);
      return c.json(toEmployeeDto(row, await findRoles(db, row.id)));
    })
    .delete('/delete/:id', requireRole(deps, 'Admin'), async (c) => {
      return c.json({ Message: await deleteAccount(c, deps, c.get('account'), 'employee') });
    })
    .get('/getroles/:id', requireRole(deps, 'Admin'), async (c) => {
      const id = idParam(c, 'id');
      const row = await findAnyLiveAccount(deps, id);
      return c.json(await findRoles(db, row.id));
    })
    .post('/addusertorole', requireRole(deps, 'Admin'), async (c) => {
      const { userId, role } = readRoleChange(await readJsonObject(c));
      const target = await findAnyLiveAccount(deps, userId);
      const current = await findRoles(db, userId);
      // Admins hold Employee too: every staff call checks Employee.
      const added: RoleName[] = role === 'Admin' ? ['Admin', 'Employee'] : [role];
      return c.json(await changeRoles(c, target, 'role.added', role, [...new Set([...current, ...added])]));
    })
    .post('/removeuserfromrole', requireRole(deps, 'Admin'), async (c) => {
      const me = c.get('account');
      const { userId, role } = readRoleChange(await readJsonObject(c));
      const target = await findAnyLiveAccount(deps, userId);
      const current = await findRoles(db, userId);
      if (role === 'Admin' && userId === me.id) {
        throw AppError.badRequest('You cannot remove your own Admin role: ask another admin to do it.');
      }
      if (role === 'Employee' && current.includes('Admin')) {
        throw AppError.badRequest(
          `User ${userId} is an admin, and admins must hold the Employee role: remove the Admin role first.`,
        );
      }
      return c.json(
        await changeRoles(
          c,
          target,
          'role.removed',
          role,
          current.filter((r) => r !== role),
        ),
      );
    });
}
