import { ADDRESS_LINE_MAX_LENGTH, validateProfile } from '../../lib/domain/account-rules.ts';
import type { EndUserDto } from '../../lib/domain/auth.ts';
import { DataTable, type FormDone } from './DataTable.tsx';
import { FormShell } from './FormShell.tsx';
import { useStaffForm } from './form-state.ts';
import { trimmed } from './people-parts.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { TextInput } from './TextFields.tsx';

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
