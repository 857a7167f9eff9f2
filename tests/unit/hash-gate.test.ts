import { describe, expect, it } from 'vitest';
import { createHashGate, defaultHashLimits } from '../../src/server/auth/passwords.ts';
import { AppError } from '../../src/server/errors.ts';

/** A piece of work the test finishes when it likes. */
function held(): { work: () => Promise<string>; finish: (v: string) => void; started: () => boolean } {
  let finish: (v: string) => void = () => {};
  let started = false;
  const done = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return {
    work: () => {
      started = true;
      return done;
    },
    finish: (v) => finish(v),
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hash gate', () => {
  it('runs at most `running` at once, queues `waiting`, and refuses the next with a 503 and Retry-After', async () => {
    const gate = createHashGate({ running: 2, waiting: 1, retryAfterSeconds: 7 });
    const [a, b, c] = [held(), held(), held()];
    const results = [gate.run(a.work), gate.run(b.work), gate.run(c.work)];
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, true, false]);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });

    const refused = await gate.run(async () => 'never').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).status).toBe(503);
    expect((refused as AppError).code).toBe('unavailable');
    expect((refused as AppError).headers).toEqual({ 'Retry-After': '7' });

    a.finish('a');
    await tick();
    expect(c.started()).toBe(true);
    expect(gate.load()).toEqual({ running: 2, waiting: 0 });
    b.finish('b');
    c.finish('c');
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c']);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot of work that fails', async () => {
    const gate = createHashGate({ running: 1, waiting: 0, retryAfterSeconds: 1 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run(async () => 'next')).toBe('next');
  });

  it('lets twice the cores run, within the thread pool, and eight times that wait', () => {
    expect(defaultHashLimits(2, 4)).toEqual({ running: 4, waiting: 32, retryAfterSeconds: 5 });
    expect(defaultHashLimits(8, 4).running).toBe(4);
    expect(defaultHashLimits(8, 64).running).toBe(16);
    expect(defaultHashLimits(1, 1).running).toBe(1);
  });
});
