/**
 * The drift guard (vitest `setupFiles` of the api project): every answer the API
 * suites receive is checked against the OpenAPI document (`openapi-contract.ts`),
 * on whichever engine the suite runs. It sees the answers of every app made by
 * `createApp` (through `app.request()` or a real server: the app's `fetch` is
 * wrapped) and of every `fetch()` to a local server (the fast paths and child
 * processes included). A mismatch fails the test that received it.
 */
import { afterAll, afterEach, vi } from 'vitest';
import { ContractChecker } from './openapi-contract.ts';

const checker = new ContractChecker();
const problems: string[] = [];

async function check(method: string, url: string, res: Response): Promise<void> {
  try {
    problems.push(...(await checker.checkAnswer(method, url, res)));
  } catch (err) {
    problems.push(`${method} ${url}: the answer could not be checked: ${String(err)}`);
  }
}

vi.mock('../../src/server/app.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/app.ts')>();
  return {
    ...original,
    createApp: (...args: Parameters<typeof original.createApp>) => {
      const app = original.createApp(...args);
      const fetch = app.fetch;
      app.fetch = async (request, env, ctx) => {
        const res = await fetch(request, env, ctx);
        // The answer is read whole and handed on as bytes: a clone of it would turn its body into
        // a stream, which @hono/node-server writes otherwise (a lower-case content-length) than
        // the bytes the app made, and the fast paths' byte-for-byte comparisons would see that.
        const body = res.body === null ? null : new Uint8Array(await res.arrayBuffer());
        const init = { status: res.status, statusText: res.statusText, headers: res.headers };
        await check(request.method, request.url, new Response(body, init));
        return new Response(body, init);
      };
      return app;
    },
  };
});

const LOCAL = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//;
const globalFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const res = await globalFetch(input, init);
  const url = input instanceof Request ? input.url : String(input);
  if (LOCAL.test(url)) {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    await check(method, url, res);
  }
  return res;
};

function fail(): void {
  const found = problems.splice(0);
  if (found.length > 0) {
    throw new Error(`Answers that do not match the OpenAPI document:\n- ${[...new Set(found)].join('\n- ')}`);
  }
}

afterEach(fail);
afterAll(fail);
