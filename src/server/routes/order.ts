import { type Context, Hono } from 'hono';
import { ORDER_STATUS_NAMES, type OrderDto, parseOrderStatus } from '../../lib/domain/orders.ts';
import { invoiceFileName } from '../../lib/domain/tax-invoice.ts';
import { type AuthEnv, addressOf, clockOf, requireRole, requireUser } from '../auth/middleware.ts';
import { toItemDto } from '../catalogue/items.ts';
import type { OrderStatus } from '../db/schema.ts';
import { type AppDeps, siteUrlOf } from '../deps.ts';
import { AppError } from '../errors.ts';
import { field, idParam, idQuery, queryValue, readJsonObject } from '../http/input.ts';
import { pagedJson, parsePaging } from '../http/paging.ts';
import { invoicesPdf } from '../orders/invoice-pdf.ts';
import { invoicesForCaller } from '../orders/invoices.ts';
import { orderAgainLines } from '../orders/order-again.ts';
import { moveOrders, parseOrderIds } from '../orders/order-bulk.ts';
import { findOrderHistory } from '../orders/order-history.ts';
import { REOPEN_REASON_MAX_LENGTH, reopenDeliveredOrder, undoOrderMove } from '../orders/order-undo.ts';
import { parseWeighBody, weighOrder } from '../orders/order-weigh.ts';
import {
  cancelOwnOrder,
  countOrdersByStatus,
  findOrder,
  findOrdersPage,
  moveOrder,
  ORDER_SORTABLE,
  type OrderScope,
} from '../orders/orders.ts';
import { packOrder, parsePackBody } from '../orders/packing.ts';
import { findPackList, findPickList } from '../orders/pick-list.ts';
import { refundCancelled, refundRepriced } from '../payments/refunds.ts';

/** Who made a change of status, as the order moves take it. */
type MoveAudit = Parameters<typeof moveOrder>[4];

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

/** `?store=3`: an optional store id, or a 400 naming it. */
function storeParam(c: Context): number | undefined {
  const raw = (queryValue(c, 'store') ?? '').trim();
  if (raw === '') return undefined;
  const id = /^[0-9]{1,15}$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1)
    throw AppError.invalidField('store', 'must be a store id (a whole number from 1)');
  return id;
}

/** `?from=` / `?before=`: an optional ISO-8601 time with its offset, as UTC text, or a 400 naming it. */
function timeParam(c: Context, name: string): string | undefined {
  const raw = (queryValue(c, name) ?? '').trim();
  if (raw === '') return undefined;
  const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(raw) ? new Date(raw) : null;
  if (at === null || Number.isNaN(at.getTime())) {
    throw AppError.invalidField(name, 'must be an ISO-8601 time with its offset, such as 2026-11-27T00:00:00+05:30');
  }
  return at.toISOString();
}

/**
 * Which orders a list or count covers: the caller's own, or (staff, unless `?mine=true`)
 * everyone's, narrowed by delivery city, PIN code start, packing store and placing time.
 */
function scopeOf(c: Context<AuthEnv>): Omit<OrderScope, 'status'> {
  const account = c.get('account');
  const everyone = account.roles.includes('Employee') && !mineFlag(c);
  const city = (queryValue(c, 'city') ?? '').trim();
  if (city.length > 100) throw AppError.invalidField('city', 'must be at most 100 characters');
  const postalCode = (queryValue(c, 'postalCode') ?? '').trim();
  if (postalCode !== '' && !/^[0-9]{1,6}$/.test(postalCode)) {
    throw AppError.invalidField('postalCode', 'must be 1 to 6 digits (the start of a PIN code)');
  }
  const placedFrom = timeParam(c, 'from');
  const placedBefore = timeParam(c, 'before');
  if (placedFrom !== undefined && placedBefore !== undefined && placedBefore <= placedFrom) {
    throw AppError.invalidField('before', 'must be later than from');
  }
  return {
    userId: everyone ? undefined : account.id,
    city,
    postalCode,
    storeId: storeParam(c),
    placedFrom,
    placedBefore,
  };
}

