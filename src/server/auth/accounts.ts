import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  EXTRA_MESSAGES,
  type FieldErrors,
  FULL_NAME_MAX_LENGTH,
  MESSAGES,
  meetsPasswordRule,
  PASSWORD_MAX_LENGTH,
  validateRegistration,
} from '../../lib/domain/account-rules.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { compiledPerDb } from '../db/query.ts';
import type { Database, RoleName, User, UserKind } from '../db/schema.ts';
import { ROLE_NAMES } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';
import { removeMfa } from './mfa.ts';
import { hashPassword, isCommonPassword } from './passwords.ts';
import { accountWords, staffPasswordErrors } from './staff-passwords.ts';

/** The server-only password message: the spec's rule is met but the password is well known. */
export const COMMON_PASSWORD_MESSAGE =
  'Password is on a list of commonly used passwords that attackers try first; choose one that is harder to guess.';
export const DUPLICATE_EMAIL_MESSAGE = 'An account with this Email already exists: sign in instead.';

/**
 * Accounts removed while they still have orders keep their row (orders refer to
 * it) with the personal data wiped and this address: `deleted-{id}@deleted.invalid`.
 * `.invalid` is reserved (RFC 2606), so no real address collides with it.
 */
export const DELETED_EMAIL_DOMAIN = 'deleted.invalid';

/** E-mail addresses are stored and compared trimmed and in lower case. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function newSecurityStamp(): string {
  return randomUUID();
}

/** The roles that make up a role as `user:add` and RegisterEmployee grant it: an Admin is also an Employee. */
export function rolesForRole(role: RoleName): RoleName[] {
  if (role === 'Admin') return ['Admin', 'Employee'];
  return [role];
}

/** Staff (Employee, hence also Admin) are employees; everyone else an end user. */
export function kindForRoles(roles: readonly RoleName[]): UserKind {
  return roles.includes('Employee') ? 'employee' : 'user';
}

export function isRoleName(v: unknown): v is RoleName {
  return typeof v === 'string' && (ROLE_NAMES as readonly string[]).includes(v);
}

/** Roles in a stable order: Admin, Employee, User. */
export function sortRoles(roles: readonly RoleName[]): RoleName[] {
  return ROLE_NAMES.filter((r) => roles.includes(r));
}

// Every signed-in call reads the account and its roles: compiled once.
/** The account row by id, compiled once (also the first statement of a fast-path order). */
export const userById = compiledPerDb((db: Kysely<Database>) => db.selectFrom('users').selectAll().where('id', '=', 0));
const rolesOfUser = compiledPerDb((db: Kysely<Database>) =>
  db.selectFrom('user_roles').select('role').where('user_id', '=', 0),
);

