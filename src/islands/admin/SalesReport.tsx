import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { saveBlob } from '../../lib/api/catalogue-io.ts';
import { toServiceError } from '../../lib/api/errors.ts';
import type { SalesReportDto } from '../../lib/api/wire.ts';
import { inLabels } from '../../lib/domain/field-labels.ts';
import { formatQty } from '../../lib/domain/measure.ts';
import { formatRupees } from '../../lib/domain/money.ts';
import { parseReportRange, type ReportTable } from '../../lib/domain/reports.ts';
import { rangeOfAddress } from '../../page-scripts/reports-early.ts';
import { authorize } from '../../stores/session.ts';
import { AuthGate, Spinner } from '../AuthGate.tsx';
import { buttonStyles } from './button-styles.ts';
import { DaysChart, StoresChart } from './SalesCharts.tsx';
import { reports } from './staff-client.ts';

const EMPLOYEE = 'Employee';
const controlClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30';
const card = 'flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200';
const cell = 'px-2 py-1.5';

/** The range in the page's address (`?from=&to=`), else the last 30 days. */
const firstRange = () => rangeOfAddress(window.location.search, Date.now());

/**
 * The report the page's `<head>` asked for (src/page-scripts/reports-early.ts) when it is of
 * `range`, once, read as the API client reads a response (a failure as a ServiceError).
 */
function takeHeadReport(range: { from: string; to: string }): Promise<SalesReportDto> | null {
  const first = window.aisleFirstReport;
  if (first === undefined || first.from !== range.from || first.to !== range.to) return null;
  window.aisleFirstReport = undefined;
  return first.response.then(
    async (res) => {
      const data: unknown = await res.json().catch(() => undefined);
      if (!res.ok) throw toServiceError({ status: res.status, message: res.statusText, data });
      return data as SalesReportDto;
    },
    (err: unknown) => {
      throw toServiceError({ status: 0, message: err instanceof Error ? err.message : String(err) });
    },
  );
}

/**
 * The first report: the one the page's `<head>` asked for, else asked for as this module loads
 * (before React hydrates and the sign-in check renders); staff only: anyone else is sent to sign in.
 */
const early =
  typeof window === 'undefined' || !authorize(EMPLOYEE)
    ? null
    : (() => {
        const range = firstRange();
        const report = takeHeadReport(range) ?? reports.sales(range.from, range.to);
        // Read (or dropped) by the first range's effect; an error is shown there.
        report.catch(() => {});
        return { range, report };
      })();

let earlyTaken = false;

