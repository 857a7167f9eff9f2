import type { Kysely } from 'kysely';
import {
  type FieldErrors,
  MESSAGES,
  type ProfileField,
  type ProfileInput,
  tidyPostalCode,
  validateProfile,
} from '../../lib/domain/account-rules.ts';
import type { EmployeeDto, EndUserDto, UserRolesDto } from '../../lib/domain/auth.ts';
import { writeAudit } from '../audit.ts';
import { type ListQuery, paginate } from '../db/paginate.ts';
import { containsText } from '../db/query.ts';
import type { Database, RoleName, User, UserKind, UserUpdate } from '../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid, idField, textField } from '../http/input.ts';
import {
  DELETED_EMAIL_DOMAIN,
  findRoles,
  kindForRoles,
  newPasswordErrors,
  newSecurityStamp,
  sortRoles,
} from './accounts.ts';
import { removeMfa } from './mfa.ts';
import type { AccountActor } from './middleware.ts';
import { hashGateOf, hashPassword, UNUSABLE_PASSWORD_HASH, verifyPassword } from './passwords.ts';
import { recordFailure, secondsUntilAllowed } from './throttle.ts';

const KIND_LABEL: Record<UserKind, string> = { user: 'End user', employee: 'Employee' };

/** Wire shape of an end user's profile. */
export function toEndUserDto(row: User): EndUserDto {
  return {
    EndUserId: row.id,
    FullName: row.full_name,
    Email: row.email,
    Phone: row.phone,
    AddressLine1: row.address_line1,
    AddressLine2: row.address_line2,
    City: row.city,
    State: row.state,
    PostalCode: row.postal_code,
  };
}

/** Wire shape of an employee, with their roles. */
export function toEmployeeDto(row: User, roles: readonly RoleName[]): EmployeeDto {
  return { EmployeeId: row.id, FullName: row.full_name, Email: row.email, Phone: row.phone, Roles: [...roles] };
}

/** The fields the end-user list sorts by (`sort=`), and their columns. */
export const END_USER_SORTABLE = { EndUserId: 'id', FullName: 'full_name', Email: 'email' } as const;
/** The fields the employee list sorts by (`sort=`), and their columns. */
export const EMPLOYEE_SORTABLE = { EmployeeId: 'id', FullName: 'full_name', Email: 'email' } as const;
export type AccountSortColumn = 'id' | 'full_name' | 'email';

/** One page of the live accounts of `kind`, filtered on e-mail and name, with the total. */
export function readAccountPage(
  db: Kysely<Database>,
  kind: UserKind,
  list: ListQuery<AccountSortColumn>,
): Promise<{ rows: User[]; total: number }> {
  let query = db.selectFrom('users').where('kind', '=', kind).where('email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`);
  if (list.filter !== '') {
    const f = list.filter;
    query = query.where((eb) => eb.or([containsText('email', f), containsText('full_name', f)]));
  }
  return paginate(query, list, (q) => q.selectAll().orderBy(list.sort.column, list.sort.direction).orderBy('id'));
}

/** Any account that has not been deleted (role calls work on end users and staff alike), or a 404. */
export async function findAnyLiveAccount(deps: AppDeps, id: number): Promise<User> {
  const row = await deps.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`User ${id} does not exist.`);
  return row;
}

/**
 * Applies a role change and the account kind that follows from it, audited, in one
 * transaction. `decide` gets the roles the account holds under its row lock (PostgreSQL;
 * SQLite writes one at a time) and returns the roles it should hold, or throws an
 * `AppError`: two concurrent changes of one account take turns, so adding a role that a
 * racing request just added answers as success instead of colliding on the key.
 */
export async function changeRoles(
  deps: AppDeps,
  actor: AccountActor,
  target: User,
  action: 'role.added' | 'role.removed',
  role: RoleName,
  decide: (current: RoleName[]) => RoleName[],
): Promise<UserRolesDto> {
  const { db } = deps;
  const { now } = actor;
  return db.transaction().execute(async (trx) => {
    let lock = trx.selectFrom('users').select('id').where('id', '=', target.id);
    if (deps.dialect === 'postgres') lock = lock.forUpdate();
    await lock.executeTakeFirst();
    const before = await findRoles(trx, target.id);
    const roles = sortRoles(decide(before));
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
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      target: `user:${target.id}`,
      detail: { email: target.email, role, before, after: roles },
      ip: actor.ip,
      at: now.toISOString(),
    });
    return { UserId: target.id, Roles: roles };
  });
}

