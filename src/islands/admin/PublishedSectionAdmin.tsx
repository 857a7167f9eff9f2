import { useId, useState } from 'react';
import type { SectionDto } from '../../lib/domain/catalogue.ts';
import { META_MAX_LENGTH, sectionForm, TITLE_MAX_LENGTH, validateForm } from '../../lib/domain/schemas.ts';
import { DataTable, type FormDone } from './DataTable.tsx';
import { CheckboxInput, FormShell, SwitchButton, specValidator, TextArea, TextInput, useStaffForm } from './Fields.tsx';
import { HtmlField } from './HtmlField.tsx';
import { byId, queryId, readAllStores, setQueryParam, useLookup } from './Lookups.tsx';
import { formatWhen, useContentChanged } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

interface CopyValues extends Record<string, string | boolean> {
  SectionTitle: string;
  SectionMetaDescription: string;
  SectionContent: string;
  SectionHidden: boolean;
}

/** Republishes a public copy with its own CustomOrder kept, so only the given fields change. */
function republish(row: SectionDto, fields: Partial<CopyValues>) {
  return staff.published.publish(row.SectionID, {
    DbID: row.DbID,
    SectionTitle: row.SectionTitle,
    SectionMetaDescription: row.SectionMetaDescription,
    SectionContent: row.SectionContent,
    SectionHidden: row.SectionHidden,
    CustomOrder: row.CustomOrder,
    ...fields,
  });
}

function CopyFormPanel({ row, done }: { row: SectionDto; done: FormDone }) {
  const [validate] = useState(() =>
    specValidator(sectionForm, (v: CopyValues) => ({ ...v, DbID: row.DbID, CustomOrder: [] })),
  );
  const form = useStaffForm<CopyValues>(
    {
      SectionTitle: row.SectionTitle,
      SectionMetaDescription: row.SectionMetaDescription,
      SectionContent: row.SectionContent,
      SectionHidden: row.SectionHidden,
    },
    validate,
  );
  return (
    <FormShell
      form={form}
      submitLabel="Save public copy"
      onCancel={done.cancel}
      onSave={async () => {
        const checked = validateForm(sectionForm, { ...form.values, DbID: row.DbID, CustomOrder: [] });
        if (!checked.ok) return;
        const { SectionTitle, SectionMetaDescription, SectionContent, SectionHidden } = checked.value;
        const saved = await republish(row, { SectionTitle, SectionMetaDescription, SectionContent, SectionHidden });
        done.saved(
          `The public copy of ${saved.SectionTitle} was saved. Publish the shop's pages to show it on the site.`,
        );
      }}
    >
      <TextInput
        form={form}
        name="SectionTitle"
        label="Title"
        hint={`1 to ${TITLE_MAX_LENGTH} characters.`}
        required
        autoFocus
      />
      <TextArea form={form} name="SectionMetaDescription" label="Meta description" maxLength={META_MAX_LENGTH} />
      <HtmlField form={form} name="SectionContent" label="Content" />
      <CheckboxInput form={form} name="SectionHidden" label="Hidden" hint="A hidden section shows in the shop faded." />
    </FormShell>
  );
}

const linkClass =
  'inline-flex items-center rounded-md px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/**
 * `/app/edu-shopy/psection`: the published sections, the public copies the
 * shop's pages are built from: override their fields, or unpublish them.
 */
export function PublishedSectionAdmin() {
  return (
    <StaffPage
      title="Published Store Sections"
      description="The public copies of store sections, as the shop shows them. Changes here last until the section is published again from its draft."
    >
      <PublishedBody />
    </StaffPage>
  );
}

