import type { Hono } from 'hono';
import { apiShell } from './api-shell.ts';
import { mountBuildReads } from './catalogue-app.ts';
import type { AppDeps } from './deps.ts';
import { createMailQueue } from './mail-queue.ts';
import { createMetrics } from './metrics.ts';
import { createReadinessCheck } from './ops/health.ts';
import { addDatabaseGauges } from './ops/scrape.ts';
import { createInvoiceNumbering } from './orders/invoice-numbers.ts';
import { accountRoutes } from './routes/account.ts';
import { accountApiRoutes } from './routes/accountapi.ts';
import { bookRoutes } from './routes/book.ts';
import { cartRoutes } from './routes/cart.ts';
import { cartItemRoutes } from './routes/cartitem.ts';
import { catalogueRoutes } from './routes/catalogue.ts';
import { contentRoutes } from './routes/content.ts';
import { couponRoutes } from './routes/coupon.ts';
import { employeeRoutes } from './routes/employee.ts';
import { feedClientRoutes, feedRoutes } from './routes/feed.ts';
import { logRoutes } from './routes/log.ts';
import { mfaRoutes } from './routes/mfa.ts';
import { openApiRoutes } from './routes/openapi.ts';
import { opsRoutes } from './routes/ops.ts';
import { orderRoutes } from './routes/order.ts';
import { paymentRoutes } from './routes/payment.ts';
import { reportRoutes } from './routes/report.ts';
import { searchRoutes } from './routes/search.ts';
import { sectionRoutes } from './routes/section.ts';
import { stockAlertRoutes } from './routes/stockalert.ts';
import { storeDbRoutes } from './routes/storedb.ts';
import { tokenRoutes } from './routes/token.ts';
import { uploadRoutes } from './routes/upload.ts';
import { userRoutes } from './routes/user.ts';

export { silentLogger } from './logger.ts';

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
  return apiShell(deps, (app) => {
    // What a site build reads: the catalogue's collections and the change feed (`catalogue-app.ts`).
    mountBuildReads(app, deps);
    // The catalogue's other public reads.
    app.route('/api/section', sectionRoutes(deps));
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
    // Staff: store databases, images and the audit log (site status and publishing are under `/api/site`, above).
    app.route('/api/storedb', storeDbRoutes(deps));
    app.route('/api/content', uploadRoutes(deps));
    app.route('/api/log', logRoutes(deps));
    // Staff: bulk import and export of the catalogue.
    app.route('/api/catalogue', catalogueRoutes(deps));
    // Stock and price feeds from tills and ERP systems, and the Admin's feed keys.
    app.route('/api/feed', feedRoutes(deps));
    app.route('/api/feedclient', feedClientRoutes(deps));
    // Operations: health and readiness for load balancers, metrics for Prometheus.
    app.route('/', opsRoutes(deps, ready));
    // The OpenAPI document of every call (`openapi/`) and its reference page.
    app.route('/api', openApiRoutes(deps));
  });
}
