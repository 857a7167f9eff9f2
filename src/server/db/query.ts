import { type Expression, type SqlBool, sql } from 'kysely';
import { likePattern } from '../http.ts';

/** Case-insensitive "contains" on one text column, the same on SQLite and PostgreSQL. */
export function containsText(column: string, filter: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(filter)} escape '\\'`;
}

/** The current time as stored: ISO-8601 UTC text. */
export function nowIso(): string {
  return new Date().toISOString();
}
