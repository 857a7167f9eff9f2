import { useState } from 'react';
import {
  describeImportChange,
  describeSheetError,
  type ImportCounts,
  type ImportJobDto,
  type ImportReport,
} from '../../lib/domain/catalogue-sheet.ts';
import { plural } from '../../lib/domain/words.ts';
import { buttonStyles } from './button-styles.ts';

/* The import page's results: the counts, the rows to fix, and every changed cell (issue 35). */

const KINDS: { key: keyof ImportCounts; label: string }[] = [
  { key: 'Items', label: 'Items' },
  { key: 'Stores', label: 'Stores' },
  { key: 'StoreDbs', label: 'Store databases' },
  { key: 'Sections', label: 'Sections' },
  { key: 'Categories', label: 'Categories' },
];

/** What an import created, changed and left alone, by kind. */
export function ReportTable({ report }: { report: ImportReport }) {
  return (
    // Focusable, so a keyboard can scroll it when a phone is too narrow for the table.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus (axe scrollable-region-focusable).
    <section className="mt-3 overflow-x-auto" tabIndex={0} aria-label="The import's counts">
      <table className="w-full min-w-0 text-left text-sm">
        <caption className="sr-only">What the import {report.DryRun ? 'would do' : 'did'}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2">
              Kind
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {report.DryRun ? 'Would create' : 'Created'}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              {report.DryRun ? 'Would change' : 'Changed'}
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Unchanged
            </th>
          </tr>
        </thead>
        <tbody>
          {KINDS.map((k) => (
            <tr key={k.key} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 font-semibold">
                {k.label}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{report.Created[k.key].toLocaleString('en-IN')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{report.Changed[k.key].toLocaleString('en-IN')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{report.Unchanged[k.key].toLocaleString('en-IN')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The rows to fix: each names its row, item, column and the value it has. */
export function ErrorsTable({ job }: { job: ImportJobDto }) {
  return (
    <div className="mt-3 max-h-96 overflow-auto rounded-lg ring-1 ring-red-200">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Rows to fix</caption>
        <thead className="sticky top-0 bg-red-50 text-red-900">
          <tr>
            <th scope="col" className="whitespace-nowrap px-3 py-2">
              Row
            </th>
            <th scope="col" className="px-3 py-2">
              What to fix
            </th>
          </tr>
        </thead>
        <tbody>
          {job.Errors.map((e) => (
            <tr key={`${e.Row}-${e.Column}-${e.Rule}`} className="border-t border-red-100 align-top">
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">{e.Row}</td>
              <td className="px-3 py-2 [overflow-wrap:anywhere]">{describeSheetError(e)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {job.ErrorCount > job.Errors.length && (
        <p className="px-3 py-2 text-sm">
          The first {job.Errors.length.toLocaleString('en-IN')} of {plural(job.ErrorCount, 'problem')} are listed.
        </p>
      )}
    </div>
  );
}

/** Changed cells shown at first, and added by each "Show more". */
const CHANGES_PAGE = 50;

/**
 * Every cell the file changes (or, a check, would change), before → after, naming
 * the item: `Sangli Green Grapes: UnitPrice 79 → 85`; fifty at a time, and how many
 * more there are past the answer's first 1,000.
 */
export function ChangesList({ job }: { job: ImportJobDto }) {
  const [shown, setShown] = useState(CHANGES_PAGE);
  const { Changes: changes, ChangeCount: total } = job;
  const would = job.DryRun || job.State === 'invalid';
  if (total === 0) {
    return <p className="mt-3 text-sm text-slate-700">No existing cell {would ? 'would change' : 'changed'}.</p>;
  }
  const visible = changes.slice(0, shown);
  const heading =
    job.State === 'invalid'
      ? `Changes the other rows would make (${plural(total, 'cell')})`
      : `${would ? 'Cells that would change' : 'Cells changed'} (${total.toLocaleString('en-IN')})`;
  return (
    <section aria-label={heading} className="mt-4">
      <h3 className="font-semibold text-slate-800">{heading}</h3>
      <ol className="mt-2 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg text-sm ring-1 ring-slate-200">
        {visible.map((c) => (
          <li key={`${c.Row}-${c.Kind}-${c.ID}-${c.Column}`} className="px-3 py-1.5 [overflow-wrap:anywhere]">
            <span className="mr-2 text-xs text-slate-600 tabular-nums">Row {c.Row}</span>
            {describeImportChange(c)}
          </li>
        ))}
      </ol>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        {changes.length > shown && (
          <button
            type="button"
            className={buttonStyles.secondary}
            onClick={() => setShown((n) => n + CHANGES_PAGE * 4)}
          >
            Show {Math.min(CHANGES_PAGE * 4, changes.length - shown).toLocaleString('en-IN')} more
          </button>
        )}
        {total > visible.length && (
          <p>
            Showing {visible.length.toLocaleString('en-IN')} of {total.toLocaleString('en-IN')}
            {total > changes.length
              ? `; the check lists the first ${changes.length.toLocaleString('en-IN')}, and ${(total - changes.length).toLocaleString('en-IN')} more change too.`
              : '.'}
          </p>
        )}
      </div>
    </section>
  );
}
