import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshBundle,
  loadBundled,
  REBUILD_BUNDLE,
  writeBundle,
  writeBundleDetached,
} from '../../src/publish/code-bundle.ts';
import * as sources from '../../src/publish/rebuild-command.ts';

// `npm run rebuild` loads its own code from one bundled file while that is up to date
// (src/publish/code-bundle.ts). The bundle is a cache: a missing, stale or damaged one
// means the sources load, and it is written again.

type Command = typeof sources;
let root: string;
let dir: string;
const fromSources = async (): Promise<Command> => sources;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'aisle-rebuild-bundle-'));
  dir = join(root, 'a');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("the rebuild's bundle", () => {
  it('is used once written, and is stale when a file it was made from changed', async () => {
    const log: string[] = [];
    const missing = await loadBundled(REBUILD_BUNDLE, fromSources, (l) => log.push(l), dir);
    expect(missing).toEqual({ module: sources, stale: true });
    await writeBundle(REBUILD_BUNDLE, dir);
    const bundled = await loadBundled(REBUILD_BUNDLE, fromSources, (l) => log.push(l), dir);
    expect(bundled.stale).toBe(false);
    // Its own copy of the code, whole: the command tells its errors apart by these classes.
    expect(bundled.module.rebuildSite).not.toBe(sources.rebuildSite);
    expect(typeof bundled.module.rebuildSite).toBe('function');
    expect(new bundled.module.PublishRefused('x')).toBeInstanceOf(bundled.module.PublishRefused);
    expect(log).toEqual([]);
    // No Astro, Vite or Pagefind inside: they stay packages, loaded only by the builds that run them.
    const text = readFileSync(join(dir, REBUILD_BUNDLE.file), 'utf8');
    expect(text).not.toMatch(/node_modules\/(astro|vite|pagefind|sanitize-html)\//);
    const stampFile = join(dir, `${REBUILD_BUNDLE.file}.inputs.json`);
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8')) as { inputs: [string, number, number][] };
    const own = stamp.inputs.findIndex(([file]) => file.endsWith('src/publish/incremental-build.ts'));
    expect(own).toBeGreaterThanOrEqual(0);
    (stamp.inputs[own] as [string, number, number])[2] -= 1000;
    writeFileSync(stampFile, JSON.stringify(stamp));
    expect(freshBundle(REBUILD_BUNDLE, dir)).toBeNull();
    expect((await loadBundled(REBUILD_BUNDLE, fromSources, () => {}, dir)).stale).toBe(true);
  }, 120_000);

  it('that cannot load is set aside: the sources load, and a damaged stamp counts as none', async () => {
    // A folder of its own: a module once imported stays loaded under its URL.
    const dir = join(root, 'b');
    await writeBundle(REBUILD_BUNDLE, dir);
    writeFileSync(join(dir, REBUILD_BUNDLE.file), "throw new Error('a damaged bundle');\n");
    const log: string[] = [];
    const loaded = await loadBundled(REBUILD_BUNDLE, fromSources, (l) => log.push(l), dir);
    expect(loaded).toEqual({ module: sources, stale: true });
    expect(log.join('\n')).toContain('did not load (a damaged bundle)');
    writeFileSync(join(dir, `${REBUILD_BUNDLE.file}.inputs.json`), '{"format":3,"node":');
    expect(freshBundle(REBUILD_BUNDLE, dir)).toBeNull();
    writeFileSync(
      join(dir, `${REBUILD_BUNDLE.file}.inputs.json`),
      JSON.stringify({ format: 3, node: process.version, inputs: [[42]] }),
    );
    expect(freshBundle(REBUILD_BUNDLE, dir)).toBeNull();
  }, 120_000);

  it('is written by a process of its own after a run that found it stale', async () => {
    const dir = join(root, 'c');
    expect(freshBundle(REBUILD_BUNDLE, dir)).toBeNull();
    writeBundleDetached(REBUILD_BUNDLE, dir);
    const until = Date.now() + 110_000;
    while (freshBundle(REBUILD_BUNDLE, dir) === null && Date.now() < until)
      await new Promise((r) => setTimeout(r, 200));
    expect(freshBundle(REBUILD_BUNDLE, dir)).toBe(join(dir, REBUILD_BUNDLE.file));
  }, 120_000);
});
