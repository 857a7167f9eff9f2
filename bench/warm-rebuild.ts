// The warm rebuild's figures for `npm run bench:build -- --warm N [--warm-memory M]`
// (issue 30 item 2): from the API write of one item's title until the changed page's new bytes
// are behind the live link, with `npm run rebuild -- --watch` running (warm) and with a cold
// `npm run rebuild` started once the write is answered, alternating; then the long-lived
// process's memory over M runs in a row. See bench/README.md "Issue 30 item 2: the warm rebuild".
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT, run, serve } from './site-fixture.ts';

const EMAIL = 'warm.bench@example.com';
const PASSWORD = 'Warm!Bench-2026';

export interface ProcessTree {
  /** RSS of a process and all its descendants, in kB, and their CPU time in clock ticks. */
  usage(pid: number): { rssKb: number; cpuTicks: number };
  load(): string;
}

interface Watcher {
  child: ChildProcess;
  /** Resolves with the line once the log has one matching `pattern` after the `from`-th line. */
  line(pattern: RegExp, from: number): Promise<string>;
  lines: string[];
  /** When each line came (`performance.now()`). */
  at: number[];
}

/** `npm run rebuild` with `args` (through npm when the bench runs under it, as operators run it). */
function rebuild(env: NodeJS.ProcessEnv, args: string[]): ChildProcess {
  const npm = process.env.npm_execpath;
  const argv =
    npm === undefined
      ? [join(ROOT, 'scripts/rebuild.ts'), ...args]
      : [npm, 'run', '--silent', 'rebuild', ...(args.length > 0 ? ['--', ...args] : [])];
  // A process group of its own: npm does not pass a signal on to the script's process, so the group gets it.
  return spawn(process.execPath, argv, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
}

/** `npm run rebuild -- --watch`, its log kept by line. */
function startWatcher(env: NodeJS.ProcessEnv): Watcher {
  const child = rebuild(env, ['--watch']);
  const lines: string[] = [];
  const at: number[] = [];
  const waiting = new Set<() => void>();
  let rest = '';
  const take = (d: Buffer) => {
    rest += d.toString();
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
    const now = performance.now();
    for (const _ of parts) at.push(now);
    for (const w of [...waiting]) w();
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  const line = (pattern: RegExp, from: number) =>
    new Promise<string>((done, fail) => {
      const ended = () => fail(new Error(`the watcher ended:\n${lines.slice(-20).join('\n')}`));
      const check = () => {
        const found = lines.slice(from).find((l) => pattern.test(l));
        if (found !== undefined) {
          waiting.delete(check);
          child.off('exit', ended);
          done(found);
        }
      };
      child.once('exit', ended);
      waiting.add(check);
      check();
    });
  return { child, line, lines, at };
}

/** Stops the watcher's process group (npm, the script, its rebuilding process) and waits until all of it ended. */
async function stopWatcher(w: Watcher): Promise<void> {
  const group = -(w.child.pid as number);
  try {
    process.kill(group, 'SIGTERM');
    for (;;) {
      process.kill(group, 0);
      await new Promise((r) => setTimeout(r, 20));
    }
  } catch {
    // The group is gone.
  }
}

/** The item page the bench changes: one in the middle of the built site's item pages. */
function pickItem(siteDir: string): { id: number; page: string } {
  const root = join(siteDir, 'app/section');
  const ids = readdirSync(root)
    .filter((n) => /^\d+$/.test(n) && n !== '0')
    .sort((a, b) => Number(a) - Number(b));
  const id = ids[Math.floor(ids.length / 2)] as string;
  const db = readdirSync(join(root, id))[0] as string;
  return { id: Number(id), page: `app/section/${id}/${db}/index.html` };
}

const read = (file: string) => {
  try {
    return readFileSync(realpathSync(file));
  } catch {
    return null;
  }
};

/**
 * Seconds from `from` (a `performance.now()`) until the file's bytes differ from `was`, checked
 * every 2 ms; `atServed` runs the moment they do (the CPU a process tree used until then).
 */
async function servedAfter(
  file: string,
  was: Buffer,
  from: number,
  atServed: () => void = () => {},
  timeoutMs = 600_000,
): Promise<number> {
  for (;;) {
    const now = read(file);
    if (now !== null && !now.equals(was)) {
      const seconds = (performance.now() - from) / 1000;
      atServed();
      return seconds;
    }
    if (performance.now() - from > timeoutMs) throw new Error(`${file} did not change within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] as number;
const s = (x: number) => `${x.toFixed(3)} s`;

export async function benchWarm(
  n: number,
  env: NodeJS.ProcessEnv,
  opts: { pairs: number; edits: number; memoryRuns: number },
  tree: ProcessTree,
): Promise<string[]> {
  const siteDir = env.SITE_DIR as string;
  await run('scripts/user-add.ts', ['--email', EMAIL, '--password', PASSWORD, '--role', 'Employee'], env);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = await serve({ ...env, PORT: String(port), HOST: '127.0.0.1' }, origin);
  const out: string[] = [];
  try {
    const res = await fetch(`${origin}/token`, {
      method: 'POST',
      body: new URLSearchParams({ username: EMAIL, password: PASSWORD, grant_type: 'password' }),
    });
    const token = ((await res.json()) as { access_token: string }).access_token;
    const item = pickItem(siteDir);
    const file = join(siteDir, item.page);
    let edits = 0;
    /** Changes the item's title through the staff API; returns when the request was sent. */
    const write = async (): Promise<{ sent: number; answered: number; was: Buffer }> => {
      const was = read(file) as Buffer;
      const sent = performance.now();
      const put = await fetch(`${origin}/api/Item/Edit/${item.id}`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ ItemTitle: `Warm bench title ${Date.now()} ${++edits}` }),
      });
      if (put.status !== 200) throw new Error(`the edit answered ${put.status}: ${await put.text()}`);
      return { sent, answered: (performance.now() - sent) / 1000, was };
    };
    const warm: number[] = [];
    const firsts: number[] = [];
    const cold: number[] = [];
    const warmCpu: number[] = [];
    const coldCpu: number[] = [];
    const coldFromNpm: number[] = [];
    const rows: string[] = [];
    for (let pair = 0; pair < opts.pairs; pair++) {
      // Warm: a watcher started (its first run finds nothing to do), then `edits` edits, each once the last run ended.
      const w = startWatcher(env);
      await w.line(/^Rebuild: run 1 ended/, 0);
      for (let k = 0; k < opts.edits; k++) {
        const mark = w.lines.length;
        const cpuBefore = tree.usage(w.child.pid as number).cpuTicks;
        let cpu = 0;
        const edit = await write();
        const served = await servedAfter(file, edit.was, edit.sent, () => {
          cpu = (tree.usage(w.child.pid as number).cpuTicks - cpuBefore) / 100;
        });
        const ended = await w.line(/^Rebuild: run \d+ ended/, mark);
        const live = /site written to .* in ([\d.]+ s)/.exec(
          w.lines.slice(mark).find((l) => l.includes('site written')) ?? '',
        );
        // Where the time went: when the run's catalogue line (the read ended), its render's start and its
        // "site written" line came, in ms after the edit was sent; the catalogue line's own read time.
        const after = (pattern: RegExp) => {
          const i = w.lines.findIndex((l, j) => j >= mark && pattern.test(l));
          return i < 0 ? '?' : String(Math.round((w.at[i] as number) - edit.sent));
        };
        const readTime = /\(([\d.]+) s\)\.?$/.exec(
          w.lines.slice(mark).find((l) => l.startsWith('Catalogue:')) ?? '',
        )?.[1];
        const steps = `${after(/^Catalogue:/)} (read ${readTime === undefined ? '?' : Math.round(Number(readTime) * 1000)}) / ${after(/pages changed and/)} / ${after(/site written/)}`;
        (k === 0 ? firsts : warm).push(served);
        (k === 0 ? [] : warmCpu).push(cpu);
        rows.push(
          `| ${pair + 1} | warm, edit ${k + 1} in the process | ${s(served)} | ${cpu.toFixed(2)} s | ${s(edit.answered)} | ${live?.[1] ?? '?'} | ${steps} | ${/[\d]+ MB resident/.exec(ended)?.[0] ?? '?'} | ${tree.load()} |`,
        );
        console.error(`    ${rows.at(-1)}`);
      }
      await stopWatcher(w);
      // Cold: `npm run rebuild` started as soon as the edit is answered.
      const edit = await write();
      const npmStart = performance.now();
      const once = rebuild(env, []);
      let cpu = 0;
      const served = servedAfter(file, edit.was, edit.sent, () => {
        cpu = tree.usage(once.pid as number).cpuTicks / 100;
      });
      let log = '';
      once.stdout?.resume();
      once.stderr?.on('data', (d: Buffer) => {
        log += d.toString();
      });
      const code = await new Promise((done) => once.once('close', done));
      if (code !== 0) throw new Error(`npm run rebuild failed:\n${log}`);
      const total = await served;
      cold.push(total);
      coldCpu.push(cpu);
      coldFromNpm.push(total - (npmStart - edit.sent) / 1000);
      rows.push(
        `| ${pair + 1} | cold npm run rebuild | ${s(total)} (${s(coldFromNpm.at(-1) as number)} from its start) | ${cpu.toFixed(2)} s | ${s(edit.answered)} | | | | ${tree.load()} |`,
      );
      console.error(`    ${rows.at(-1)}`);
    }
    if (opts.pairs > 0) {
      out.push(
        `\n${n.toLocaleString('en-US')} items: from the edit sent until the new bytes are behind the live link`,
        '\n| pair | run | served after the edit was sent | CPU of the rebuild\'s process tree until served | edit answered after | the run\'s own "site written in" | ms after the edit: catalogue read (its read) / render start / live | watcher RSS after | load avg |',
        '| --: | --- | --: | --: | --: | --: | --- | --: | --- |',
        ...rows,
        // With --warm-edits 1 a process makes only its first edit: no later ones to sum up.
        (warm.length === 0
          ? '\nwarm: no 2nd or later edits (--warm-edits 1); '
          : `\nwarm (2nd and later edits of each process) median ${s(median(warm))} of ${warm.length} (CPU ${median(warmCpu).toFixed(2)} s); `) +
          `first edit of a process median ${s(median(firsts))}; cold median ${s(median(cold))} (CPU ${median(coldCpu).toFixed(2)} s) ` +
          `(${s(median(coldFromNpm))} from the start of npm) of ${cold.length}.`,
      );
    }
    if (opts.memoryRuns > 0) out.push(...(await memory(env, opts.memoryRuns, write, file, tree)));
  } finally {
    server.kill('SIGTERM');
  }
  return out;
}

/** One watcher, `runs` edits in a row: its process tree's RSS after each run. */
async function memory(
  env: NodeJS.ProcessEnv,
  runs: number,
  write: () => Promise<{ sent: number; was: Buffer }>,
  file: string,
  tree: ProcessTree,
): Promise<string[]> {
  const w = startWatcher(env);
  const rss: number[] = [];
  const served: number[] = [];
  try {
    await w.line(/^Rebuild: run 1 ended/, 0);
    for (let i = 0; i < runs; i++) {
      const mark = w.lines.length;
      const edit = await write();
      served.push(await servedAfter(file, edit.was, edit.sent));
      await w.line(/^Rebuild: run \d+ ended/, mark);
      rss.push(tree.usage(w.child.pid as number).rssKb / 1024);
    }
  } finally {
    await stopWatcher(w);
  }
  const at = (i: number) => `${(rss[i] as number).toFixed(0)} MB`;
  const marks = [0, 4, 9, 14, 19, 24, 29, runs - 1].filter((i, k, all) => i < runs && all.indexOf(i) === k);
  return [
    `\nmemory of one watcher over ${runs} edits in a row (process tree RSS after each run): ` +
      marks.map((i) => `run ${i + 1}: ${at(i)}`).join(', ') +
      `; min ${Math.min(...rss).toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB; ` +
      `served after the edit: median ${s(median(served))}, max ${s(Math.max(...served))}.`,
  ];
}
