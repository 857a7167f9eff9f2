import { useState } from 'react';
import { sectionForm } from '../../lib/domain/catalogue-forms.ts';
import { META_MAX_LENGTH } from '../../lib/domain/form-fields.ts';
import type { StaffSectionDto } from '../../lib/domain/staff-dtos.ts';
import { buttonStyles } from './button-styles.ts';
import { CheckboxInput } from './ChoiceFields.tsx';
import { CustomOrderEditor } from './CustomOrderEditor.tsx';
import { HiddenSwitch, sectionTitleColumns } from './catalogue-cells.tsx';
import { PictureField, TitleInput, usePendingPicture } from './catalogue-fields.tsx';
import { DataTable, type FormDone, type TableHandle } from './DataTable.tsx';
import { DbWorkspace, useDbChoice } from './DbWorkspace.tsx';
import { ConfirmDialog, Dialog } from './Dialog.tsx';
import { FormShell } from './FormShell.tsx';
import { HtmlField } from './HtmlField.tsx';
import { formatWhen, useContentChanged } from './PublishBanner.tsx';
import { useRowAction } from './row-actions.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { TextArea } from './TextFields.tsx';
import { useToast } from './Toaster.tsx';
import { useResourceForm } from './useResourceForm.ts';

interface SectionValues extends Record<string, string | boolean> {
  SectionTitle: string;
  SectionMetaDescription: string;
  SectionContent: string;
  SectionHidden: boolean;
}

function SectionFormPanel({ row, dbId, done }: { row: StaffSectionDto | null; dbId: number; done: FormDone }) {
  const picture = usePendingPicture();
  const shell = useResourceForm({
    noun: 'section',
    isNew: row === null,
    spec: sectionForm,
    initial: {
      SectionTitle: row?.SectionTitle ?? '',
      SectionMetaDescription: row?.SectionMetaDescription ?? '',
      SectionContent: row?.SectionContent ?? '',
      SectionHidden: row?.SectionHidden ?? false,
    },
    toInput: (v: SectionValues) => ({ ...v, DbID: dbId, CustomOrder: [] }),
    done,
    save: async ({ CustomOrder: _order, DbID: _db, ...fields }) => {
      if (row !== null) return staff.sections.update(row.SectionID, fields);
      const created = await staff.sections.create({ ...fields, DbID: dbId });
      await picture.uploadFor({ kind: 'Section', id: created.SectionID, dbId: created.DbID });
      return created;
    },
    savedText: (saved) =>
      row === null
        ? `Section ${saved.SectionTitle} was created as a draft. Make it public to show it in the shop.`
        : saved.Published
          ? `Section ${saved.SectionTitle} was saved. Update its public copy to show the changes in the shop.`
          : `Section ${saved.SectionTitle} was saved.`,
  });
  const { form } = shell;
  return (
    <FormShell {...shell}>
      <TitleInput form={form} name="SectionTitle" />
      <TextArea
        form={form}
        name="SectionMetaDescription"
        label="Meta description"
        hint="A sentence under the title, also used by search engines."
        maxLength={META_MAX_LENGTH}
      />
      <HtmlField
        form={form}
        name="SectionContent"
        label="Content"
        hint="Shown above the section's items. The shop keeps headings, lists, links, tables and pictures; the preview shows exactly what stays."
      />
      <CheckboxInput form={form} name="SectionHidden" label="Hidden" hint="A hidden section shows in the shop faded." />
      <PictureField
        noun="section"
        target={row === null ? null : { kind: 'Section', id: row.SectionID, dbId: row.DbID }}
        pending={picture}
        label={row?.SectionTitle ?? ''}
      />
    </FormShell>
  );
}

function PublishButton({ row, table }: { row: StaffSectionDto; table: TableHandle }) {
  const { busy, run, toast } = useRowAction();
  const contentChanged = useContentChanged();
  return (
    <button
      type="button"
      className={buttonStyles.row}
      disabled={busy}
      onClick={() =>
        run(async () => {
          await staff.published.publish(row.SectionID, { DbID: row.DbID });
          toast.success(
            `Section ${row.SectionTitle} is public now (see Published Store Sections). Use “Publish now” to put it on the shop's pages.`,
          );
          table.reload();
          contentChanged();
        })
      }
    >
      {row.Published ? 'Update public copy' : 'Make public'}
      <span className="sr-only"> {row.SectionTitle}</span>
    </button>
  );
}

/**
 * `/app/client-store/section?db=N`: the sections of the selected store
 * database, drafts and published alike: edit (rich content with preview, hidden,
 * picture), order their items, publish and unpublish.
 */
export function SectionAdmin() {
  return (
    <StaffPage
      title="Sections From Selected Store DB"
      description="Sections are drafts until they are published into the shop's catalogue."
    >
      <SectionBody />
    </StaffPage>
  );
}

