import type { Context } from 'hono';
import { AppError } from '../errors.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/** `n` bytes as a 413 says them: `64 KB`, `16 MB`, `200.1 MB`. */
export function formatBytes(n: number): string {
  return n >= MiB ? `${(n / MiB).toFixed(n % MiB === 0 ? 0 : 1)} MB` : `${Math.ceil(n / KiB)} KB`;
}

/** The 413's `Message`: what was sent (when announced), what the call takes and its limit. */
export function tooLargeMessage(what: string, bytes: number, announced?: number): string {
  const size = announced === undefined ? 'The request body' : `The request body (${formatBytes(announced)})`;
  return `${size} is too large: ${what} may send at most ${formatBytes(bytes)}.`;
}

/**
 * A body left unread until the route has checked who sends it: how much such a
 * caller may send (`bytes`, described by `what` for the 413) and how far it has
 * been read.
 */
export interface HeldBody {
  bytes: number;
  what: string;
  read: 'none' | 'started' | 'all';
}

const held = new WeakMap<Context, HeldBody>();

/** Marks this request's body as held: nothing reads it before the route calls `heldBodyStream` or `readHeldText`. */
export function holdBody(c: Context, limit: { bytes: number; what: string }): HeldBody {
  const body: HeldBody = { bytes: limit.bytes, what: limit.what, read: 'none' };
  held.set(c, body);
  return body;
}

/** The held body of this request, if `holdBody` held it. */
export function heldBody(c: Context): HeldBody | undefined {
  return held.get(c);
}

/**
 * The body of a request whose caller the route has checked, as a stream that
 * fails with a 413 `AppError` as soon as it passes the call's limit. Only a
 * route calls this, after its role or key check: the call's large limit is for
 * those callers alone. A body that was not held (it was bounded and buffered
 * before the route) is handed on as it is.
 */
export function heldBodyStream(c: Context): ReadableStream<Uint8Array> {
  const body = c.req.raw.body ?? new ReadableStream<Uint8Array>({ start: (ctl) => ctl.close() });
  const hold = held.get(c);
  if (hold === undefined) return body;
  hold.read = 'started';
  // Read by hand rather than piped: a pipe would cancel the request's stream on the 413, and
  // cancelling it destroys the socket before the answer is written. Unread, the rest is left
  // to `bodyLimit`, which discards it or closes the connection cleanly.
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        hold.read = 'all';
        controller.close();
        return;
      }
      size += value.byteLength;
      if (size > hold.bytes) {
        reader.releaseLock();
        controller.error(
          new AppError(413, 'too_large', tooLargeMessage(hold.what, hold.bytes), { extra: { Limit: hold.bytes } }),
        );
        return;
      }
      controller.enqueue(value);
    },
    cancel() {
      reader.releaseLock();
    },
  });
}

/** The whole held body as UTF-8 text (see `heldBodyStream`); a 413 past the call's limit. */
export async function readHeldText(c: Context): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of heldBodyStream(c)) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return Buffer.concat(chunks, size).toString('utf8');
}
