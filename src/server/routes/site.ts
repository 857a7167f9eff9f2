import { Hono } from 'hono';
import type { SiteStatusDto } from '../../lib/domain/schemas.ts';
import { type AuthEnv, clockOf, requireRole } from '../auth/middleware.ts';
import { createSiteBuilder, defaultSiteBuilder, type SiteBuilder } from '../catalogue/site-builder.ts';
import { isOutOfDate, readSiteState } from '../catalogue/site-state.ts';
import { auditStaff, staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';

async function statusOf(deps: AppDeps, builder: SiteBuilder): Promise<SiteStatusDto> {
  const state = await readSiteState(deps.db);
  return {
    OutOfDate: isOutOfDate(state),
    ContentChangedAt: state.content_changed_at,
    LastBuiltAt: state.last_built_at,
    Build: builder.progress(),
    LastBuild:
      state.last_build_status === null
        ? null
        : {
            Status: state.last_build_status,
            FinishedAt: state.last_build_finished_at,
            LogTail: state.last_build_log_tail,
          },
  };
}

/**
 * `/api/Site`: whether the static site shows the catalogue as it is, and
 * "Publish now": one rebuild at a time, run as a child process
 * (`deps.siteBuilder`, by default `scripts/rebuild.ts`, incremental) whose progress Status reports.
 */
export function siteRoutes(deps: AppDeps): Hono<AuthEnv> {
  const builder = createSiteBuilder({
    db: deps.db,
    log: deps.log,
    command: deps.siteBuilder ?? defaultSiteBuilder(),
    now: () => clockOf(deps),
  });
  const staff = requireRole(deps, 'Employee');
  return new Hono<AuthEnv>()
    .get('/status', staff, async (c) => c.json(await statusOf(deps, builder)))
    .post('/publish', staff, async (c) => {
      const act = staffAct(c, deps);
      if (!builder.start(act)) {
        const running = builder.progress();
        throw AppError.conflict(
          `A site build is already running (started ${running.StartedAt}, ${running.Phase}); wait for it to finish.`,
        );
      }
      await auditStaff(deps.db, act, 'site.publish_started', 'site', {});
      return c.json(await statusOf(deps, builder), 202);
    });
}
