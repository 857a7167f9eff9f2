import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_PAGE_CSP } from '../../src/server/openapi/reference-page.ts';
import { createSiteServer } from '../../src/server/site-server.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { ContractChecker } from './openapi-contract.ts';

/** A route or a declared call as `METHOD /path` with parameters as `:`, lower-cased as the router matches. */
function shape(method: string, path: string): string {
  return `${method.toUpperCase()} ${path
    .replace(/\{[^}]+\}/g, ':')
    .replace(/:[A-Za-z]\w*/g, ':')
    .replace(/\*/g, ':')
    .toLowerCase()}`;
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  const checker = new ContractChecker();
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('declares every route the API registers, and no call it lacks', () => {
    const routes = new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => shape(r.method, r.path)));
    const declared = new Set(
      Object.entries(checker.doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => shape(m, path))),
    );
    expect([...routes].filter((r) => !declared.has(r)).sort()).toEqual([]);
    expect([...declared].filter((d) => !routes.has(d)).sort()).toEqual([]);
    expect(routes.size).toBeGreaterThan(90);
  });

  it('is served at /api/openapi.json (any case) as OpenAPI 3.1', async () => {
    const res = await t.get<{ openapi: string; paths: Record<string, unknown> }>('/api/OpenAPI.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toContain('/api/cart/CreateOrder');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(checker.doc)));
  });

  it('has a reference page for people that loads nothing and works under its own CSP', async () => {
    const res = await t.get<string>('/api/reference');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toBe(REFERENCE_PAGE_CSP);
    expect(REFERENCE_PAGE_CSP).toMatch(/default-src 'none'/);
    expect(res.body).not.toMatch(/<script|<link|src=/i);
    expect(res.body).toContain('/api/cart/CreateOrder');
    expect(res.body).toContain('id="schema-Order"');
  });

  it('is served the same by the one-port server of `npm start`, the page keeping its own CSP', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'aisle-openapi-site-'));
    try {
      writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>Not found</title>');
      const shop = createSiteServer({ api: t.app, siteDir });
      const doc = await shop.request('/api/openapi.json');
      expect(doc.status).toBe(200);
      expect(((await doc.json()) as { openapi: string }).openapi).toBe('3.1.0');
      const page = await shop.request('/api/Reference');
      expect(page.status).toBe(200);
      expect(page.headers.get('content-security-policy')).toBe(REFERENCE_PAGE_CSP);
    } finally {
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  it('names the paged lists’ headers and every call’s success answer', () => {
    const readAll = checker.doc.paths['/api/Item/ReadAll']?.get?.responses['200'];
    expect(Object.keys(readAll?.headers ?? {})).toEqual(['X-Total-Count', 'X-Page', 'X-Limit']);
    for (const [path, ops] of Object.entries(checker.doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        expect(
          Object.keys(op.responses).some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
      }
    }
  });
});

describe('the drift guard', () => {
  const checker = new ContractChecker();
  const category = { CategoryID: 1, CategoryTitle: 'Grocery', CategoryUpdatedTime: '2026-01-01T00:00:00.000Z' };
  const paged = { 'content-type': 'application/json', 'X-Total-Count': '1', 'X-Page': '0', 'X-Limit': '10' };
  const answer = (body: unknown, status: number, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), { status, headers });

  it('passes an answer the document describes', async () => {
    expect(await checker.checkAnswer('GET', 'http://x/api/category/READALL', answer([category], 200, paged))).toEqual(
      [],
    );
  });

  it('fails a field the document does not name, a wrong type, a missing field', async () => {
    const extra = await checker.checkAnswer(
      'GET',
      'http://x/api/Category/ReadAll',
      answer([{ ...category, Secret: 1 }], 200, paged),
    );
    expect(extra.join()).toMatch(/Secret/);
    const wrong = await checker.checkAnswer(
      'GET',
      'http://x/api/Category/Read/1',
      answer({ ...category, CategoryID: '1' }, 200, { 'content-type': 'application/json' }),
    );
    expect(wrong.join()).toMatch(/CategoryID must be integer/);
    const { CategoryTitle: _, ...missing } = category;
    const lacking = await checker.checkAnswer(
      'GET',
      'http://x/api/Category/Read/1',
      answer(missing, 200, { 'content-type': 'application/json' }),
    );
    expect(lacking.join()).toMatch(/CategoryTitle/);
  });

  it('fails a status the call does not declare, and a missing X-Total-Count', async () => {
    const status = await checker.checkAnswer(
      'GET',
      'http://x/api/Category/ReadAll',
      answer({ Message: 'x' }, 418, paged),
    );
    expect(status.join()).toMatch(/418, which the document does not declare/);
    const { 'X-Total-Count': _, ...noTotal } = paged;
    const header = await checker.checkAnswer('GET', 'http://x/api/Category/ReadAll', answer([category], 200, noTotal));
    expect(header.join()).toMatch(/header X-Total-Count is missing/);
  });

  it('leaves alone a path no call answers', async () => {
    expect(await checker.checkAnswer('GET', 'http://x/api/Nope', answer({ Message: 'x' }, 404, {}))).toEqual([]);
  });
});
