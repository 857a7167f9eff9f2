import { type ReactNode, useCallback, useEffect, useId, useState } from 'react';
import type { ImageTarget } from '../../lib/api/staff.ts';
import type { SectionDto, StoreDto } from '../../lib/domain/catalogue.ts';
import { TITLE_MAX_LENGTH } from '../../lib/domain/form-fields.ts';
import { IMAGE_TYPES, imageFileProblem } from '../../lib/domain/staff-views.ts';
import type { Column, TableHandle } from './DataTable.tsx';
import { type RawValues, type StaffForm, SwitchButton, TextInput } from './Fields.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import {
  byId,
  DbPicker,
  queryId,
  readAllStoreDbs,
  readAllStores,
  setQueryParam,
  useLookup,
  useSelectedDb,
} from './Lookups.tsx';
import { useContentChanged } from './PublishBanner.tsx';
import { staff } from './staff-client.ts';

/**
 * The pieces the staff catalogue pages (stores, store databases, sections,
 * published sections, items) share: their forms' Title and picture, the
 * table's title cell, Hidden switch and parent filter, a lookup's load error,
 * and the Client pages' store database picker.
 */

/** A link among a row's actions. */
export const rowLinkClass =
  'inline-flex items-center rounded-md px-2 py-1.5 text-sm font-semibold text-brand-800 hover:bg-brand-50';

/** `{what} could not be loaded: {error}` above the table, when a lookup failed. */
export function LoadError({ what, error }: { what: string; error: string }) {
  if (error === '') return null;
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
      {what} could not be loaded: {error}
    </p>
  );
}

/** The Title field a row's form starts with: required, 1 to `TITLE_MAX_LENGTH` characters, focused first. */
export function TitleInput<V extends RawValues>({ form, name }: { form: StaffForm<V>; name: keyof V & string }) {
  return (
    <TextInput form={form} name={name} label="Title" hint={`1 to ${TITLE_MAX_LENGTH} characters.`} required autoFocus />
  );
}

/** A picture chosen in a create form, uploaded once the new row has its id. */
export interface PendingPicture {
  file: File | null;
  choose: (file: File | null) => void;
  /** Uploads the chosen picture (if any) for the row just created. */
  uploadFor: (target: ImageTarget) => Promise<void>;
}

export function usePendingPicture(): PendingPicture {
  const [file, setFile] = useState<File | null>(null);
  return {
    file,
    choose: setFile,
    uploadFor: async (target) => {
      if (file !== null) await staff.images.upload(target, file, file.name);
    },
  };
}

/**
 * A form's picture: the upload once the row exists (`target`); in a create
 * form, a picture chosen now and uploaded when the row is created.
 */
export function PictureField({
  noun,
  target,
  label,
  pending,
}: {
  noun: string;
  target: ImageTarget | null;
  label: string;
  pending?: PendingPicture;
}) {
  if (target === null) {
    return pending === undefined ? (
      <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
        Save the {noun} first, then add its picture here.
      </p>
    ) : (
      <PendingPictureInput noun={noun} pending={pending} />
    );
  }
  return <ImageUpload target={target} label={label} />;
}

