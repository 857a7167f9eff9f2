import { Hono } from 'hono';
import type { SiteStatusDto } from '../../lib/domain/staff-dtos.ts';
import { type AuthEnv, clockOf, requireRole } from '../auth/middleware.ts';
import { readCatalogueChanges } from '../catalogue/change-feed.ts';
import { createSiteBuilder, defaultSiteBuilder, type SiteBuilder } from '../catalogue/site-builder.ts';
import { isOutOfDate, readSiteState } from '../catalogue/site-state.ts';
import { auditStaff, staffAct } from '../catalogue/staff.ts';
import type { AppDeps } from '../deps.ts';

async function statusOf(deps: AppDeps, builder: SiteBuilder): Promise<SiteStatusDto> {
  const state = await readSiteState(deps.db);
  return {
    OutOfDate: isOutOfDate(state),
    ContentChangedAt: state.content_changed_at,
    LastBuiltAt: state.last_built_at,
    Build: await builder.progress(),
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
 * "Publish now": one rebuild at a time across every API process of the database,
 * run as a child process (`deps.siteBuilder`, by default `scripts/rebuild.ts`,
 * incremental) whose progress Status reports; a press while one runs is queued once.
 * `Changes` (public) tells a rebuild what changed in the catalogue since its last read.
 */
export function siteRoutes(deps: AppDeps): Hono<AuthEnv> {
  const builder = createSiteBuilder({
    db: deps.db,
    log: deps.log,
    command: deps.siteBuilder ?? defaultSiteBuilder(),
    now: () => clockOf(deps),
    metrics: deps.metrics,
  });
  const staff = requireRole(deps, 'Employee');
  return (
    new Hono<AuthEnv>()
      // Public, like the catalogue it describes: the rebuild reads it without a token.
      .get('/changes', async (c) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await readCatalogueChanges(deps.db, deps.dialect, c.req.query('since')));
      })
      .get('/status', staff, async (c) => c.json(await statusOf(deps, builder)))
      .post('/publish', staff, async (c) => {
        const act = staffAct(c, deps);
        // A press while a build runs is queued (once) for the next build, on whichever API process.
        const how = await builder.request(act);
        await auditStaff(deps.db, act, how === 'started' ? 'site.publish_started' : 'site.publish_queued', 'site', {});
        return c.json(await statusOf(deps, builder), 202);
      })
  );
}
