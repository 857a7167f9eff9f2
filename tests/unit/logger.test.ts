import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createJsonLogger } from '../../src/server/logger.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('JSON logger', () => {
  it('buffers request lines and writes every one of them as JSON on flush', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-log-'));
    dirs.push(dir);
    const file = join(dir, 'out.log');
    const log = createJsonLogger(file);
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 20; i++) log({ msg: 'request', path: `/api/Item/Read/${i}/1`, status: 200, ms: 0.4 });
    // Small lines wait in the buffer: the request that logged them did not wait for a write.
    expect(readFileSync(file, 'utf8')).toBe('');
    for (let i = 20; i < 100; i++) log({ msg: 'request', path: `/api/Item/Read/${i}/1`, status: 200, ms: 0.4 });
    log.flush();
    const written = lines(file);
    expect(written).toHaveLength(100);
    // Every line, each whole; a block written by the event loop may land after the flush's own write.
    expect(new Set(written.map((l) => l.path)).size).toBe(100);
    expect(written.find((l) => l.path === '/api/Item/Read/42/1')).toMatchObject({
      level: 'info',
      msg: 'request',
      status: 200,
    });
    expect(Date.parse(String(written[0]?.t))).not.toBeNaN();
  });

  it('writes an error at once, with its level', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'aisle-log-'));
    dirs.push(dir);
    const file = join(dir, 'out.log');
    const log = createJsonLogger(file);
    await new Promise((r) => setTimeout(r, 50));
    log({ msg: 'request', status: 200 });
    log({ level: 'error', msg: 'unexpected', error: 'boom' });
    // The buffer (4 KB) has no timer: without the error's flush these lines would never come.
    // Polled, not slept, so a loaded machine's slow write is waited for.
    await expect
      .poll(() => lines(file).map((l) => [l.level, l.msg]), { timeout: 2000 })
      .toEqual([
        ['info', 'request'],
        ['error', 'unexpected'],
      ]);
  });
});
