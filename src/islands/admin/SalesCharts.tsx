import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { SalesReportDto } from '../../lib/api/wire.ts';
import { formatRupees } from '../../lib/domain/money.ts';

/** How many stores the per-store chart draws (the table below it lists them all). */
const STORES_DRAWN = 8;
const HEIGHT = 240;
const BRAND = '#166534';
const BRAND_FILL = 'rgba(22, 101, 52, 0.75)';
const ORDERS = '#b45309';
type UPlot = typeof uPlot;
/**
 * uPlot, asked for as this module loads: a chunk of its own that loads beside the report's call
 * and the page's React, so the figures and tables are drawn without waiting for it.
 */
const uPlotLoading: Promise<UPlot> =
  typeof window === 'undefined' ? new Promise(() => {}) : import('uplot').then((m) => m.default);
/** uPlot's bar paths (`paths.bars` is optional in its types, present in its build). */
const bars = (U: UPlot, size: [number, number]): uPlot.Series.PathBuilder => {
  const make = U.paths.bars;
  if (make === undefined) throw new Error('uPlot was built without bar paths.');
  return make({ size });
};
const AXIS = { stroke: '#334155', grid: { stroke: '#e2e8f0' }, ticks: { stroke: '#cbd5e1' } };

/** Rupees on an axis: `Rs 12.5k`, `Rs 1.2L` (lakh), short enough for a phone. */
function shortRupees(v: number): string {
  if (Math.abs(v) >= 100_000) return `Rs ${(v / 100_000).toFixed(1)}L`;
  if (Math.abs(v) >= 1_000) return `Rs ${(v / 1_000).toFixed(1)}k`;
  return `Rs ${Math.round(v)}`;
}

/**
 * A uPlot chart drawn into a box that follows its container's width, made again for new data;
 * drawn once uPlot has loaded (the box keeps the chart's height meanwhile).
 */
function useChart(make: (U: UPlot, width: number, box: HTMLDivElement) => uPlot | null, data: unknown) {
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `make` draws `data`; a new report is a new chart.
  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    let chart: uPlot | null = null;
    let live = true;
    const resize = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: HEIGHT }));
    void uPlotLoading.then((U) => {
      if (!live) return;
      chart = make(U, el.clientWidth, el);
      resize.observe(el);
    });
    return () => {
      live = false;
      resize.disconnect();
      chart?.destroy();
    };
  }, [data]);
  return box;
}

/** Sales per day: the takings as bars, the orders as a line on their own axis. */
export function DaysChart({ report }: { report: SalesReportDto }) {
  const box = useChart((U, width, el) => {
    // The dates are shop-local: drawn at UTC midnight and labelled in UTC, so no browser zone moves them.
    const xs = report.Days.map((d) => Date.parse(`${d.Date}T00:00:00Z`) / 1000);
    const data: uPlot.AlignedData = [xs, report.Days.map((d) => d.Total), report.Days.map((d) => d.Orders)];
    return new U(
      {
        width,
        height: HEIGHT,
        tzDate: (ts) => U.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: true }, orders: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [
          { ...AXIS, size: 40 },
          { ...AXIS, values: (_u, ticks) => ticks.map(shortRupees), size: 64 },
          { ...AXIS, scale: 'orders', side: 1, grid: { show: false }, size: 36 },
        ],
        series: [
          {},
          {
            label: 'Takings',
            stroke: BRAND,
            fill: BRAND_FILL,
            paths: bars(U, [0.7, 40]),
            points: { show: false },
          },
          { label: 'Orders', stroke: ORDERS, width: 2, scale: 'orders' },
        ],
      },
      data,
      el,
    );
  }, report);
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">
        Sales per day: takings (bars, left) and orders (line, right)
      </figcaption>
      <div ref={box} aria-hidden="true" data-chart="days" className="min-h-60" />
    </figure>
  );
}

/** Takings per store, best first, as bars labelled with the stores' titles. */
export function StoresChart({ report }: { report: SalesReportDto }) {
  const stores = report.Stores.slice(0, STORES_DRAWN);
  const box = useChart((U, width, el) => {
    if (stores.length === 0) return null;
    const titles = stores.map((s) => (s.StoreTitle.length > 12 ? `${s.StoreTitle.slice(0, 11)}…` : s.StoreTitle));
    const data: uPlot.AlignedData = [stores.map((_, i) => i), stores.map((s) => s.Total)];
    return new U(
      {
        width,
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [-0.5, stores.length - 0.5] }, y: { range: (_u, _min, max) => [0, max] } },
        axes: [
          {
            ...AXIS,
            splits: () => stores.map((_, i) => i),
            values: (_u, ticks) => ticks.map((i) => titles[i] ?? ''),
            rotate: stores.length > 3 ? -30 : 0,
            size: stores.length > 3 ? 70 : 40,
          },
          { ...AXIS, values: (_u, ticks) => ticks.map(shortRupees), size: 64 },
        ],
        series: [
          {},
          {
            label: 'Takings',
            stroke: BRAND,
            fill: BRAND_FILL,
            paths: bars(U, [0.6, 80]),
            points: { show: false },
          },
        ],
      },
      data,
      el,
    );
  }, report);
  if (stores.length === 0) return null;
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2 text-sm font-semibold text-slate-800">
        Takings per store{report.Stores.length > STORES_DRAWN ? ` (the best ${STORES_DRAWN})` : ''}:{' '}
        {stores.map((s) => `${s.StoreTitle} ${formatRupees(s.Total)}`).join(', ')}
      </figcaption>
      <div ref={box} aria-hidden="true" data-chart="stores" className="min-h-60" />
    </figure>
  );
}
