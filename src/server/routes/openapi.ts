import { Hono } from 'hono';
import type { AppDeps } from '../deps.ts';
import { openApiDocument, openApiText } from '../openapi/document.ts';
import { REFERENCE_PAGE_CSP, referencePage } from '../openapi/reference-page.ts';

/**
 * `/api/openapi.json`, the OpenAPI 3.1 document of every call, and `/api/reference`,
 * the same as a page for people. Public: they describe the API, not its data.
 */
export function openApiRoutes(_deps: AppDeps): Hono {
  let page: string | undefined;
  return new Hono()
    .get('/openapi.json', (c) =>
      c.body(openApiText(), 200, {
        'Content-Type': 'application/json; charset=UTF-8',
        'Cache-Control': 'public, max-age=300',
        'Access-Control-Allow-Origin': '*',
      }),
    )
    .get('/reference', (c) => {
      page ??= referencePage(openApiDocument());
      return c.html(page, 200, {
        'Content-Security-Policy': REFERENCE_PAGE_CSP,
        'Cache-Control': 'public, max-age=300',
      });
    });
}
