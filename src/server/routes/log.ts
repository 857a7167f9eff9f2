import { type Context, Hono } from 'hono';
import { type SqlBool, sql } from 'kysely';
import type { AuditEntryDto } from '../../lib/domain/schemas.ts';
import type { AppDeps } from '../app.ts';
import { type AuthEnv, requireRole } from '../auth/middleware.ts';
import { containsText } from '../db/query.ts';
import type { AuditEntry } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { isoTimeQuery, pagedJson, parsePaging } from '../http.ts';

function detailOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Not JSON: answered as text below.
  }
  return { text };
}

export function toAuditEntryDto(row: AuditEntry): AuditEntryDto {
  return {
    LogID: row.id,
    At: row.at,
    ActorID: row.actor_id,
    ActorEmail: row.actor_email,
    Action: row.action,
    Target: row.target,
    Detail: detailOf(row.detail),
    Address: row.ip,
  };
}

const sortable = {
  LogID: 'id',
  At: 'at',
  ActorEmail: 'actor_email',
  Action: 'action',
  Target: 'target',
  Address: 'ip',
} as const;

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
    const paging = parsePaging(c, sortable, { column: 'at', direction: 'desc' });
    const action = textQuery(c, 'action', 100).toLowerCase();
    const actor = textQuery(c, 'actor', 254).toLowerCase();
    const from = isoTimeQuery(c, 'from');
    const to = endOfRange(c);
    if (from !== undefined && to !== undefined && to <= from) {
      throw AppError.invalidField('to', 'must be later than from');
    }
    let query = db.selectFrom('audit_log');
    if (action !== '') {
      // `category.` matches every category action; a full name matches itself.
      const prefix = `${action.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      query = action.endsWith('.')
        ? query.where(sql<SqlBool>`lower(action) like ${prefix} escape '\\'`)
        : query.where(sql<SqlBool>`lower(action) = ${action}`);
    }
    if (actor !== '') query = query.where(containsText('actor_email', actor));
    if (from !== undefined) query = query.where('at', '>=', from);
    if (to !== undefined) query = query.where('at', '<', to);
    if (paging.filter !== '') {
      const f = paging.filter;
      query = query.where((eb) =>
        eb.or([
          containsText('action', f),
          containsText('target', f),
          containsText('actor_email', f),
          containsText('detail', f),
          containsText('ip', f),
        ]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(paging.sort.column, paging.sort.direction)
        .orderBy('id', paging.sort.direction)
        .limit(paging.limit)
        .offset(paging.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return pagedJson(c, rows.map(toAuditEntryDto), Number(count.n), paging);
  });
}
