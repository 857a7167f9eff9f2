import type { Hono } from 'hono';
import { apiShell } from './api-shell.ts';
import type { AppDeps } from './deps.ts';
import { categoryRoutes } from './routes/category.ts';
import { itemRoutes } from './routes/item.ts';
import { publisherRoutes } from './routes/publisher.ts';
import { siteRoutes } from './routes/site.ts';
import { storeRoutes } from './routes/store.ts';

/**
 * The API a site build reads, and nothing more: the catalogue's collections (`Category`,
 * `Store`, `Publisher` and `Item` `ReadAll`, with the other calls of those resources) and the
 * change feed (`Site/Changes`), mounted as the whole API mounts them (`app.ts`), so each answers
 * the same bytes. A rebuild's in-process API (`publish/api-worker.ts`) serves it: these routes'
 * modules are under half of the whole API's code, and a one-item rebuild waits for them to load
 * (issue 30). Any other call answers 404 naming it.
 */
export function createCatalogueApp(deps: AppDeps): Hono {
  return apiShell(deps, (app) => {
    app.route('/api/category', categoryRoutes(deps));
    app.route('/api/store', storeRoutes(deps));
    app.route('/api/publisher', publisherRoutes(deps));
    app.route('/api/item', itemRoutes(deps));
    app.route('/api/site', siteRoutes(deps));
  });
}
