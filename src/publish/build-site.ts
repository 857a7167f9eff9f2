import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../server/config.ts';
import type { Reporter } from './progress.ts';
import { type RebuildResult, rebuildSite } from './rebuild.ts';

/**
 * Builds the whole static site from the API (`config.apiUrl`, or an API started
 * in-process over the configured database) and publishes it when complete: a
 * failed build leaves the old site in place. The same as `npm run rebuild -- --full`.
 */
export function buildSite(config: Config, opts: { reporter?: Reporter; force?: boolean } = {}): Promise<RebuildResult> {
  return rebuildSite(config, { full: true, ...opts });
}

/** True when a built site is present. */
export function siteIsBuilt(config: Config): boolean {
  return existsSync(join(config.siteDir, 'index.html'));
}
