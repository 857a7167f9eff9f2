import { type Context, Hono } from 'hono';
import { apiAnswerHeaders, noteRequest } from './api-answer.ts';
import type { AppDeps } from './deps.ts';
import { AppError, errorResponse } from './errors.ts';
import { routePattern } from './http/route-label.ts';
import { createMailQueue } from './mail-queue.ts';
import { createMetrics, UNMATCHED_ROUTE } from './metrics.ts';
import { bodyLimit } from './middleware/body-limit.ts';
import { nulGuard } from './middleware/nul-guard.ts';
import { createReadinessCheck } from './ops/health.ts';
import { addDatabaseGauges } from './ops/scrape.ts';
import { createInvoiceNumbering } from './orders/invoice-numbers.ts';
import { accountRoutes } from './routes/account.ts';
import { accountApiRoutes } from './routes/accountapi.ts';
import { bookRoutes } from './routes/book.ts';
import { cartRoutes } from './routes/cart.ts';
import { cartItemRoutes } from './routes/cartitem.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { categoryRoutes } from './routes/category.ts';
import { contentRoutes } from './routes/content.ts';
import { couponRoutes } from './routes/coupon.ts';
import { employeeRoutes } from './routes/employee.ts';
import { feedClientRoutes, feedRoutes } from './routes/feed.ts';
import { itemRoutes } from './routes/item.ts';
import { logRoutes } from './routes/log.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { opsRoutes } from './routes/ops.ts';
import { orderRoutes } from './routes/order.ts';
import { paymentRoutes } from './routes/payment.ts';
import { publisherRoutes } from './routes/publisher.ts';
import { reportRoutes } from './routes/report.ts';
import { searchRoutes } from './routes/search.ts';
import { sectionRoutes } from './routes/section.ts';
import { siteRoutes } from './routes/site.ts';
import { stockAlertRoutes } from './routes/stockalert.ts';
import { storeRoutes } from './routes/store.ts';
import { storeDbRoutes } from './routes/storedb.ts';
import { tokenRoutes } from './routes/token.ts';
import { uploadRoutes } from './routes/upload.ts';
import { userRoutes } from './routes/user.ts';

export { silentLogger } from './logger.ts';

const API_PREFIX = /^\/(api|token|accountapi)(\/|$)/i;

/**
 * The path the router sees. API paths match case-insensitively, as the original
 * ASP.NET backend's did, so they are lower-cased here and every API route is
 * registered in lower case; other paths (content files, pages) keep their case.
 * A trailing slash is ignored (`/api/Store/ReadAll/` is a call of spec §7).
 */
export function routingPath(url: string): string {
  const start = url.indexOf('/', url.indexOf('://') + 3);
  let end = url.length;
  for (const ch of ['?', '#']) {
    const i = url.indexOf(ch, start);
    if (i !== -1 && i < end) end = i;
  }
  let path = start === -1 ? '/' : url.slice(start, end);
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return API_PREFIX.test(path) ? path.toLowerCase() : path;
}

function addApiHeaders(c: Context): void {
  const wanted = apiAnswerHeaders(c.req.path);
  // A response made by Response.redirect() or fetch() has read-only headers: copy it first.
  if (!Object.entries(wanted).every(([name, value]) => setIfMissing(c.res.headers, name, value))) {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(wanted)) setIfMissing(c.res.headers, name, value);
  }
}

function setIfMissing(headers: Headers, name: string, value: string): boolean {
  if (headers.has(name)) return true;
  try {
    headers.set(name, value);
    return true;
  } catch {
    return false;
  }
}

/** The HTTP API of spec §7 as a Hono app. It serves no pages: see `site-server.ts`. */
export function createApp(given: AppDeps): Hono {
  const metrics = given.metrics ?? createMetrics();
  const deps = {
    ...given,
    metrics,
    mailQueue:
      given.mailQueue ?? createMailQueue({ db: given.db, mail: given.mail, log: given.log, now: given.now, metrics }),
    invoiceNumbering: given.invoiceNumbering ?? createInvoiceNumbering({ db: given.db, log: given.log }),
  };
  const ready = createReadinessCheck(deps.db);
  addDatabaseGauges(metrics, { db: deps.db, dialect: deps.dialect, ready });
  const app = new Hono({ getPath: (req) => routingPath(req.url) });

  // Every answer carries the API's security headers (those a route set itself are kept),
  // is counted in the metrics by its route's pattern, and is logged: as `warn` when slow,
  // as `error` when it failed.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    addApiHeaders(c);
    noteRequest(deps, {
      method: c.req.method,
      route: routePattern(c, UNMATCHED_ROUTE),
      path: c.req.path,
      status: c.res.status,
      started,
    });
  });
  // Every body is bounded before anything reads it, then checked for NUL characters.
  app.use(bodyLimit());
  app.use(nulGuard());

  // Catalogue (public reads).
  app.route('/api/category', categoryRoutes(deps));
  app.route('/api/store', storeRoutes(deps));
  app.route('/api/publisher', publisherRoutes(deps));
  app.route('/api/section', sectionRoutes(deps));
  app.route('/api/item', itemRoutes(deps));
  app.route('/api/book', bookRoutes(deps));
  app.route('/api/search', searchRoutes(deps));
  app.route('/content', contentRoutes(deps));
  // Accounts.
  app.route('/token', tokenRoutes(deps));
  app.route('/api/account', accountRoutes(deps));
  app.route('/api/account/mfa', mfaRoutes(deps));
  app.route('/accountapi', accountApiRoutes(deps));
  app.route('/api/user', userRoutes(deps));
  app.route('/api/employee', employeeRoutes(deps));
  // Cart and orders.
  app.route('/api/cart', cartRoutes(deps));
  app.route('/api/cartitem', cartItemRoutes(deps));
  app.route('/api/order', orderRoutes(deps));
  app.route('/api/stockalert', stockAlertRoutes(deps));
  // Staff: sales reports (issue 33 item 5).
  app.route('/api/report', reportRoutes(deps));
  app.route('/api/coupon', couponRoutes(deps));
  // Payments (issue 32): methods, a group's payment, the test method, the pay-on-delivery cap.
  app.route('/api/payment', paymentRoutes(deps));
  // Staff: store databases, images, the audit log, site status and publishing.
  app.route('/api/storedb', storeDbRoutes(deps));
  app.route('/api/content', uploadRoutes(deps));
  app.route('/api/log', logRoutes(deps));
  app.route('/api/site', siteRoutes(deps));
  // Staff: bulk import and export of the catalogue.
  app.route('/api/catalogue', catalogueRoutes(deps));
  // Stock and price feeds from tills and ERP systems, and the Admin's feed keys.
  app.route('/api/feed', feedRoutes(deps));
  app.route('/api/feedclient', feedClientRoutes(deps));
  // Operations: health and readiness for load balancers, metrics for Prometheus.
  app.route('/', opsRoutes(deps, ready));
  // The OpenAPI document of every call (`openapi/`) and its reference page.
  app.route('/api', openApiRoutes(deps));

  app.notFound((c) => {
    const err = AppError.notFound(`No API call answers ${c.req.method} ${c.req.path}.`);
    return errorResponse(err, c, deps.log);
  });
  app.onError((err, c) => errorResponse(err, c, deps.log));
  return app;
}