function SectionBody() {
  const choice = useDbChoice();
  const { db } = choice;
  const [ordering, setOrdering] = useState<{ row: StaffSectionDto; table: TableHandle } | null>(null);
  const [unpublishing, setUnpublishing] = useState<{ row: StaffSectionDto; table: TableHandle } | null>(null);
  const toast = useToast();
  const contentChanged = useContentChanged();

  return (
    <>
      <DbWorkspace
        choice={choice}
        onChange={choice.setDbId}
        noun="sections"
        other={{ page: 'item', label: 'Items of this database' }}
      >
        {(dbId) => (
          <DataTable<StaffSectionDto>
            caption={`Sections of ${db?.DbTitle ?? `store database ${dbId}`}`}
            noun="sections"
            reloadKey={String(dbId)}
            load={(q) => staff.sections.list(dbId, q)}
            rowKey={(r) => r.SectionID}
            rowName={(r) => r.SectionTitle}
            faded={(r) => r.SectionHidden}
            columns={[
              ...sectionTitleColumns<StaffSectionDto>(),
              {
                label: 'Items',
                cell: (r) => (
                  <a
                    href={`/app/client-store/item?db=${r.DbID}&section=${r.SectionID}`}
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    {r.ItemCount}
                    <span className="sr-only"> items in {r.SectionTitle}</span>
                  </a>
                ),
                className: 'tabular-nums',
              },
              {
                label: 'Hidden',
                cell: (r, table) => (
                  <HiddenSwitch
                    name={r.SectionTitle}
                    hidden={r.SectionHidden}
                    table={table}
                    save={(next) => staff.sections.patch(r.SectionID, { SectionHidden: next })}
                    siteChanges={false}
                    savedText={(next) =>
                      `${r.SectionTitle} is ${next ? 'hidden' : 'shown'} in its draft${r.Published ? '; update its public copy to show that in the shop' : ''}.`
                    }
                  />
                ),
                className: 'hidden sm:table-cell',
              },
              {
                label: 'Shop',
                cell: (r) =>
                  r.Published ? (
                    <span className="inline-flex flex-col">
                      <span className="w-fit rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">
                        Published
                      </span>
                      <span className="mt-0.5 whitespace-nowrap text-xs text-slate-600">
                        {formatWhen(r.PublishedTime)}
                      </span>
                    </span>
                  ) : (
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
                      Draft
                    </span>
                  ),
              },
              {
                label: 'Updated',
                sort: 'SectionUpdatedTime',
                cell: (r) => formatWhen(r.SectionUpdatedTime),
                className: 'hidden xl:table-cell whitespace-nowrap text-slate-600',
              },
            ]}
            actions={(r, table) => (
              <>
                <PublishButton row={r} table={table} />
                {r.Published && (
                  <button
                    type="button"
                    className={buttonStyles.rowDanger}
                    onClick={() => setUnpublishing({ row: r, table })}
                  >
                    Unpublish<span className="sr-only"> {r.SectionTitle}</span>
                  </button>
                )}
                <button type="button" className={buttonStyles.row} onClick={() => setOrdering({ row: r, table })}>
                  Order items<span className="sr-only"> of {r.SectionTitle}</span>
                </button>
              </>
            )}
            empty={<p>This store database has no sections yet.</p>}
            create={{
              label: 'New section',
              title: 'New section',
              description: `In ${db?.DbTitle ?? `store database ${dbId}`}. It stays a draft until it is published.`,
              render: (done) => <SectionFormPanel row={null} dbId={dbId} done={done} />,
            }}
            edit={{
              title: (r) => `Edit section ${r.SectionTitle}`,
              description: (r) =>
                r.Published
                  ? 'This edits the draft; publish the section again to show the changes in the shop.'
                  : 'A draft: publish it to show it in the shop.',
              render: (r, done) => <SectionFormPanel row={r} dbId={dbId} done={done} />,
            }}
            remove={{
              title: (r) => `Delete section ${r.SectionTitle}?`,
              body: (r) => (
                <p>
                  {r.SectionTitle} and its picture are deleted. A section that still holds items, or that is published,
                  cannot be deleted: move its items and unpublish it first.
                </p>
              ),
              run: async (r) => (await staff.sections.remove(r.SectionID)).Message,
            }}
          />
        )}
      </DbWorkspace>

      <Dialog
        open={ordering !== null}
        title={ordering === null ? '' : `Order the items of ${ordering.row.SectionTitle}`}
        onClose={() => setOrdering(null)}
      >
        {ordering !== null && (
          <CustomOrderEditor
            section={ordering.row}
            onCancel={() => setOrdering(null)}
            onSaved={(message) => {
              ordering.table.reload();
              setOrdering(null);
              toast.success(message);
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={unpublishing !== null}
        title={unpublishing === null ? '' : `Unpublish ${unpublishing.row.SectionTitle}?`}
        confirmLabel="Unpublish"
        onClose={() => setUnpublishing(null)}
        onConfirm={async () => {
          if (unpublishing === null) return;
          const { row, table } = unpublishing;
          const answer = await staff.published.unpublish(row.SectionID, row.DbID);
          setUnpublishing(null);
          toast.success(`${answer.Message} Publish the shop's pages to take it off the site.`);
          table.reload();
          contentChanged();
        }}
      >
        <p>
          The section leaves the shop's catalogue; its draft stays here and can be published again. The site changes
          once the shop's pages are published.
        </p>
      </ConfirmDialog>
    </>
  );
}
