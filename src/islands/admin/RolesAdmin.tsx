import { useEffect, useState } from 'react';
import type { Page } from '../../lib/api/data.ts';
import { ROLE_NAMES, type RoleName } from '../../lib/api/staff.ts';
import { DataTable, type TableHandle } from './DataTable.tsx';
import { ConfirmDialog } from './Dialog.tsx';
import { You } from './people-parts.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

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
