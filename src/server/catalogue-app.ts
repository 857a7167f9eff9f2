import type { Hono } from 'hono';
import { apiShell } from './api-shell.ts';
import type { AppDeps } from './deps.ts';
import { categoryRoutes } from './routes/category.ts';
import { itemRoutes } from './routes/item.ts';
import { publisherRoutes } from './routes/publisher.ts';
import { siteRoutes } from './routes/site.ts';
import { storeRoutes } from './routes/store.ts';

/**
 * Mounts the calls a site build reads: the catalogue's collections (`Category`, `Store`,
 * `Publisher` and `Item` `ReadAll`, with the other calls of those resources) and the change
 * feed (`Site/Changes`). The whole API (`app.ts`) mounts them through this too, so the two
 * answer each of them alike.
 */
export function mountBuildReads(app: Hono, deps: AppDeps): void {
  app.route('/api/category', categoryRoutes(deps));
  app.route('/api/store', storeRoutes(deps));
  app.route('/api/publisher', publisherRoutes(deps));
  app.route('/api/item', itemRoutes(deps));
  app.route('/api/site', siteRoutes(deps));
}

/**
 * The API a site build reads, and nothing more (`mountBuildReads`), in the same middleware as
 * the whole API (`api-shell.ts`). A rebuild's in-process API (`publish/api-worker.ts`) serves
 * it: these routes' modules are about half of the whole API's, and a one-item rebuild waits for
 * them to load (issue 30). Any other call answers 404 naming it.
 */
export function createCatalogueApp(deps: AppDeps): Hono {
  return apiShell(deps, (app) => mountBuildReads(app, deps));
}
