import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diskFullMessage, isDiskFull } from '../../src/publish/disk-full.ts';

describe('a full disk in a rebuild', () => {
  it('is recognised by its code, by the text a worker thread passes on, and through a cause', () => {
    const enospc = Object.assign(new Error("ENOSPC: no space left on device, write '/srv/site-builds/site-4/a.html'"), {
      code: 'ENOSPC',
      path: '/srv/site-builds/site-4/a.html',
    });
    expect(isDiskFull(enospc)).toBe(true);
    expect(isDiskFull(new Error("Error: ENOSPC: no space left on device, open '/x/index.html.br'"))).toBe(true);
    expect(isDiskFull(new Error('quota', { cause: Object.assign(new Error('q'), { code: 'EDQUOT' }) }))).toBe(true);
    expect(isDiskFull(new Error('The API at http://127.0.0.1:9 cannot be reached (ECONNREFUSED)'))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('EACCES'), { code: 'EACCES' }))).toBe(false);
  });

  it('names the folder of the failed write, the room left on its disk, and what to do', () => {
    const dir = tmpdir();
    const err = Object.assign(new Error(`ENOSPC: no space left on device, write '${join(dir, 'x.html')}'`), {
      code: 'ENOSPC',
      path: join(dir, 'x.html'),
    });
    const message = diskFullMessage(err, '/srv/aisle/dist-builds', '/srv/aisle/dist');
    expect(message).toMatch(
      new RegExp(`^The disk holding ${dir} is full: \\d+\\.\\d MB free of \\d+ MB \\(ENOSPC: no space left on device`),
    );
    expect(message).toContain('Nothing was published: the live site /srv/aisle/dist is unchanged and still serving');
    expect(message).toContain('run the rebuild again');
    // A path only in the text (from a worker thread), and a rebuild whose pages had gone live.
    const late = diskFullMessage(
      new Error(`ENOSPC: no space left on device, open '${join(dir, 'p', 'i.js')}'`),
      '/b',
      '/s',
      true,
    );
    expect(late).toContain(`The disk holding ${join(dir, 'p')} is full`);
    expect(late).toContain('The changed pages of /s are live, but its search index is not up to date');
  });
});
