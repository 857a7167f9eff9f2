import type { ReactNode } from 'react';
import { byId, DbPicker, LoadError, readAllStoreDbs, readAllStores, useLookup, useSelectedDb } from './Lookups.tsx';

/** The Client pages' frame: the store database picked (`?db=`), its picker and what to show while none is. */

/** The store database a Client page works on (`?db=`, else the one picked last), with what its picker lists. */
export function useDbChoice({ remembered = true }: { remembered?: boolean } = {}) {
  const stores = useLookup(readAllStores);
  const dbs = useLookup(readAllStoreDbs);
  const [dbId, setDbId] = useSelectedDb(remembered);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const db = dbs.rows?.find((d) => d.DbID === dbId);
  return { dbs, storeById, dbId, setDbId, db };
}

/**
 * A Client page's frame: the store database picker with the picked database's
 * store and a link to its other page, then `children` for the picked database;
 * a note instead while none is picked (or `all()`, the page's rows of every
 * database), or when the picked one does not exist.
 */
export function DbWorkspace({
  choice,
  onChange,
  noun,
  other,
  allLabel,
  all,
  children,
}: {
  choice: ReturnType<typeof useDbChoice>;
  /** Picks another database (`choice.setDbId`, and whatever else the page resets). */
  onChange: (id: number | null) => void;
  /** What the page lists (`items`). */
  noun: string;
  /** The other Client page of the picked database. */
  other: { page: 'item' | 'section'; label: string };
  /** The picker's choice of none, when the page has `all`. */
  allLabel?: string;
  /** What the page shows while no database is picked (every store's rows). */
  all?: () => ReactNode;
  children: (dbId: number) => ReactNode;
}) {
  const { dbs, storeById, dbId, db } = choice;
  const unknownDb = dbId !== null && dbs.rows !== null && db === undefined;
  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <DbPicker
          dbs={dbs.rows ?? []}
          stores={storeById}
          value={dbId}
          onChange={onChange}
          {...(allLabel === undefined ? {} : { allLabel })}
        />
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
      ) : dbId === null && all !== undefined ? (
        all()
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
