import { spawnSync } from 'node:child_process';
import { linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '../../scripts/content-images.ts');
const VERSIONS = ['ti-200.avif', 'ti-200.webp', 'ti-400.avif', 'ti-400.webp'];

describe('npm run content:images', () => {
  let dataDir: string;
  let content: string;

  function run(...args: string[]) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    const res = spawnSync(process.execPath, [SCRIPT, ...args], { env, encoding: 'utf8' });
    return { code: res.status, out: res.stdout, err: res.stderr };
  }
  const tile = (colour: string) =>
    sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
      .png()
      .toBuffer();
  const put = (dir: string, bytes: Buffer) => {
    mkdirSync(join(content, dir), { recursive: true });
    writeFileSync(join(content, dir, 'ti.png'), bytes);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'aisle-content-images-'));
    content = join(dataDir, 'content');
    put('Store/1', await tile('#c00'));
    put('2/Section/5', await tile('#0c0'));
    put('2/Book/5', await tile('#00c'));
    // Two items showing one picture file, as the demo catalogue's tiles do.
    put('7/Item/10', await tile('#cc0'));
    mkdirSync(join(content, '7/Item/11'), { recursive: true });
    linkSync(join(content, '7/Item/10/ti.png'), join(content, '7/Item/11/ti.png'));
    // Not a picture folder of spec §2: left alone.
    put('misc/Item/1', await tile('#000'));
    // A folder with no picture.
    mkdirSync(join(content, '7/Item/12'), { recursive: true });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('makes the missing versions of every picture, encoding a linked picture once', async () => {
    const res = run();
    expect(res.err).toBe('');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/^Pictures: 5; versions made for 5 \(4 distinct pictures encoded\), in [\d.]+ s\.\n$/);
    for (const dir of ['Store/1', '2/Section/5', '2/Book/5', '7/Item/10', '7/Item/11']) {
      expect(readdirSync(join(content, dir)).sort(), dir).toEqual([...VERSIONS, 'ti.png']);
    }
    const avif = await sharp(join(content, '2/Section/5/ti-200.avif')).metadata();
    expect([avif.format, avif.width, avif.height]).toEqual(['heif', 200, 150]);
    const { dominant } = await sharp(join(content, '2/Section/5/ti-400.webp')).stats();
    expect(dominant.g).toBeGreaterThan(150);
    expect(statSync(join(content, '7/Item/11/ti-400.avif')).ino).toBe(
      statSync(join(content, '7/Item/10/ti-400.avif')).ino,
    );
    expect(readdirSync(join(content, 'misc/Item/1'))).toEqual(['ti.png']);
    expect(readdirSync(join(content, '7/Item/12'))).toEqual([]);
  });

  it('does nothing the second time, and remakes the versions of a picture replaced since', async () => {
    expect(run().out).toMatch(/^Pictures: 5; versions made for 0 \(0 distinct pictures encoded\)/);
    put('Store/1', await tile('#00f'));
    // The old versions predate the new tile (whatever the file system's timestamp granularity).
    const earlier = new Date(Date.now() - 60_000);
    for (const name of VERSIONS) utimesSync(join(content, 'Store/1', name), earlier, earlier);
    expect(run().out).toMatch(/^Pictures: 5; versions made for 1 \(1 distinct pictures encoded\)/);
    const { dominant } = await sharp(join(content, 'Store/1/ti-200.webp')).stats();
    expect(dominant.b).toBeGreaterThan(200);
  });

  it('names a picture it cannot read and exits 1, having made the others', async () => {
    put('Store/2', Buffer.from('not a picture'));
    put('Store/3', await tile('#fff'));
    const res = run();
    expect(res.code).toBe(1);
    expect(res.out).toMatch(/versions made for 1 .*; 1 could not be read/);
    expect(JSON.parse(res.err.trim().split('\n')[0] ?? '{}')).toMatchObject({
      level: 'warn',
      msg: 'picture versions not made',
      dir: join(content, 'Store/2'),
    });
    expect(readdirSync(join(content, 'Store/3')).sort()).toEqual([...VERSIONS, 'ti.png']);
  });

  it('refuses arguments', () => {
    const res = run('--all');
    expect(res.code).toBe(2);
    expect(res.err).toContain('unexpected argument "--all"');
  });
});
