import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreDeliveryDto } from '../../src/lib/domain/delivery-area.ts';
import type { PlacedOrderDto } from '../../src/lib/domain/order-groups.ts';
import type { OrderDto } from '../../src/lib/domain/orders.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = {
  Message: string;
  ModelState?: Record<string, string[]>;
  MinimumOrder?: { StoreID: number; StoreTitle: string; MinimumOrder: number; Missing: number }[];
};

// The fixture catalogue (tests/fixtures/catalogue.ts): Green Grocer (store 1) sells apples at
// Rs 113.40; Clean Home (store 3) sells soap at Rs 53.10.
const APPLE = { id: 1, store: 1, stock: 40 };
const SOAP = { id: 4, store: 3, stock: 100 };
const GREEN_GROCER = {
  PostalCodes: ['411001', '4110*', '560034'],
  Fee: 30,
  MinimumOrder: 200,
  FreeAbove: 500,
  OnDeliveryMax: null,
  NoOnDeliveryPostalCodes: [] as string[],
};

function address(pin: string) {
  return {
    FullName: 'Asha Kumar',
    Phone: '+91 98765 43210',
    AddressLine1: '12 FC Road',
    AddressLine2: '',
    City: 'Pune',
    State: 'Maharashtra',
    PostalCode: pin,
    Note: '',
  };
}

