import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartDto } from '../../src/lib/domain/cart.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { type AuthTestApp, createAuthTestApp, JWT_SECRET } from './auth-helpers.ts';
import { addCustomers, type Customer, cartBody, closeTestDb, line, send } from './cart-helpers.ts';
import { DIALECTS } from './harness.ts';

type Err = { Message: string; ModelState?: Record<string, string[]> };

// The fixture catalogue (tests/fixtures/catalogue.ts): item → store.
const APPLE = { id: 1, store: 1 };
const BANANA = { id: 2, store: 1 }; // hidden: may sit in a cart, cannot be bought
const SOAP = { id: 4, store: 3 };

describe.each(DIALECTS)('merging a guest cart into the account cart on %s', (dialect) => {
  let t: AuthTestApp;
  let asha: Customer;
  let om: Customer;

  beforeAll(async () => {
    t = await createAuthTestApp(dialect);
    await insertCatalogue(t.db.db);
    [asha, om] = (await addCustomers(t.db.db, JWT_SECRET, t.clock.now, [
      { email: 'asha@aisle.test', fullName: 'Asha Kumar', role: 'User' },
      { email: 'om@aisle.test', fullName: 'Om Prakash', role: 'User' },
    ])) as [Customer, Customer];
  });
  afterAll(() => closeTestDb(t.db));

  beforeEach(async () => {
    await t.db.db.deleteFrom('cart_items').execute();
    await t.db.db.deleteFrom('carts').execute();
  });

  const call = <T = unknown>(method: string, path: string, who: Customer | undefined, json?: unknown) =>
    send<T>(t.app, method, path, {
      ...(who === undefined ? {} : { token: who.token }),
      ...(json === undefined ? {} : { json }),
    });
  const lines = (cart: CartDto) => cart.CartItems.map((l) => [l.ItemID, l.StoreID, l.Qty, l.Staus]);

  it('keeps every line of both carts, the larger quantity of a shared line, and answers the cart', async () => {
    await call(
      'POST',
      '/api/cart/Create',
      asha,
      cartBody(asha, [line(APPLE.id, APPLE.store, 5), line(SOAP.id, SOAP.store, 1)]),
    );
    const res = await call<CartDto>(
      'POST',
      '/api/cart/Merge',
      asha,
      cartBody({ id: 0, fullName: '' }, [
        line(SOAP.id, SOAP.store, 3),
        line(APPLE.id, APPLE.store, 2),
        line(BANANA.id, BANANA.store, 1),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.CartID).toBe(asha.id);
    expect(lines(res.body)).toEqual([
      [APPLE.id, APPLE.store, 5, 'loaded'],
      [SOAP.id, SOAP.store, 3, 'loaded'],
      [BANANA.id, BANANA.store, 1, 'loaded'],
    ]);
    // The merge is saved: Read answers the same cart, and nobody else's cart changed.
    expect(lines((await call<CartDto>('GET', '/api/cart/Read', asha)).body)).toEqual(lines(res.body));
    expect((await call<CartDto>('GET', '/api/cart/Read', om)).body.CartItems).toEqual([]);
  });

  it('makes the guest lines the cart when the account has none, and ignores 0 and deleted lines', async () => {
    const res = await call<CartDto>(
      'POST',
      '/api/cart/merge',
      om,
      cartBody(om, [
        line(APPLE.id, APPLE.store, 2),
        line(SOAP.id, SOAP.store, 0),
        line(BANANA.id, BANANA.store, 4, 'deleted'),
      ]),
    );
    expect(res.status).toBe(200);
    expect(lines(res.body)).toEqual([[APPLE.id, APPLE.store, 2, 'loaded']]);
  });

  it('is idempotent: the same guest cart merged twice gives the same cart', async () => {
    const guest = cartBody(om, [line(APPLE.id, APPLE.store, 2)]);
    await call('POST', '/api/cart/Merge', om, guest);
    const again = await call<CartDto>('POST', '/api/cart/Merge', om, guest);
    expect(lines(again.body)).toEqual([[APPLE.id, APPLE.store, 2, 'loaded']]);
  });

  it('refuses a bad line with a 400 naming it, writing nothing', async () => {
    await call('POST', '/api/cart/Create', asha, cartBody(asha, [line(APPLE.id, APPLE.store, 1)]));
    const res = await call<Err>('POST', '/api/cart/Merge', asha, cartBody(asha, [line(99999, 1, 2)]));
    expect(res.status).toBe(400);
    expect(res.body.ModelState?.['CartItems[0].ItemID']?.[0]).toMatch(/does not exist/);
    expect(lines((await call<CartDto>('GET', '/api/cart/Read', asha)).body)).toEqual([
      [APPLE.id, APPLE.store, 1, 'loaded'],
    ]);
  });

  it('needs a signed-in account', async () => {
    const res = await call<Err>('POST', '/api/cart/Merge', undefined, cartBody(om, [line(APPLE.id, APPLE.store, 1)]));
    expect(res.status).toBe(401);
  });
});
