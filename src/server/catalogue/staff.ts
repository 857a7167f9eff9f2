import type { Context } from 'hono';
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  type FormSpec,
  type FormValues,
  pickFields,
  validateForm,
  validatePatch,
} from '../../lib/domain/form-validation.ts';
import { writeAudit } from '../audit.ts';
import { type AuthEnv, addressOf, clockOf } from '../auth/middleware.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors.ts';
import type { Database } from '../db/schema.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { assertValid } from '../http/input.ts';

/** Who is making a staff change, from where and when: what the audit log records. */
export interface StaffAct {
  actorId: number;
  actorEmail: string;
  ip: string;
  /** The time of the change, ISO text: every row it touches gets it. */
  at: string;
  /** The site's public origin, for links in mail a change sends (back-in-stock alerts). */
  siteUrl?: string | undefined;
}

/** The signed-in staff member behind a request (routes run `requireRole` first). */
export function staffAct(c: Context<AuthEnv>, deps: AppDeps): StaffAct {
  const account = c.get('account');
  return {
    actorId: account.id,
    actorEmail: account.email,
    ip: addressOf(c, deps),
    at: clockOf(deps).toISOString(),
    siteUrl: siteUrlOf(deps),
  };
}

/** Appends the audit entry of a staff change, inside the change's transaction. */
export function auditStaff(
  db: Kysely<Database>,
  act: StaffAct,
  action: string,
  target: string,
  detail: Record<string, unknown>,
): Promise<void> {
  return writeAudit(db, { ...act, action, target, detail });
}

/**
 * Runs a staff write in one transaction. A row it refers to that another
 * writer deleted meanwhile (a foreign key the checks saw satisfied), or a row it
 * inserts that another writer inserted meanwhile (a key the checks saw free), is
 * answered 409, not 500: the change can simply be tried again.
 */
export async function inTransaction<T>(
  db: Kysely<Database>,
  fn: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction().execute(fn);
  } catch (err) {
    if (isForeignKeyViolation(err) || isUniqueViolation(err)) {
      throw AppError.conflict(
        'Someone changed the rows this change refers to at the same time, so nothing was saved. Reload and try again.',
      );
    }
    throw err;
  }
}

/** A whole form (create, PUT) from a request body, or a 400 naming every field that breaks a rule. */
export function parseForm<S extends z.ZodRawShape>(spec: FormSpec<S>, body: Record<string, unknown>): FormValues<S> {
  const result = validateForm(spec, body);
  if (!result.ok) assertValid(result.errors);
  return (result as { ok: true; value: FormValues<S> }).value;
}

/** The fields a PATCH changes, checked against `current`, or a 400 naming every field that breaks a rule. */
export function parsePatch<S extends z.ZodRawShape>(
  spec: FormSpec<S>,
  body: Record<string, unknown>,
  current: FormValues<S>,
): Partial<FormValues<S>> {
  const result = validatePatch(spec, body, current);
  if (!result.ok) assertValid(result.errors);
  return (result as { ok: true; value: Partial<FormValues<S>> }).value;
}

/** Whether an Edit is a PUT (replace: left-out fields take their defaults) or a PATCH (change what is sent). */
export type EditMode = 'put' | 'patch';

/**
 * An Edit's body may repeat the row's id (as ASP.NET clients send it); when it
 * does, it must be the id in the path.
 */
export function assertBodyId(body: Record<string, unknown>, field: string, pathId: number): void {
  const value = pickFields(body, [field])[field];
  if (value === undefined || value === null || value === '') return;
  if (Number(value) !== pathId) throw AppError.invalidField(field, `must equal the id in the path (${pathId})`);
}

/**
 * A field that names the row's parent and cannot change after creation: a PUT
 * or PATCH may repeat it, but only with the current value.
 */
export function assertUnchanged(body: Record<string, unknown>, field: string, current: number, why: string): void {
  const value = pickFields(body, [field])[field];
  if (value === undefined || value === null) return;
  if (Number(value) !== current) throw AppError.invalidField(field, `cannot change (it is ${current}): ${why}`);
}

/** Names a few rows for a message: `Apple, Banana and 3 more`. */
export function nameSome(names: readonly string[], total: number, shown = 5): string {
  const listed = names.slice(0, shown);
  const more = total - listed.length;
  return more > 0 ? `${listed.join(', ')} and ${more} more` : listed.join(', ');
}

/** `1 store`, `2 stores`. */
export function countOf(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The 409 of a delete refused because other rows refer to the target:
 * `Message` says what refers to it, `References` counts each kind.
 */
export function referencedConflict(message: string, references: Record<string, number>): AppError {
  return new AppError(409, 'conflict', message, { extra: { References: references } });
}

/** What changed between two wire shapes, for the audit log; long text is summarised by its length. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, { from: unknown; to: unknown }> {
  const summary = (v: unknown) => (typeof v === 'string' && v.length > 200 ? `(${v.length} characters)` : v);
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key];
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from: summary(from), to: summary(to) };
  }
  return out;
}