function PublishedBody() {
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const [storeId, setStoreId] = useState<number | null>(() => queryId('store'));
  const contentChanged = useContentChanged();
  const filterId = useId();

  return (
    <DataTable<SectionDto>
      caption="Published store sections"
      noun="published sections"
      reloadKey={String(storeId ?? '')}
      load={(q) => staff.published.list(q, storeId ?? undefined)}
      rowKey={(r) => `${r.SectionID}/${r.DbID}`}
      rowName={(r) => r.SectionTitle}
      faded={(r) => r.SectionHidden}
      toolbar={
        <div className="min-w-0 basis-56">
          <label htmlFor={filterId} className="mb-1 block text-sm font-semibold text-slate-800">
            Store
          </label>
          <select
            id={filterId}
            value={storeId === null ? '' : String(storeId)}
            onChange={(e) => {
              const next = e.target.value === '' ? null : Number(e.target.value);
              setStoreId(next);
              setQueryParam('store', next);
            }}
            className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
          >
            <option value="">All stores</option>
            {(stores.rows ?? []).map((s) => (
              <option key={s.StoreID} value={s.StoreID}>
                {s.StoreTitle}
              </option>
            ))}
          </select>
        </div>
      }
      columns={[
        { label: 'ID', sort: 'SectionID', cell: (r) => r.SectionID, className: 'w-16 tabular-nums' },
        {
          label: 'Title',
          sort: 'SectionTitle',
          rowHeader: true,
          cell: (r) => (
            <>
              <span className={r.SectionHidden ? 'italic' : ''}>{r.SectionTitle}</span>
              {r.SectionMetaDescription !== '' && (
                <span className="mt-0.5 line-clamp-2 block max-w-md text-xs font-normal text-slate-600">
                  {r.SectionMetaDescription}
                </span>
              )}
            </>
          ),
        },
        {
          label: 'Store',
          sort: 'StoreID',
          cell: (r) => storeById.get(r.StoreID)?.StoreTitle ?? `#${r.StoreID}`,
          className: 'hidden md:table-cell',
        },
        { label: 'DB', sort: 'DbID', cell: (r) => r.DbID, className: 'hidden lg:table-cell tabular-nums' },
        {
          label: 'Hidden',
          cell: (r, table) => (
            <SwitchButton
              checked={r.SectionHidden}
              label={`${r.SectionTitle} hidden`}
              onLabel="Hidden"
              offLabel="Shown"
              save={async (next) => {
                await republish(r, { SectionHidden: next });
                table.reload();
                contentChanged();
              }}
              savedText={(next) => `The public copy of ${r.SectionTitle} is ${next ? 'hidden' : 'shown'} now.`}
            />
          ),
          className: 'hidden sm:table-cell',
        },
        {
          label: 'Published',
          sort: 'SectionUpdatedTime',
          cell: (r) => formatWhen(r.SectionUpdatedTime),
          className: 'hidden xl:table-cell whitespace-nowrap text-slate-600',
        },
      ]}
      actions={(r) => (
        <>
          <a href={`/app/store-section/${r.SectionID}/${r.DbID}`} className={linkClass}>
            View<span className="sr-only"> {r.SectionTitle} in the shop</span>
          </a>
          <a href={`/app/client-store/section?db=${r.DbID}`} className={linkClass}>
            Draft<span className="sr-only"> of {r.SectionTitle}</span>
          </a>
        </>
      )}
      empty={<p>No section is published yet. Publish one from the Client area's Sections page.</p>}
      edit={{
        title: (r) => `Edit the public copy of ${r.SectionTitle}`,
        description: () => 'These fields override the draft until the section is published again from its draft.',
        render: (r, done) => <CopyFormPanel row={r} done={done} />,
      }}
      remove={{
        label: 'Unpublish',
        title: (r) => `Unpublish ${r.SectionTitle}?`,
        body: () => (
          <p>
            The section leaves the shop's catalogue; its draft stays in the Client area and can be published again. The
            site changes once the shop's pages are published.
          </p>
        ),
        run: async (r) => (await staff.published.unpublish(r.SectionID, r.DbID)).Message,
      }}
    />
  );
}
