// npm run bench:openapi — what the OpenAPI document costs: building it from the zod
// schemas (once per process), serving /api/openapi.json and /api/reference, and the
// drift guard's check of one answer (what every API test answer pays).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, silentLogger } from '../src/server/app.ts';
import { openDb } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { buildOpenApiDocument, openApiText } from '../src/server/openapi/document.ts';
import { ContractChecker } from '../tests/api/openapi-contract.ts';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function timed(runs: number, fn: () => Promise<unknown> | unknown): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const t0 = performance.now();
const doc = buildOpenApiDocument();
const firstBuild = performance.now() - t0;
const rebuild = await timed(20, () => buildOpenApiDocument());
const bytes = Buffer.byteLength(openApiText());
const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);

const dir = mkdtempSync(join(tmpdir(), 'aisle-bench-openapi-'));
const db = openDb({ sqliteFile: join(dir, 'aisle.db') });
await migrateToLatest(db.db);
const app = createApp({
  db: db.db,
  dialect: 'sqlite',
  contentDir: join(dir, 'content'),
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-0123456789',
  mail: { smtpUrl: undefined, outboxDir: join(dir, 'outbox') },
  log: silentLogger,
});
const serveJson = await timed(200, async () => (await app.request('/api/openapi.json')).arrayBuffer());
const servePage = await timed(200, async () => (await app.request('/api/reference')).arrayBuffer());

const checker = new ContractChecker(doc);
const items = Array.from({ length: 100 }, (_, i) => ({
  ItemID: i + 1,
  StoreID: 1,
  DbID: 1,
  SectionID: null,
  ItemTitle: `Item ${i}`,
  ItemMetaDescription: '',
  ItemContent: '<p>x</p>',
  ItemHidden: false,
  Availability: 5,
  Size: '1 kg',
  UnitPrice: 100,
  Discount: 0,
  FlatDiscount: 0,
  Gst: 5,
  SellingPrice: 105,
  ItemUpdatedTime: '2026-11-27T00:00:00.000Z',
  ProductCode: null,
}));
const page = JSON.stringify(items);
const headers = { 'content-type': 'application/json', 'X-Total-Count': '100', 'X-Page': '0', 'X-Limit': '100' };
await checker.checkAnswer('GET', 'http://x/api/Item/ReadAll', new Response(page, { headers }));
const check = await timed(500, () =>
  checker.checkAnswer('GET', 'http://x/api/Item/ReadAll?limit=100', new Response(page, { headers })),
);
await db.close();
rmSync(dir, { recursive: true, force: true });

const ms = (v: number) => `${v.toFixed(2)} ms`;
console.log(`operations: ${operations}, component schemas: ${Object.keys(doc.components.schemas).length}`);
console.log(`document: ${(bytes / 1024).toFixed(0)} KiB of JSON`);
console.log(`build (first, zod toJSONSchema): ${ms(firstBuild)}; again p50 ${ms(rebuild.p50)}`);
console.log(`GET /api/openapi.json: p50 ${ms(serveJson.p50)}, p95 ${ms(serveJson.p95)}`);
console.log(`GET /api/reference: p50 ${ms(servePage.p50)}, p95 ${ms(servePage.p95)}`);
console.log(`drift guard, one page of 100 items: p50 ${ms(check.p50)}, p95 ${ms(check.p95)}`);
