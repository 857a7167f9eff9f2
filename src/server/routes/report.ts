import { Hono } from 'hono';
import { DEFAULT_SHOP_TIME_ZONE, parseReportRange, REPORT_TABLES, reportFileName } from '../../lib/domain/reports.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { SHEET_MIME } from '../catalogue/sheet-files.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { queryValue } from '../http/input.ts';
import { readSalesReport } from '../orders/sales-report.ts';
import { salesReportCsv } from '../orders/sales-report-csv.ts';

/**
 * `/api/Report`: staff reports (issue 33 item 5). `Sales?from=&to=` sums the orders
 * placed over a range of the shop's local days (`SHOP_TIME_ZONE`); `format=csv` answers
 * one of its tables (`table=days`, the default, `stores` or `items`) as a file.
 */
export function reportRoutes(deps: AppDeps): Hono<AuthEnv> {
  const zone = deps.shopTimeZone ?? DEFAULT_SHOP_TIME_ZONE;
  return new Hono<AuthEnv>().get('/sales', requireRole(deps, 'Employee'), async (c) => {
    const parsed = parseReportRange(queryValue(c, 'from')?.trim(), queryValue(c, 'to')?.trim());
    if (!parsed.ok) throw AppError.invalid(parsed.errors);
    const format = (queryValue(c, 'format') ?? 'json').trim().toLowerCase();
    if (format !== 'json' && format !== 'csv') throw AppError.invalidField('format', 'must be json or csv');
    const rawTable = (queryValue(c, 'table') ?? 'days').trim().toLowerCase();
    const table = REPORT_TABLES.find((t) => t === rawTable);
    if (table === undefined) throw AppError.invalidField('table', `must be one of ${REPORT_TABLES.join(', ')}`);
    const report = await readSalesReport(deps.db, deps.dialect, parsed.range, zone);
    if (format === 'json') return c.json(report, 200, { 'Cache-Control': 'no-store' });
    return c.body(salesReportCsv(report, table), 200, {
      'Content-Type': SHEET_MIME.csv,
      'Content-Disposition': `attachment; filename="${reportFileName(table, report.From, report.To)}"`,
      'Cache-Control': 'no-store',
    });
  });
}
