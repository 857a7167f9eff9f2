import { Hono } from 'hono';
import { describeReport } from '../../lib/domain/catalogue-sheet.ts';
import { type AuthEnv, clockOf, requireRole } from '../auth/middleware.ts';
import { exportCatalogue, exportName } from '../catalogue/export.ts';
import { receiveImportFile } from '../catalogue/import-files.ts';
import { ImportJobs } from '../catalogue/import-jobs.ts';
import { SHEET_MIME, type SheetFormat } from '../catalogue/sheet-files.ts';
import { staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { AppError, type ModelState } from '../errors.ts';
import { heldBodyStream } from '../http/body.ts';
import { idQuery, isoTimeQuery, queryValue } from '../http/input.ts';

function yes(v: string | undefined): boolean {
  return v !== undefined && /^(1|true|yes)$/i.test(v.trim());
}

/**
 * `/api/Catalogue`: import items (and the stores, store databases, sections and
 * categories they refer to) from CSV or XLSX, as a job with progress; export
 * any filter of the items table in the same columns. Staff (Employee) only.
 */
export function catalogueRoutes(deps: AppDeps): Hono<AuthEnv> {
  const staff = requireRole(deps, 'Employee');
  const jobs = new ImportJobs(deps.db, deps.dialect, () => clockOf(deps));
  return new Hono<AuthEnv>()
    .post('/import', staff, async (c) => {
      const type = c.req.header('content-type') ?? '';
      const act = staffAct(c, deps);
      const dryRun = yes(queryValue(c, 'dryRun'));
      const format: SheetFormat | undefined = type.includes('spreadsheetml')
        ? 'xlsx'
        : type.startsWith('text/csv')
          ? 'csv'
          : undefined;
      const named = (queryValue(c, 'name') ?? '').trim();
      // A full queue refuses before the body is read; the body is read only now that the
      // caller is known to be staff (see BODY_LIMITS), into a file.
      jobs.admit();
      const received = await receiveImportFile(heldBodyStream(c), type);
      const fileName = named !== '' ? named : (received.fileName ?? '').trim();
      let job: ReturnType<ImportJobs['start']>;
      try {
        job = jobs.start(act, received.file, {
          dryRun,
          fileName: fileName === '' ? 'upload' : fileName.slice(0, 200),
          ...(format === undefined ? {} : { format }),
        });
      } catch (err) {
        await received.file.discard();
        throw err;
      }
      const async = yes(queryValue(c, 'async')) || /respond-async/i.test(c.req.header('prefer') ?? '');
      if (async) {
        c.header('Location', `/api/Catalogue/Import/${job.dto.JobID}`);
        return c.json(job.dto, 202);
      }
      const dto = await job.done;
      if (dto.State === 'invalid') {
        const modelState: ModelState = {};
        for (const e of dto.Errors) {
          const key = `Row ${e.Row} ${e.Column}`;
          modelState[key] = [...(modelState[key] ?? []), e.Rule];
        }
        throw new AppError(400, 'validation', dto.Message, {
          modelState,
          extra: { Errors: dto.Errors, ErrorCount: dto.ErrorCount, JobID: dto.JobID },
        });
      }
      if (dto.State === 'failed' || dto.Report === null) throw new AppError(409, 'conflict', dto.Message);
      return c.json({ ...dto.Report, Message: describeReport(dto.Report), JobID: dto.JobID });
    })
    .get('/import', staff, (c) => c.json(jobs.list()))
    .get('/import/:id', staff, (c) => c.json(jobs.get(c.req.param('id'))))
    .get('/export', staff, async (c) => {
      const rawFormat = (queryValue(c, 'format') ?? 'csv').toLowerCase();
      if (rawFormat !== 'csv' && rawFormat !== 'xlsx') throw AppError.invalidField('format', 'must be csv or xlsx');
      const filter = (queryValue(c, 'filter') ?? '').trim().toLowerCase();
      if (filter.length > 200) throw AppError.invalidField('filter', 'must be at most 200 characters');
      const scope = {
        storeId: idQuery(c, 'storeId'),
        dbId: idQuery(c, 'dbId'),
        sectionId: idQuery(c, 'sectionId'),
        updatedSince: isoTimeQuery(c, 'updatedSince'),
        filter,
      };
      const { bytes, rows } = await exportCatalogue(deps.db, scope, rawFormat);
      const name = await exportName(deps.db, scope, new Date().toISOString().slice(0, 10), rawFormat);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': SHEET_MIME[rawFormat],
        'Content-Disposition': `attachment; filename="${name}"`,
        'X-Total-Count': String(rows),
        'Cache-Control': 'no-store',
      });
    });
}
