import { type Kysely, sql } from 'kysely';
import type { SiteBuildDto } from '../../lib/domain/staff-dtos.ts';
import type { BuildStatus, Database, SiteState } from '../db/schema.ts';

const EMPTY: SiteState = {
  id: 1,
  content_changed_at: null,
  last_built_at: null,
  last_build_status: null,
  last_build_finished_at: null,
  last_build_log_tail: '',
  build_requested_at: null,
  build_progress: '',
};

/** The site state row (migration 0003 creates it; an empty state stands in should it be missing). */
export async function readSiteState(db: Kysely<Database>): Promise<SiteState> {
  return (await db.selectFrom('site_state').selectAll().where('id', '=', 1).executeTakeFirst()) ?? EMPTY;
}

/**
 * Records that the public site's content changed at `at`: call it inside the
 * transaction of every catalogue write that changes what the site shows. The
 * time only moves forward, whatever order concurrent writers commit in.
 */
export async function markContentChanged(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto('site_state')
    .values({ ...EMPTY, content_changed_at: at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        content_changed_at: sql<string>`case when site_state.content_changed_at is null or site_state.content_changed_at < ${at} then ${at} else site_state.content_changed_at end`,
      }),
    )
    .execute();
}

/** The outcome of one site build. */
export interface BuildOutcome {
  status: BuildStatus;
  /** When the build started reading the catalogue: a successful build shows the content as of then. */
  startedAt: string;
  finishedAt: string;
  /** The last lines it printed (empty when unknown). */
  logTail: string;
}

/**
 * Records a finished build. A success sets `last_built_at` to the build's start,
 * so a change made while it ran still counts as not yet on the site.
 */
export async function recordBuild(db: Kysely<Database>, outcome: BuildOutcome): Promise<void> {
  const result = {
    last_build_status: outcome.status,
    last_build_finished_at: outcome.finishedAt,
    last_build_log_tail: outcome.logTail,
    ...(outcome.status === 'succeeded' ? { last_built_at: outcome.startedAt } : {}),
  };
  await db
    .insertInto('site_state')
    .values({ ...EMPTY, ...result })
    .onConflict((oc) => oc.column('id').doUpdateSet(result))
    .execute();
}

/** True when public content changed after the content the last successful build read. */
export function isOutOfDate(state: SiteState): boolean {
  if (state.content_changed_at === null) return false;
  return state.last_built_at === null || state.content_changed_at > state.last_built_at;
}

/**
 * Queues a build request ("Publish now" on any API process): kept as the
 * earliest unclaimed request, so presses before a build claims it are one.
 */
export async function requestBuild(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto('site_state')
    .values({ ...EMPTY, build_requested_at: at })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        build_requested_at: sql<string>`coalesce(site_state.build_requested_at, ${at})`,
      }),
    )
    .execute();
}

/** Records a build that published, as the rebuild does at its end (its log is the command's own). */
export function recordBuildSucceeded(db: Kysely<Database>, startedAt: string): Promise<void> {
  return recordBuild(db, { status: 'succeeded', startedAt, finishedAt: new Date().toISOString(), logTail: '' });
}

/** A build claims the queued request as it starts (under the publish lock): later presses queue the next one. */
export async function claimBuildRequest(db: Kysely<Database>): Promise<void> {
  await db.updateTable('site_state').set({ build_requested_at: null }).where('id', '=', 1).execute();
}

/** A build's progress as every API process shows it. */
export interface StoredProgress {
  progress: SiteBuildDto;
  /** When it was written (ms since the epoch, the real clock). */
  at: number;
}

/** A running build that has not reported for this long has stopped (its process died). */
export const PROGRESS_STALE_MS = 30_000;

/** Writes the running build's progress for every API process to read. */
export async function writeBuildProgress(db: Kysely<Database>, progress: SiteBuildDto): Promise<void> {
  const text = JSON.stringify({ progress, at: Date.now() } satisfies StoredProgress);
  await db.updateTable('site_state').set({ build_progress: text }).where('id', '=', 1).execute();
}

/** The stored progress (null when none); a running build that stopped reporting is shown as stopped. */
export function storedProgress(state: SiteState): SiteBuildDto | null {
  if (state.build_progress === '') return null;
  try {
    const { progress, at } = JSON.parse(state.build_progress) as StoredProgress;
    if (progress.Running && Date.now() - at > PROGRESS_STALE_MS) {
      return {
        ...progress,
        Running: false,
        Phase: 'failed',
        Message: 'The build stopped reporting (its process ended).',
      };
    }
    return progress;
  } catch {
    return null;
  }
}
