import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { receiveImportFile } from '../../src/server/catalogue/import-files.ts';
import { AppError, errorResponse } from '../../src/server/errors.ts';
import { heldBody, heldBodyStream, holdBody, readHeldText } from '../../src/server/http/body.ts';

/** A stream of `chunks`, then an end (or the error `fail`). */
function streamOf(chunks: readonly (string | Uint8Array)[], fail?: Error): ReadableStream<Uint8Array> {
  const queue = [...chunks];
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next !== undefined) controller.enqueue(typeof next === 'string' ? new TextEncoder().encode(next) : next);
      else if (fail !== undefined) controller.error(fail);
      else controller.close();
    },
  });
}

describe('a held body (http/body.ts)', () => {
  /** An app whose one call holds its body to `bytes` and reads it once "admitted". */
  function app(bytes: number) {
    const seen: string[] = [];
    const a = new Hono();
    a.use(async (c, next) => {
      holdBody(c, { bytes, what: 'a test feed' });
      await next();
      seen.push(heldBody(c)?.read ?? 'not held');
    });
    a.post('/read', async (c) => c.text(await readHeldText(c)));
    a.post('/refuse', () => {
      throw AppError.unauthorized();
    });
    a.onError((err, c) => errorResponse(err, c, () => {}));
    return { a, seen };
  }

  it('is read whole within its limit, and marked read', async () => {
    const { a, seen } = app(10);
    const res = await a.request('/read', {
      method: 'POST',
      body: streamOf(['12345', '67890']),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('1234567890');
    expect(seen).toEqual(['all']);
  });

  it('fails with the 413 and its limit as soon as it passes it, read only part way', async () => {
    const { a, seen } = app(10);
    const res = await a.request('/read', {
      method: 'POST',
      body: streamOf(['12345', '67890', 'x', 'never read']),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      Limit: 10,
      Message: 'The request body is too large: a test feed may send at most 1 KB.',
    });
    expect(seen).toEqual(['started']);
  });

  it('is never read when the route refuses the caller', async () => {
    const { a, seen } = app(10);
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const res = await a.request('/refuse', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(401);
    expect(seen).toEqual(['none']);
    // A stream starts by asking for one chunk on its own; nothing read more.
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it('is handed on as it is when the call did not hold it', async () => {
    const a = new Hono();
    a.post('/read', async (c) => c.text(await new Response(heldBodyStream(c)).text()));
    const res = await a.request('/read', { method: 'POST', body: 'plain' });
    expect(await res.text()).toBe('plain');
  });
});

describe('an import upload (catalogue/import-files.ts)', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'aisle-import-files-test-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('writes a raw body to a file of its own, which discard removes', async () => {
    const got = await receiveImportFile(streamOf(['ItemTitle\n', 'Kiwi\n']), 'text/csv', parent);
    expect(readFileSync(got.file.path, 'utf8')).toBe('ItemTitle\nKiwi\n');
    expect(got.fileName).toBeUndefined();
    expect(readdirSync(parent)).toHaveLength(1);
    await got.file.discard();
    expect(readdirSync(parent)).toEqual([]);
  });

  it('takes the file field of a multipart form and its name, skipping other fields', async () => {
    const form = new FormData();
    form.set('note', 'ignored');
    form.set('file', new Blob(['ItemTitle\nFig\n'], { type: 'text/csv' }), 'fruit.csv');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const got = await receiveImportFile(
      req.body as ReadableStream<Uint8Array>,
      req.headers.get('content-type') ?? '',
      parent,
    );
    expect(readFileSync(got.file.path, 'utf8')).toBe('ItemTitle\nFig\n');
    expect(got.fileName).toBe('fruit.csv');
    await got.file.discard();
  });

  it('leaves nothing on disk when the body fails part way, and passes the failure on', async () => {
    const tooLarge = new AppError(413, 'too_large', 'too large');
    await expect(receiveImportFile(streamOf(['a'.repeat(1000)], tooLarge), 'text/csv', parent)).rejects.toBe(tooLarge);
    expect(readdirSync(parent)).toEqual([]);
    const form = new FormData();
    form.set('file', new Blob(['ItemTitle\n'.repeat(100)]), 'cut.csv');
    const bytes = new Uint8Array(await new Response(form).arrayBuffer());
    const type = new Response(form).headers.get('content-type') ?? '';
    await expect(receiveImportFile(streamOf([bytes.subarray(0, 200)], tooLarge), type, parent)).rejects.toBe(tooLarge);
    expect(readdirSync(parent)).toEqual([]);
  });

  it('answers 400 for no file, an empty one, a form without one or one that is not a form', async () => {
    const reject = async (body: ReadableStream<Uint8Array>, type: string) => {
      const err = await receiveImportFile(body, type, parent).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(400);
      return (err as AppError).message;
    };
    expect(await reject(streamOf([]), 'text/csv')).toMatch(/file is required/);
    const form = new FormData();
    form.set('file', 'not a file');
    const req = new Request('http://x/', { method: 'POST', body: form });
    expect(await reject(req.body as ReadableStream<Uint8Array>, req.headers.get('content-type') ?? '')).toMatch(
      /file is required: choose a CSV or XLSX file/,
    );
    expect(await reject(streamOf(['x']), 'multipart/form-data')).toMatch(/not a readable form/);
    expect(readdirSync(parent)).toEqual([]);
  });
});
