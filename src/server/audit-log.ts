import { type Kysely, type SqlBool, sql } from 'kysely';
import { auditChanges } from '../lib/domain/audit-detail.ts';
import { auditPhrase } from '../lib/domain/audit-words.ts';
import type { AuditEntryDto } from '../lib/domain/staff-dtos.ts';
import { resolveTargets, type TargetInfo } from './audit-targets.ts';
import { type ListQuery, paginate } from './db/paginate.ts';
import { containsText } from './db/query.ts';
import type { AuditEntry, Database } from './db/schema.ts';

/**
 * Reading the audit log (`/api/Log`); `audit.ts` writes it. Kept apart so a
 * route may read the log without reaching the writer, which only use cases call.
 */

function detailOf(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Not JSON: answered as text below.
  }
  return { text };
}

/** Wire shape of an audit entry, with its target's name and page (`audit-targets.ts`) and its detail in words. */
export function toAuditEntryDto(row: AuditEntry, target: TargetInfo): AuditEntryDto {
  const detail = detailOf(row.detail);
  const phrase = auditPhrase(row.action, row.target, target.name, detail);
  return {
    LogID: row.id,
    At: row.at,
    ActorID: row.actor_id,
    ActorEmail: row.actor_email,
    Action: row.action,
    Target: row.target,
    Detail: detail,
    Address: row.ip,
    TargetName: target.name,
    TargetLink: target.link,
    Summary: `${phrase.lead}${phrase.name}${phrase.tail}`,
    Changes: auditChanges(detail),
  };
}

/** The fields the audit log sorts by (`sort=`), and their columns. */
export const AUDIT_SORTABLE = {
  LogID: 'id',
  At: 'at',
  ActorEmail: 'actor_email',
  Action: 'action',
  Target: 'target',
  Address: 'ip',
} as const;

export type AuditSortColumn = (typeof AUDIT_SORTABLE)[keyof typeof AUDIT_SORTABLE];

export interface AuditFilters {
  /** Lower-cased; `category.` matches every category action, a full name itself. */
  action: string;
  /** Lower-cased text the actor's e-mail contains. */
  actor: string;
  /** From this stored time on. */
  from?: string | undefined;
  /** Before this stored time. */
  to?: string | undefined;
}

/** One page of the audit log with the total; `list.filter` matches action, target, actor, detail or address. */
export async function readAuditPage(
  db: Kysely<Database>,
  filters: AuditFilters,
  list: ListQuery<AuditSortColumn>,
): Promise<{ entries: AuditEntryDto[]; total: number }> {
  const { action, actor, from, to } = filters;
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
  if (list.filter !== '') {
    const f = list.filter;
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
  const { rows, total } = await paginate(query, list, (q) =>
    q.selectAll().orderBy(list.sort.column, list.sort.direction).orderBy('id', list.sort.direction),
  );
  const targets = await resolveTargets(db, rows);
  return { entries: rows.map((r) => toAuditEntryDto(r, targets.get(r.id) ?? { name: null, link: null })), total };
}
