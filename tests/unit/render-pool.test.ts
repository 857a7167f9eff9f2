import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { eachAtMost } from '../../src/publish/render-pool.ts';

describe('rendering pages a few at a time (kept-renderer.ts)', () => {
  it('runs every task, never more than the bound at once, in the order given', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await eachAtMost([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await sleep(n % 3);
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
    await eachAtMost([], 8, async () => {
      throw new Error('no task for no item');
    });
  });

  it('starts nothing after a failure and rejects only once the tasks in flight have ended', async () => {
    const started: number[] = [];
    const ended: number[] = [];
    let released = false;
    const run = eachAtMost([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      started.push(n);
      if (n === 2) {
        await sleep(1);
        throw new Error('ENOSPC: no space left on device');
      }
      // A page in flight when the disk filled: it reads the shared catalogue after the failure.
      await sleep(20);
      if (released) throw new Error('API_URL is not set');
      ended.push(n);
    });
    // What a full build does when the render fails: release the catalogue the pages read.
    await expect(run.finally(() => (released = true))).rejects.toThrow('ENOSPC');
    expect(started).toEqual([1, 2, 3, 4]);
    expect(ended.sort()).toEqual([1, 3, 4]);
  });

  it('rejects with the first failure when several tasks fail', async () => {
    const run = eachAtMost(['a', 'b', 'c'], 3, async (s) => {
      await sleep(s === 'b' ? 1 : 15);
      throw new Error(`page ${s} failed`);
    });
    await expect(run).rejects.toThrow('page b failed');
  });
});
