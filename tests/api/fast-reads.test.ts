import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { fastReads } from '../../src/server/fast-reads.ts';
import type { Logger } from '../../src/server/logger.ts';

type LogEntry = Parameters<Logger>[0];

import { listen, type RunningServer } from '../../src/server/runtime.ts';
import { createSiteServer } from '../../src/server/site-server.ts';
import { insertCatalogue } from '../fixtures/catalogue.ts';
import { createTestDb, DIALECTS, type TestDb } from './harness.ts';

interface RawAnswer {
  status: number;
  /** Name/value pairs as sent, in order, without Date. */
  headers: string[];
  body: string;
}

function raw(base: string, path: string, method = 'GET'): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: string[] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (name.toLowerCase() !== 'date') headers.push(`${name}: ${res.rawHeaders[i + 1]}`);
        }
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(DIALECTS)('the item read below the framework, on %s', (dialect) => {
  let db: TestDb;
  let fast: RunningServer;
  let plain: RunningServer;
  const fastLog: LogEntry[] = [];
  const plainLog: LogEntry[] = [];

  beforeAll(async () => {
    db = await createTestDb(dialect);
    await insertCatalogue(db.db);
    const deps = (log: LogEntry[]) => ({
      db: db.db,
      dialect,
      contentDir: join(db.dataDir, 'content'),
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      mail: { smtpUrl: undefined, outboxDir: join(db.dataDir, 'outbox') },
      log: (entry: LogEntry) => {
        log.push(entry);
      },
    });
    const fastDeps = deps(fastLog);
    const plainDeps = deps(plainLog);
    // The same server as `npm start`: the site server in front of the API, with and without the fast path.
    const site = join(db.dataDir, 'site');
    fast = await listen(
      createSiteServer({ api: createApp(fastDeps), siteDir: site }),
      '127.0.0.1',
      0,
      fastReads(fastDeps),
    );
    plain = await listen(createSiteServer({ api: createApp(plainDeps), siteDir: site }), '127.0.0.1', 0);
  });
  afterAll(async () => {
    await fast?.close();
    await plain?.close();
    await db?.cleanup();
  });

  /** Both servers' answers and request log lines for one call, which must be the same. */
  async function both(path: string, method = 'GET'): Promise<RawAnswer> {
    fastLog.length = 0;
    plainLog.length = 0;
    const [a, b] = [await raw(fast.url, path, method), await raw(plain.url, path, method)];
    expect(a).toEqual(b);
    const withoutMs = (entries: LogEntry[]) => entries.map(({ ms: _ms, ...rest }) => rest);
    expect(withoutMs(fastLog)).toEqual(withoutMs(plainLog));
    expect(fastLog).toHaveLength(1);
    return a;
  }

  it('answers an item with the route’s status, headers, body and log line', async () => {
    const answer = await both('/api/Item/Read/1/1');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ ItemID: 1, DbID: 1 });
    expect(answer.headers).toContain("content-security-policy: default-src 'none'; frame-ancestors 'none'");
    expect(answer.headers).toContain('content-type: application/json');
    expect(fastLog[0]).toMatchObject({ level: 'info', method: 'GET', path: '/api/item/read/1/1', status: 200 });
  });

  it('answers lower case and a trailing slash as the route does', async () => {
    expect((await both('/api/item/read/1/1/')).status).toBe(200);
  });

  it('leaves unknown, malformed and out-of-range ids to the API’s error rules', async () => {
    expect((await both('/api/Item/Read/999/1')).status).toBe(404);
    expect((await both('/api/Item/Read/1/999')).status).toBe(404);
    expect((await both('/api/Item/Read/9999999999/1')).status).toBe(404);
    expect((await both('/api/Item/Read/0/1')).status).toBe(400);
    expect((await both('/api/Item/Read/1x/1')).status).toBe(400);
  });

  it('leaves HEAD and query strings to the API (the NUL guard sees the query)', async () => {
    expect((await both('/api/Item/Read/1/1', 'HEAD')).status).toBe(200);
    expect((await both('/api/Item/Read/1/1?x=1')).status).toBe(200);
    expect((await both('/api/Item/Read/1/1?x=%00')).status).toBe(400);
  });

  it('reads the database on every call: a change shows at once, in every process', async () => {
    await db.db.updateTable('items').set({ stock: 4321 }).where('id', '=', 1).execute();
    expect(JSON.parse((await both('/api/Item/Read/1/1')).body)).toMatchObject({ Availability: 4321 });
  });
});
