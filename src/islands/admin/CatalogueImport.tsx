import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { saveBlob } from '../../lib/api/catalogue-io.ts';
import { type ImportJobDto, SHEET_COLUMNS } from '../../lib/domain/catalogue-sheet.ts';
import { buttonStyles } from './button-styles.ts';
import { ChangesList, ErrorsTable, ReportTable } from './import-parts.tsx';
import { readAllStores, useLookup } from './Lookups.tsx';
import { useContentChanged } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { catalogueIo } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

const PHASES: Record<string, string> = {
  queued: 'Waiting',
  reading: 'Reading the file',
  checking: 'Checking rows',
  writing: 'Saving',
  done: 'Done',
};

const inputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';

function ImportPanel() {
  const fileId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [job, setJob] = useState<ImportJobDto | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const contentChanged = useContentChanged();
  const live = useRef(true);
  useEffect(
    () => () => {
      live.current = false;
    },
    [],
  );

  const run = async (dryRun: boolean) => {
    if (file === null) {
      setError('Choose a CSV or XLSX file first.');
      return;
    }
    setError('');
    setBusy(true);
    try {
      let current = await catalogueIo.startImport(file, dryRun);
      setJob(current);
      while (live.current && (current.State === 'queued' || current.State === 'running')) {
        await new Promise((r) => setTimeout(r, 400));
        current = await catalogueIo.job(current.JobID);
        setJob(current);
      }
      if (current.State === 'succeeded' && !current.DryRun) {
        toast.success(`${current.FileName} was imported. ${current.Message}`);
        contentChanged();
      }
    } catch (err) {
      setError(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    void run(submitter?.value === 'check');
  };

  const running = job !== null && (job.State === 'queued' || job.State === 'running');
  const percent = job === null || job.Total === 0 ? 0 : Math.min(100, Math.round((job.Done / job.Total) * 100));
  return (
    <section
      aria-labelledby="import-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="import-heading" className="text-xl font-bold text-brand-900">
        Import a spreadsheet
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        One row per item. A row with an ItemID changes that item; a row without one creates an item, with the store,
        store database, section and category it names when they do not exist yet. Prices are in rupees, Discount and GST
        in percent. Nothing is saved while any row has a problem; “Check file” shows what an import would do without
        saving.
      </p>
      <details className="mt-2 text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold text-brand-800">The columns</summary>
        <p className="mt-1 [overflow-wrap:anywhere]">{SHEET_COLUMNS.join(', ')}.</p>
        <p className="mt-1">
          An export (below) has them all: edit it and import it again to change exactly the cells you edited.
        </p>
      </details>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <div>
          <label htmlFor={fileId} className="mb-1 block font-semibold text-slate-800">
            Spreadsheet file
          </label>
          <p id={hintId} className="mb-1 text-sm text-slate-600">
            CSV (UTF-8) or Excel XLSX, the first sheet; at most 200 MB.
          </p>
          <input
            id={fileId}
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-describedby={hintId}
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setJob(null);
              setError('');
            }}
            className="block w-full max-w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-900"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" value="check" className={buttonStyles.secondary} disabled={busy}>
            Check file
          </button>
          <button type="submit" value="import" className={buttonStyles.primary} disabled={busy}>
            Import
          </button>
        </div>
      </form>
      {error !== '' && (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
      {job !== null && (
        <div className="mt-4">
          {running && (
            <div>
              <label htmlFor={`${fileId}-progress`} className="text-sm font-semibold text-slate-800">
                {PHASES[job.Phase] ?? job.Phase}
                {job.Phase === 'checking' || job.Phase === 'writing' ? ` (${percent} %)` : ''}
              </label>
              <progress
                id={`${fileId}-progress`}
                max={100}
                value={job.Phase === 'reading' || job.Phase === 'queued' ? undefined : percent}
                className="mt-1 block h-3 w-full"
              />
            </div>
          )}
          <p
            role="status"
            className={`mt-2 font-semibold ${job.State === 'invalid' || job.State === 'failed' ? 'text-red-800' : 'text-slate-800'}`}
          >
            {job.State === 'succeeded' && job.DryRun ? 'Check finished, nothing saved: ' : ''}
            {job.State === 'succeeded' && !job.DryRun ? 'Imported: ' : ''}
            {job.Message}
          </p>
          {job.State === 'invalid' && <ErrorsTable job={job} />}
          {job.Report !== null && <ReportTable report={job.Report} />}
          {(job.State === 'succeeded' || job.State === 'invalid') && <ChangesList job={job} />}
        </div>
      )}
    </section>
  );
}

function ExportPanel() {
  const id = useId();
  const stores = useLookup(readAllStores);
  const [storeId, setStoreId] = useState('');
  const [filter, setFilter] = useState('');
  const [format, setFormat] = useState<'csv' | 'xlsx'>('csv');
  const [busy, setBusy] = useState(false);
  const toast = useToast();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const { blob, name } = await catalogueIo.exportFile(
        { storeId: storeId === '' ? undefined : Number(storeId), filter: filter.trim() || undefined },
        format,
      );
      saveBlob(blob, name);
      toast.success(`${name} was downloaded.`);
    } catch (err) {
      toast.error(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="export-heading"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="export-heading" className="text-xl font-bold text-brand-900">
        Export items
      </h2>
      <p className="mt-1 max-w-3xl text-slate-700">
        The items you choose, in the columns an import reads. The Items page exports whatever its filters show.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-3 sm:items-end">
        <div>
          <label htmlFor={`${id}-store`} className="mb-1 block font-semibold text-slate-800">
            Store
          </label>
          <select
            id={`${id}-store`}
            value={storeId}
            onChange={(e) => setStoreId(e.target.value)}
            className={inputClass}
          >
            <option value="">Every store</option>
            {(stores.rows ?? []).map((s) => (
              <option key={s.StoreID} value={s.StoreID}>
                {s.StoreTitle}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-filter`} className="mb-1 block font-semibold text-slate-800">
            Title contains
          </label>
          <input
            id={`${id}-filter`}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            className={inputClass}
          />
        </div>
        <fieldset>
          <legend className="mb-1 font-semibold text-slate-800">Format</legend>
          <div className="flex gap-4 py-2">
            {(['csv', 'xlsx'] as const).map((f) => (
              <label key={f} className="inline-flex items-center gap-2">
                <input type="radio" name={`${id}-format`} checked={format === f} onChange={() => setFormat(f)} />
                {f === 'csv' ? 'CSV' : 'Excel (XLSX)'}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="sm:col-span-3">
          <button type="submit" className={buttonStyles.primary} disabled={busy}>
            {busy ? 'Preparing…' : 'Download export'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** `/app/client-store/import`: bulk import from CSV or XLSX, as a job with progress, and export. */
export function CatalogueImport() {
  return (
    <StaffPage
      title="Import and export items"
      description="Bring in a chain's catalogue from a spreadsheet, or take items out for a price review."
    >
      <ImportPanel />
      <ExportPanel />
    </StaffPage>
  );
}
