import { EXTRA_MESSAGES, type FieldErrors, FULL_NAME_MAX_LENGTH } from '../../lib/domain/account-rules.ts';
import type { EmployeeDto } from '../../lib/domain/auth.ts';
import { writeAudit } from '../audit.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';
import { createAccount, findRoles, findUserById, rolesForRole, validateNewCredentials } from './accounts.ts';
import { toEmployeeDto } from './manage.ts';
import type { AccountActor } from './middleware.ts';
import { hashGateOf, hashPassword } from './passwords.ts';

/** `POST /api/Account/RegisterEmployee` as the route read it. */
export interface EmployeeRegistration {
  /** Normalised (trimmed, lower-cased). */
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  /** As sent; `Employee` when empty. */
  role: string;
}

/**
 * Registers a staff account (Admin): validated against the staff password rules
 * (400 naming each field), created confirmed with `Employee` (and `Admin` when
 * asked) under the hash gate, audited (`employee.registered`). A taken address
 * is a 400 on Email. Answers the new employee.
 */
export async function registerEmployee(
  deps: AppDeps,
  me: AccountActor,
  input: EmployeeRegistration,
): Promise<EmployeeDto> {
  const { db } = deps;
  const { email, password, fullName } = input;
  const { now } = me;
  const errors: FieldErrors = validateNewCredentials(
    { Email: email, Password: password, ConfirmPassword: input.confirmPassword },
    true,
  );
  if (fullName === '') errors.FullName = ['FullName is required.'];
  else if (fullName.length > FULL_NAME_MAX_LENGTH) errors.FullName = [EXTRA_MESSAGES.fullNameTooLong];
  const rawRole = input.role || 'Employee';
  const role = rawRole === 'Admin' || rawRole === 'Employee' ? rawRole : undefined;
  if (role === undefined) errors.Role = ['Role must be Employee or Admin.'];
  assertValid(errors);
  const roles = rolesForRole(role ?? 'Employee');
  const passwordHash = await hashGateOf(deps).run(() => hashPassword(password));
  const id = await createAccount(db, { email, password, passwordHash, fullName, roles, confirmed: true, now });
  await writeAudit(db, {
    actorId: me.id,
    actorEmail: me.email,
    action: 'employee.registered',
    target: `user:${id}`,
    detail: { email, fullName, roles },
    ip: me.ip,
    at: now.toISOString(),
  });
  const row = await findUserById(db, id);
  if (row === undefined) throw AppError.notFound(`Employee ${id} does not exist.`);
  return toEmployeeDto(row, await findRoles(db, id));
}