export async function findUserById(db: Kysely<Database>, id: number): Promise<User | undefined> {
  return (await db.executeQuery(userById(db, [id]))).rows[0];
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export async function findRoles(db: Kysely<Database>, userId: number): Promise<RoleName[]> {
  const { rows } = await db.executeQuery(rolesOfUser(db, [userId]));
  return sortRoles(rows.map((r) => r.role));
}

/** The roles of several accounts in one query. */
export async function findRolesByUser(db: Kysely<Database>, userIds: number[]): Promise<Map<number, RoleName[]>> {
  const byUser = new Map<number, RoleName[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db.selectFrom('user_roles').select(['user_id', 'role']).where('user_id', 'in', userIds).execute();
  for (const row of rows) byUser.get(row.user_id)?.push(row.role);
  for (const [id, roles] of byUser) byUser.set(id, sortRoles(roles));
  return byUser;
}

/**
 * What is wrong with a new password: spec §5's rule, the length cap, the
 * common-password list; for a staff account (`staffEmail`, its address) also the
 * staff rules (`staff-passwords.ts`).
 */
export function newPasswordErrors(password: string, staffEmail?: string): string[] {
  if (password === '') return [MESSAGES.registerPasswordRequired];
  if (password.length > PASSWORD_MAX_LENGTH) return [EXTRA_MESSAGES.passwordTooLong];
  if (!meetsPasswordRule(password)) return [MESSAGES.passwordRule];
  if (staffEmail !== undefined) {
    const staff = staffPasswordErrors(password, accountWords(staffEmail));
    if (staff.length > 0) return staff;
  }
  return isCommonPassword(password) ? [COMMON_PASSWORD_MESSAGE] : [];
}

/**
 * The checks of a new password and e-mail (spec §5 Register, plus what only the
 * server can check: the common-password list and the reserved domain); for a
 * staff account (`staff`) also the staff rules (`staff-passwords.ts`).
 * `Email` is expected normalised.
 */
export function validateNewCredentials(
  input: {
    Email: string;
    Password: string;
    ConfirmPassword: string;
  },
  staff = false,
): FieldErrors<'Email' | 'Password' | 'ConfirmPassword'> {
  const errors = validateRegistration(input);
  if (errors.Email === undefined && input.Email.endsWith(`@${DELETED_EMAIL_DOMAIN}`)) {
    errors.Email = [MESSAGES.invalidEmail];
  }
  if (errors.Password === undefined && staff) {
    const staffErrors = staffPasswordErrors(input.Password, accountWords(input.Email));
    if (staffErrors.length > 0) errors.Password = staffErrors;
  }
  if (errors.Password === undefined && isCommonPassword(input.Password)) errors.Password = [COMMON_PASSWORD_MESSAGE];
  return errors;
}

export interface NewAccount {
  /** Normalised. */
  email: string;
  password: string;
  fullName: string;
  roles: readonly RoleName[];
  confirmed: boolean;
  now: Date;
  /** The password's hash when the caller made it already (registration hashes in its own lane). */
  passwordHash?: string;
}

/** Inserts an account and its roles in one transaction; a taken e-mail is a 400 on Email. */
export async function createAccount(db: Kysely<Database>, input: NewAccount): Promise<number> {
  const id = await insertAccount(db, input);
  if (id === undefined) {
    throw AppError.invalid({ Email: [DUPLICATE_EMAIL_MESSAGE] });
  }
  return id;
}

/** Inserts an account and its roles in one transaction; undefined when the e-mail is taken (nothing is written). */
export async function insertAccount(db: Kysely<Database>, input: NewAccount): Promise<number | undefined> {
  const passwordHash = input.passwordHash ?? (await hashPassword(input.password));
  const at = input.now.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          email: input.email,
          password_hash: passwordHash,
          full_name: input.fullName,
          phone: '',
          address_line1: '',
          address_line2: '',
          city: '',
          state: '',
          postal_code: '',
          kind: kindForRoles(input.roles),
          email_confirmed: input.confirmed ? 1 : 0,
          security_stamp: newSecurityStamp(),
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (input.roles.length > 0) {
        await trx
          .insertInto('user_roles')
          .values(input.roles.map((role) => ({ user_id: row.id, role })))
          .execute();
      }
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export interface EnsureAccountInput {
  email: string;
  password: string;
  role: RoleName;
  /** Kept as it is for an existing account when not given. */
  fullName?: string | undefined;
  /** Also remove the account's second factor (a lost phone and lost recovery codes); audited as `mfa.reset`. */
  resetMfa?: boolean;
  now: Date;
}

/**
 * What `npm run user:add` does: creates a confirmed account with `role` (an
 * Admin also gets Employee), or for an existing e-mail replaces its roles and
 * password, confirms it and rotates its security stamp, so tokens issued
 * before stop working; with `resetMfa`, also removes its second factor.
 * An Admin's or Employee's password must meet the staff rules. Bad input is a
 * 400 AppError whose message names the field.
 */
export async function ensureAccount(
  db: Kysely<Database>,
  input: EnsureAccountInput,
): Promise<{ id: number; created: boolean; roles: RoleName[]; mfaReset: boolean }> {
  const email = normaliseEmail(input.email);
  const roles = rolesForRole(input.role);
  const { ConfirmPassword: _sameAsPassword, ...credentialErrors } = validateNewCredentials(
    {
      Email: email,
      Password: input.password,
      ConfirmPassword: input.password,
    },
    kindForRoles(roles) === 'employee',
  );
  const errors: FieldErrors = credentialErrors;
  const fullName = input.fullName?.trim();
  if (fullName !== undefined && fullName.length > FULL_NAME_MAX_LENGTH) {
    errors.FullName = [EXTRA_MESSAGES.fullNameTooLong];
  }
  assertValid(errors);
  const existing = await findUserByEmail(db, email);
  if (existing === undefined) {
    const id = await createAccount(db, {
      email,
      password: input.password,
      fullName: fullName ?? '',
      roles,
      confirmed: true,
      now: input.now,
    });
    return { id, created: true, roles, mfaReset: false };
  }
  const passwordHash = await hashPassword(input.password);
  const at = input.now.toISOString();
  const mfaReset = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({
        password_hash: passwordHash,
        email_confirmed: 1,
        kind: kindForRoles(roles),
        security_stamp: newSecurityStamp(),
        updated_at: at,
        ...(fullName === undefined ? {} : { full_name: fullName }),
      })
      .where('id', '=', existing.id)
      .execute();
    await trx.deleteFrom('user_roles').where('user_id', '=', existing.id).execute();
    await trx
      .insertInto('user_roles')
      .values(roles.map((role) => ({ user_id: existing.id, role })))
      .execute();
    await trx.deleteFrom('email_codes').where('user_id', '=', existing.id).execute();
    return input.resetMfa === true
      ? removeMfa(trx, existing.id, {
          action: 'mfa.reset',
          actorId: null,
          actorEmail: 'npm run user:add',
          ip: '',
          at,
          detail: { email },
        })
      : false;
  });
  return { id: existing.id, created: false, roles, mfaReset };
}

/** Gives an unconfirmed account (a registration never confirmed) a new password and security stamp. */
export async function replaceUnconfirmedPassword(
  db: Kysely<Database>,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, security_stamp: newSecurityStamp(), updated_at: now.toISOString() })
    .where('id', '=', userId)
    .where('email_confirmed', '=', 0)
    .execute();
}

/** Undoes a registration whose mail could not be sent: a replaced account loses its codes, a new one is deleted. */
export async function undoRegistration(db: Kysely<Database>, userId: number, replaced: boolean): Promise<void> {
  if (replaced) await db.deleteFrom('email_codes').where('user_id', '=', userId).execute();
  else await db.deleteFrom('users').where('id', '=', userId).execute();
}

/** Stores a password's new hash (a rehash with today's parameters after a sign-in). */
export async function storePasswordHash(db: Kysely<Database>, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}
