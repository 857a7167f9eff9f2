// The rebuild lock (`acquireLock` in src/publish/rebuild-lock.ts) after a `kill -9`: a lock whose
// process is gone, or whose process id now names another process, is taken over; a lock of a
// process that still runs is not.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireLock, processStamp } from '../../src/publish/rebuild-lock.ts';
import { siteFolders } from '../../src/publish/site-folders.ts';

let work: string;
const children: ChildProcess[] = [];

/** A process that runs until the test ends. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'aisle-site-lock-'));
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the rebuild lock after kill -9', () => {
  const folders = () => siteFolders(join(work, 'site'));
  const lockFile = () => join(`${join(work, 'site')}-builds`, 'lock');

  it('names the holder with its start stamp, and gives the lock up when released', async () => {
    const release = await acquireLock(folders());
    expect(readFileSync(lockFile(), 'utf8')).toBe(`${process.pid} rebuild ${processStamp(process.pid)}`);
    expect(processStamp(process.pid)).toMatch(/^[0-9a-f-]{36}\/\d+$/);
    release();
    expect(() => readFileSync(lockFile())).toThrow(/ENOENT/);
  });

  it('refuses while the holder runs, and takes the lock over once it was killed', async () => {
    const child = sleeper();
    await new Promise((r) => child.once('spawn', r));
    const pid = child.pid as number;
    writeFileSync(lockFile(), `${pid} rebuild ${processStamp(pid)}`);
    await expect(acquireLock(folders())).rejects.toThrow(
      `Another rebuild of ${join(work, 'site')} is running (process ${pid})`,
    );
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const release = await acquireLock(folders());
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid} rebuild `));
    release();
  });

  it('takes over a lock whose process id now names another process', async () => {
    const other = sleeper();
    await new Promise((r) => other.once('spawn', r));
    // What a killed rebuild leaves when its id is later given to an unrelated process.
    writeFileSync(lockFile(), `${other.pid} rebuild ${processStamp(other.pid as number)?.replace(/\d+$/, '1')}`);
    const release = await acquireLock(folders());
    expect(readFileSync(lockFile(), 'utf8')).toMatch(new RegExp(`^${process.pid} rebuild `));
    release();
  });

  it('still honours a lock written before stamps (process id and purpose only) while its process runs', async () => {
    const other = sleeper();
    await new Promise((r) => other.once('spawn', r));
    writeFileSync(lockFile(), `${other.pid} rebuild`);
    await expect(acquireLock(folders())).rejects.toThrow(/Another rebuild/);
    rmSync(lockFile());
  });
});
