import { type Context, Hono } from 'hono';
import { AUDIT_SORTABLE, readAuditPage } from '../audit-log.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../errors.ts';
import { isoTimeQuery } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';

/** A query parameter's text, its name matched case-insensitively. */
function textQuery(c: Context, name: string, max: number): string {
  const lower = name.toLowerCase();
  const entry = Object.entries(c.req.query()).find(([key]) => key.toLowerCase() === lower);
  const value = (entry?.[1] ?? '').trim();
  if (value.length > max) throw AppError.invalidField(name, `must be at most ${max} characters`);
  return value;
}

/** `to=2026-01-31` (a bare date) means up to the end of that day. */
function endOfRange(c: Context): string | undefined {
  const to = isoTimeQuery(c, 'to');
  if (to === undefined) return undefined;
  const bareDate = /^\d{4}-\d{2}-\d{2}$/.test(textQuery(c, 'to', 100));
  return bareDate ? new Date(Date.parse(to) + 86_400_000).toISOString() : to;
}

/** `/api/Log`: the audit log, for admins. */
export function logRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  return new Hono<AuthEnv>().get('/readall', requireRole(deps, 'Admin'), async (c) => {
    const paging = parsePaging(c, AUDIT_SORTABLE, { column: 'at', direction: 'desc' });
    const action = textQuery(c, 'action', 100).toLowerCase();
    const actor = textQuery(c, 'actor', 254).toLowerCase();
    const from = isoTimeQuery(c, 'from');
    const to = endOfRange(c);
    if (from !== undefined && to !== undefined && to <= from) {
      throw AppError.invalidField('to', 'must be later than from');
    }
    const { entries, total } = await readAuditPage(db, { action, actor, from, to }, paging);
    return pagedJson(c, entries, total, paging);
  });
}
