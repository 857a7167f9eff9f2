import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isConnectionError } from './db/errors.ts';

/** Field name → messages, as ASP.NET's ModelState (the contract's error shape). */
export type ModelState = Record<string, string[]>;

export type ErrorCode =
  | 'bad_request'
  | 'validation'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'too_many_requests'
  | 'unavailable'
  | 'internal';

/**
 * The one error type the API throws on purpose. `message` is for people and is
 * answered as `Message`; `code` is stable for programs.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly modelState: ModelState | undefined;
  readonly headers: Record<string, string>;
  /** More fields of the JSON body, beside `Message` and `ModelState` (a refused order's `Shortages`). */
  readonly extra: Record<string, unknown>;

  constructor(
    status: ContentfulStatusCode,
    code: ErrorCode,
    message: string,
    opts: {
      modelState?: ModelState;
      cause?: unknown;
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'AppError';
    this.status = status;
    this.code = code;
    this.modelState = opts.modelState;
    this.headers = opts.headers ?? {};
    this.extra = opts.extra ?? {};
  }

  static badRequest(message: string, modelState?: ModelState): AppError {
    return modelState === undefined
      ? new AppError(400, 'validation', message)
      : new AppError(400, 'validation', message, { modelState });
  }

  /**
   * The 400 for invalid input: `ModelState` maps each field to its messages, and
   * `Message` is "The request is invalid: " followed by `problems` (by default
   * every message of `modelState`, in order).
   */
  static invalid(modelState: ModelState, problems = Object.values(modelState).flat().join(' ')): AppError {
    return new AppError(400, 'validation', `The request is invalid: ${problems}`, { modelState });
  }

  /** A 400 for one field breaking one rule. */
  static invalidField(field: string, rule: string): AppError {
    return AppError.invalid({ [field]: [`${field} ${rule}.`] });
  }

  static unauthorized(message = 'Authorization has been denied for this request: sign in first.'): AppError {
    return new AppError(401, 'unauthorized', message, { headers: { 'WWW-Authenticate': 'Bearer' } });
  }

  static forbidden(message = 'Your account does not have the role this call needs.'): AppError {
    return new AppError(403, 'forbidden', message);
  }

  static notFound(message: string): AppError {
    return new AppError(404, 'not_found', message);
  }

  /**
   * A 503 for a database that cannot be reached just now (restarting, failing over):
   * the caller should send the same request again after `Retry-After` seconds; an
   * order sent again with the same `Idempotency-Key` is placed once.
   */
  static databaseUnavailable(cause?: unknown): AppError {
    return new AppError(
      503,
      'unavailable',
      `The shop's database is not answering just now (it may be restarting). Send the same request again in ${DATABASE_RETRY_AFTER_SECONDS} seconds; an order sent again with the same Idempotency-Key is placed only once.`,
      { cause, headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) } },
    );
  }

  static conflict(message: string, modelState?: ModelState): AppError {
    return modelState === undefined
      ? new AppError(409, 'conflict', message)
      : new AppError(409, 'conflict', message, { modelState });
  }
}

/** `Retry-After` of the 503 answered while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

export interface ErrorBody {
  Message: string;
  ModelState?: ModelState;
}

/** The single place that turns a thrown error into a response (see `app.onError`). */
export function errorResponse(err: unknown, c: Context, log: (entry: Record<string, unknown>) => void): Response {
  if (err instanceof AppError) {
    const body: ErrorBody & Record<string, unknown> = { ...err.extra, Message: err.message };
    if (err.modelState !== undefined) body.ModelState = err.modelState;
    for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
    return c.json(body, err.status);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed input (for example an unreadable JSON body).
    const status = err.status as ContentfulStatusCode;
    const message = status === 400 ? `The request body could not be read: ${err.message}` : err.message;
    return c.json({ Message: message } satisfies ErrorBody, status);
  }
  if (err instanceof SyntaxError) {
    return c.json({ Message: `The request body is not valid JSON: ${err.message}` } satisfies ErrorBody, 400);
  }
  if (isConnectionError(err)) {
    // Expected while the database restarts or fails over: no stack, the caller retries.
    const e = err as { code?: unknown; message?: unknown };
    log({
      level: 'warn',
      msg: 'database unavailable',
      method: c.req.method,
      path: c.req.path,
      code: typeof e.code === 'string' ? e.code : undefined,
      error: String(e.message ?? err),
    });
    return errorResponse(AppError.databaseUnavailable(err), c, log);
  }
  log({
    level: 'error',
    msg: 'unhandled error',
    method: c.req.method,
    path: c.req.path,
    error: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
  return c.json({ Message: 'An unexpected error occurred on the server. It has been logged; please try again.' }, 500);
}
