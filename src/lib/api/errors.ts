/**
 * Service errors as spec §8 describes them: every failed call becomes an error
 * whose text is `Error Code: {status}` and `Message: {message}`.
 */
export class ServiceError extends Error {
  readonly status: number;
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string, opts?: { cause?: unknown }) {
    super(`Error Code: ${status}\nMessage: ${serverMessage}`, opts);
    this.name = 'ServiceError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

interface FetchFailure {
  status?: number;
  statusCode?: number;
  message: string;
  data?: unknown;
}

/** The server's `Message` (or OAuth `error_description`), else the client-side error message. */
export function messageOf(err: FetchFailure): string {
  const data = err.data;
  if (typeof data === 'object' && data !== null) {
    const d = data as { Message?: unknown; error_description?: unknown };
    if (typeof d.Message === 'string') return d.Message;
    if (typeof d.error_description === 'string') return d.error_description;
  }
  if (typeof data === 'string' && data !== '') return data;
  return err.message;
}

/** Maps a failure to a ServiceError and logs it to the console (spec §8); the caller rethrows. */
export function toServiceError(err: unknown): ServiceError {
  if (err instanceof ServiceError) return err;
  const f = err as FetchFailure;
  const status = f.status ?? f.statusCode ?? 0;
  const mapped = new ServiceError(status, messageOf(f), { cause: err });
  console.error(mapped.message);
  return mapped;
}

/**
 * What a person is told when a call fails: the server's own words where it gave a
 * human reason (bad input, conflicts, throttling, sign-in refusals), passed through
 * `label` (the forms name fields by their labels), and a plain explanation otherwise.
 * The technical `Error Code` / `Message` text stays in the console (spec §8).
 */
export function plainMessage(err: unknown, label: (message: string) => string = (m) => m): string {
  if (!(err instanceof ServiceError)) {
    return 'Something went wrong in this page. Reload it and try again.';
  }
  const { status, serverMessage } = err;
  if (status === 0) return 'We could not reach the shop. Check your internet connection and try again.';
  if (status === 401) return 'Your sign-in has ended. Please sign in again.';
  if (status === 403) return 'Your account is not allowed to do this.';
  if (status >= 500) return 'The shop could not complete this just now. Please try again in a minute.';
  return serverMessage === '' ? `The shop refused this request (status ${status}).` : label(serverMessage);
}
