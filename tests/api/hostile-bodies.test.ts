import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { addCustomers, type Customer } from './cart-helpers.ts';
import { type ChildShop, memoryOf, resetPeak, startChildShop } from './child-shop.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';
import { STAFF_JWT_SECRET } from './staff-helpers.ts';

// Issue 26: nothing big is read before the caller is known. The shop runs as `npm run serve`
// runs it, in a process of its own, so that its resident memory is the server's alone; hostile
// bodies are streamed to it over a socket (the test never holds them) and its peak RSS is read
// from /proc around each one.

const MiB = 1024 * 1024;
/** What a refused caller's body may cost the server, and how soon it must be answered. */
const RSS_BUDGET = 50 * MiB;
const ANSWER_MS = 100;

/** The figures each case measured, printed at the end for bench/README.md. */
const figures: string[] = [];

/** 64 KiB of `{},{},…`: after a leading `[`, the JSON that costs a parser the most heap per byte. */
const CHUNK = Buffer.from('{},'.repeat(Math.ceil((64 * 1024) / 3)).slice(0, 64 * 1024));

interface Answer {
  status: number;
  headers: Record<string, string>;
  /** From the request's first byte to the answer's status line. */
  ms: number;
  /** Body bytes written before the answer came. */
  sent: number;
  body: string;
}

/**
 * POSTs `total` bytes of `[{},{},…` (announced with Content-Length, or chunked) to `path`,
 * streaming them a chunk at a time as the server takes them, and stops sending as soon as
 * the answer arrives.
 */