/** An account of `kind` that has not been deleted, or a 404 naming it. */
export async function findLiveAccount(db: Kysely<Database>, id: number, kind: UserKind): Promise<User> {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('email', 'not like', `%@${DELETED_EMAIL_DOMAIN}`)
    .executeTakeFirst();
  if (row === undefined) throw AppError.notFound(`${KIND_LABEL[kind]} ${id} does not exist.`);
  return row;
}

const COLUMN: Record<ProfileField, keyof UserUpdate> = {
  FullName: 'full_name',
  Phone: 'phone',
  AddressLine1: 'address_line1',
  AddressLine2: 'address_line2',
  City: 'city',
  State: 'state',
  PostalCode: 'postal_code',
};

interface PasswordChange {
  current: string;
  next: string;
}

/**
 * `PUT …/Edit/{Id}` for end users and employees: the body's `Id` must equal the
 * path's; the profile fields in `fields` that the body carries are validated and
 * stored (fields left out keep their value). The owner may also change their
 * password with `CurrentPassword`, `NewPassword` and `ConfirmPassword`, which
 * rotates the security stamp so every earlier token stops working.
 * `pathId` is the path's id and `body` the request's JSON object.
 * Answers the updated row.
 */
export async function editAccount(
  deps: AppDeps,
  me: AccountActor,
  kind: UserKind,
  fields: readonly ProfileField[],
  pathId: number,
  body: Record<string, unknown>,
): Promise<User> {
  const { db } = deps;
  const bodyId = idField(body, 'Id');
  if (bodyId !== pathId) throw AppError.invalidField('Id', `must equal the id in the path (${pathId})`);
  if (me.id !== pathId && !me.roles.includes('Admin')) {
    throw AppError.forbidden('You may only edit your own account unless you have the Admin role.');
  }
  const target = await findLiveAccount(db, pathId, kind);

  const profile: ProfileInput = {};
  for (const name of fields) {
    const v = textField(body, name);
    if (v !== undefined) profile[name] = name === 'PostalCode' ? tidyPostalCode(v) : v;
  }
  const errors: FieldErrors = validateProfile(profile);
  const change = readPasswordChange(body, errors, target.kind === 'employee' ? target.email : undefined);
  assertValid(errors);

  const { now, ip } = me;
  const update: UserUpdate = { updated_at: now.toISOString() };
  for (const [name, value] of Object.entries(profile) as [ProfileField, string][]) {
    (update as Record<string, unknown>)[COLUMN[name]] = value;
  }
  if (change !== undefined) {
    if (me.id !== target.id) {
      throw AppError.forbidden("Only the account's owner can change its password.");
    }
    update.password_hash = await changedPasswordHash(deps, target, change, ip, now);
    update.security_stamp = newSecurityStamp();
  }

  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set(update).where('id', '=', target.id).execute();
    await writeAudit(trx, {
      actorId: me.id,
      actorEmail: me.email,
      action: `${kind}.edited`,
      target: `user:${target.id}`,
      detail: { fields: Object.keys(profile), passwordChanged: change !== undefined },
      ip,
      at: now.toISOString(),
    });
  });
  return { ...target, ...(update as Partial<User>) };
}

// `staffEmail`: the account is staff (its new password must meet the staff rules), with its address.
function readPasswordChange(
  body: Record<string, unknown>,
  errors: FieldErrors,
  staffEmail: string | undefined,
): PasswordChange | undefined {
  const next = textField(body, 'NewPassword', { raw: true }) ?? '';
  if (next === '') return undefined;
  const current = textField(body, 'CurrentPassword', { raw: true }) ?? '';
  const confirm = textField(body, 'ConfirmPassword', { raw: true }) ?? '';
  const passwordErrors = newPasswordErrors(next, staffEmail);
  if (passwordErrors.length > 0) errors.NewPassword = passwordErrors;
  if (confirm === '') errors.ConfirmPassword = [MESSAGES.confirmPasswordRequired];
  else if (confirm !== next) errors.ConfirmPassword = [MESSAGES.confirmPasswordMismatch];
  if (current === '') errors.CurrentPassword = ['CurrentPassword is required to change the password.'];
  else if (current === next)
    errors.NewPassword = [...(errors.NewPassword ?? []), 'NewPassword must differ from CurrentPassword.'];
  return { current, next };
}

