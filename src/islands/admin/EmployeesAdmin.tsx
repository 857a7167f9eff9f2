import { useState } from 'react';
import {
  EXTRA_MESSAGES,
  type FieldErrors,
  FULL_NAME_MAX_LENGTH,
  validateProfile,
  validateStaffRegistration,
} from '../../lib/domain/account-rules.ts';
import type { EmployeeDto } from '../../lib/domain/auth.ts';
import { buttonStyles } from './button-styles.ts';
import { SelectInput } from './ChoiceFields.tsx';
import { DataTable, type FormDone, type TableHandle } from './DataTable.tsx';
import { ConfirmDialog } from './Dialog.tsx';
import { FormShell } from './FormShell.tsx';
import { useStaffForm } from './form-state.ts';
import { RoleBadges, trimmed, useMyId, You } from './people-parts.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { TextInput } from './TextFields.tsx';
import { useToast } from './Toaster.tsx';

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
