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
