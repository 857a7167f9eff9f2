// Starts one API process over a shared database for the multi-process order tests:
//   DATABASE_URL=postgres://… JWT_SECRET=… node tests/api/cart-server.ts
// Prints {"url": "http://127.0.0.1:PORT"} once listening on a free port; stops on SIGTERM.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, silentLogger } from '../../src/server/app.ts';
import { createReorderMailer } from '../../src/server/catalogue/reorder-mail.ts';
import { openDb } from '../../src/server/db/connection.ts';
import { fastOrders } from '../../src/server/fast-orders.ts';
import { createMailQueue } from '../../src/server/mail-queue.ts';
import { listen } from '../../src/server/runtime.ts';

const databaseUrl = process.env.DATABASE_URL;
const jwtSecret = process.env.JWT_SECRET;
if (databaseUrl === undefined || jwtSecret === undefined) {
  process.stderr.write('cart-server: DATABASE_URL and JWT_SECRET must be set\n');
  process.exit(2);
}
const dataDir = mkdtempSync(join(tmpdir(), 'aisle-cart-server-'));
// A postgres:// URL, or the path of a SQLite file shared with the other processes.
const db = openDb(/^postgres(ql)?:\/\//.test(databaseUrl) ? { databaseUrl } : { sqliteFile: databaseUrl });
const mail = { smtpUrl: undefined, outboxDir: join(dataDir, 'outbox') };
const mailQueue = createMailQueue({ db: db.db, mail, log: silentLogger });
const deps = {
  db: db.db,
  dialect: db.dialect,
  contentDir: join(dataDir, 'content'),
  jwtSecret,
  mail,
  log: silentLogger,
  mailQueue,
};
// As `npm start` does: each store's low-stock mail of the day, looked for now and then every 15 minutes.
createReorderMailer({ db: db.db, siteUrl: 'http://127.0.0.1:4321', log: silentLogger, mailQueue }).start();
// As `npm start` serves: placed orders are answered below the framework (`fast-orders.ts`).
const server = await listen(createApp(deps), '127.0.0.1', 0, fastOrders(deps));
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

async function stop(): Promise<void> {
  await server.close();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
