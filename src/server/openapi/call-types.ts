/**
 * The shape of one API call's declaration (`calls.ts`), from which the OpenAPI
 * document is built (`document.ts`).
 */
import type { z } from 'zod';

/** Who may make a call: the document's security and its 401/403 answers follow from it. */
export type Access =
  /** Anyone, signed in or not. */
  | 'anyone'
  /** Any signed-in account (`Authorization: Bearer`). */
  | 'user'
  /** A signed-in account, or the setup token `POST /token` hands a staff account under `STAFF_MFA=required`. */
  | 'user-or-setup'
  /** Staff: the Employee role (Admins hold it too). */
  | 'employee'
  /** The Admin role. */
  | 'admin'
  /** A feed key (`Authorization: Bearer aisle_feed_…` or `X-Api-Key`). */
  | 'feed-key';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** One answer of a call: its body (JSON unless `type` says otherwise) and the headers it always carries. */
export interface Answer {
  description: string;
  /** The body's schema; none for an answer without a body (or a file). */
  schema?: z.ZodType;
  /** The body's media type; `application/json` when left out. */
  type?: string;
  /** Media types the call answers instead when asked (a `format` parameter), as files. */
  otherTypes?: readonly string[];
  /** Headers the answer always carries, checked by the API suites. */
  headers?: readonly string[];
}

export interface Param {
  description: string;
  schema: z.ZodType;
  required?: boolean;
}

export interface Call {
  method: Method;
  /** The path as spec §7 and docs/api.md spell it (paths match case-insensitively); parameters as `{name}`, named as the route names them. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  /** Path parameters; each `{name}` of `path` must be here. */
  params?: Record<string, Param>;
  query?: Record<string, Param>;
  /** Request headers the call reads (beyond `Authorization`). */
  headers?: Record<string, Param>;
  body?: { type: string; schema: z.ZodType; required?: boolean; description?: string };
  /** Success answers by status. */
  answers: Record<number, Answer>;
  /** Error statuses beyond the ones every call of its kind may answer (see `document.ts`). */
  errors?: readonly number[];
}
