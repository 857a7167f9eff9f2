import type { SectionDto } from '../../lib/domain/catalogue.ts';
import { sectionForm } from '../../lib/domain/catalogue-forms.ts';
import { META_MAX_LENGTH } from '../../lib/domain/form-fields.ts';
import { CheckboxInput } from './ChoiceFields.tsx';
import { HiddenSwitch, rowLinkClass, sectionTitleColumns } from './catalogue-cells.tsx';
import { TitleInput } from './catalogue-fields.tsx';
import { DataTable, type FormDone } from './DataTable.tsx';
import { FormShell } from './FormShell.tsx';
import { StoreFilter, useQueryId } from './filters.tsx';
import { HtmlField } from './HtmlField.tsx';
import { byId, readAllStores, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { TextArea } from './TextFields.tsx';
import { useResourceForm } from './useResourceForm.ts';

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
  const shell = useResourceForm({
    noun: 'public copy',
    isNew: false,
    spec: sectionForm,
    initial: {
      SectionTitle: row.SectionTitle,
      SectionMetaDescription: row.SectionMetaDescription,
      SectionContent: row.SectionContent,
      SectionHidden: row.SectionHidden,
    },
    toInput: (v: CopyValues) => ({ ...v, DbID: row.DbID, CustomOrder: [] }),
    done,
    save: ({ SectionTitle, SectionMetaDescription, SectionContent, SectionHidden }) =>
      republish(row, { SectionTitle, SectionMetaDescription, SectionContent, SectionHidden }),
    savedText: (saved) =>
      `The public copy of ${saved.SectionTitle} was saved. Publish the shop's pages to show it on the site.`,
  });
  const { form } = shell;
  return (
    <FormShell {...shell}>
      <TitleInput form={form} name="SectionTitle" />
      <TextArea form={form} name="SectionMetaDescription" label="Meta description" maxLength={META_MAX_LENGTH} />
      <HtmlField form={form} name="SectionContent" label="Content" />
      <CheckboxInput form={form} name="SectionHidden" label="Hidden" hint="A hidden section shows in the shop faded." />
    </FormShell>
  );
}

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
  const [storeId, setStoreId] = useQueryId('store');

  return (
    <DataTable<SectionDto>
      caption="Published store sections"
      noun="published sections"
      reloadKey={String(storeId ?? '')}
      load={(q) => staff.published.list(q, storeId ?? undefined)}
      rowKey={(r) => `${r.SectionID}/${r.DbID}`}
      rowName={(r) => r.SectionTitle}
      faded={(r) => r.SectionHidden}
      toolbar={<StoreFilter stores={stores.rows} value={storeId} onChange={setStoreId} />}
      columns={[
        ...sectionTitleColumns<SectionDto>(),
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
            <HiddenSwitch
              name={r.SectionTitle}
              hidden={r.SectionHidden}
              table={table}
              save={(next) => republish(r, { SectionHidden: next })}
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
          <a href={`/app/store-section/${r.SectionID}/${r.DbID}`} className={rowLinkClass}>
            View<span className="sr-only"> {r.SectionTitle} in the shop</span>
          </a>
          <a href={`/app/client-store/section?db=${r.DbID}`} className={rowLinkClass}>
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
