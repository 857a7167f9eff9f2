import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { Page } from '../../lib/api/data.ts';
import { ROLE_NAMES, type RoleName } from '../../lib/api/staff.ts';
import {
  ADDRESS_LINE_MAX_LENGTH,
  EXTRA_MESSAGES,
  type FieldErrors,
  FULL_NAME_MAX_LENGTH,
  validateProfile,
  validateStaffRegistration,
} from '../../lib/domain/account-rules.ts';
import type { EmployeeDto, EndUserDto } from '../../lib/domain/auth.ts';
import { $user } from '../../stores/session.ts';
import { DataTable, type FormDone, type TableHandle } from './DataTable.tsx';
import { ConfirmDialog } from './Dialog.tsx';
import { buttonStyles, FormShell, SelectInput, TextInput, useStaffForm } from './Fields.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

/** The profile fields as typed, trimmed the way the server stores them. */
function trimmed<V extends Record<string, string>>(values: V): V {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as V;
}

function RoleBadges({ roles }: { roles: string[] }) {
  if (roles.length === 0) return <span className="text-sm italic text-slate-600">No role</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <span
          key={r}
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${r === 'Admin' ? 'bg-amber-100 text-amber-950' : 'bg-slate-100 text-slate-800'}`}
        >
          {r}
        </span>
      ))}
    </span>
  );
}

function useMyId(): number | null {
  const user = useStore($user);
  const id = Number(user?.id);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function You({ id }: { id: number }) {
  const me = useMyId();
  return me === id ? (
    <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">You</span>
  ) : null;
}

/* Employees */

interface NewEmployeeValues extends Record<string, string> {
  FullName: string;
  Email: string;
  Password: string;
  ConfirmPassword: string;
  Role: string;
}

function validateNewEmployee(v: NewEmployeeValues): FieldErrors {
  const errors: FieldErrors = validateStaffRegistration({
    Email: v.Email.trim().toLowerCase(),
    Password: v.Password,
    ConfirmPassword: v.ConfirmPassword,
  });
  const name = v.FullName.trim();
  if (name === '') errors.FullName = ['FullName is required.'];
  else if (name.length > FULL_NAME_MAX_LENGTH) errors.FullName = [EXTRA_MESSAGES.fullNameTooLong];
  if (v.Role !== 'Employee' && v.Role !== 'Admin') errors.Role = ['Role must be Employee or Admin.'];
  return errors;
}

function NewEmployeePanel({ done }: { done: FormDone }) {
  const form = useStaffForm<NewEmployeeValues>(
    { FullName: '', Email: '', Password: '', ConfirmPassword: '', Role: 'Employee' },
    validateNewEmployee,
  );
  return (
    <FormShell
      form={form}
      submitLabel="Create employee"
      onCancel={done.cancel}
      onSave={async () => {
        const v = form.values;
        const saved = await staff.employees.register({
          FullName: v.FullName.trim(),
          Email: v.Email.trim().toLowerCase(),
          Password: v.Password,
          ConfirmPassword: v.ConfirmPassword,
          Role: v.Role === 'Admin' ? 'Admin' : 'Employee',
        });
        done.saved(`${saved.FullName} (${saved.Email}) can sign in now as ${saved.Roles.join(' and ')}.`);
      }}
    >
      <TextInput form={form} name="FullName" label="Full name" required autoFocus autoComplete="off" />
      <TextInput form={form} name="Email" label="Email" type="email" required autoComplete="off" />
      <TextInput
        form={form}
        name="Password"
        label="Password"
        type="password"
        required
        autoComplete="new-password"
        hint="At least 6 characters with a digit, a lower-case and an upper-case letter and a special character. Give it to the employee in person."
      />
      <TextInput
        form={form}
        name="ConfirmPassword"
        label="Confirm Password"
        type="password"
        required
        autoComplete="new-password"
      />
      <SelectInput
        form={form}
        name="Role"
        label="Role"
        options={[
          { value: 'Employee', label: 'Employee' },
          { value: 'Admin', label: 'Admin (also Employee)' },
        ]}
      />
    </FormShell>
  );
}

function EditEmployeePanel({ row, done }: { row: EmployeeDto; done: FormDone }) {
  const form = useStaffForm({ FullName: row.FullName, Phone: row.Phone }, (v) => validateProfile(trimmed(v)));
  return (
    <FormShell
      form={form}
      submitLabel="Save employee"
      onCancel={done.cancel}
      onSave={async () => {
        const saved = await staff.employees.edit(row.EmployeeId, trimmed(form.values));
        done.saved(`${saved.FullName === '' ? saved.Email : saved.FullName} was saved.`);
      }}
    >
      <TextInput form={form} name="FullName" label="Full name" autoFocus />
      <TextInput form={form} name="Phone" label="Phone" type="tel" inputMode="tel" hint="Such as +91 98765 43210." />
    </FormShell>
  );
}

/** `/app/edu-shopy/employee` (Admin): staff accounts. */
export function EmployeesAdmin() {
  const me = useMyId();
  const toast = useToast();
  const [resetting, setResetting] = useState<{ row: EmployeeDto; table: TableHandle } | null>(null);
  return (
    <StaffPage
      needs="Admin"
      title="Employees"
      description="Staff accounts: register new employees, edit their details, or delete them."
    >
      <DataTable<EmployeeDto>
        caption="Employees"
        noun="employees"
        filterLabel="Filter by name or e-mail"
        load={(q) => staff.employees.list(q)}
        rowKey={(r) => r.EmployeeId}
        rowName={(r) => r.Email}
        columns={[
          { label: 'ID', sort: 'EmployeeId', cell: (r) => r.EmployeeId, className: 'w-16 tabular-nums' },
          {
            label: 'Name',
            sort: 'FullName',
            rowHeader: true,
            cell: (r) => (
              <>
                {r.FullName === '' ? <span className="italic text-slate-600">No name</span> : r.FullName}
                <You id={r.EmployeeId} />
              </>
            ),
          },
          { label: 'Email', sort: 'Email', cell: (r) => r.Email, className: 'break-all' },
          { label: 'Phone', cell: (r) => r.Phone, className: 'hidden lg:table-cell whitespace-nowrap' },
          { label: 'Roles', cell: (r) => <RoleBadges roles={r.Roles} />, className: 'hidden sm:table-cell' },
        ]}
        empty={<p>No employees.</p>}
        create={{
          label: 'New employee',
          title: 'Register an employee',
          description: 'The account is confirmed at once and can sign in with this password.',
          render: (done) => <NewEmployeePanel done={done} />,
        }}
        edit={{
          title: (r) => `Edit employee ${r.Email}`,
          render: (r, done) => <EditEmployeePanel row={r} done={done} />,
        }}
        remove={{
          title: (r) => `Delete employee ${r.Email}?`,
          body: (r) => (
            <p>
              {r.FullName === '' ? r.Email : r.FullName} can no longer sign in. An account with orders is anonymised and
              its orders are kept. You cannot delete your own account.
            </p>
          ),
          run: async (r) => (await staff.employees.remove(r.EmployeeId)).Message,
        }}
        actions={(r, table) =>
          r.EmployeeId === me ? null : (
            <button type="button" className={buttonStyles.row} onClick={() => setResetting({ row: r, table })}>
              Reset second factor<span className="sr-only"> of {r.Email}</span>
            </button>
          )
        }
      />
      <ConfirmDialog
        open={resetting !== null}
        title={resetting === null ? '' : `Reset the second factor of ${resetting.row.Email}?`}
        confirmLabel="Reset second factor"
        onClose={() => setResetting(null)}
        onConfirm={async () => {
          if (resetting === null) return;
          const { Message } = await staff.employees.resetMfa(resetting.row.EmployeeId);
          resetting.table.reload();
          setResetting(null);
          toast.success(Message);
        }}
      >
        <p>
          For a lost phone and lost recovery codes: the account's second factor is removed and its sign-ins end. It can
          set a new one up from My Profile (or at its next sign-in, where the shop requires one).
        </p>
      </ConfirmDialog>
    </StaffPage>
  );
}

/* End users */

interface EndUserValues extends Record<string, string> {
  FullName: string;
  Phone: string;
  AddressLine1: string;
  AddressLine2: string;
  City: string;
  State: string;
  PostalCode: string;
}

function EditEndUserPanel({ row, done }: { row: EndUserDto; done: FormDone }) {
  const form = useStaffForm<EndUserValues>(
    {
      FullName: row.FullName,
      Phone: row.Phone,
      AddressLine1: row.AddressLine1,
      AddressLine2: row.AddressLine2,
      City: row.City,
      State: row.State,
      PostalCode: row.PostalCode,
    },
    (v) => validateProfile(trimmed(v)),
  );
  return (
    <FormShell
      form={form}
      submitLabel="Save customer"
      onCancel={done.cancel}
      onSave={async () => {
        const saved = await staff.endUsers.edit(row.EndUserId, trimmed(form.values));
        done.saved(`${saved.FullName === '' ? saved.Email : saved.FullName} was saved.`);
      }}
    >
      <TextInput form={form} name="FullName" label="Full name" autoFocus />
      <TextInput form={form} name="Phone" label="Phone" type="tel" inputMode="tel" hint="Such as +91 98765 43210." />
      <TextInput
        form={form}
        name="AddressLine1"
        label="Address line 1"
        hint={`At most ${ADDRESS_LINE_MAX_LENGTH} characters.`}
      />
      <TextInput form={form} name="AddressLine2" label="Address line 2" />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput form={form} name="City" label="City" />
        <TextInput form={form} name="State" label="State" />
        <TextInput form={form} name="PostalCode" label="PIN code" inputMode="numeric" hint="6 digits." />
      </div>
    </FormShell>
  );
}

/** `/app/edu-shopy/enduser` (Admin): customer accounts. */
export function EndusersAdmin() {
  return (
    <StaffPage needs="Admin" title="Endusers" description="Customer accounts: their details and delivery address.">
      <DataTable<EndUserDto>
        caption="End users"
        noun="end users"
        filterLabel="Filter by name or e-mail"
        load={(q) => staff.endUsers.list(q)}
        rowKey={(r) => r.EndUserId}
        rowName={(r) => r.Email}
        columns={[
          { label: 'ID', sort: 'EndUserId', cell: (r) => r.EndUserId, className: 'w-16 tabular-nums' },
          {
            label: 'Name',
            sort: 'FullName',
            rowHeader: true,
            cell: (r) => (r.FullName === '' ? <span className="italic text-slate-600">No name</span> : r.FullName),
          },
          { label: 'Email', sort: 'Email', cell: (r) => r.Email, className: 'break-all' },
          { label: 'Phone', cell: (r) => r.Phone, className: 'hidden lg:table-cell whitespace-nowrap' },
          {
            label: 'City',
            cell: (r) => [r.City, r.PostalCode].filter((x) => x !== '').join(' '),
            className: 'hidden md:table-cell',
          },
        ]}
        empty={<p>No customers have registered yet.</p>}
        edit={{
          title: (r) => `Edit customer ${r.Email}`,
          render: (r, done) => <EditEndUserPanel row={r} done={done} />,
        }}
        remove={{
          title: (r) => `Delete customer ${r.Email}?`,
          body: (r) => (
            <p>
              {r.FullName === '' ? r.Email : r.FullName} can no longer sign in and their cart is removed. An account
              with orders is anonymised and its orders are kept.
            </p>
          ),
          run: async (r) => (await staff.endUsers.remove(r.EndUserId)).Message,
        }}
      />
    </StaffPage>
  );
}

/* Roles */

interface Account {
  UserId: number;
  FullName: string;
  Email: string;
  Roles: RoleName[];
}

const asRoles = (roles: string[]): RoleName[] => ROLE_NAMES.filter((r) => roles.includes(r));

async function employeeAccounts(q: Parameters<typeof staff.employees.list>[0]): Promise<Page<Account>> {
  const page = await staff.employees.list(q);
  return {
    ...page,
    rows: page.rows.map((e) => ({
      UserId: e.EmployeeId,
      FullName: e.FullName,
      Email: e.Email,
      Roles: asRoles(e.Roles),
    })),
  };
}

async function endUserAccounts(q: Parameters<typeof staff.endUsers.list>[0]): Promise<Page<Account>> {
  const page = await staff.endUsers.list(q);
  const roles = await Promise.all(page.rows.map((u) => staff.roles.of(u.EndUserId)));
  return {
    ...page,
    rows: page.rows.map((u, i) => ({
      UserId: u.EndUserId,
      FullName: u.FullName,
      Email: u.Email,
      Roles: asRoles(roles[i] ?? []),
    })),
  };
}

/** What each role lets an account do, said before it is given or taken. */
const ROLE_ALLOWS: Record<RoleName, string> = {
  Admin:
    'manage people and their roles, read the audit log, create and revoke feed keys, and everything an Employee does',
  Employee:
    'run the shop: categories, stores, store databases, sections, items, imports and exports, orders, and Publish now',
  User: 'shop: keep a cart, place orders and keep a profile and address',
};

function RoleSwitches({ account, table }: { account: Account; table: TableHandle }) {
  const [asking, setAsking] = useState<{ role: RoleName; add: boolean } | null>(null);
  const [busy, setBusy] = useState<RoleName | null>(null);
  const [roles, setRoles] = useState(account.Roles);
  const toast = useToast();
  const stored = account.Roles.join();
  // A reloaded row brings the roles as stored.
  useEffect(() => setRoles(stored === '' ? [] : asRoles(stored.split(','))), [stored]);
  // Asked first (a role is power over the shop); the confirmation's failure shows in the dialog.
  const change = async (role: RoleName, add: boolean) => {
    setBusy(role);
    try {
      const answer = add ? await staff.roles.add(account.UserId, role) : await staff.roles.remove(account.UserId, role);
      setRoles(asRoles(answer.Roles));
      setAsking(null);
      toast.success(
        `${account.Email} ${add ? 'gained' : 'lost'} the ${role} role: now ${answer.Roles.length === 0 ? 'no role' : answer.Roles.join(', ')}.`,
      );
      table.reload();
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === null
            ? ''
            : asking.add
              ? `Give ${account.Email} the ${asking.role} role?`
              : `Take the ${asking.role} role from ${account.Email}?`
        }
        confirmLabel={asking === null ? '' : asking.add ? `Give ${asking.role} role` : `Take ${asking.role} role`}
        danger={asking?.add === false || asking?.role === 'Admin'}
        onClose={() => setAsking(null)}
        onConfirm={() => (asking === null ? Promise.resolve() : change(asking.role, asking.add))}
      >
        {asking !== null && (
          <p>
            The {asking.role} role lets an account {ROLE_ALLOWS[asking.role]}.{' '}
            {asking.add ? 'It takes effect at once.' : 'They lose that at once, even while signed in.'}
          </p>
        )}
      </ConfirmDialog>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-1">
        <legend className="sr-only">Roles of {account.Email}</legend>
        {ROLE_NAMES.map((role) => (
          <label key={role} className="inline-flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={roles.includes(role)}
              disabled={busy !== null}
              onChange={(e) => setAsking({ role, add: e.target.checked })}
              className="size-4 accent-brand-800"
            />
            {role}
          </label>
        ))}
      </fieldset>
    </>
  );
}

/**
 * `/app/edu-shopy/role` (Admin): accounts with their roles; ticking a role adds
 * it (AddUserToRole), clearing it removes it (RemoveUserFromRole). The server
 * refuses what may not be done (an admin's own Admin role), and its reason shows.
 */
export function RolesAdmin() {
  return (
    <StaffPage
      needs="Admin"
      title="Roles"
      description="Who may do what: Admins manage people and read the log, Employees run the shop, Users shop."
    >
      <RolesBody />
    </StaffPage>
  );
}

function RolesBody() {
  const [kind, setKind] = useState<'employees' | 'users'>('employees');
  return (
    <>
      <fieldset className="mb-4">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Accounts</legend>
        <div className="inline-flex gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-slate-200">
          {(['employees', 'users'] as const).map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={kind === k}
              onClick={() => setKind(k)}
              className={`rounded-lg px-3 py-1.5 text-sm font-semibold ${kind === k ? 'bg-brand-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {k === 'employees' ? 'Employees' : 'End users'}
            </button>
          ))}
        </div>
      </fieldset>
      <DataTable<Account>
        caption={kind === 'employees' ? 'Roles of employees' : 'Roles of end users'}
        noun="accounts"
        filterLabel="Filter by name or e-mail"
        reloadKey={kind}
        load={(q) => (kind === 'employees' ? employeeAccounts(q) : endUserAccounts(q))}
        rowKey={(r) => r.UserId}
        rowName={(r) => r.Email}
        columns={[
          {
            label: 'ID',
            sort: kind === 'employees' ? 'EmployeeId' : 'EndUserId',
            cell: (r) => r.UserId,
            className: 'w-16 tabular-nums',
          },
          {
            label: 'Account',
            sort: 'Email',
            rowHeader: true,
            cell: (r) => (
              <>
                <span className="break-all">{r.Email}</span>
                <You id={r.UserId} />
                {r.FullName !== '' && <span className="block text-xs font-normal text-slate-600">{r.FullName}</span>}
              </>
            ),
          },
          { label: 'Roles', cell: (r, table) => <RoleSwitches account={r} table={table} /> },
        ]}
        empty={<p>No accounts.</p>}
      />
    </>
  );
}