async function hostilePost(
  port: number,
  path: string,
  headers: Record<string, string>,
  total: number,
  framing: 'length' | 'chunked' = 'length',
): Promise<Answer> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => {});
  let buffer = Buffer.alloc(0);
  let answered: ((a: Answer) => void) | undefined;
  const answer = new Promise<Answer>((resolve) => {
    answered = resolve;
  });
  let sent = 0;
  let done = false;
  const started = performance.now();
  let headAt = 0;
  socket.on('data', (d: Buffer) => {
    buffer = Buffer.concat([buffer, d]);
    if (headAt === 0 && buffer.indexOf('\r\n') !== -1) headAt = performance.now();
    const end = buffer.indexOf('\r\n\r\n');
    if (end === -1 || done) return;
    const lines = buffer.subarray(0, end).toString('latin1').split('\r\n');
    const head: Record<string, string> = {};
    for (const line of lines.slice(1)) {
      const i = line.indexOf(':');
      head[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    const length = Number(head['content-length'] ?? 0);
    if (buffer.length < end + 4 + length) return;
    done = true;
    answered?.({
      status: Number(lines[0]?.split(' ')[1]),
      headers: head,
      ms: headAt - started,
      sent,
      body: buffer.subarray(end + 4, end + 4 + length).toString('utf8'),
    });
  });
  socket.on('close', () => {
    if (done) return;
    done = true;
    answered?.({ status: 0, headers: {}, ms: performance.now() - started, sent, body: 'closed without an answer' });
  });
  const framingHeader = framing === 'length' ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked';
  const head = Object.entries({ Host: 'shop.test', 'Content-Type': 'application/json', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}${framingHeader}\r\n\r\n`);
  while (!done && sent < total && !socket.destroyed) {
    const piece =
      sent === 0
        ? Buffer.concat([Buffer.from('['), CHUNK.subarray(1)])
        : CHUNK.subarray(0, Math.min(CHUNK.length, total - sent));
    const ok =
      framing === 'length'
        ? socket.write(piece)
        : socket.write(Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]));
    sent += piece.length;
    // Let the answer be read as soon as it comes: a socket the kernel keeps taking writes from never waits.
    await new Promise((resolve) => setImmediate(resolve));
    if (!ok && !done) {
      await Promise.race([
        new Promise((resolve) => socket.once('drain', resolve)),
        answer,
        new Promise((resolve) => socket.once('close', resolve)),
      ]);
    }
  }
  if (framing === 'chunked' && !done && !socket.destroyed) socket.write('0\r\n\r\n');
  const result = await answer;
  socket.destroy();
  return result;
}

/** The upload folders an import left in the shop's temporary folder. */
const uploadsIn = (tmp: string) => readdirSync(tmp).filter((name) => name.startsWith('aisle-import-'));

async function until(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe.each(DIALECTS)('hostile bodies over HTTP on %s', (dialect) => {
  let db: TestDb;
  let shop: ChildShop;
  let user: Customer;
  let employee: Customer;

  beforeAll(async () => {
    db = await createTestDb(dialect);
    await insertCatalogue(db.db);
    [user, employee] = (await addCustomers(db.db, STAFF_JWT_SECRET, new Date(), [
      { email: 'una@aisle.test', fullName: 'Una User', role: 'User' },
      { email: 'esha@aisle.test', fullName: 'Esha Employee', role: 'Employee' },
    ])) as [Customer, Customer];
    shop = await startChildShop(db, 'aisle-hostile');
    // Warm up: the code every case below runs is loaded before any peak is measured.
    for (let i = 0; i < 3; i++) {
      await hostilePost(shop.port, '/api/Catalogue/Import', {}, 64 * 1024);
      await hostilePost(shop.port, '/api/Feed/Stock', { 'X-Api-Key': 'aisle_feed_unknown' }, 64 * 1024);
      await fetch(`${shop.url}/api/Category/ReadAll`).then((r) => r.text());
    }
  }, 60_000);

  afterAll(async () => {
    await shop?.stop();
    await db?.cleanup();
  });

  const refusals: readonly {
    name: string;
    path: string;
    headers: () => Record<string, string>;
    bytes: number;
    framing?: 'chunked';
    status: number;
  }[] = [
    {
      name: 'anonymous 200 MB import',
      path: '/api/Catalogue/Import',
      headers: () => ({}),
      bytes: 200 * MiB,
      status: 401,
    },
    {
      name: 'anonymous 200 MB import, chunked',
      path: '/api/Catalogue/Import',
      headers: () => ({}),
      bytes: 200 * MiB,
      framing: 'chunked',
      status: 401,
    },
    {
      name: 'signed-in shopper’s 200 MB import',
      path: '/api/Catalogue/Import',
      headers: () => ({ Authorization: `Bearer ${user.token}` }),
      bytes: 200 * MiB,
      status: 403,
    },
    { name: 'anonymous 16 MB feed', path: '/api/Feed/Stock', headers: () => ({}), bytes: 16 * MiB, status: 401 },
    {
      name: '16 MB feed with an unknown key',
      path: '/api/Feed/Stock',
      headers: () => ({ 'X-Api-Key': 'aisle_feed_0123456789abcdefghijklmnopqrstuvwxyz' }),
      bytes: 16 * MiB,
      status: 401,
    },
  ];

  it.each(refusals)('$name: answered within 100 ms, the connection closed, the server’s RSS up < 50 MB', async (c) => {
    const before = resetPeak(shop.child.pid as number);
    const res = await hostilePost(shop.port, c.path, c.headers(), c.bytes, c.framing);
    await new Promise((r) => setTimeout(r, 100));
    const grew = memoryOf(shop.child.pid as number).peak - before;
    figures.push(
      `${dialect} ${c.name}: ${res.status} after ${res.ms.toFixed(1)} ms, ${(res.sent / MiB).toFixed(1)} MB sent by then, peak RSS +${(grew / MiB).toFixed(1)} MB`,
    );
    expect(res.status).toBe(c.status);
    expect(JSON.parse(res.body).Message).toBeTypeOf('string');
    expect(res.headers.connection).toBe('close');
    expect(res.ms).toBeLessThan(ANSWER_MS);
    expect(grew).toBeLessThan(RSS_BUDGET);
    // The server goes on serving.
    expect((await fetch(`${shop.url}/api/Category/ReadAll`)).status).toBe(200);
  });

  it('JSON 100,000 levels deep from staff: a 400 (not a 500) within 1 s, the server’s RSS up < 50 MB', async () => {
    const body = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const before = resetPeak(shop.child.pid as number);
    const started = performance.now();
    const res = await fetch(`${shop.url}/api/Section/Reorder/1`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${employee.token}`, 'Content-Type': 'application/json' },
      body,
    });
    const ms = performance.now() - started;
    const answer = (await res.json()) as { Message: string };
    const grew = memoryOf(shop.child.pid as number).peak - before;
    figures.push(
      `${dialect} 100,000-deep JSON (Section/Reorder): ${res.status} after ${ms.toFixed(1)} ms, peak RSS +${(grew / MiB).toFixed(1)} MB`,
    );
    expect(res.status).toBe(400);
    expect(answer.Message).toMatch(/must not nest arrays and objects more than 64 levels deep/);
    // 200 KB read and scanned once; the margin is for a busy machine (29 to 145 ms measured).
    expect(ms).toBeLessThan(1000);
    expect(grew).toBeLessThan(RSS_BUDGET);
  });

  it('a staff import of a real file arrives through the streamed path and leaves no file behind', async () => {
    const header = 'ItemTitle,StoreTitle,CategoryTitle,SectionTitle,UnitPrice,Gst,Availability,Size,ProductCode';
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `Streamed Lot ${i},Bulk Depot,Fresh Fruit,Exotic,120,5,3,250 g,SL-${i}`,
    );
    const csv = `${[header, ...rows].join('\n')}\n`;
    expect(csv.length).toBeGreaterThan(150 * 1024);
    // As the staff page sends it: a multipart form whose `file` field is the file.
    const form = new FormData();
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'lots.csv');
    const res = await fetch(`${shop.url}/api/Catalogue/Import`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${employee.token}` },
      body: form,
    });
    const report = (await res.json()) as { Created: { Items: number }; Message: string };
    expect(res.status, report.Message).toBe(200);
    expect(report.Created.Items).toBe(3000);
    const items = await db.db.selectFrom('items').select('id').where('product_code', 'like', 'SL-%').execute();
    expect(items).toHaveLength(3000);
    expect(await until(() => uploadsIn(shop.tmp).length === 0)).toBe(true);

    // A file with a bad row: refused, nothing written, its upload removed all the same.
    const bad = await fetch(`${shop.url}/api/Catalogue/Import?name=bad.csv`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${employee.token}`, 'Content-Type': 'text/csv' },
      body: `${header}\nNo Price,Bulk Depot,Fresh Fruit,Exotic,-1,5,3,1 kg,NP-1\n`,
    });
    expect(bad.status).toBe(400);
    expect(await until(() => uploadsIn(shop.tmp).length === 0)).toBe(true);
  });

  it('an upload cut off half way is removed from disk', async () => {
    const socket = connect(shop.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => {});
    socket.write(
      'POST /api/Catalogue/Import?name=cut.csv HTTP/1.1\r\nHost: shop.test\r\nContent-Type: text/csv\r\n' +
        `Authorization: Bearer ${employee.token}\r\nContent-Length: ${8 * MiB}\r\n\r\nItemTitle\n`,
    );
    for (let i = 0; i < 16; i++) socket.write(Buffer.alloc(64 * 1024, 'x'));
    // It is written to a file as it arrives...
    expect(await until(() => uploadsIn(shop.tmp).length === 1)).toBe(true);
    socket.destroy();
    // ...and the file goes when the connection does.
    expect(await until(() => uploadsIn(shop.tmp).length === 0)).toBe(true);
    expect((await fetch(`${shop.url}/api/Category/ReadAll`)).status).toBe(200);
  });
});

afterAll(() => {
  if (figures.length > 0) console.info(`Issue 26 figures:\n  ${figures.join('\n  ')}`);
});
