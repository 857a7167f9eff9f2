import type { $Fetch } from 'ofetch';
import type { ReportTable } from '../domain/reports.ts';
import { readFile } from './catalogue-io.ts';
import type { SalesReportDto } from './wire.ts';

/** The staff reports (`/api/Report`; issue 33 item 5). */
export interface ReportsApi {
  /** `GET /api/Report/Sales?from=&to=`: the sales of a range of shop-local days (`YYYY-MM-DD`). */
  sales(from: string, to: string): Promise<SalesReportDto>;
  /** One table of that report as a CSV file, named by its range. */
  salesCsv(from: string, to: string, table: ReportTable): Promise<{ blob: Blob; name: string }>;
}

export function createReportsApi(api: $Fetch): ReportsApi {
  return {
    sales: (from, to) => api<SalesReportDto>('/api/Report/Sales', { query: { from, to } }),
    salesCsv: (from, to, table) =>
      readFile(api, '/api/Report/Sales', { from, to, format: 'csv', table }, `aisle-sales-${table}.csv`),
  };
}
