import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createApp } from './app.ts';
import { removeUnconfirmedAccounts } from './auth/registration.ts';
import { createReorderMailer } from './catalogue/reorder-mail.ts';
import type { Config } from './config.ts';
import { fastOrders } from './fast-orders.ts';
import { fastReads, firstFastPath } from './fast-reads.ts';
import { stdoutLogger } from './logger.ts';
import { createMailQueue } from './mail-queue.ts';
import { createMetrics } from './metrics.ts';
import { createInvoiceNumbering } from './orders/invoice-numbers.ts';
import { createPaymentHolds } from './payments/hold-runner.ts';
import { paymentMethods } from './payments/methods.ts';
import { paymentContext } from './payments/payments.ts';
import { razorpayMethod } from './payments/razorpay.ts';
import { configuredDeps, listen, openMigratedDb } from './runtime.ts';
import { transportSecurityHeaders } from './site-headers.ts';
import { createSiteServer } from './site-server.ts';

const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Serves the built site and the API on `config.host:config.port` until
 * SIGINT/SIGTERM. `config.siteDir` may be a link a rebuild switches to a new
 * build: the server follows it (see `site-server.ts`). `demo`: `npm start`'s demo shop,
 * which offers the test payment method unless `PAYMENTS_TEST=0`.
 */
export async function serveShop(config: Config, options: { demo?: boolean } = {}): Promise<void> {
  const log = stdoutLogger();
  // One set of metrics for the app and the fast paths below it (`GET /metrics`).
  const metrics = createMetrics({ processMetrics: true });
  // A database restart or failover closes the pool's connections: logged and counted, the
  // process stays up, requests meanwhile get 503s, and the pool reconnects by itself.
  const db = await openMigratedDb(config, (err) => {
    metrics.databaseConnectionError();
    const code = (err as { code?: unknown }).code;
    log({
      level: 'warn',
      msg: 'database connection lost',
      code: typeof code === 'string' ? code : undefined,
      error: err.message,
    });
  });
  if (!existsSync(join(config.siteDir, 'index.html'))) {
    console.error(`Serve: there is no built site in ${config.siteDir} yet; run "npm run build". Serving the API only.`);
  } else if (!existsSync(join(config.siteDir, '_headers'))) {
    console.error(
      `Serve: the site in ${config.siteDir} has no _headers file (it was built by an older version), so its pages ` +
        'get a policy without the hashes of their inline scripts; run "npm run build" to rebuild it.',
    );
  }
  // Queued mail is sent right after each commit; this timer retries what failed.
  const mailQueue = createMailQueue({
    db: db.db,
    mail: { smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom },
    log,
    metrics,
  });
  mailQueue.start();
  // Invoices are numbered right after each order's commit; the sweep numbers what a crash left.
  const invoiceNumbering = createInvoiceNumbering({ db: db.db, log });
  invoiceNumbering.start();
  // Each store's low-stock mail, once a shop day however many processes look (`reorder-mail.ts`).
  const reorderMailer = createReorderMailer({ db: db.db, siteUrl: config.siteUrl, log, mailQueue });
  reorderMailer.start();
  // Registrations never confirmed are removed after 7 days (`removeUnconfirmedAccounts`); hourly is plenty.
  const sweep = () =>
    removeUnconfirmedAccounts(db.db, new Date()).then(
      (ids) => {
        if (ids.length > 0) log({ level: 'info', msg: 'unconfirmed accounts removed', count: ids.length });
      },
      (err: unknown) => log({ level: 'error', msg: 'unconfirmed-account sweep failed', error: String(err) }),
    );
  void sweep();
  const sweeper = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  sweeper.unref();
  // The demo shop offers the test payment method unless `PAYMENTS_TEST=0`; elsewhere only `PAYMENTS_TEST=1` does.
  const payments = paymentMethods({
    paymentsTest: config.paymentsTest ?? options.demo === true,
    ...(config.razorpay === undefined ? {} : { online: razorpayMethod(config.razorpay) }),
  });
  const base = { ...configuredDeps(config, db, log), payments, mailQueue, invoiceNumbering, metrics };
  // Unpaid holds end once, whichever process runs the job (`payments/hold-runner.ts`).
  const paymentHolds = createPaymentHolds(paymentContext(base), config.databaseUrl);
  await paymentHolds.start();
  const deps = { ...base, paymentHolds };
  const api = createApp(deps);
  // The hot public reads and placed orders are answered below the framework, with the same
  // answers (`fast-reads.ts`, `fast-orders.ts`).
  const server = await listen(
    createSiteServer({ api, siteDir: config.siteDir }),
    config.host,
    config.port,
    firstFastPath(fastReads(deps), fastOrders(deps)),
    transportSecurityHeaders(config.siteUrl),
  );
  console.error(`Aisle is serving ${db.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'} data at ${server.url}`);
  const stop = async () => {
    mailQueue.stop();
    invoiceNumbering.stop();
    reorderMailer.stop();
    clearInterval(sweeper);
    await paymentHolds.stop();
    await server.close();
    await db.close();
    log.flush();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
