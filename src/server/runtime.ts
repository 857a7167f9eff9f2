import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Config } from './config.ts';
import { type Db, openDb } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { AppDeps } from './deps.ts';
import type { FastPath } from './fast-reads.ts';
import type { Logger } from './logger.ts';

/**
 * What starting an API takes besides the API itself: the database opened and migrated, the
 * dependencies the configuration gives, an HTTP server. Apart from the whole API (`app.ts`)
 * so that the build's API (`catalogue-app.ts`, in `publish/api-worker.ts`) starts without
 * loading the whole API's modules.
 */

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
 * The dependencies the configuration gives every API (`serve-shop.ts` adds the
 * payment methods): the database, content, tokens, mail, the shop's rules and clock zone.
 */
export function configuredDeps(config: Config, db: Db, log: Logger): AppDeps {
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
    paymentHoldSeconds: config.paymentHoldSeconds,
  };
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
