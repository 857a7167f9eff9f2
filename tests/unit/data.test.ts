import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/lib/api/client.ts';
import { createDataAccess, type DataAccess, listQuery } from '../../src/lib/api/data.ts';
import { ServiceError } from '../../src/lib/api/errors.ts';

/** What the server saw of one request. */
interface Seen {
  method: string;
  path: string;
  query: [string, string][];
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** A real HTTP server on a free loopback port that records requests and answers from a queue. */
let server: Server;
let baseURL: string;
const seen: Seen[] = [];
let answers: { status: number; body: unknown; headers?: Record<string, string> }[] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({
      method: req.method ?? '',
      path: url.pathname,
      query: [...url.searchParams.entries()],
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body: await readBody(req),
    });
    const answer = answers.shift() ?? { status: 200, body: {} };
    res.writeHead(answer.status, { 'Content-Type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('generic data access (spec §7)', () => {
  let data: DataAccess;
  let token: string | null;

  beforeEach(() => {
    seen.length = 0;
    answers = [];
    token = 'tok-123';
    data = createDataAccess(createApiClient({ baseURL, token: () => token }));
  });

  it('lists with page, limit, sort and filter always sent, defaults 0, 20, empty, empty', async () => {
    answers.push({ status: 200, body: [{ CategoryID: 1 }], headers: { 'X-Total-Count': '41' } });
    const page = await data.list<{ CategoryID: number }>('/api/Category/ReadAll');
    expect(page).toEqual({ rows: [{ CategoryID: 1 }], total: 41, page: 0, limit: 20 });
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/Category/ReadAll', authorization: 'Bearer tok-123' });
    expect(seen[0]?.query).toEqual([
      ['page', '0'],
      ['limit', '20'],
      ['sort', ''],
      ['filter', ''],
    ]);
  });

  it('sends other list parameters as text, objects as JSON, and leaves out null and undefined', async () => {
    answers.push({ status: 200, body: [] });
    const page = await data.list('/api/Item/ReadAll', {
      page: 2,
      limit: null,
      sort: '-ItemTitle',
      filter: 'rice',
      storeId: 3,
      hidden: false,
      range: { from: 1, to: 5 },
      dbId: undefined,
      sectionId: null,
    });
    expect(seen[0]?.query).toEqual([
      ['page', '2'],
      ['limit', '20'],
      ['sort', '-ItemTitle'],
      ['filter', 'rice'],
      ['storeId', '3'],
      ['hidden', 'false'],
      ['range', '{"from":1,"to":5}'],
    ]);
    // No X-Total-Count: the rows are all there is.
    expect(page).toEqual({ rows: [], total: 0, page: 2, limit: 20 });
  });

  it('creates with POST, updates with PUT and patches with PATCH, as JSON', async () => {
    answers.push({ status: 201, body: { CategoryID: 9, CategoryTitle: 'Tea' } });
    answers.push({ status: 200, body: { CategoryID: 9, CategoryTitle: 'Teas' } });
    answers.push({ status: 200, body: { ItemID: 4, SectionID: null } });
    expect(await data.create('/api/Category/Create', { CategoryTitle: 'Tea' })).toEqual({
      CategoryID: 9,
      CategoryTitle: 'Tea',
    });
    expect(await data.update('/api/Category/Edit/9', { CategoryID: 9, CategoryTitle: 'Teas' })).toEqual({
      CategoryID: 9,
      CategoryTitle: 'Teas',
    });
    await data.patch('/api/Item/Edit/4', { SectionID: null, Availability: undefined });
    expect(seen.map((s) => [s.method, s.path, s.contentType, s.body])).toEqual([
      ['POST', '/api/Category/Create', 'application/json', '{"CategoryTitle":"Tea"}'],
      ['PUT', '/api/Category/Edit/9', 'application/json', '{"CategoryID":9,"CategoryTitle":"Teas"}'],
      // A null in a body means "no section"; an undefined field is simply not sent.
      ['PATCH', '/api/Item/Edit/4', 'application/json', '{"SectionID":null}'],
    ]);
  });

  it('reads and removes with their parameters in the query', async () => {
    answers.push({ status: 200, body: { DbID: 1 } });
    answers.push({ status: 200, body: { Deleted: true } });
    await data.read('/api/StoreDb/Read/1');
    await data.remove('/api/Content/Delete', { kind: 'Item', id: 4, storeId: 1, dbId: null });
    expect(seen.map((s) => [s.method, s.path, s.query, s.body])).toEqual([
      ['GET', '/api/StoreDb/Read/1', [], ''],
      [
        'DELETE',
        '/api/Content/Delete',
        [
          ['kind', 'Item'],
          ['id', '4'],
          ['storeId', '1'],
        ],
        '',
      ],
    ]);
  });

  it('uploads a FormData body as multipart/form-data', async () => {
    answers.push({ status: 200, body: { Path: '/content/Store/1/ti.png' } });
    const form = new FormData();
    form.set('kind', 'Store');
    form.set('id', '1');
    form.set('file', new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }), 'ti.png');
    expect(await data.create('/api/Content/Upload', form)).toEqual({ Path: '/content/Store/1/ti.png' });
    expect(seen[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="kind"\r\n\r\nStore');
    expect(seen[0]?.body).toContain('filename="ti.png"');
  });

  it('sends no Authorization header without a token', async () => {
    token = null;
    answers.push({ status: 200, body: [] });
    await data.list('/api/Category/ReadAll');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('turns a failure into a ServiceError carrying the server’s Message, logged', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    answers.push({
      status: 409,
      body: { Message: 'Category 1 has 2 stores: Green Grocer, Hidden Farm.', References: { Stores: 2 } },
    });
    const err = await data.remove('/api/Category/Delete/1').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ServiceError);
    expect((err as ServiceError).message).toBe(
      'Error Code: 409\nMessage: Category 1 has 2 stores: Green Grocer, Hidden Farm.',
    );
    expect((err as ServiceError).status).toBe(409);
    expect(consoleError).toHaveBeenCalledWith((err as ServiceError).message);
    consoleError.mockRestore();
  });
});

describe('listQuery', () => {
  it('puts the list parameters first and fills in their defaults', () => {
    expect(listQuery({ filter: null, extra: 'x' })).toEqual({
      page: '0',
      limit: '20',
      sort: '',
      filter: '',
      extra: 'x',
    });
    expect(Object.keys(listQuery({ extra: 1, page: 3 }))).toEqual(['page', 'limit', 'sort', 'filter', 'extra']);
  });
});
