import { type Context, Hono } from 'hono';
import { ORDER_STATUS_NAMES, parseOrderStatus } from '../../lib/domain/orders.ts';
import { type AuthEnv, addressOf, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { toItemDto } from '../catalogue/items.ts';
import type { OrderStatus } from '../db/schema.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field, idParam, queryValue, readJsonObject } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';
import { orderAgainLines } from '../orders/order-again.ts';
import {
  cancelOwnOrder,
  findOrder,
  findOrdersPage,
  moveOrder,
  ORDER_SORTABLE,
  type OrderScope,
} from '../orders/orders.ts';

const STATUS_RULE = `must be one of ${ORDER_STATUS_NAMES.join(', ')}`;

function statusValue(name: string, raw: unknown): OrderStatus {
  if (raw === undefined || raw === null || raw === '')
    throw AppError.invalidField(name, `is required and ${STATUS_RULE}`);
  const status = typeof raw === 'string' ? parseOrderStatus(raw) : undefined;
  if (status === undefined) throw AppError.invalidField(name, STATUS_RULE);
  return status;
}

/** `?mine=true`: an optional flag, or a 400 naming it. */
function mineFlag(c: Context): boolean {
  const raw = (queryValue(c, 'mine') ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw AppError.invalidField('mine', 'must be true or false');
}

/**
 * `/api/Order`: order history, a customer's cancel of their own order while it is
 * Placed, and, for staff, moving orders along. A customer sees only their own
 * orders; Employees (and Admins) see every order unless they ask for `?mine=true`.
 * Lists are paged (page, limit, sort, filter) and newest first by default.
 */
export function orderRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const list = async (c: Context<AuthEnv>, status: OrderStatus | undefined) => {
    const account = c.get('account');
    const paging = parsePaging(c, ORDER_SORTABLE, { column: 'o.created_at', direction: 'desc' });
    const everyone = account.roles.includes('Employee') && !mineFlag(c);
    const city = (queryValue(c, 'city') ?? '').trim();
    if (city.length > 100) throw AppError.invalidField('city', 'must be at most 100 characters');
    const postalCode = (queryValue(c, 'postalCode') ?? '').trim();
    if (postalCode !== '' && !/^[0-9]{1,6}$/.test(postalCode)) {
      throw AppError.invalidField('postalCode', 'must be 1 to 6 digits (the start of a PIN code)');
    }
    const scope: OrderScope = { userId: everyone ? undefined : account.id, status, city, postalCode };
    const { orders, total } = await findOrdersPage(db, scope, paging);
    return pagedJson(c, orders, total, paging);
  };
  return new Hono<AuthEnv>()
    .get('/allorders', requireUser(deps), (c) => list(c, undefined))
    .get('/allordersbystaus/:status', requireUser(deps), (c) => list(c, statusValue('status', c.req.param('status'))))
    .get('/read/:id', requireUser(deps), async (c) => {
      const id = idParam(c, 'id');
      const account = c.get('account');
      const order = await findOrder(db, id);
      // Someone else's order is answered as missing: its existence is none of the caller's business.
      if (order === undefined || (order.CustomerID !== account.id && !account.roles.includes('Employee'))) {
        throw AppError.notFound(`Order ${id} does not exist.`);
      }
      return c.json(order);
    })
    .get('/again/:id', requireUser(deps), async (c) => {
      // Order again: the caller's past order as it can be bought today (the browser puts it in the cart).
      const lines = await orderAgainLines(db, c.get('account').id, idParam(c, 'id'));
      return c.json(
        lines.map(({ item, maxQtyPerItem, ...line }) => ({
          ...line,
          Item: item === null ? null : { ...toItemDto(item), MaxQtyPerItem: maxQtyPerItem },
        })),
      );
    })
    .post('/cancel/:id', requireUser(deps), async (c) => {
      const account = c.get('account');
      const order = await cancelOwnOrder(
        db,
        account.id,
        idParam(c, 'id'),
        clockOf(deps).toISOString(),
        { actorEmail: account.email, ip: addressOf(c, deps) },
        siteUrlOf(deps),
      );
      void deps.mailQueue?.kick();
      return c.json(order);
    })
    .put('/status/:id', requireRole(deps, 'Employee'), async (c) => {
      const id = idParam(c, 'id');
      const to = statusValue('Status', field(await readJsonObject(c), 'Status'));
      const account = c.get('account');
      const order = await moveOrder(
        db,
        id,
        to,
        clockOf(deps).toISOString(),
        { actorId: account.id, actorEmail: account.email, ip: addressOf(c, deps) },
        siteUrlOf(deps),
      );
      void deps.mailQueue?.kick();
      return c.json(order);
    });
}
