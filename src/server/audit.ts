import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

/** One audit record: who did what to which target, from where. */
export interface AuditInput {
  /** The acting account's id; null when nobody is signed in (a failed sign-in, a registration). */
  actorId: number | null;
  /** The acting account's e-mail, or what an anonymous caller typed. */
  actorEmail: string;
  /** Stable dotted name, such as `signin.failed` or `role.added`. */
  action: string;
  /** What was acted on, such as `user:12`. */
  target?: string;
  /** Whatever is needed to understand the action later. Never passwords, codes or tokens. */
  detail?: Record<string, unknown>;
  /** The client's address as the API saw it. */
  ip?: string;
  /** ISO time; defaults to now. */
  at?: string;
}

// Keys whose values must never reach the log, whatever a caller passes in `detail`.
const SECRET_KEY = /pass|code|token|secret|hash|stamp/i;

function scrub(detail: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(detail)) out[k] = SECRET_KEY.test(k) ? '[redacted]' : v;
  return out;
}

/**
 * Appends one entry to `audit_log`. Takes the database or a transaction, so an
 * entry can commit together with the change it records.
 */
export async function writeAudit(db: Kysely<Database>, entry: AuditInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      at: entry.at ?? new Date().toISOString(),
      actor_id: entry.actorId,
      actor_email: entry.actorEmail.slice(0, 254),
      action: entry.action,
      target: entry.target ?? '',
      detail: JSON.stringify(scrub(entry.detail ?? {})),
      ip: (entry.ip ?? '').slice(0, 100),
    })
    .execute();
}
