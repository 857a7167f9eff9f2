import { Hono } from 'hono';
import type { ProfileField } from '../../lib/domain/account-rules.ts';
import type { AppDeps } from '../app.ts';
import { DELETED_EMAIL_DOMAIN } from '../auth/accounts.ts';
import { toEndUserDto } from '../auth/dto.ts';
import { deleteAccount, editAccount, findLiveAccount } from '../auth/manage.ts';
import { type AuthEnv, assertSelfOrRole, requireRole, requireUser } from '../auth/middleware.ts';
import { containsText } from '../db/query.ts';
import { idParam, pagedJson, parsePaging } from '../http.ts';

const sortable = { EndUserId: 'id', FullName: 'full_name', Email: 'email' } as const;

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
      const paging = parsePaging(c, sortable, { column: 'id', direction: 'asc' });
      let query = db
        .selectFrom('users')
        .where('kind', '=', 'user')
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
      return pagedJson(c, rows.map(toEndUserDto), Number(count.n), paging);
    })
    .put('/edit/:id', requireUser(deps), async (c) => {
      const row = await editAccount(c, deps, c.get('account'), 'user', END_USER_FIELDS);
      return c.json(toEndUserDto(row));
    })
    .delete('/delete/:id', requireRole(deps, 'Admin'), async (c) => {
      return c.json({ Message: await deleteAccount(c, deps, c.get('account'), 'user') });
    });
}
