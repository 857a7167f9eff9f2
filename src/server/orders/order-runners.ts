// The order's runners: they run an order's steps (`order-steps.ts`) in ONE transaction,
// statement by statement, on PostgreSQL (named prepared statements on a pooled
// connection) or on SQLite (inside a group commit), roll back what a not placed order
// wrote, and replay a retried Idempotency-Key. A door reaches them only through
// `place-order.ts` (tests/unit/order-doors.test.ts).
import { type CompiledQuery, type Kysely, PostgresAdapter, type SqliteDatabase } from 'kysely';
import type pg from 'pg';
import { pgPoolOf, sqliteOf } from '../db/connection.ts';
import { isDeadlock, isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { inSqliteBatch } from '../db/sqlite-batch.ts';
import { findReplay, REPLAY } from './order-statements.ts';
import type { Rows, StepsOutcome } from './order-types.ts';

/** An order's steps for one engine (`postgres`: true on PostgreSQL). */
export type OrderSteps = (postgres: boolean) => Generator<CompiledQuery<unknown>, StepsOutcome, Rows>;

/** What running an order came to: its steps' outcome, or the answer of the order first placed with its key. */
export type RunOutcome = StepsOutcome | { kind: 'replayed'; body: string };

/** A refused or short outcome rolls the transaction back through this. */
class NotPlaced extends Error {
  readonly outcome: StepsOutcome;
  constructor(outcome: StepsOutcome) {
    super('the order was not placed');
    this.outcome = outcome;
  }
}

/** Names of the order's statements, prepared once on each PostgreSQL connection that runs them. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `aisle_order_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `steps` in one transaction on a connection of the pool, each statement as a
 * named prepared statement (PostgreSQL parses and plans it once per connection instead
 * of for every order; the SQL is the same Kysely compiled).
 */
async function inPgTransaction(
  pool: pg.Pool,
  run: Generator<CompiledQuery<unknown>, StepsOutcome, Rows>,
): Promise<RunOutcome> {
  const client = await pool.connect();
  let broken: unknown;
  try {
    await client.query('begin');
    try {
      let step = run.next([]);
      while (!step.done) {
        const { sql: text, parameters } = step.value;
        const { rows } = await client.query({ name: statementName(text), text, values: parameters as unknown[] });
        step = run.next(rows);
      }
      if (step.value.kind !== 'placed') throw new NotPlaced(step.value);
      await client.query('commit');
      return step.value;
    } catch (err) {
      try {
        await client.query('rollback');
      } catch (rollbackErr) {
        broken = rollbackErr;
      }
      throw err;
    }
  } finally {
    // A connection whose rollback failed is not given back to the pool.
    client.release(broken instanceof Error ? broken : undefined);
  }
}

/** Runs `steps` in a transaction (PostgreSQL; SQLite when not opened by `openDb`). */
async function placeOrderInTransaction(
  db: Kysely<Database>,
  userId: number,
  key: string | undefined,
  steps: OrderSteps,
  attempt = 1,
): Promise<RunOutcome> {
  try {
    const pool = pgPoolOf(db);
    if (pool !== undefined) return await inPgTransaction(pool, steps(true));
    return await db.transaction().execute(async (trx) => {
      const run = steps(trx.getExecutor().adapter instanceof PostgresAdapter);
      let step = run.next([]);
      while (!step.done) step = run.next((await trx.executeQuery(step.value)).rows);
      if (step.value.kind !== 'placed') throw new NotPlaced(step.value);
      return step.value;
    });
  } catch (err) {
    if (err instanceof NotPlaced) return err.outcome as RunOutcome;
    if (key !== undefined && isUniqueViolation(err)) {
      const body = await findReplay(db, userId, key);
      if (body !== undefined) return { kind: 'replayed', body };
    }
    if (isDeadlock(err) && attempt < 3) return placeOrderInTransaction(db, userId, key, steps, attempt + 1);
    throw err;
  }
}

/**
 * Runs `steps` on SQLite synchronously, in a group commit with the other orders of the
 * same moment (`inSqliteBatch`): each order in a savepoint of its own, so a short or
 * refused one, or a retried key, is rolled back alone. A retried key's answer is read
 * in the same batch (an order placed earlier in the batch with the same key counts).
 */
async function placeOrderSqlite(
  db: Kysely<Database>,
  sqlite: SqliteDatabase,
  userId: number,
  key: string | undefined,
  steps: OrderSteps,
): Promise<RunOutcome> {
  const outcome = await inSqliteBatch(
    db,
    sqlite,
    (run): { value: RunOutcome | { kind: 'replay-later' }; keep: boolean } => {
      const it = steps(false);
      let step = it.next([]);
      try {
        while (!step.done) step = it.next(run(step.value));
      } catch (err) {
        if (key === undefined || !isUniqueViolation(err)) throw err;
        // The order row met the key of an order already placed: nothing of this one was written.
        const [prior] = run(REPLAY(db, 'one', [userId, key])) as { response: string | null }[];
        if (prior === undefined) throw err;
        if (prior.response === null) return { value: { kind: 'replay-later' }, keep: false };
        return { value: { kind: 'replayed', body: prior.response }, keep: false };
      }
      return { value: step.value as RunOutcome, keep: step.value.kind === 'placed' };
    },
  );
  if (outcome.kind !== 'replay-later') return outcome;
  const body = key === undefined ? undefined : await findReplay(db, userId, key);
  if (body === undefined) throw new Error('the order of a repeated Idempotency-Key was not found');
  return { kind: 'replayed', body };
}

/**
 * Runs an order's `steps` in ONE transaction, or writes nothing. On SQLite opened by
 * `openDb` the transaction is shared with the other orders of the same moment (a group
 * commit, each in its own savepoint); elsewhere it is a transaction of its own, retried
 * on a deadlock. A key already used by `userId` answers that order's answer (`replayed`).
 */
export function runOrder(
  db: Kysely<Database>,
  userId: number,
  key: string | undefined,
  steps: OrderSteps,
): Promise<RunOutcome> {
  const sqlite = sqliteOf(db);
  return sqlite === undefined
    ? placeOrderInTransaction(db, userId, key, steps)
    : placeOrderSqlite(db, sqlite, userId, key, steps);
}
