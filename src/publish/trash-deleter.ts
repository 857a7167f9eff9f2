/**
 * The detached deletion of replaced builds (`emptyTrash`, `site-folders.ts`): a script of its own,
 * run by `node -e` in a process that may outlive the rebuild that started it.
 */

/** The longest a detached deletion waits for one rebuild that holds the site's lock. */
export const TRASH_YIELD_MS = 5_000;

/**
 * The detached deletion (arguments: the site's lock file, then the trashed builds). Deleting
 * a replaced build (over a million files at 100,000 items) takes minutes, and a change made
 * right after a full build should be live as soon as one made later: the deleter runs at the
 * lowest CPU priority, and every 500 files it stops while a running rebuild holds the site's
 * lock (`rebuild-lock.ts`), for at most TRASH_YIELD_MS per rebuild, so that a one-item
 * rebuild's renames and writes do not wait behind its unlinks in the file system's journal
 * (about 0.13 s of a one-item rebuild at 100,000 items; bench/README.md) and a full build is
 * not held up by trash that waits. Each build is claimed first (`….deleting-{pid}`).
 */
export const TRASH_DELETER = `
try { require('node:os').setPriority(19); } catch {}
const fs = require('node:fs');
const { join } = require('node:path');
const [lock, ...trash] = process.argv.slice(1);
const pause = new Int32Array(new SharedArrayBuffer(4));
const waited = new Map();
let count = 0;
const holder = () => {
  try {
    const pid = Number(fs.readFileSync(lock, 'utf8').trim().split(/\\s+/)[0]);
    if (!(pid > 0)) return 0;
    process.kill(pid, 0);
    return pid;
  } catch {
    return 0;
  }
};
const outOfTheWay = () => {
  if (++count % 500 !== 0) return;
  for (let pid = holder(); pid !== 0; pid = holder()) {
    const spent = waited.get(pid) ?? 0;
    if (spent >= ${TRASH_YIELD_MS}) return;
    Atomics.wait(pause, 0, 0, 50);
    waited.set(pid, spent + 50);
  }
};
const remove = (dir) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) remove(path);
    else {
      fs.unlinkSync(path);
      outOfTheWay();
    }
  }
  fs.rmdirSync(dir);
};
for (const d of trash) {
  const mine = d.replace(/(\\.deleting-\\d+)?$/, '.deleting-' + process.pid);
  try { fs.renameSync(d, mine); } catch { continue; }
  try { remove(mine); } catch { fs.rmSync(mine, { recursive: true, force: true }); }
}
`;
