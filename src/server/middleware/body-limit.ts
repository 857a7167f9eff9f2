import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { UPLOAD_MAX_BYTES } from '../catalogue/content-images.ts';
import { FEED_MAX_BYTES, IMPORT_MAX_BYTES } from '../catalogue/import-limits.ts';
import { type HeldBody, holdBody, tooLargeMessage } from '../http/body.ts';

const KiB = 1024;
const MiB = 1024 * KiB;

/** One row of the limits table: the API paths it covers (lower-cased, as routed) and their largest body. */
export interface BodyLimitRule {
  pattern: RegExp;
  bytes: number;
  /** What the route takes, for the 413's message. */
  what: string;
  /**
   * The limit is only for callers the route admits (staff, a feed key): the body is
   * not read before the route has checked who sends it, and then only through
   * `heldBodyStream` (`http/body.ts`). A caller it refuses never has it read.
   */
  afterCaller?: true;
}

/**
 * The largest request body of each API call. Sign-in and account calls carry a
 * few short fields; catalogue edits carry HTML content (up to 100 KB, more once
 * escaped in JSON) and a CustomOrder of up to 5,000 ids; uploads an image of up
 * to 2 MB in multipart framing; catalogue imports a whole CSV or XLSX file, and feeds
 * many lines: those two only for the staff or the feed key the route admits
 * (`afterCaller`). The first matching row wins; the last is the default for
 * every other call.
 */
