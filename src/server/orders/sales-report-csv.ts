/** The sales report's tables as CSV files (`GET /api/Report/Sales?format=csv`). */
import type { ReportTable, SalesReportDto } from '../../lib/domain/reports.ts';
import { writeCsv } from '../catalogue/sheet-files.ts';

/** One table of a report as a CSV file's text: money in rupees with two decimals. */
export function salesReportCsv(report: SalesReportDto, table: ReportTable): string {
  const { header, rows } = csvTable(report, table);
  return writeCsv(header, rows);
}

/** The unit of a top item's `Qty` cell. */
const QTY_UNIT = { ByUnit: 'piece', ByWeight: 'g', ByVolume: 'ml' } as const;

/** A rate as a CSV cell: the share to four decimals, empty when there is none. */
const rateCell = (r: number | null) => (r === null ? '' : r.toFixed(4));

function csvTable(report: SalesReportDto, table: ReportTable): { header: string[]; rows: unknown[][] } {
  if (table === 'stores') {
    return {
      header: ['StoreID', 'StoreTitle', 'Orders', 'Total', 'FillRate', 'SubstitutionRate'],
      rows: report.Stores.map((s) => [
        s.StoreID,
        s.StoreTitle,
        s.Orders,
        s.Total.toFixed(2),
        rateCell(s.FillRate),
        rateCell(s.SubstitutionRate),
      ]),
    };
  }
  if (table === 'summary') {
    const basket = report.AverageBasket === null ? '' : report.AverageBasket.toFixed(2);
    return {
      header: ['Orders', 'Total', 'AverageBasket', 'FillRate', 'SubstitutionRate', 'Cancelled'],
      rows: [
        [
          report.Orders,
          report.Total.toFixed(2),
          basket,
          rateCell(report.FillRate),
          rateCell(report.SubstitutionRate),
          report.Cancelled,
        ],
      ],
    };
  }
  if (table === 'items') {
    return {
      // Unit says how Qty counts (pieces, g or ml), so no column mixes grams and pieces unlabelled.
      header: ['ItemID', 'ItemTitle', 'StoreID', 'Qty', 'Total', 'Unit'],
      rows: report.TopItems.map((i) => [
        i.ItemID,
        i.ItemTitle,
        i.StoreID,
        i.Qty,
        i.Total.toFixed(2),
        QTY_UNIT[i.SoldBy],
      ]),
    };
  }
  return {
    header: ['Date', 'Orders', 'Total'],
    rows: report.Days.map((d) => [d.Date, d.Orders, d.Total.toFixed(2)]),
  };
}
