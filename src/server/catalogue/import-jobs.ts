import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { describeReport, type ImportJobDto, MAX_LISTED_ERRORS } from '../../lib/domain/catalogue-sheet.ts';
import type { Dialect } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { type ImportActor, type ImportOptions, importCatalogue } from './import.ts';
import type { ImportFile } from './import-files.ts';
import { IMPORT_MAX_WAITING } from './import-limits.ts';

/** How many finished jobs a server remembers for their pages to read. */
const KEEP_FINISHED = 50;

/** The `Retry-After` of a refused import: a 100,000-item import takes 10–20 s. */
const RETRY_AFTER_SECONDS = 30;

interface Job {
  dto: ImportJobDto;
  /** The account that started it (null: the command line). */
  ownerId: number | null;
  done: Promise<ImportJobDto>;
}

/**
 * Imports run as jobs, one at a time per server (two imports naming the same
 * new store must not both create it): a caller may wait for the outcome or
 * read the job's progress while it runs (`GET /api/Catalogue/Import/{JobID}`).
 * At most `IMPORT_MAX_WAITING` jobs wait behind the running one: each holds its
 * file on disk and, once it runs, its rows in memory, so a queue without bound
 * is a way to fill both. The queue is this process's: API processes sharing one
 * database each keep their own, and the import transaction's check that the items
 * it read are unchanged is what keeps their writes apart.
 */
export class ImportJobs {
  readonly #db: Kysely<Database>;
  readonly #dialect: Dialect;
  readonly #jobs = new Map<string, Job>();
  readonly #now: () => Date;
  #queue: Promise<unknown> = Promise.resolve();
  /** Jobs queued or running. */
  #unfinished = 0;

  constructor(db: Kysely<Database>, dialect: Dialect, now: () => Date = () => new Date()) {
    this.#db = db;
    this.#dialect = dialect;
    this.#now = now;
  }

  /**
   * Throws the 429 `start` would throw when `IMPORT_MAX_WAITING` jobs already
   * wait behind a running one, so a caller can refuse before reading an upload.
   */
  admit(): void {
    if (this.#unfinished > IMPORT_MAX_WAITING) {
      throw new AppError(
        429,
        'too_many_requests',
        `An import is running and ${IMPORT_MAX_WAITING === 1 ? 'another is' : `${IMPORT_MAX_WAITING} more are`} waiting behind it, the most this server queues; this one was not started. Try again in ${RETRY_AFTER_SECONDS} seconds or once one has finished.`,
        { headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } },
      );
    }
  }

  /**
   * Queues an import of `file`, which the job discards when it ends, however it ends;
   * `job.done` settles with its final state (it never rejects). A 429 (`admit`)
   * when the queue is full; the file is then the caller's to discard.
   */
  start(actor: ImportActor, file: ImportFile, opts: Omit<ImportOptions, 'onProgress'>): Job {
    this.admit();
    const dto: ImportJobDto = {
      JobID: randomUUID(),
      FileName: opts.fileName,
      DryRun: opts.dryRun,
      State: 'queued',
      Phase: 'queued',
      Done: 0,
      Total: 0,
      StartedAt: actor.at,
      FinishedAt: null,
      Message: 'Waiting for the import before it to finish.',
      Report: null,
      Errors: [],
      ErrorCount: 0,
      Changes: [],
      ChangeCount: 0,
    };
    const run = async (): Promise<ImportJobDto> => {
      dto.State = 'running';
      dto.Message = 'Reading the file.';
      try {
        const outcome = await importCatalogue(
          this.#db,
          this.#dialect,
          { ...actor, at: this.#now().toISOString() },
          file.path,
          {
            ...opts,
            onProgress: (p) => {
              dto.Phase = p.phase;
              dto.Done = p.done;
              dto.Total = p.total;
              if (p.phase === 'checking')
                dto.Message = `Checking rows: ${p.done.toLocaleString('en-IN')} of ${p.total.toLocaleString('en-IN')}.`;
              if (p.phase === 'writing')
                dto.Message = `Saving items: ${p.done.toLocaleString('en-IN')} of ${p.total.toLocaleString('en-IN')}.`;
            },
          },
        );
        if (outcome.ok) {
          dto.State = 'succeeded';
          dto.Report = outcome.report;
          dto.Changes = outcome.report.Changes;
          dto.ChangeCount = outcome.report.ChangeCount;
          dto.Message = describeReport(outcome.report);
        } else {
          dto.State = 'invalid';
          dto.Errors = outcome.errors.slice(0, MAX_LISTED_ERRORS);
          dto.ErrorCount = outcome.errors.length;
          dto.Changes = outcome.changes;
          dto.ChangeCount = outcome.changeCount;
          dto.Message = outcome.message;
        }
      } catch (err) {
        dto.State = 'failed';
        dto.Message =
          err instanceof AppError
            ? err.message
            : 'The import failed on the server and nothing was saved. It has been logged; try again.';
        if (!(err instanceof AppError)) console.error(err);
      }
      await file.discard().catch((err: unknown) => console.error(err));
      dto.Phase = 'done';
      dto.FinishedAt = this.#now().toISOString();
      this.#forgetOld();
      return dto;
    };
    this.#unfinished++;
    const done = this.#queue.then(run, run).finally(() => {
      this.#unfinished--;
    });
    this.#queue = done;
    const job: Job = { dto, ownerId: actor.actorId, done };
    this.#jobs.set(dto.JobID, job);
    return job;
  }

  /** A job by id, or a 404. */
  get(id: string): ImportJobDto {
    const job = this.#jobs.get(id);
    if (job === undefined)
      throw AppError.notFound(`No import job ${id} is known to this server (finished jobs are kept for a while only).`);
    return job.dto;
  }

  /** The latest jobs, newest first. */
  list(): ImportJobDto[] {
    return [...this.#jobs.values()].map((j) => j.dto).reverse();
  }

  #forgetOld(): void {
    const finished = [...this.#jobs.values()].filter((j) => j.dto.FinishedAt !== null);
    for (const j of finished.slice(0, Math.max(0, finished.length - KEEP_FINISHED))) this.#jobs.delete(j.dto.JobID);
  }
}