/**
 * `/api/Order`: order history, a customer's cancel of their own order while it is
 * AwaitingPayment or Placed, each order's timeline of moves, and, for staff, moving orders along. A customer sees only their own
 * orders; Employees (and Admins) see every order unless they ask for `?mine=true`.
 * Lists are paged (page, limit, sort, filter) and newest first by default.
 */
export function orderRoutes(deps: AppDeps): Hono<AuthEnv> {
  const { db } = deps;
  const list = async (c: Context<AuthEnv>, status: OrderStatus | undefined) => {
    const paging = parsePaging(c, ORDER_SORTABLE, { column: 'o.created_at', direction: 'desc' });
    const { orders, total } = await findOrdersPage(db, { ...scopeOf(c), status }, paging);
    return pagedJson(c, orders, total, paging);
  };
  // A move's mail is sent, and a cancel's credit notes or an undo's invoices numbered, after its commit.
  const afterCommit = () => {
    void deps.mailQueue?.kick();
    void deps.invoiceNumbering?.kick();
  };
  /** A staff member's change of an order's status, made now; its mail goes out after the commit, a paid cancel's refund then. */
  // `repriced`: the change may lower a paid order's total (packing, weighing): the difference goes back.
  const staffChange = async (
    c: Context<AuthEnv>,
    change: (at: string, audit: MoveAudit, siteUrl: string) => Promise<OrderDto>,
    repriced?: { orderId: number; creditNote: boolean },
  ) => {
    const account = c.get('account');
    const by = { actorId: account.id, actorEmail: account.email, ip: addressOf(c, deps) };
    const before = repriced === undefined ? undefined : await findOrder(db, repriced.orderId);
    const order = await change(clockOf(deps).toISOString(), by, siteUrlOf(deps));
    afterCommit();
    if (before !== undefined && repriced !== undefined) {
      return c.json(await refundRepriced(deps, before, order, by, repriced.creditNote));
    }
    const [refunded] = await refundCancelled(deps, [order], by);
    return c.json(refunded ?? order);
  };
  return (
    new Hono<AuthEnv>()
      .get('/allorders', requireUser(deps), (c) => list(c, undefined))
      .get('/allordersbystaus/:status', requireUser(deps), (c) => list(c, statusValue('status', c.req.param('status'))))
      // Staff: how many orders of the scope are in each status (the orders board's buttons).
      .get('/statuscounts', requireRole(deps, 'Employee'), async (c) => {
        const counts = await countOrdersByStatus(db, scopeOf(c));
        return c.json({ ...counts, All: Object.values(counts).reduce((a, b) => a + b, 0) });
      })
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
      // The order's GST tax invoices and credit notes as one PDF: its customer or staff (issue 32).
      .get('/invoice/:id', requireUser(deps), async (c) => {
        const id = idParam(c, 'id');
        const account = c.get('account');
        const documents = await invoicesForCaller(db, id, {
          id: account.id,
          staff: account.roles.includes('Employee'),
        });
        const pdf = await invoicesPdf(documents);
        return c.body(new Uint8Array(pdf), 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="${invoiceFileName(id)}"`,
          'Cache-Control': 'private, no-store',
        });
      })
      // The order's moves, oldest first: staff (the order detail's history) or its customer (their timeline).
      .get('/history/:id', requireUser(deps), async (c) => {
        const account = c.get('account');
        const staff = account.roles.includes('Employee');
        return c.json(
          await findOrderHistory(
            db,
            idParam(c, 'id'),
            staff ? { kind: 'staff' } : { kind: 'customer', customerId: account.id },
          ),
        );
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
        afterCommit();
        const by = { actorId: account.id, actorEmail: account.email, ip: addressOf(c, deps) };
        const [refunded] = await refundCancelled(deps, [order], by);
        return c.json(refunded ?? order);
      })
      .put('/status/:id', requireRole(deps, 'Employee'), async (c) => {
        const id = idParam(c, 'id');
        const to = statusValue('Status', field(await readJsonObject(c), 'Status'));
        return staffChange(c, (at, audit, siteUrl) => moveOrder(db, id, to, at, audit, siteUrl));
      })
      // Staff: several orders moved to one status at once, all or none (issue 31: the board's bulk move).
      .post('/move', requireRole(deps, 'Employee'), async (c) => {
        const body = await readJsonObject(c);
        const ids = parseOrderIds(body);
        const to = statusValue('Status', field(body, 'Status'));
        const account = c.get('account');
        const orders = await moveOrders(
          db,
          ids,
          to,
          clockOf(deps).toISOString(),
          { actorId: account.id, actorEmail: account.email, ip: addressOf(c, deps) },
          siteUrlOf(deps),
        );
        afterCommit();
        const by = { actorId: account.id, actorEmail: account.email, ip: addressOf(c, deps) };
        return c.json({ Orders: await refundCancelled(deps, orders, by) });
      })
      // Staff: the items of one store's open orders for one slot (none: those without a slot), summed.
      .get('/picklist', requireRole(deps, 'Employee'), async (c) => {
        const storeId = idQuery(c, 'StoreID');
        if (storeId === undefined)
          throw AppError.invalidField('StoreID', 'is required: the store whose orders to pick');
        return c.json(await findPickList(db, storeId, idQuery(c, 'SlotID') ?? null));
      })
      // Staff: a store's orders in Packing for one slot, each line in shelf order (issue 33, the packing screen).
      .get('/packlist', requireRole(deps, 'Employee'), async (c) => {
        const storeId = idQuery(c, 'StoreID');
        if (storeId === undefined)
          throw AppError.invalidField('StoreID', 'is required: the store whose orders to pack');
        return c.json(await findPackList(db, storeId, idQuery(c, 'SlotID') ?? null));
      })
      // Staff: an order packed, every line's outcome at once, all or none; it moves on to OutForDelivery.
      .post('/pack/:id', requireRole(deps, 'Employee'), async (c) => {
        const id = idParam(c, 'id');
        const lines = parsePackBody(await readJsonObject(c));
        // Packing credits the invoice and issues one for what was sent: the refund needs no credit note of its own.
        return staffChange(c, (at, audit, siteUrl) => packOrder(db, id, lines, at, audit, siteUrl), {
          orderId: id,
          creditNote: false,
        });
      })
      // Staff: the last move of an order undone within 10 seconds of it (issue 35).
      .post('/undo/:id', requireRole(deps, 'Employee'), async (c) => {
        const id = idParam(c, 'id');
        const to = statusValue('Status', field(await readJsonObject(c), 'Status'));
        return staffChange(c, (at, audit, siteUrl) => undoOrderMove(db, id, to, at, audit, siteUrl));
      })
      // Staff at packing: the weights packed of an order's weighed lines, re-priced (issue 33).
      .post('/weigh/:id', requireRole(deps, 'Employee'), async (c) => {
        const id = idParam(c, 'id');
        const lines = parseWeighBody(await readJsonObject(c));
        // Weighing credits the invoice and issues one for the weights: the refund needs no credit note of its own.
        return staffChange(c, (at, audit, siteUrl) => weighOrder(db, id, lines, at, audit, siteUrl), {
          orderId: id,
          creditNote: false,
        });
      })
      // Admin: a Delivered order back out for delivery, with the reason in its history and the audit log.
      .post('/reopen/:id', requireRole(deps, 'Admin'), async (c) => {
        const id = idParam(c, 'id');
        const raw = field(await readJsonObject(c), 'Reason');
        const reason = typeof raw === 'string' ? raw.trim() : '';
        if (reason === '' || reason.length > REOPEN_REASON_MAX_LENGTH) {
          throw AppError.invalidField('Reason', `is required: 1 to ${REOPEN_REASON_MAX_LENGTH} characters saying why`);
        }
        return staffChange(c, (at, audit, siteUrl) => reopenDeliveredOrder(db, id, reason, at, audit, siteUrl));
      })
  );
}
