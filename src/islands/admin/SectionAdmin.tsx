import { useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import {
  META_MAX_LENGTH,
  type StaffSectionDto,
  sectionForm,
  TITLE_MAX_LENGTH,
  validateForm,
} from '../../lib/domain/schemas.ts';
import { CustomOrderEditor } from './CustomOrderEditor.tsx';
import { DataTable, type FormDone, type TableHandle } from './DataTable.tsx';
import { ConfirmDialog, Dialog } from './Dialog.tsx';
import {
  buttonStyles,
  CheckboxInput,
  FormShell,
  SwitchButton,
  specValidator,
  TextArea,
  TextInput,
  useStaffForm,
} from './Fields.tsx';
import { HtmlField } from './HtmlField.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import { byId, DbPicker, readAllStoreDbs, readAllStores, useLookup, useSelectedDb } from './Lookups.tsx';
import { formatWhen, useContentChanged } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

interface SectionValues extends Record<string, string | boolean> {
  SectionTitle: string;
  SectionMetaDescription: string;
  SectionContent: string;
  SectionHidden: boolean;
}

function SectionFormPanel({ row, dbId, done }: { row: StaffSectionDto | null; dbId: number; done: FormDone }) {
  const [validate] = useState(() =>
    specValidator(sectionForm, (v: SectionValues) => ({ ...v, DbID: dbId, CustomOrder: [] })),
  );
  const form = useStaffForm<SectionValues>(
    {
      SectionTitle: row?.SectionTitle ?? '',
      SectionMetaDescription: row?.SectionMetaDescription ?? '',
      SectionContent: row?.SectionContent ?? '',
      SectionHidden: row?.SectionHidden ?? false,
    },
    validate,
  );
  return (
    <FormShell
      form={form}
      submitLabel={row === null ? 'Create section' : 'Save section'}
      onCancel={done.cancel}
      onSave={async () => {
        const checked = validateForm(sectionForm, { ...form.values, DbID: dbId, CustomOrder: [] });
        if (!checked.ok) return;
        const { CustomOrder: _order, DbID: _db, ...fields } = checked.value;
        const saved =
          row === null
            ? await staff.sections.create({ ...fields, DbID: dbId })
            : await staff.sections.update(row.SectionID, fields);
        done.saved(
          row === null
            ? `Section ${saved.SectionTitle} was created as a draft. Publish it to show it in the shop.`
            : saved.Published
              ? `Section ${saved.SectionTitle} was saved. Publish it again to show the changes in the shop.`
              : `Section ${saved.SectionTitle} was saved.`,
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
      {row === null ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Save the section first, then add its picture here.
        </p>
      ) : (
        <ImageUpload target={{ kind: 'Section', id: row.SectionID, dbId: row.DbID }} label={row.SectionTitle} />
      )}
    </FormShell>
  );
}

function PublishButton({ row, table }: { row: StaffSectionDto; table: TableHandle }) {
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const contentChanged = useContentChanged();
  return (
    <button
      type="button"
      className={buttonStyles.row}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await staff.published.publish(row.SectionID, { DbID: row.DbID });
          toast.success(`Section ${row.SectionTitle} was published. Publish the shop's pages to show it on the site.`);
          table.reload();
          contentChanged();
        } catch (err) {
          toast.error(friendlyMessage(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      {row.Published ? 'Publish again' : 'Publish'}
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
  const stores = useLookup(readAllStores);
  const dbs = useLookup(readAllStoreDbs);
  const [dbId, setDbId] = useSelectedDb();
  const [ordering, setOrdering] = useState<{ row: StaffSectionDto; table: TableHandle } | null>(null);
  const [unpublishing, setUnpublishing] = useState<{ row: StaffSectionDto; table: TableHandle } | null>(null);
  const toast = useToast();
  const contentChanged = useContentChanged();
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const db = dbs.rows?.find((d) => d.DbID === dbId);
  const unknownDb = dbId !== null && dbs.rows !== null && db === undefined;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <DbPicker dbs={dbs.rows ?? []} stores={storeById} value={dbId} onChange={setDbId} />
        {db !== undefined && (
          <p className="pb-2 text-sm text-slate-700">
            Store: <span className="font-semibold">{storeById.get(db.StoreID)?.StoreTitle ?? `#${db.StoreID}`}</span> ·{' '}
            <a
              href={`/app/client-store/item?db=${db.DbID}`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Items of this database
            </a>
          </p>
        )}
      </div>
      {dbs.error !== '' && (
        <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          The store databases could not be loaded: {dbs.error}
        </p>
      )}
      {unknownDb ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          Store database #{dbId} does not exist (any more). Choose another one above.
        </p>
      ) : dbId === null ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          Choose a store database above to see its sections, or pick one on the{' '}
          <a href="/app/client-store/db" className="font-semibold text-brand-800 underline underline-offset-2">
            Store Databases
          </a>{' '}
          page.
        </p>
      ) : (
        <DataTable<StaffSectionDto>
          caption={`Sections of ${db?.DbTitle ?? `store database ${dbId}`}`}
          noun="sections"
          reloadKey={String(dbId)}
          load={(q) => staff.sections.list(dbId, q)}
          rowKey={(r) => r.SectionID}
          rowName={(r) => r.SectionTitle}
          faded={(r) => r.SectionHidden}
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
                <SwitchButton
                  checked={r.SectionHidden}
                  label={`${r.SectionTitle} hidden`}
                  onLabel="Hidden"
                  offLabel="Shown"
                  save={async (next) => {
                    await staff.sections.patch(r.SectionID, { SectionHidden: next });
                    table.reload();
                  }}
                  savedText={(next) =>
                    `${r.SectionTitle} is ${next ? 'hidden' : 'shown'} in its draft${r.Published ? '; publish it again to show that in the shop' : ''}.`
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
