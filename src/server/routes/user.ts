import { Hono } from 'hono';
import type { ProfileField } from '../../lib/domain/account-rules.ts';
import {
  deleteAccount,
  END_USER_SORTABLE,
  editAccount,
  findLiveAccount,
  readAccountPage,
  toEndUserDto,
} from '../auth/manage.ts';
import { type AuthEnv, actorOf, assertSelfOrRole, requireRole, requireUser } from '../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { idParam, readJsonObject } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';

/** The fields of an end user's profile (My Profile and My Address). */
export const END_USER_FIELDS: readonly ProfileField[] = [
  'FullName',
  'Phone',
  'AddressLine1',
  'AddressLine2',
  'City',
  'State',
  'PostalCode',
];

/** `/api/User`: end users' profiles. Users read and edit themselves; staff read anyone; admins manage. */
export function userRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  return new Hono<AuthEnv>()
    .get('/details/:id', requireUser(deps), async (c) => {
      const id = idParam(c, 'id');
      assertSelfOrRole(c.get('account'), id, 'Employee');
      return c.json(toEndUserDto(await findLiveAccount(db, id, 'user')));
    })
    .get('/readall', requireRole(deps, 'Admin'), async (c) => {
      const paging = parsePaging(c, END_USER_SORTABLE, { column: 'id', direction: 'asc' });
      const { rows, total } = await readAccountPage(db, 'user', paging);
      return pagedJson(c, rows.map(toEndUserDto), total, paging);
    })
    .put('/edit/:id', requireUser(deps), async (c) => {
      const id = idParam(c, 'id');
      const row = await editAccount(deps, actorOf(c, deps), 'user', END_USER_FIELDS, id, await readJsonObject(c));
      return c.json(toEndUserDto(row));
    })
    .delete('/delete/:id', requireRole(deps, 'Admin'), async (c) => {
      return c.json({ Message: await deleteAccount(deps, actorOf(c, deps), 'user', idParam(c, 'id')) });
    });
}
