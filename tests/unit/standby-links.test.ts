// A full build's standby written as it goes (src/publish/standby-links.ts): every file the
// writers write into the build is the same file (one inode) in the standby, and a file moved
// or compressed into the build afterwards is made the same in the standby, stale forms removed.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FolderWriter } from '../../src/publish/deploy-files.ts';
import { StandbyLinks } from '../../src/publish/standby-links.ts';

let work: string;
let build: string;
let standby: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'aisle-standby-links-'));
  build = join(work, 'site-1');
  standby = join(work, 'site-2');
  mkdirSync(build);
  mkdirSync(standby);
});

afterEach(() => rmSync(work, { recursive: true, force: true }));

const ino = (file: string) => statSync(file).ino;

describe('the standby written with the build', () => {
  it('links every file a writer writes, with its compressed forms, into the standby', () => {
    const out = new FolderWriter(build, standby);
    out.write('app/section/7/1/index.html', Buffer.from('<!DOCTYPE html><p>Basmati rice</p>'));
    out.write('app/section/8/1/index.html', Buffer.from('<meta http-equiv="refresh">'), false);
    out.write('pagefind-2/fragment/abc.pf_fragment', Buffer.from([1, 2, 3]));
    for (const rel of [
      'app/section/7/1/index.html',
      'app/section/7/1/index.html.br',
      'app/section/7/1/index.html.gz',
      'app/section/8/1/index.html',
      'pagefind-2/fragment/abc.pf_fragment',
    ]) {
      expect(ino(join(standby, rel)), rel).toBe(ino(join(build, rel)));
    }
    // A page written without compressed forms has none in the standby either.
    expect(existsSync(join(standby, 'app/section/8/1/index.html.br'))).toBe(false);
  });

  it('writes nothing beside the build when no standby is named', () => {
    new FolderWriter(build).write('index.html', Buffer.from('<p>home</p>'));
    expect(existsSync(join(build, 'index.html.br'))).toBe(true);
    expect(existsSync(join(standby, 'index.html'))).toBe(false);
  });

  it('replaces what the standby had at a path with the build’s file, and drops compressed forms the build lacks', () => {
    // A redirect page was linked first; Astro's page for the same path then won in the build.
    const links = new StandbyLinks(build, standby);
    mkdirSync(join(build, 'app/cart'), { recursive: true });
    writeFileSync(join(build, 'app/cart/index.html'), '<meta http-equiv="refresh">');
    links.link('app/cart/index.html');
    writeFileSync(join(standby, 'app/cart/index.html.gz'), 'stale');
    rmSync(join(build, 'app/cart/index.html'));
    writeFileSync(join(build, 'app/cart/index.html'), '<p>Your cart</p>');
    writeFileSync(join(build, 'app/cart/index.html.br'), 'br');
    links.sync('app/cart/index.html');
    expect(readFileSync(join(standby, 'app/cart/index.html'), 'utf8')).toBe('<p>Your cart</p>');
    expect(ino(join(standby, 'app/cart/index.html'))).toBe(ino(join(build, 'app/cart/index.html')));
    expect(ino(join(standby, 'app/cart/index.html.br'))).toBe(ino(join(build, 'app/cart/index.html.br')));
    expect(existsSync(join(standby, 'app/cart/index.html.gz'))).toBe(false);
  });
});
