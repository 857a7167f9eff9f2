import { Hono } from 'hono';
import { type AuthEnv, addressOf, clockOf, requireRole } from '../auth/middleware.ts';
import { staffAct } from '../catalogue/staff.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import {
  authenticateFeed,
  createFeedClient,
  listFeedClients,
  revokeFeedClient,
  toFeedClientDto,
} from '../feeds/feed-clients.ts';
import { parseFeed } from '../feeds/feed-lines.ts';
import { applyFeed } from '../feeds/stock-feed.ts';
import { readHeldText } from '../http/body.ts';
import { idParam, jsonValue, readJsonObject } from '../http/input.ts';

/**
 * `/api/Feed/Stock`: tills and ERP systems set stock and prices of many items in
 * one request, with a feed key (no account, no other call). `/api/FeedClient`:
 * Admins create and revoke those keys.
 */
export function feedRoutes(deps: AppDeps): Hono {
  return new Hono().post('/stock', async (c) => {
    const call = { ip: addressOf(c, deps), at: clockOf(deps).toISOString() };
    const client = await authenticateFeed(deps.db, c.req.header('authorization'), c.req.header('x-api-key'), call);
    const key = (c.req.header('idempotency-key') ?? '').trim();
    if (key === '' || key.length > 200) {
      throw AppError.invalidField(
        'Idempotency-Key',
        'header is required (1 to 200 characters): a new value per feed, the same value when retrying it',
      );
    }
    // Only a known key's feed is read (its 16 MB limit is for feed keys alone, see BODY_LIMITS).
    const raw = await readHeldText(c);
    const lines = parseFeed(jsonValue(raw));
    const outcome = await applyFeed(deps.db, deps.dialect, client, key, raw, lines, {
      ...call,
      siteUrl: siteUrlOf(deps),
    });
    if (outcome.kind === 'applied') void deps.mailQueue?.kick();
    if (outcome.kind === 'replayed') c.header('Idempotent-Replayed', 'true');
    return c.body(outcome.body, 200, { 'Content-Type': 'application/json; charset=UTF-8' });
  });
}

export function feedClientRoutes(deps: AppDeps): Hono<AuthEnv> {
  const admin = requireRole(deps, 'Admin');
  return new Hono<AuthEnv>()
    .get('/readall', admin, async (c) => c.json((await listFeedClients(deps.db)).map(toFeedClientDto)))
    .post('/create', admin, async (c) => {
      const body = await readJsonObject(c);
      const { row, key } = await createFeedClient(deps.db, staffAct(c, deps), {
        name: body.Name ?? body.name,
        stores: body.Stores ?? body.stores,
        expiresAt: body.ExpiresAt ?? body.expiresAt,
      });
      return c.json({ ...toFeedClientDto(row), Key: key }, 201);
    })
    .post('/revoke/:id', admin, async (c) =>
      c.json(toFeedClientDto(await revokeFeedClient(deps.db, staffAct(c, deps), idParam(c, 'id')))),
    );
}