describe.each(DIALECTS)('where each store delivers, on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let sita: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    await t.db.db.updateTable('stores').set({ max_qty_per_item: 999 }).execute();
    [asha, sita] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'sita@aisle.test', fullName: 'Sita Staff', role: 'Employee' },
    ])) as [Customer, Customer];
  });
  afterAll(() => closeTestDb(t.db));

  const call = <T>(method: string, path: string, who: Customer | undefined, json?: unknown) =>
    send<T>(t.app, method, path, {
      ...(who === undefined ? {} : { token: who.token }),
      ...(json === undefined ? {} : { json }),
    });
  const order = (lines: unknown[], pin: string) =>
    call<PlacedOrderDto & Err>('POST', '/api/cart/CreateOrder', asha, {
      ...cartBody(asha, lines),
      DeliveryAddress: address(pin),
    });
  const orderCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stockOf = async (id: number) =>
    (await t.db.db.selectFrom('items').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;

  describe('the settings', () => {
    it('answers a store without settings as delivering everywhere, free, and 404 for an unknown store', async () => {
      const res = await call<StoreDeliveryDto>('GET', '/api/Store/Delivery/1', undefined);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        StoreID: 1,
        StoreTitle: 'Green Grocer',
        PostalCodes: [],
        Fee: 0,
        MinimumOrder: 0,
        FreeAbove: null,
        OnDeliveryMax: null,
        NoOnDeliveryPostalCodes: [],
      });
      expect((await call('GET', '/api/store/delivery/99', undefined)).status).toBe(404);
    });

    it('lets only staff write them: 401 without a token, 403 for a shopper', async () => {
      expect((await call('PUT', '/api/Store/Delivery/1', undefined, GREEN_GROCER)).status).toBe(401);
      expect((await call('PUT', '/api/Store/Delivery/1', asha, GREEN_GROCER)).status).toBe(403);
      expect((await call<StoreDeliveryDto>('GET', '/api/Store/Delivery/1', undefined)).body.PostalCodes).toEqual([]);
    });

    it('answers 400 naming each bad field and its rule, saving nothing', async () => {
      const res = await call<Err>('PUT', '/api/Store/Delivery/1', sita, {
        PostalCodes: ['411001', '41100', '0110*'],
        Fee: -5,
        MinimumOrder: 'two hundred',
        FreeAbove: 10.001,
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {}).sort()).toEqual([
        'Fee',
        'FreeAbove',
        'MinimumOrder',
        'PostalCodes[1]',
        'PostalCodes[2]',
      ]);
      expect(res.body.ModelState?.Fee).toEqual(['Fee must not be negative.']);
      expect(res.body.ModelState?.['PostalCodes[1]']?.[0]).toContain('6-digit PIN code');
      expect((await call('PUT', '/api/Store/Delivery/1', sita, { Fee: 10 })).status).toBe(400);
      expect((await call('PUT', '/api/Store/Delivery/99', sita, GREEN_GROCER)).status).toBe(404);
      expect((await call<StoreDeliveryDto>('GET', '/api/Store/Delivery/1', undefined)).body.Fee).toBe(0);
    });

    it('saves them for staff, audited, and answers them to anyone', async () => {
      const res = await call<StoreDeliveryDto>('PUT', '/api/Store/Delivery/1', sita, GREEN_GROCER);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ StoreID: 1, StoreTitle: 'Green Grocer', ...GREEN_GROCER });
      expect((await call<StoreDeliveryDto>('GET', '/api/Store/Delivery/1', undefined)).body).toEqual(res.body);
      const all = await call<StoreDeliveryDto[]>('GET', '/api/Store/Delivery', undefined);
      expect(all.body).toEqual([{ StoreID: 1, StoreTitle: 'Green Grocer', ...GREEN_GROCER }]);
      const audit = await t.db.db.selectFrom('audit_log').selectAll().where('action', '=', 'store.delivery').execute();
      expect(audit.map((a) => [a.target, a.actor_email])).toEqual([['store:1', 'sita@aisle.test']]);
      const { PostalCodes, NoOnDeliveryPostalCodes: _, ...money } = GREEN_GROCER;
      expect(JSON.parse(audit[0]?.detail ?? '{}')).toEqual({
        StoreTitle: 'Green Grocer',
        Areas: PostalCodes,
        ...money,
      });
    });
  });

  describe('at order time (Green Grocer: 411001, 4110*, 560034; Rs 30 fee, Rs 200 minimum, free from Rs 500)', () => {
    beforeEach(async () => {
      await call('PUT', '/api/Store/Delivery/1', sita, GREEN_GROCER);
    });

    it('refuses a PIN code the store does not serve, naming DeliveryAddress.PostalCode, writing nothing', async () => {
      const before = { orders: await orderCount(), apples: await stockOf(APPLE.id) };
      const res = await order([line(APPLE.id, APPLE.store, 3), line(SOAP.id, SOAP.store, 1)], '560001');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual(['DeliveryAddress.PostalCode']);
      expect(res.body.ModelState?.['DeliveryAddress.PostalCode']?.[0]).toContain('Green Grocer');
      expect(res.body.Message).toContain('560001');
      expect({ orders: await orderCount(), apples: await stockOf(APPLE.id) }).toEqual(before);
    });

    it('refuses an order below the minimum, naming MinimumOrder and the amount missing', async () => {
      const before = await orderCount();
      const res = await order([line(APPLE.id, APPLE.store, 1), line(SOAP.id, SOAP.store, 9)], '411045');
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.ModelState ?? {})).toEqual(['MinimumOrder']);
      expect(res.body.ModelState?.MinimumOrder?.[0]).toBe(
        'MinimumOrder of Green Grocer is Rs 200: add Rs 86.60 more of its items.',
      );
      expect(res.body.MinimumOrder).toEqual([
        { StoreID: 1, StoreTitle: 'Green Grocer', MinimumOrder: 200, Missing: 86.6 },
      ]);
      expect(await orderCount()).toBe(before);
    });

    it('serves a prefix and adds the fee to the total, in the answer, My Orders and the mail', async () => {
      const res = await order([line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)], '411045');
      expect(res.status).toBe(201);
      // One order per store (issue 31): Green Grocer's carries its fee, Clean Home's (no settings) none.
      expect(res.body.DeliveryFee).toBe(30);
      expect(res.body.OrderTotal).toBe(256.8); // 226.80 + 30
      expect(res.body.Orders.map((o) => [o.DeliveryFee, o.OrderTotal])).toEqual([
        [30, 256.8],
        [0, 53.1],
      ]);
      const mine = await call<OrderDto[]>('GET', '/api/Order/AllOrders', asha);
      expect(mine.body.find((o) => o.OrderID === res.body.OrderID)).toMatchObject({
        DeliveryFee: 30,
        OrderTotal: 256.8,
      });
      const mail = await t.db.db
        .selectFrom('mail_queue')
        .selectAll()
        .where('to_address', '=', 'asha@aisle.test')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(mail)).toContain('Delivery fee');
    });

    it('waives the fee at the free-delivery threshold and serves exact PIN codes', async () => {
      const res = await order([line(APPLE.id, APPLE.store, 5)], '560034');
      expect(res.status).toBe(201);
      expect(res.body.DeliveryFee).toBe(0);
      expect(res.body.OrderTotal).toBe(567);
    });

    it('lets a store without settings deliver anywhere, free', async () => {
      const res = await order([line(SOAP.id, SOAP.store, 1)], '110001');
      expect(res.status).toBe(201);
      expect(res.body.DeliveryFee).toBe(0);
      expect(res.body.OrderTotal).toBe(53.1);
    });
  });
});