// A stolen token must not become a way to guess the password, so wrong current
// passwords count against the same back-off as failed sign-ins. The check and the
// new hash share one slot of the hash gate.
async function changedPasswordHash(
  deps: AppDeps,
  user: User,
  change: PasswordChange,
  ip: string,
  now: Date,
): Promise<string> {
  const wait = await secondsUntilAllowed(deps.db, user.email, ip, now);
  if (wait > 0) {
    throw new AppError(429, 'too_many_requests', `Too many wrong passwords; try again in ${wait} seconds.`, {
      headers: { 'Retry-After': String(wait) },
    });
  }
  const hash = await hashGateOf(deps).run(async () =>
    (await verifyPassword(change.current, user.password_hash)) ? hashPassword(change.next) : undefined,
  );
  if (hash === undefined) {
    await recordFailure(deps.db, user.email, ip, now);
    throw AppError.invalid({ CurrentPassword: ['CurrentPassword is not correct.'] });
  }
  return hash;
}

/**
 * `DELETE …/Delete/{id}` (Admin). An account without orders is removed with its
 * roles, code and cart. One with orders keeps its row, because orders refer to
 * it, but is anonymised: e-mail `deleted-{id}@deleted.invalid`, personal fields
 * emptied, no roles, a password nothing matches, a new security stamp. Either
 * way its tokens stop working at once.
 */
export async function deleteAccount(deps: AppDeps, me: AccountActor, kind: UserKind, id: number): Promise<string> {
  const { db } = deps;
  if (id === me.id) throw AppError.badRequest('You cannot delete your own account: ask another admin to do it.');
  const target = await findLiveAccount(db, id, kind);
  const { now } = me;
  const orders = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', id)
    .executeTakeFirstOrThrow();
  const anonymised = Number(orders.n) > 0;
  await db.transaction().execute(async (trx) => {
    if (anonymised) {
      await trx
        .updateTable('users')
        .set({
          email: `deleted-${id}@${DELETED_EMAIL_DOMAIN}`,
          password_hash: UNUSABLE_PASSWORD_HASH,
          full_name: '',
          phone: '',
          address_line1: '',
          address_line2: '',
          city: '',
          state: '',
          postal_code: '',
          email_confirmed: 0,
          security_stamp: newSecurityStamp(),
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('user_roles').where('user_id', '=', id).execute();
      await trx.deleteFrom('email_codes').where('user_id', '=', id).execute();
      await trx.deleteFrom('carts').where('user_id', '=', id).execute();
      await trx.deleteFrom('account_mfa').where('user_id', '=', id).execute();
    } else {
      await trx.deleteFrom('users').where('id', '=', id).execute();
    }
    await writeAudit(trx, {
      actorId: me.id,
      actorEmail: me.email,
      action: `${kind}.deleted`,
      target: `user:${id}`,
      detail: { email: target.email, anonymised },
      ip: me.ip,
      at: now.toISOString(),
    });
  });
  return `${KIND_LABEL[kind]} ${id} was deleted${anonymised ? ' (the account had orders, so it was anonymised and its orders kept)' : ''}.`;
}

/**
 * `POST /api/Account/Mfa/Reset` (Admin): removes another account's second factor
 * (a lost phone and lost recovery codes) and rotates its security stamp, so its
 * sessions end and it signs in again with the password alone (or, under
 * `STAFF_MFA=required`, sets a new one up at that sign-in). Audited (`mfa.reset`).
 * An admin's own is turned off with a code (`Mfa/Disable`), or by another admin.
 */
export async function resetAccountMfa(deps: AppDeps, me: AccountActor, userId: number): Promise<string> {
  if (userId === me.id) {
    throw AppError.badRequest(
      'You cannot reset your own second factor: disable it with a current code or a recovery code, or ask another admin.',
    );
  }
  const target = await findAnyLiveAccount(deps, userId);
  const { now } = me;
  const removed = await deps.db.transaction().execute(async (trx) => {
    const had = await removeMfa(trx, target.id, {
      action: 'mfa.reset',
      actorId: me.id,
      actorEmail: me.email,
      ip: me.ip,
      at: now.toISOString(),
      detail: { email: target.email },
    });
    if (had) {
      await trx
        .updateTable('users')
        .set({ security_stamp: newSecurityStamp(), updated_at: now.toISOString() })
        .where('id', '=', target.id)
        .execute();
    }
    return had;
  });
  if (!removed) throw AppError.badRequest(`User ${userId} has no second factor to reset.`);
  return `The second factor of ${target.email} was removed and its sign-ins ended: it can set a new one up from My Profile, or at its next sign-in where the shop requires one.`;
}
