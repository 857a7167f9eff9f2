import type { IncomingMessage, ServerResponse } from 'node:http';
import { readId } from '../lib/domain/ids.ts';
import { apiPathOf, noteRequest, writtenAnswerHeaders } from './api-answer.ts';
import { findItem, toItemDto } from './catalogue/items.ts';
import type { AppDeps } from './deps.ts';

/**
 * Answers a request below the framework when it can, returning true; returns false
 * to leave the request to the API (Hono through @hono/node-server). `fallback` hands
 * an accepted request back to the API after all (an unknown item, an error), which
 * then answers it as it answers every request: the request is a GET without a body,
 * so nothing of it has been read.
 */
export type FastPath = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => boolean;

/** The first of `paths` that takes the request answers it. */
export function firstFastPath(...paths: readonly FastPath[]): FastPath {
  return (req, res, fallback) => paths.some((path) => path(req, res, fallback));
}

// `GET /api/Item/Read/{ItemID}/{DbID}`, the read behind every item page and stepper,
// with no query string (a query goes the whole way, through the NUL guard).
const ITEM_READ = /^\/api\/item\/read\/(\d{1,10})\/(\d{1,10})\/?$/i;
/** The pattern of the route this path stands in for (`routes/item.ts`), for the metrics' `route` label. */
export const ITEM_READ_ROUTE = '/api/item/read/:id/:dbId';

/**
 * The hot public reads answered straight from the compiled query: the same status,
 * headers (the API's security headers, `Content-Type: application/json`), body bytes
 * and request log line as the route, without building a Request, a Context, a Response
 * and Headers objects for each. Only what the route would answer 200 is answered here;
 * anything else (a malformed or unknown id, a body, a query string, HEAD, a failure)
 * goes to the API and its error rules. `tests/api/fast-reads.test.ts` holds the two
 * answers side by side.
 */
export function fastReads(deps: Pick<AppDeps, 'db' | 'log' | 'metrics'>): FastPath {
  const { db } = deps;
  const headers = writtenAnswerHeaders(ITEM_READ_ROUTE, { 'Content-Type': 'application/json' });
  return (req, res, fallback) => {
    if (req.method !== 'GET') return false;
    const url = req.url ?? '';
    const m = ITEM_READ.exec(url);
    if (m === null) return false;
    if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) return false;
    const id = readId(m[1]);
    const dbId = readId(m[2]);
    if (id.kind !== 'ok' || dbId.kind !== 'ok') return false;
    const started = performance.now();
    findItem(db, id.id, dbId.id).then(
      (row) => {
        if (row === undefined) return fallback();
        const body = JSON.stringify(toItemDto(row));
        res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(body) });
        res.end(body);
        noteRequest(deps, { method: 'GET', route: ITEM_READ_ROUTE, path: apiPathOf(url), status: 200, started });
      },
      () => fallback(),
    );
    return true;
  };
}