export const BODY_LIMITS: readonly BodyLimitRule[] = [
  { pattern: /^\/token$/, bytes: 4 * KiB, what: 'a sign-in' },
  { pattern: /^\/accountapi\//, bytes: 4 * KiB, what: 'an account confirmation' },
  { pattern: /^\/api\/account\//, bytes: 16 * KiB, what: 'an account form' },
  { pattern: /^\/api\/content\/upload$/, bytes: UPLOAD_MAX_BYTES + 64 * KiB, what: 'an image upload (2 MB)' },
  {
    pattern: /^\/api\/(category|store|storedb|section|item|publisher|book)\/(create|edit|reorder)(\/|$)/,
    bytes: 1 * MiB,
    what: 'a catalogue edit with its HTML content',
  },
  { pattern: /^\/api\/cart\//, bytes: 256 * KiB, what: 'a cart of up to 200 lines' },
  {
    pattern: /^\/api\/catalogue\/import$/,
    bytes: IMPORT_MAX_BYTES + 64 * KiB,
    what: 'a catalogue file (200 MB)',
    afterCaller: true,
  },
  { pattern: /^\/api\/feed\/stock$/, bytes: FEED_MAX_BYTES, what: 'a stock and price feed (16 MB)', afterCaller: true },
  { pattern: /^/, bytes: 64 * KiB, what: 'this call' },
];

/** The limit for one (routing, lower-cased) path. */
export function bodyLimitFor(path: string): BodyLimitRule {
  return BODY_LIMITS.find((r) => r.pattern.test(path)) ?? (BODY_LIMITS.at(-1) as BodyLimitRule);
}

/**
 * A body announced this much beyond its limit is still read and thrown away
 * after the 413, so the client's keep-alive connection stays usable; a larger
 * one is answered with `Connection: close` instead of being read.
 */
export const DRAIN_MAX_BYTES = 4 * MiB;
/** How long a closing connection keeps reading (and discarding) what the client still sends. */
export const LINGER_MS = 5000;

interface NodeBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

/**
 * The Node request behind the answer, when there is one: `app.request()` has none, and
 * tests that only name a peer address (for `getConnInfo`) pass an object that is no stream.
 */
function nodeRequest(env: NodeBindings): IncomingMessage | undefined {
  const incoming = env.incoming;
  return typeof incoming?.resume === 'function' ? incoming : undefined;
}

/**
 * Closes the connection after the 413 without resetting it: Node would close
 * the socket as soon as the answer is written, and closing a socket with unread
 * data makes the kernel send a reset that can destroy the answer before the
 * client reads it. So the socket only half-closes (FIN after the answer) and
 * keeps discarding what arrives until the client closes its side, or
 * `LINGER_MS` pass.
 */
function lingerOnClose(env: NodeBindings): void {
  const incoming = nodeRequest(env);
  const socket = incoming?.socket as (Socket & { destroySoon?: () => void }) | undefined;
  if (incoming === undefined || socket === undefined || socket.destroyed) return;
  // Whatever was reading the body (a web stream over it) stops; the rest is discarded.
  incoming.removeAllListeners('data');
  incoming.on('data', () => {});
  incoming.on('error', () => {});
  incoming.resume();
  socket.destroySoon = () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    socket.on('error', () => socket.destroy());
    socket.end();
    socket.resume();
  };
}

/** The 413, as JSON with a `Message` (the contract's error shape), closing the connection when it must. */
function tooLarge(c: Context, rule: BodyLimitRule, announced: number | undefined, close: boolean): Response {
  const message = tooLargeMessage(rule.what, rule.bytes, announced);
  const headers: Record<string, string> = {};
  const env = (c.env ?? {}) as NodeBindings;
  if (close) {
    headers.Connection = 'close';
    lingerOnClose(env);
  } else {
    discardRest(env);
  }
  return c.json({ Message: message, Limit: rule.bytes }, 413, headers);
}

/** When something began reading the body, lets the rest flow past so the next request on the connection can follow. */
function discardRest(env: NodeBindings): void {
  const incoming = nodeRequest(env);
  if (incoming === undefined || incoming.listenerCount('data') === 0) return;
  incoming.removeAllListeners('data');
  incoming.on('data', () => {});
  incoming.resume();
}

/**
 * After the route answered a call whose body was held (`afterCaller`) without
 * reading all of it (a refused caller, a 413 part way, any error): what is
 * left is discarded so the connection can serve the next request when it is
 * known to be small, and otherwise the answer says `Connection: close` and the
 * connection closes cleanly (`lingerOnClose`), unread.
 */
function settleHeldBody(c: Context, hold: HeldBody, announced: number | undefined): void {
  if (hold.read === 'all') return;
  const env = (c.env ?? {}) as NodeBindings;
  if (announced !== undefined && announced <= DRAIN_MAX_BYTES) {
    discardRest(env);
    return;
  }
  try {
    c.res.headers.set('Connection', 'close');
  } catch {
    c.res = new Response(c.res.body, c.res);
    c.res.headers.set('Connection', 'close');
  }
  lingerOnClose(env);
}

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every API call's body limit (`BODY_LIMITS`), enforced before the body is
 * buffered: a `Content-Length` above the limit is refused without reading; a
 * chunked body is read up to the limit and refused as soon as it passes it.
 * A body within the limit is handed on as a buffer, so later readers (JSON,
 * forms, the NUL check) never see more than the limit. A call whose limit is
 * for the callers it admits (`afterCaller`) has its body held, unread, for the
 * route to read once it has checked the caller; whatever the route left
 * unread is settled after its answer (`settleHeldBody`).
 */
export function bodyLimit(): MiddlewareHandler {
  return async (c, next) => {
    if (BODYLESS.has(c.req.method)) return next();
    const rule = bodyLimitFor(c.req.path);
    const lengthHeader = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    if (lengthHeader !== undefined && !chunked) {
      const announced = /^\d+$/.test(lengthHeader.trim()) ? Number(lengthHeader.trim()) : Number.NaN;
      if (Number.isNaN(announced)) return c.json({ Message: 'Content-Length must be a whole number.' }, 400);
      if (announced > rule.bytes) return tooLarge(c, rule, announced, announced - rule.bytes > DRAIN_MAX_BYTES);
    }
    if (rule.afterCaller === true) {
      const hold = holdBody(c, rule);
      await next();
      // Without Content-Length or chunked framing an HTTP/1.1 request has no body.
      settleHeldBody(c, hold, chunked ? undefined : Number(lengthHeader ?? 0));
      return;
    }
    // Only now is the body touched: a stream over it would hold it half-read, and Node drains a body
    // nobody reads after the answer, which is what keeps the connection usable after a 413.
    if (c.req.raw.body === null) return next();
    const reader = c.req.raw.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > rule.bytes) {
        reader.releaseLock();
        return tooLarge(c, rule, undefined, true);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  };
}
