import type { IncomingMessage } from 'node:http';
import { apiPathOf, noteRequest, writtenAnswerHeaders } from './api-answer.ts';
import { verifyToken } from './auth/tokens.ts';
import type { AppDeps } from './deps.ts';
import type { FastPath } from './fast-reads.ts';
import { parseJsonBody } from './http/input.ts';
import type { MailQueue } from './mail-queue.ts';
import { bodyLimitFor } from './middleware/body-limit.ts';
import { parseIdempotencyKey } from './orders/cart-input.ts';
import { decideOrder, type OrderDecision } from './orders/place-order.ts';

// `POST /api/cart/CreateOrder`, any case, an optional trailing slash, no query string.
const CREATE_ORDER = /^\/api\/cart\/createorder\/?$/i;
const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;
const BODY_MAX = bodyLimitFor('/api/cart/createorder').bytes;
/** The pattern of the route this path stands in for (`routes/cart.ts`), for the metrics' `route` label. */
export const CREATE_ORDER_ROUTE = '/api/cart/createorder';

/** A request whose body was read here: @hono/node-server builds the Request's body from `rawBody`. */
type ReadRequest = IncomingMessage & { rawBody?: Buffer };

/**
 * `POST /api/cart/CreateOrder` answered below the framework when the order is placed
 * (201) or replayed for a repeated `Idempotency-Key` (201, `Idempotent-Replayed`):
 * the same status, headers, body and request log line as the route in
 * `routes/cart.ts`, without a Request, a Context, a Response, the body read through
 * web streams twice (body limit, NUL guard) and the account, key, address and item
 * look-ups as queries of their own before the transaction. Here the token is verified
 * as `authenticate` does, and the account check (exists, confirmed, same security
 * stamp) and My Address are the first statement of the order's transaction; the order
 * itself is `decideOrder`'s, the one entry the route calls too (`orders/place-order.ts`),
 * and the headers and log line are `api-answer.ts`'s. On SQLite the order joins the group commit.
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
  const written = new Map<Readonly<Record<string, string>>, Record<string, string>>();
  /** The route's answer headers with the order's own (`OrderDecision.headers`), made once for each kind of answer. */
  const headersOf = (own: Readonly<Record<string, string>>) => {
    let headers = written.get(own);
    if (headers === undefined) {
      headers = writtenAnswerHeaders(CREATE_ORDER_ROUTE, own);
      written.set(own, headers);
    }
    return headers;
  };
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
    if (Array.isArray(rawKey)) return false;
    let key: string | undefined;
    try {
      key = parseIdempotencyKey(rawKey);
    } catch {
      return false;
    }

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
      order(raw, token, key)
        .then(
          (decision) => {
            if (decision.kind === 'handed-on') return toRoute();
            res.writeHead(201, { ...headersOf(decision.headers), 'Content-Length': Buffer.byteLength(decision.body) });
            res.end(decision.body);
            noteRequest(deps, {
              method: 'POST',
              route: CREATE_ORDER_ROUTE,
              path: apiPathOf(url),
              status: 201,
              started,
            });
          },
          () => toRoute(),
        )
        .catch((err: unknown) => {
          // Writing the answer failed (the connection is gone): logged, never an unhandled rejection.
          deps.log({ level: 'error', msg: 'request failed', method: 'POST', path: url, error: String(err) });
          res.destroy();
        });
    });
    return true;
  };

  /** The order as `decideOrder` decides it for a verified token; anything it refuses, the route answers. */
  async function order(raw: Buffer, token: string, key: string | undefined): Promise<OrderDecision> {
    // The route's own door (too deep, not JSON, a NUL): anything it refuses, the route answers.
    const parsed = parseJsonBody(raw.toString('utf8'));
    if (parsed.kind !== 'ok') return { kind: 'handed-on' };
    const body = parsed.value;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return { kind: 'handed-on' };
    const now = deps.now?.() ?? new Date();
    const verified = await verifyToken(deps.jwtSecret, token, now);
    if (!verified.ok) return { kind: 'handed-on' };
    return decideOrder(deps, {
      body: body as Record<string, unknown>,
      key,
      caller: { kind: 'token', userId: verified.userId, securityStamp: verified.securityStamp },
      now,
    });
  }
}
