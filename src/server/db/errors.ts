/** True for the unique-constraint violation of either engine. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; errcode?: unknown };
  if (e.code === '23505') return true;
  return typeof e.message === 'string' && /UNIQUE constraint failed/i.test(e.message);
}

/** True for the foreign-key violation of either engine: a row referred to was deleted or never existed. */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown };
  return e.code === '23503' || (typeof e.message === 'string' && e.message.includes('FOREIGN KEY constraint failed'));
}

/** PostgreSQL's "deadlock detected": the transaction was rolled back and may simply run again. */
export function isDeadlock(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40P01';
}

// PostgreSQL's SQLSTATEs that mean "this connection, or the server, is unavailable":
// class 08 (connection exception), 57P01 admin_shutdown (a restart or pg_terminate_backend),
// 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down),
// 53300 too_many_connections.
const CONNECTION_STATES = /^(08...|57P0[123]|53300)$/;
// Node's socket errors when the server cannot be reached or drops the connection.
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// node-postgres and pg-pool say these in words, without a code.
const DRIVER_WORDS =
  /^(Connection terminated|Connection terminated unexpectedly|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect|Connection terminated due to connection timeout|Postgres connection has been discarded)$/;

/**
 * True when `err` says the database could not be reached or the connection to it was
 * lost (a restart, a failover, an idle connection closed by the server, a full server,
 * SQLite busy beyond its timeout): the request may succeed if sent again shortly, so
 * the API answers 503 with `Retry-After` instead of 500. Follows `cause` and the
 * errors of an AggregateError (a connection tried at several addresses).
 */
export function isConnectionError(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; errcode?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (CONNECTION_STATES.test(e.code) || SOCKET_CODES.has(e.code))) return true;
  if (typeof e.message === 'string' && DRIVER_WORDS.test(e.message)) return true;
  // node:sqlite: SQLITE_BUSY (5) once `busy_timeout` has passed.
  if (e.errcode === 5 && typeof e.message === 'string' && /database is locked/i.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isConnectionError(inner, depth + 1))) return true;
  return e.cause !== undefined && isConnectionError(e.cause, depth + 1);
}
