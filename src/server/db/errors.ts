/** True for the unique-constraint violation of either engine. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { code?: unknown; message?: unknown; errcode?: unknown };
  if (e.code === '23505') return true;
  return typeof e.message === 'string' && /UNIQUE constraint failed/i.test(e.message);
}
