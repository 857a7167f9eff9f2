import type { IncomingMessage } from 'node:http';
import { verifyToken } from './auth/tokens.ts';
import type { AppDeps } from './deps.ts';
import { siteUrlOf } from './deps.ts';
import type { FastPath } from './fast-reads.ts';
import { field, parseJsonBody } from './http/input.ts';
import { SLOW_REQUEST_MS } from './logger.ts';
import type { MailQueue } from './mail-queue.ts';
import { bodyLimitFor } from './middleware/body-limit.ts';
import { keptLines, MAX_IDEMPOTENCY_KEY_LENGTH, parseCartBody } from './orders/cart-input.ts';
import { parseDeliveryBody } from './orders/delivery-input.ts';
import { placeOrderFor } from './orders/place-order.ts';
import { API_SECURITY_HEADERS, personalAnswerHeaders } from './site-headers.ts';

// `POST /api/cart/CreateOrder`, any case, an optional trailing slash, no query string.
const CREATE_ORDER = /^\/api\/cart\/createorder\/?$/i;
const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;
const BODY_MAX = bodyLimitFor('/api/cart/createorder').bytes;
/** The pattern of the route this path stands in for (`routes/cart.ts`), for the metrics' `route` label. */
export const CREATE_ORDER_ROUTE = '/api/cart/createorder';

/** A request whose body was read here: @hono/node-server builds the Request's body from `rawBody`. */
type ReadRequest = IncomingMessage & { rawBody?: Buffer };

/** Headers in the order and case the adapter writes the route's answer: Headers' names, sorted and lower-cased. */
function routeHeaders(extra: Record<string, string>): Record<string, string> {
  const named: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
  const headers = { ...API_SECURITY_HEADERS, ...personalAnswerHeaders('/api/cart/createorder'), ...extra };
  for (const [name, value] of Object.entries(headers)) named[name.toLowerCase()] = value;
  return Object.fromEntries(Object.entries(named).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * `POST /api/cart/CreateOrder` answered below the framework when the order is placed
 * (201) or replayed for a repeated `Idempotency-Key` (201, `Idempotent-Replayed`):
 * the same status, headers, body and request log line as the route in
 * `routes/cart.ts`, without a Request, a Context, a Response, the body read through
 * web streams twice (body limit, NUL guard) and the account, key, address and item
 * look-ups as queries of their own before the transaction. Here the token is verified
 * as `authenticate` does, and the account check (exists, confirmed, same security
 * stamp) and My Address are the first statement of the order's transaction
 * (`placeOrderFor`); on SQLite the order joins the group commit.
 *
 * Everything else goes to the route, with the body already read handed over
 * (`rawBody`): no or a malformed token, a body the route would refuse (too large,
 * chunked, not JSON, nested too deep, a NUL, a field breaking a rule, an empty cart), an account or
 * address that does not pass, a short or unknown item, a line over its store's limit,
 * an account with as many open orders as it may have, any failure. Nothing has been
 * written then (the order's transaction rolled back), so the route answers it from the
 * start with its own errors, as if it had been sent to it. The body passes the same
 * `parseJsonBody` as the route's (nesting depth before parsing, then NUL characters). `tests/api/fast-orders.test.ts`
 * holds the two answers side by side.
 */
export function fastOrders(deps: AppDeps & { mailQueue: MailQueue }): FastPath {
  const { db, log, metrics } = deps;
  const placedHeaders = routeHeaders({});
  const replayedHeaders = routeHeaders({ 'Idempotent-Replayed': 'true' });
  return (req, res, fallback) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    if (!CREATE_ORDER.test(url)) return false;
    const length = req.headers['content-length'];
    if (length === undefined || req.headers['transfer-encoding'] !== undefined) return false;
    if (!/^\d{1,9}$/.test(length) || Number(length) > BODY_MAX) return false;
    if (!(req.headers['content-type'] ?? '').toLowerCase().includes('json')) return false;
    const token = BEARER.exec(req.headers.authorization ?? '')?.[1];
    if (token === undefined) return false;
    const rawKey = req.headers['idempotency-key'];
    const key = typeof rawKey === 'string' ? rawKey.trim() : undefined;
    if (key !== undefined && (key === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)) return false;

    const started = performance.now();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
    });
    req.on('end', () => {
      const raw = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size);
      const toRoute = () => {
        (req as ReadRequest).rawBody = raw;
        fallback();
      };
      const answer = (body: string, headers: Record<string, string>) => {
        res.writeHead(201, { ...headers, 'Content-Length': Buffer.byteLength(body) });
        res.end(body);
        const elapsed = performance.now() - started;
        const ms = Math.round(elapsed * 10) / 10;
        metrics?.request('POST', CREATE_ORDER_ROUTE, 201, elapsed / 1000);
        const path = (url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url).toLowerCase();
        log({ level: ms >= SLOW_REQUEST_MS ? 'warn' : 'info', msg: 'request', method: 'POST', path, status: 201, ms });
      };
      order(raw, token, key)
        .then(
          (outcome) => {
            if (outcome === undefined) return toRoute();
            if (outcome.kind === 'placed') {
              metrics?.orderPlaced();
              void deps.mailQueue.kick();
              return answer(outcome.body, placedHeaders);
            }
            metrics?.orderReplayed();
            return answer(outcome.body, replayedHeaders);
          },
          () => toRoute(),
        )
        .catch((err: unknown) => {
          // Writing the answer failed (the connection is gone): logged, never an unhandled rejection.
          log({ level: 'error', msg: 'request failed', method: 'POST', path: url, error: String(err) });
          res.destroy();
        });
    });
    return true;
  };

  /** The order placed or replayed, or undefined for the route to answer. */
  async function order(
    raw: Buffer,
    token: string,
    key: string | undefined,
  ): Promise<{ kind: 'placed' | 'replayed'; body: string } | undefined> {
    // The route's own door (too deep, not JSON, a NUL): anything it refuses, the route answers.
    const parsed = parseJsonBody(raw.toString('utf8'));
    if (parsed.kind !== 'ok') return undefined;
    const body = parsed.value;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
    const now = deps.now?.() ?? new Date();
    const verified = await verifyToken(deps.jwtSecret, token, now);
    if (!verified.ok) return undefined;
    const fields = body as Record<string, unknown>;
    const lines = keptLines(parseCartBody(fields));
    if (lines.length === 0) return undefined;
    const posted = parseDeliveryBody(fields);
    const saveRaw = field(fields, 'SaveAddress');
    if (saveRaw !== undefined && saveRaw !== null && typeof saveRaw !== 'boolean') return undefined;
    const outcome = await placeOrderFor(
      db,
      {
        userId: verified.userId,
        securityStamp: verified.securityStamp,
        posted,
        saveAsMyAddress: saveRaw === true && posted !== undefined,
        siteUrl: siteUrlOf(deps),
      },
      lines,
      key,
      now.toISOString(),
      deps.openOrdersMax,
    );
    return outcome.kind === 'placed' || outcome.kind === 'replayed' ? outcome : undefined;
  }
}
