/**
 * Everything `npm run rebuild` (`scripts/rebuild.ts`) runs once the API is
 * starting, as one module: it is what `code-bundle.ts` bundles into one file
 * (`REBUILD_BUNDLE`), and the error classes the command tells apart come from
 * the same copy of the code that throws them.
 */
export { PublishBusy } from './publish-lock.ts';
export { PublishRefused, rebuildSite, summaryLine } from './rebuild.ts';
export { SiteBusy } from './rebuild-lock.ts';
export { runWarm } from './warm-rebuilds.ts';