/** The report of `range`: the one asked for early when it is that range, once. */
function fetchReport(range: { from: string; to: string }): Promise<SalesReportDto> {
  if (early !== null && !earlyTaken && early.range.from === range.from && early.range.to === range.to) {
    earlyTaken = true;
    return early.report;
  }
  return reports.sales(range.from, range.to);
}

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(1)} %`);

/**
 * `/app/edu-shopy/reports` (Employee; issue 33 item 5): the shop's sales over a range of
 * its days: per day and per store as charts (uPlot, loaded by this page alone) and
 * tables, the top items, average basket, fill and substitution rates, and CSV files.
 */
export function SalesReport() {
  return (
    <AuthGate role={EMPLOYEE}>
      <header className="mb-4">
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">Reports</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Sales per day and per store, the best sellers, and how orders were filled.
        </p>
      </header>
      <Report />
    </AuthGate>
  );
}

function Report() {
  const ids = { from: useId(), to: useId(), error: useId() };
  const [range, setRange] = useState<{ from: string; to: string } | null>(null);
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [report, setReport] = useState<SalesReportDto | null>(null);
  const [error, setError] = useState('');
  const [problem, setProblem] = useState('');

  useEffect(() => {
    const first = firstRange();
    setDraft(first);
    setRange(first);
  }, []);

  useEffect(() => {
    if (range === null) return;
    let live = true;
    setError('');
    setReport(null);
    fetchReport(range).then(
      (r) => live && setReport(r),
      (err: unknown) => live && setError(friendlyMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [range]);

  const show = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseReportRange(draft.from, draft.to);
    if (!parsed.ok) {
      setProblem(
        Object.values(parsed.errors)
          .flat()
          .map((m) => inLabels(m, { from: 'From', to: 'To' }))
          .join(' '),
      );
      return;
    }
    setProblem('');
    const next = { from: parsed.range.from, to: parsed.range.to };
    window.history.replaceState(null, '', `?from=${next.from}&to=${next.to}`);
    setRange(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={show} className={`${card} sm:flex-row sm:flex-wrap sm:items-end`} aria-label="Date range">
        <div className="sm:basis-44">
          <label htmlFor={ids.from} className="mb-1 block text-sm font-semibold text-slate-800">
            From
          </label>
          <input
            id={ids.from}
            type="date"
            required
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            className={controlClass}
          />
        </div>
        <div className="sm:basis-44">
          <label htmlFor={ids.to} className="mb-1 block text-sm font-semibold text-slate-800">
            To
          </label>
          <input
            id={ids.to}
            type="date"
            required
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            aria-invalid={problem !== '' || undefined}
            aria-describedby={problem === '' ? undefined : ids.error}
            className={controlClass}
          />
        </div>
        <button type="submit" className={`${buttonStyles.primary} min-h-11`}>
          Show
        </button>
        {problem !== '' && (
          <p id={ids.error} role="alert" className="text-sm text-red-700 sm:basis-full">
            {problem}
          </p>
        )}
      </form>
      {error !== '' && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          The report could not be read: {error}
        </p>
      )}
      {report === null ? error === '' && <Spinner label="Adding up the sales…" /> : <Figures report={report} />}
    </div>
  );
}

function Figures({ report }: { report: SalesReportDto }) {
  const figures: [string, string][] = [
    ['Orders', report.Orders.toLocaleString('en-IN')],
    ['Takings', formatRupees(report.Total)],
    ['Average basket', report.AverageBasket === null ? '—' : formatRupees(report.AverageBasket)],
    ['Fill rate', percent(report.FillRate)],
    ['Substitution rate', percent(report.SubstitutionRate)],
    ['Cancelled orders', report.Cancelled.toLocaleString('en-IN')],
  ];
  return (
    <>
      <section aria-label="Figures" className={card}>
        <p className="text-sm text-slate-700">
          {report.From} to {report.To}, days in the shop's time ({report.TimeZone}). Cancelled orders count in no other
          figure.
        </p>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {figures.map(([label, value]) => (
            <div key={label} className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
              <dt className="text-xs font-semibold uppercase tracking-wide text-slate-700">{label}</dt>
              <dd className="text-lg font-bold tabular-nums text-slate-900" data-figure={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <Downloads report={report} />
      </section>
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Sales per day" className={card}>
          <DaysChart report={report} />
          <details>
            <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-800">
              Sales per day as a table
            </summary>
            <Table head={['Date', 'Orders', 'Takings']} label="Sales per day">
              {report.Days.map((d) => (
                <tr key={d.Date}>
                  <td className={cell}>{d.Date}</td>
                  <td className={`${cell} text-right tabular-nums`}>{d.Orders}</td>
                  <td className={`${cell} text-right tabular-nums`}>{formatRupees(d.Total)}</td>
                </tr>
              ))}
            </Table>
          </details>
        </section>
        <section aria-label="Sales per store" className={card}>
          {report.Stores.length === 0 ? (
            <p className="text-sm text-slate-700">No store sold anything in these days.</p>
          ) : (
            <>
              <StoresChart report={report} />
              <Table head={['Store', 'Orders', 'Takings']} label="Sales per store">
                {report.Stores.map((s) => (
                  <tr key={s.StoreID}>
                    <td className={cell}>{s.StoreTitle}</td>
                    <td className={`${cell} text-right tabular-nums`}>{s.Orders}</td>
                    <td className={`${cell} text-right tabular-nums`}>{formatRupees(s.Total)}</td>
                  </tr>
                ))}
              </Table>
              <Table head={['Store', 'Fill rate', 'Substitution rate']} label="Packing per store">
                {report.Stores.map((s) => (
                  <tr key={s.StoreID}>
                    <td className={cell}>{s.StoreTitle}</td>
                    <td className={`${cell} text-right tabular-nums`}>{percent(s.FillRate)}</td>
                    <td className={`${cell} text-right tabular-nums`}>{percent(s.SubstitutionRate)}</td>
                  </tr>
                ))}
              </Table>
              <p className="text-xs text-slate-700">
                Fill rate: units of the asked item sent over units asked; substitution rate: lines replaced over lines
                packed. Both count packed orders only.
              </p>
            </>
          )}
        </section>
      </div>
      <section aria-labelledby="top-items" className={card}>
        <h2 id="top-items" className="text-lg font-bold text-slate-900">
          Top items by takings
        </h2>
        {report.TopItems.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing was sold in these days.</p>
        ) : (
          <Table head={['Item', 'Store', 'Sold', 'Takings']} label="Top items">
            {report.TopItems.map((i) => (
              <tr key={`${i.StoreID}-${i.ItemID}`}>
                <td className={cell}>{i.ItemTitle}</td>
                <td className={cell}>
                  {report.Stores.find((s) => s.StoreID === i.StoreID)?.StoreTitle ?? `Store #${i.StoreID}`}
                </td>
                <td className={`${cell} text-right tabular-nums`}>
                  {i.SoldBy === 'ByUnit' ? i.Qty.toLocaleString('en-IN') : formatQty(i.Qty, i.SoldBy)}
                </td>
                <td className={`${cell} text-right tabular-nums`}>{formatRupees(i.Total)}</td>
              </tr>
            ))}
          </Table>
        )}
      </section>
    </>
  );
}

function Table({ head, label, children }: { head: string[]; label: string; children: ReactNode }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm text-slate-900" aria-label={label}>
        <thead>
          <tr className="border-b border-slate-300 text-left">
            {head.map((h, i) => (
              <th key={h} scope="col" className={`${cell} font-semibold ${i === 0 ? '' : 'text-right'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

const DOWNLOADS: [ReportTable, string][] = [
  ['days', 'Days (CSV)'],
  ['stores', 'Stores (CSV)'],
  ['items', 'Top items (CSV)'],
  ['summary', 'Figures (CSV)'],
];

function Downloads({ report }: { report: SalesReportDto }) {
  const [busy, setBusy] = useState<ReportTable | null>(null);
  const [status, setStatus] = useState('');
  const download = async (table: ReportTable) => {
    setBusy(table);
    try {
      const { blob, name } = await reports.salesCsv(report.From, report.To, table);
      saveBlob(blob, name);
      setStatus(`${name} was downloaded.`);
    } catch (err) {
      setStatus(`The file could not be made: ${friendlyMessage(err)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-slate-800">Download:</span>
      {DOWNLOADS.map(([table, label]) => (
        <button
          key={table}
          type="button"
          disabled={busy !== null}
          onClick={() => void download(table)}
          className={`${buttonStyles.secondary} min-h-11`}
        >
          {label}
        </button>
      ))}
      <p role="status" className="basis-full text-sm text-slate-700">
        {status}
      </p>
    </div>
  );
}
