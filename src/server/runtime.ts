import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { type Db, openDb } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { AppDeps } from './deps.ts';
import type { FastPath } from './fast-reads.ts';
import type { Logger } from './logger.ts';
import type { MailQueue } from './mail-queue.ts';
import { paymentMethods } from './payments/methods.ts';
import { razorpayMethod } from './payments/razorpay.ts';

/**
 * Opens the configured database and brings its schema up to date. `onConnectionError`
 * hears of PostgreSQL connections lost outside a query (default: a line on stderr).
 */
export async function openMigratedDb(config: Config, onConnectionError?: (err: Error) => void): Promise<Db> {
  const db = openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    onConnectionError,
  });
  try {
    await migrateToLatest(db.db);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/**
 * The API's dependencies from the configuration. `demo`: the shop `npm start` runs, which
 * offers the test payment method unless `PAYMENTS_TEST=0`; elsewhere only `PAYMENTS_TEST=1` does.
 */
export function appDeps(config: Config, db: Db, log: Logger, demo = false): AppDeps {
  return {
    db: db.db,
    dialect: db.dialect,
    contentDir: config.contentDir,
    jwtSecret: config.jwtSecret,
    mail: { smtpUrl: config.smtpUrl, outboxDir: config.outboxDir, from: config.mailFrom },
    log,
    siteUrl: config.siteUrl,
    trustProxy: config.trustProxy,
    openOrdersMax: config.openOrdersMax,
    staffMfa: config.staffMfa,
    metricsAccess: { allow: config.metricsAllow, token: config.metricsToken },
    shopTimeZone: config.shopTimeZone,
    payments: paymentMethods({
      paymentsTest: config.paymentsTest ?? demo,
      ...(config.razorpay === undefined ? {} : { online: razorpayMethod(config.razorpay) }),
    }),
    paymentHoldSeconds: config.paymentHoldSeconds,
  };
}

export function createConfiguredApp(config: Config, db: Db, log: Logger, mailQueue?: MailQueue): Hono {
  return createApp({ ...appDeps(config, db, log), mailQueue });
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens with Node's HTTP server; port 0 picks a free port. `fast` may answer a
 * request before it reaches the app (see `fast-reads.ts`); `everyAnswer` are
 * headers every answer carries, whichever path answers it.
 */
export function listen(
  app: Hono,
  host: string,
  port: number,
  fast?: FastPath,
  everyAnswer: Readonly<Record<string, string>> = {},
): Promise<RunningServer> {
  const headers = Object.entries(everyAnswer);
  return new Promise((resolve, reject) => {
    // The API's body limit decides what happens to an unread body (see `middleware/body-limit.ts`):
    // the adapter's own clean-up would cut a keep-alive connection after a refused upload.
    const server = serve(
      {
        fetch: app.fetch,
        hostname: host,
        port,
        autoCleanupIncoming: false,
        ...(fast === undefined && headers.length === 0
          ? {}
          : {
              createServer: ((options, listener) =>
                createServer(options, (req, res) => {
                  // Merged by Node into whatever the answer's writeHead() sends.
                  for (const [name, value] of headers) res.setHeader(name, value);
                  if (fast === undefined || !fast(req, res, () => listener?.(req, res))) listener?.(req, res);
                })) as typeof createServer,
            }),
      },
      (info: AddressInfo) => {
        const shownHost = host.includes(':') ? `[${host}]` : host;
        resolve({
          url: `http://${shownHost}:${info.port}`,
          port: info.port,
          close: () =>
            new Promise<void>((done) => {
              server.close(() => done());
              // Keep-alive sockets would otherwise hold close() open.
              if ('closeAllConnections' in server) server.closeAllConnections();
            }),
        });
      },
    );
    server.once('error', reject);
  });
}
