// Who lets go of unpaid holds when they end. PostgreSQL: pg-boss, in a schema of its own
// in the shop's database, so with several API processes each ended hold is one job that one
// process runs (and `releaseHold`'s claim keeps it once even if two ran it). SQLite (one
// process): a timer per hold in this process. Both sweep at start-up for holds that ended
// while no process was up, and now and then after that.
import { PgBoss } from 'pg-boss';
import { releaseEndedHolds, releaseHold } from './holds.ts';
import type { PaymentHolds } from './methods.ts';
import { findPayment, type PaymentContext } from './payment-context.ts';
import { reconcileGroup, reconcileWaiting } from './razorpay-events.ts';
import { refundMissed } from './refunds.ts';

/** The queue of hold ends. */
const QUEUE = 'payment-hold-end';
/** pg-boss's own schema in the shop's database. */
export const PG_BOSS_SCHEMA = 'aisle_jobs';
/** How far past a hold's end its timer fires. */
const TIMER_MARGIN_MS = 25;
/** How often the sweep looks for holds whose release was missed. */
const SWEEP_MS = 60_000;

function logged(ctx: PaymentContext, what: string) {
  return (err: unknown) => ctx.log({ level: 'error', msg: `payment hold ${what} failed`, error: String(err) });
}

/** How far ahead the sweep asks Razorpay about waiting groups: every one still open. */
const RECONCILE_AHEAD_MS = 86_400_000;

/** A hold that ended is let go, once Razorpay was asked whether its group was paid after all. */
function releaseAsked(ctx: PaymentContext, groupId: number) {
  const at = () => new Date().toISOString();
  return reconcileGroup(ctx, groupId, at())
    .catch(logged(ctx, 'reconciliation'))
    .then(() => releaseHold(ctx, groupId, at()));
}

/** The sweep: asks Razorpay about online groups still waiting, then ends every hold that ended by now. */
function sweeper(ctx: PaymentContext) {
  let timer: NodeJS.Timeout | undefined;
  const swept = async () => {
    const now = new Date();
    // Razorpay is asked about every online group still waiting first (`razorpay-events.ts`).
    await reconcileWaiting(ctx, new Date(now.getTime() + RECONCILE_AHEAD_MS).toISOString(), now.toISOString());
    await releaseEndedHolds(ctx, new Date().toISOString());
    // A paid cancel whose refund did not go through after its commit is refunded now.
    await refundMissed(ctx, new Date());
  };
  const sweep = () => swept().catch(logged(ctx, 'sweep'));
  return {
    sweep,
    start() {
      timer = setInterval(() => void sweep(), SWEEP_MS);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/** SQLite (or any single process): a timer per hold, plus the sweep. */
export function createTimerHolds(ctx: PaymentContext): PaymentHolds {
  const timers = new Map<number, NodeJS.Timeout>();
  const sweeps = sweeper(ctx);
  return {
    scheduled(groupId) {
      void findPayment(ctx.db, groupId).then(
        (payment) => {
          if (payment?.hold_until == null) return;
          // A timer may fire a millisecond before Date.now() reaches its end (libuv's loop time),
          // and a hold asked to end before its time stays (`releaseHold`): wait a little past it.
          const wait = Math.max(0, Date.parse(payment.hold_until) - Date.now()) + TIMER_MARGIN_MS;
          const timer = setTimeout(() => {
            timers.delete(groupId);
            void releaseAsked(ctx, groupId).catch(logged(ctx, 'release'));
          }, wait);
          timer.unref();
          timers.set(groupId, timer);
        },
        logged(ctx, 'schedule'),
      );
    },
    async start() {
      await sweeps.sweep();
      sweeps.start();
    },
    async stop() {
      sweeps.stop();
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** PostgreSQL: a pg-boss job per hold, run by whichever process fetches it, plus the sweep. */
export function createPgBossHolds(ctx: PaymentContext, databaseUrl: string): PaymentHolds {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: PG_BOSS_SCHEMA, max: 2 });
  boss.on('error', logged(ctx, 'queue'));
  const sweeps = sweeper(ctx);
  let started: Promise<void> | undefined;
  return {
    scheduled(groupId) {
      void (async () => {
        await started;
        const payment = await findPayment(ctx.db, groupId);
        if (payment?.hold_until == null) return;
        await boss.send(
          QUEUE,
          { groupId },
          { startAfter: new Date(payment.hold_until), singletonKey: String(groupId) },
        );
      })().catch(logged(ctx, 'schedule'));
    },
    start() {
      started = (async () => {
        await boss.start();
        await boss.createQueue(QUEUE);
        await boss.work<{ groupId: number }>(QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
          for (const job of jobs) await releaseAsked(ctx, job.data.groupId);
        });
        await sweeps.sweep();
        sweeps.start();
      })();
      return started;
    },
    async stop() {
      sweeps.stop();
      await started?.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 5_000 });
    },
  };
}

/** The runner for the shop's engine. */
export function createPaymentHolds(ctx: PaymentContext, databaseUrl: string | undefined): PaymentHolds {
  return databaseUrl === undefined ? createTimerHolds(ctx) : createPgBossHolds(ctx, databaseUrl);
}
