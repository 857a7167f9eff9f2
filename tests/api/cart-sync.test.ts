import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartDto } from '../../src/lib/domain/cart.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };

// The fixture catalogue (tests/fixtures/catalogue.ts): item → store.
const APPLE = { id: 1, store: 1 };
const SOAP = { id: 4, store: 3 };

/** Issue 36: two devices of one shopper; each line keeps its newer change, and a removal stays. */
describe.each(DIALECTS)('the same cart on every device on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [asha] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
    ])) as [Customer];
  });
  afterAll(() => closeTestDb(t.db));

  beforeEach(async () => {
    await t.db.db.deleteFrom('cart_removals').execute();
    await t.db.db.deleteFrom('cart_items').execute();
    await t.db.db.deleteFrom('carts').execute();
  });

  const call = <T = unknown>(method: string, path: string, json?: unknown) =>
    send<T>(t.app, method, path, { token: asha.token, ...(json === undefined ? {} : { json }) });
  const iso = () => t.clock.now.toISOString();
  const qtys = (cart: CartDto) => cart.CartItems.map((l) => [l.ItemID, l.Qty]);
  const timed = (cart: CartDto, syncedTime: string) => ({ CartItems: cart.CartItems, SyncedTime: syncedTime });

  it('answers each line with the time of its last change, the removals and the server time', async () => {
    const first = iso();
    await call(
      'POST',
      '/api/cart/Create',
      cartBody(asha, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)]),
    );
    t.clock.advance(60_000);
    const second = iso();
    // Apple unchanged keeps its time; Soap goes and leaves its removal time.
    await call('POST', '/api/cart/Create', cartBody(asha, [line(APPLE.id, APPLE.store, 2)]));
    t.clock.advance(1000);
    const read = await call<CartDto>('GET', '/api/cart/Read');
    expect(read.status).toBe(200);
    expect(read.body.CartItems.map((l) => [l.ItemID, l.Qty, l.LineUpdatedTime])).toEqual([[APPLE.id, 2, first]]);
    expect(read.body.RemovedLines).toEqual([{ ItemID: SOAP.id, StoreID: SOAP.store, RemovedTime: second }]);
    expect(read.body.ReadTime).toBe(iso());
  });

  it('keeps the newer change of each line when two devices save, and a removed line stays removed', async () => {
    // The laptop and the phone both read the cart of Apple 2 and Soap 1.
    await call(
      'POST',
      '/api/cart/Create',
      cartBody(asha, [line(APPLE.id, APPLE.store, 2), line(SOAP.id, SOAP.store, 1)]),
    );
    t.clock.advance(1000);
    const seen = (await call<CartDto>('GET', '/api/cart/Read')).body;
    const phoneChangeAt = new Date(t.clock.now.getTime() + 5000).toISOString();
    t.clock.advance(10_000);
    // The laptop removes Soap and sets Apple to 5 (its changes made now).
    const laptop = seen.CartItems.map((l) =>
      l.ItemID === SOAP.id
        ? { ...l, Staus: 'deleted', LineUpdatedTime: iso() }
        : { ...l, Qty: 5, Staus: 'modified', LineUpdatedTime: iso() },
    );
    const saved = await call<CartDto>('POST', '/api/cart/Create', { CartItems: laptop, SyncedTime: seen.ReadTime });
    expect(saved.status).toBe(200);
    expect(qtys(saved.body)).toEqual([[APPLE.id, 5]]);
    t.clock.advance(10_000);
    // The phone, offline until now, saves its older copy: Apple 3 changed before the laptop's change,
    // Soap untouched (still `loaded`). Neither comes back over the laptop's newer changes.
    const phone = seen.CartItems.map((l) =>
      l.ItemID === APPLE.id ? { ...l, Qty: 3, Staus: 'modified', LineUpdatedTime: phoneChangeAt } : l,
    );
    const late = await call<CartDto>('POST', '/api/cart/Create', { CartItems: phone, SyncedTime: seen.ReadTime });
    expect(late.status).toBe(200);
    expect(qtys(late.body)).toEqual([[APPLE.id, 5]]);
    // A change made after the laptop's wins, and re-adding a removed line later brings it back.
    const newer = iso();
    const again = await call<CartDto>(
      'POST',
      '/api/cart/Create',
      timed(
        {
          ...late.body,
          CartItems: [
            {
              ...(late.body.CartItems[0] as CartDto['CartItems'][number]),
              Qty: 7,
              Staus: 'modified',
              LineUpdatedTime: newer,
            },
            { ...(seen.CartItems[1] as CartDto['CartItems'][number]), Qty: 2, Staus: 'added', LineUpdatedTime: newer },
          ],
        },
        late.body.ReadTime ?? '',
      ),
    );
    expect(qtys(again.body)).toEqual([
      [APPLE.id, 7],
      [SOAP.id, 2],
    ]);
    expect(again.body.RemovedLines).toEqual([]);
  });

  it('keeps lines another device added since this one read the cart', async () => {
    await call('POST', '/api/cart/Create', cartBody(asha, [line(APPLE.id, APPLE.store, 1)]));
    const seen = (await call<CartDto>('GET', '/api/cart/Read')).body;
    t.clock.advance(1000);
    await call(
      'POST',
      '/api/cart/Create',
      timed(
        { ...seen, CartItems: [...seen.CartItems, line(SOAP.id, SOAP.store, 4, 'added')] as CartDto['CartItems'] },
        seen.ReadTime ?? '',
      ),
    );
    t.clock.advance(1000);
    // The other device saves its copy without Soap: Soap stays.
    const res = await call<CartDto>('POST', '/api/cart/Create', timed(seen, seen.ReadTime ?? ''));
    expect(qtys(res.body)).toEqual([
      [APPLE.id, 1],
      [SOAP.id, 4],
    ]);
  });

  it('Clear Cart leaves a removal for every line, so an older copy does not bring them back', async () => {
    await call('POST', '/api/cart/Create', cartBody(asha, [line(APPLE.id, APPLE.store, 1)]));
    const seen = (await call<CartDto>('GET', '/api/cart/Read')).body;
    const before = new Date(t.clock.now.getTime() + 500).toISOString();
    t.clock.advance(1000);
    const cleared = await call<CartDto>('DELETE', `/api/CartItem/Delete/${asha.id}`);
    expect(cleared.body.RemovedLines?.map((r) => r.ItemID)).toEqual([APPLE.id]);
    t.clock.advance(1000);
    const stale = seen.CartItems.map((l) => ({ ...l, Qty: 4, Staus: 'modified', LineUpdatedTime: before }));
    const res = await call<CartDto>('POST', '/api/cart/Create', { CartItems: stale, SyncedTime: seen.ReadTime });
    expect(res.body.CartItems).toEqual([]);
  });

  it('answers a 400 naming a time that is not one', async () => {
    const bad = await call<Err>('POST', '/api/cart/Create', {
      CartItems: [{ ...line(APPLE.id, APPLE.store, 1), LineUpdatedTime: 'yesterday' }],
      SyncedTime: 'soon',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.ModelState?.['CartItems[0].LineUpdatedTime']?.[0]).toMatch(/must be an ISO-8601 time/);
    const synced = await call<Err>('POST', '/api/cart/Create', { CartItems: [], SyncedTime: 'soon' });
    expect(synced.status).toBe(400);
    expect(synced.body.ModelState?.SyncedTime?.[0]).toMatch(/^SyncedTime must be an ISO-8601 time/);
  });
});
