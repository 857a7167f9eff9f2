import type { CategoryDto } from '../../lib/domain/catalogue.ts';
import { categoryForm } from '../../lib/domain/catalogue-forms.ts';
import { TITLE_MAX_LENGTH } from '../../lib/domain/form-fields.ts';
import { validateForm } from '../../lib/domain/form-validation.ts';
import { DataTable, type FormDone } from './DataTable.tsx';
import { FormShell } from './FormShell.tsx';
import { useStaffForm } from './form-state.ts';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { specValidator } from './spec-validator.ts';
import { staff } from './staff-client.ts';
import { TextInput } from './TextFields.tsx';

const validate = specValidator(categoryForm, (v: { CategoryTitle: string }) => v);

function CategoryFormPanel({ row, done }: { row: CategoryDto | null; done: FormDone }) {
  const form = useStaffForm({ CategoryTitle: row?.CategoryTitle ?? '' }, validate);
  return (
    <FormShell
      form={form}
      submitLabel={row === null ? 'Create category' : 'Save category'}
      onCancel={done.cancel}
      onSave={async () => {
        const checked = validateForm(categoryForm, form.values);
        if (!checked.ok) return;
        const saved =
          row === null
            ? await staff.categories.create(checked.value)
            : await staff.categories.update(row.CategoryID, checked.value);
        done.saved(`Category ${saved.CategoryTitle} was ${row === null ? 'created' : 'saved'}.`);
      }}
    >
      <TextInput
        form={form}
        name="CategoryTitle"
        label="Title"
        hint={`Shown in the shop's Categories menu; 1 to ${TITLE_MAX_LENGTH} characters.`}
        required
        autoFocus
      />
    </FormShell>
  );
}

/** `/app/edu-shopy/category`: the shop's categories. */
export function CategoryAdmin() {
  return (
    <StaffPage
      title="Categories"
      description="The categories stores are filed under, as the shop's Categories menu lists them."
    >
      <DataTable<CategoryDto>
        caption="Categories"
        noun="categories"
        load={(q) => staff.categories.list(q)}
        rowKey={(r) => r.CategoryID}
        rowName={(r) => r.CategoryTitle}
        columns={[
          { label: 'ID', sort: 'CategoryID', cell: (r) => r.CategoryID, className: 'w-20 tabular-nums' },
          { label: 'Title', sort: 'CategoryTitle', cell: (r) => r.CategoryTitle, rowHeader: true },
          {
            label: 'Updated',
            sort: 'CategoryUpdatedTime',
            cell: (r) => formatWhen(r.CategoryUpdatedTime),
            className: 'hidden sm:table-cell whitespace-nowrap text-slate-600',
          },
        ]}
        empty={<p>No categories yet. Create the first one to start filing stores.</p>}
        create={{
          label: 'New category',
          title: 'New category',
          render: (done) => <CategoryFormPanel row={null} done={done} />,
        }}
        edit={{
          title: (r) => `Edit category ${r.CategoryTitle}`,
          render: (r, done) => <CategoryFormPanel row={r} done={done} />,
        }}
        remove={{
          title: (r) => `Delete category ${r.CategoryTitle}?`,
          body: (r) => (
            <p>
              {r.CategoryTitle} leaves the shop's Categories menu. A category that still has stores cannot be deleted:
              move its stores to another category first.
            </p>
          ),
          run: async (r) => (await staff.categories.remove(r.CategoryID)).Message,
        }}
      />
    </StaffPage>
  );
}
