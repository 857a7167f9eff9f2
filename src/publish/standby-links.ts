import { existsSync, linkSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A full build's standby copy, made as the build goes: each file written into
 * the build folder (`from`) is hard-linked into the standby folder (`to`) at
 * once, by whichever thread wrote it. When the build is published its standby
 * is complete, so the next incremental rebuild has nothing to wait for (before,
 * a detached process copied the published build with `cp -al` afterwards, about
 * 45 s at 100,000 items, and a rebuild started meanwhile waited for it). Files
 * are never changed in place afterwards (a change writes a new file and renames
 * it over the link), so the two folders stay independent.
 */
export class StandbyLinks {
  readonly #made = new Set<string>();
  readonly from: string;
  readonly to: string;

  constructor(from: string, to: string) {
    this.from = from;
    this.to = to;
  }

  /** Links `rel`, just written into `from`, into `to`, replacing whatever `to` had at that path. */
  link(rel: string): void {
    const target = join(this.to, rel);
    const parent = dirname(target);
    if (!this.#made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      this.#made.add(parent);
    }
    try {
      linkSync(join(this.from, rel), target);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      rmSync(target, { recursive: true, force: true });
      linkSync(join(this.from, rel), target);
    }
  }

  /**
   * Makes `rel` and its `.br` and `.gz` in `to` what they are in `from` (a file
   * moved or compressed into `from` after the fact): each is linked where `from`
   * has it and removed where it does not.
   */
  sync(rel: string): void {
    for (const name of [rel, `${rel}.br`, `${rel}.gz`]) {
      if (existsSync(join(this.from, name))) this.link(name);
      else rmSync(join(this.to, name), { recursive: true, force: true });
    }
  }
}
