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
import { createPaymentHolds } from '../../src/server/payments/hold-runner.ts';
import { paymentMethods } from '../../src/server/payments/methods.ts';
import { paymentContext } from '../../src/server/payments/payments.ts';
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
const base = {
  db: db.db,
  dialect: db.dialect,
  contentDir: join(dataDir, 'content'),
  jwtSecret,
  mail,
  log: silentLogger,
  mailQueue,
  // As `npm start` with PAYMENTS_TEST=1 and PAYMENT_HOLD_SECONDS: the test method, its holds let go by pg-boss.
  payments: paymentMethods({ paymentsTest: process.env.PAYMENTS_TEST === '1' }),
  paymentHoldSeconds: Number(process.env.PAYMENT_HOLD_SECONDS ?? '900'),
};
const paymentHolds = createPaymentHolds(paymentContext(base), db.dialect === 'postgres' ? databaseUrl : undefined);
await paymentHolds.start();
const deps = { ...base, paymentHolds };
// As `npm start` does: each store's low-stock mail of the day, looked for now and then every 15 minutes.
createReorderMailer({ db: db.db, siteUrl: 'http://127.0.0.1:4321', log: silentLogger, mailQueue }).start();
// As `npm start` serves: placed orders are answered below the framework (`fast-orders.ts`).
const server = await listen(createApp(deps), '127.0.0.1', 0, fastOrders(deps));
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);

async function stop(): Promise<void> {
  await server.close();
  await paymentHolds.stop();
  await db.close();
  process.exit(0);
}
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