function PendingPictureInput({ noun, pending }: { noun: string; pending: PendingPicture }) {
  const id = useId();
  const [error, setError] = useState('');
  const [preview, setPreview] = useState('');
  useEffect(
    () => () => {
      if (preview !== '') URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <fieldset className="rounded-xl border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-800">Picture</legend>
      <div className="flex flex-wrap items-start gap-4">
        {preview !== '' && (
          <img
            src={preview}
            alt={`Chosen for the new ${noun}`}
            width={160}
            height={120}
            className="h-30 w-40 rounded-lg object-cover ring-1 ring-slate-200"
          />
        )}
        <div className="min-w-0 flex-1 space-y-2">
          <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
            Choose a picture
          </label>
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            PNG, JPEG or WebP, at most 2 MB. It is uploaded when you create the {noun}.
          </p>
          <input
            id={id}
            type="file"
            accept={IMAGE_TYPES.join(',')}
            aria-describedby={error === '' ? `${id}-hint` : `${id}-hint ${id}-error`}
            aria-invalid={error === '' ? undefined : true}
            onChange={(e) => {
              const file = e.target.files?.[0] ?? null;
              const problem = file === null ? null : imageFileProblem(file);
              setError(problem ?? '');
              pending.choose(problem === null ? file : null);
              setPreview(file === null || problem !== null ? '' : URL.createObjectURL(file));
            }}
            className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-800 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-900"
          />
          {error !== '' && (
            <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}

/** The Title column's cell: the title (italic when hidden) over a short description. */
export function TitleCell({ title, hidden, description }: { title: string; hidden: boolean; description: string }) {
  return (
    <>
      <span className={hidden ? 'italic' : ''}>{title}</span>
      {description !== '' && (
        <span className="mt-0.5 line-clamp-2 block max-w-md text-xs font-normal text-slate-600">{description}</span>
      )}
    </>
  );
}

/** The ID and Title columns a table of sections (drafts or public copies) starts with. */
export function sectionTitleColumns<
  T extends Pick<SectionDto, 'SectionID' | 'SectionTitle' | 'SectionHidden' | 'SectionMetaDescription'>,
>(): Column<T>[] {
  return [
    { label: 'ID', sort: 'SectionID', cell: (r) => r.SectionID, className: 'w-16 tabular-nums' },
    {
      label: 'Title',
      sort: 'SectionTitle',
      rowHeader: true,
      cell: (r) => <TitleCell title={r.SectionTitle} hidden={r.SectionHidden} description={r.SectionMetaDescription} />,
    },
  ];
}

/**
 * The Hidden column's switch: `save` stores the flag, then the table reloads
 * and, when the change shows in the shop (`siteChanges`), the site is marked
 * out of date.
 */
export function HiddenSwitch({
  name,
  hidden,
  table,
  save,
  siteChanges = true,
  savedText = (next) => `${name} is ${next ? 'hidden' : 'shown'} now.`,
}: {
  /** The row's title. */
  name: string;
  hidden: boolean;
  table: TableHandle;
  save: (next: boolean) => Promise<unknown>;
  siteChanges?: boolean;
  savedText?: (next: boolean) => string;
}) {
  const contentChanged = useContentChanged();
  return (
    <SwitchButton
      checked={hidden}
      label={`${name} hidden`}
      onLabel="Hidden"
      offLabel="Shown"
      save={async (next) => {
        await save(next);
        table.reload();
        if (siteChanges) contentChanged();
      }}
      savedText={savedText}
    />
  );
}

/** A whole-number query parameter (`?store=3`) as state: setting it writes the page's address too. */
export function useQueryId(name: string): [number | null, (id: number | null) => void] {
  const [value, setValue] = useState<number | null>(() => queryId(name));
  const set = useCallback(
    (id: number | null) => {
      setValue(id);
      setQueryParam(name, id);
    },
    [name],
  );
  return [value, set];
}

/** The toolbar's picker that narrows a table to the rows of one parent, or of all (`allLabel`). */
export function FilterSelect({
  label,
  allLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  allLabel: string;
  value: number | null;
  onChange: (id: number | null) => void;
  options: { value: number; label: string }[];
}) {
  const id = useId();
  return (
    <div className="min-w-0 basis-56">
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? null : Number(e.target.value))}
        className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The toolbar's store picker: `All stores`, or one of `stores`. */
export function StoreFilter({
  stores,
  value,
  onChange,
}: {
  stores: StoreDto[] | null;
  value: number | null;
  onChange: (id: number | null) => void;
}) {
  return (
    <FilterSelect
      label="Store"
      allLabel="All stores"
      value={value}
      onChange={onChange}
      options={(stores ?? []).map((s) => ({ value: s.StoreID, label: s.StoreTitle }))}
    />
  );
}

/** The store database a Client page works on (`?db=`, else the one picked last), with what its picker lists. */
export function useDbChoice() {
  const stores = useLookup(readAllStores);
  const dbs = useLookup(readAllStoreDbs);
  const [dbId, setDbId] = useSelectedDb();
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const db = dbs.rows?.find((d) => d.DbID === dbId);
  return { dbs, storeById, dbId, setDbId, db };
}

/**
 * A Client page's frame: the store database picker with the picked database's
 * store and a link to its other page, then `children` for the picked database;
 * a note instead while none is picked, or when the picked one does not exist.
 */
export function DbWorkspace({
  choice,
  onChange,
  noun,
  other,
  children,
}: {
  choice: ReturnType<typeof useDbChoice>;
  /** Picks another database (`choice.setDbId`, and whatever else the page resets). */
  onChange: (id: number | null) => void;
  /** What the page lists (`items`). */
  noun: string;
  /** The other Client page of the picked database. */
  other: { page: 'item' | 'section'; label: string };
  children: (dbId: number) => ReactNode;
}) {
  const { dbs, storeById, dbId, db } = choice;
  const unknownDb = dbId !== null && dbs.rows !== null && db === undefined;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <DbPicker dbs={dbs.rows ?? []} stores={storeById} value={dbId} onChange={onChange} />
        {db !== undefined && (
          <p className="pb-2 text-sm text-slate-700">
            Store: <span className="font-semibold">{storeById.get(db.StoreID)?.StoreTitle ?? `#${db.StoreID}`}</span> ·{' '}
            <a
              href={`/app/client-store/${other.page}?db=${db.DbID}`}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              {other.label}
            </a>
          </p>
        )}
      </div>
      <LoadError what="The store databases" error={dbs.error} />
      {unknownDb ? (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          Store database #{dbId} does not exist (any more). Choose another one above.
        </p>
      ) : dbId === null ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
          Choose a store database above to see its {noun}, or pick one on the{' '}
          <a href="/app/client-store/db" className="font-semibold text-brand-800 underline underline-offset-2">
            Store Databases
          </a>{' '}
          page.
        </p>
      ) : (
        children(dbId)
      )}
    </>
  );
}
