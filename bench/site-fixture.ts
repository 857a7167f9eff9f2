// A throw-away production shop for the browser benchmarks (bench:phone, bench:lighthouse):
// seeds a temp data folder, builds the site with `npm run build`'s script and serves it
// with `npm run serve`'s script (brotli, cache and security headers as in production),
// plus a signed-in customer with a saved cart. Nothing outside the temp folder is touched.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

export function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, script), ...args], { cwd: ROOT, env, stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`${script} failed:\n${output}`))));
  });
}

/**
 * fetch, tried again when the connection drops: a kept-alive socket the server closed
 * while this process was blocked (adding the bench's user runs a child synchronously).
 */
export async function fetchAgain(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (attempt >= 3) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

/** Starts `npm run serve`'s script and resolves once it answers. */
export async function serve(env: NodeJS.ProcessEnv, origin: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(ROOT, 'scripts/serve.ts')], { cwd: ROOT, env, stdio: 'ignore' });
  // Up to a minute: the server reads the built site into memory first, slow on a loaded machine.
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${origin}/robots.txt`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error('the site server did not start');
}

/** The first item page whose item is sold out (it shows "Notify me" instead of a stepper), or null. */
export function soldOutItemPath(siteDir: string): string | null {
  const byNumber = (a: string, b: string) => Number(a) - Number(b);
  for (const id of readdirSync(join(siteDir, 'app/section'))
    .filter((n) => /^\d+$/.test(n) && n !== '0')
    .sort(byNumber)) {
    for (const db of readdirSync(join(siteDir, 'app/section', id))
      .filter((n) => /^\d+$/.test(n))
      .sort(byNumber)) {
      if (readFileSync(join(siteDir, 'app/section', id, db, 'index.html'), 'utf8').includes('data-notify=')) {
        return `/app/section/${id}/${db}`;
      }
    }
  }
  return null;
}

/** The lowest id under `dir` that is a page (`0` holds redirect pages). */
export function firstId(siteDir: string, dir: string): string {
  const ids = readdirSync(join(siteDir, dir)).filter((name) => /^\d+$/.test(name) && name !== '0');
  return ids.sort((a, b) => Number(a) - Number(b))[0] as string;
}

export interface Shopper {
  token: string;
  /** The `cartState` the browser keeps after signing in: the saved cart, every line loaded. */
  cartState: string;
}

export interface BenchSite {
  origin: string;
  siteDir: string;
  /** Page type → path: home, categories, section, book, item. */
  pages: [string, string][];
  /** A signed-in customer whose saved cart holds the first two items of the section page and the item page's item. */
  shopper: Shopper;
  /** The section page's items, in page order (ItemID, StoreID). */
  sectionItems: { ItemID: number; StoreID: number }[];
  close(): Promise<void>;
}

const PASSWORD = 'Bench!pass1';

/** Seeds `items` items, builds, serves, and makes a signed-in customer with a cart. */
export async function startBenchSite(name: string, items: number): Promise<BenchSite> {
  const dir = mkdtempSync(join(tmpdir(), `aisle-bench-${name}-`));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: join(dir, 'data'),
    SITE_DIR: join(dir, 'site'),
    SITE_URL: origin,
    HOST: '127.0.0.1',
    PORT: String(port),
  };
  delete env.API_URL;
  delete env.DATABASE_URL;
  let server: ChildProcess | undefined;
  const close = async () => {
    server?.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await run('scripts/db-seed.ts', ['--items', String(items), '--seed', '1'], env);
    await run('scripts/build.ts', [], env);
    server = await serve(env, origin);
    const siteDir = realpathSync(env.SITE_DIR as string);
    const section = firstId(siteDir, 'app/store-section');
    const sectionPath = `/app/store-section/${section}/${firstId(siteDir, `app/store-section/${section}`)}`;
    const book = firstId(siteDir, 'app/book');
    const itemId = firstId(siteDir, 'app/section');
    const pages: [string, string][] = [
      ['home', `/app/home/${firstId(siteDir, 'app/home')}`],
      ['categories', `/app/categories/${firstId(siteDir, 'app/categories')}`],
      ['section', sectionPath],
      ['book', `/app/book/${book}/${firstId(siteDir, `app/book/${book}`)}`],
      ['item', `/app/section/${itemId}/${firstId(siteDir, `app/section/${itemId}`)}`],
    ];
    const soldOut = soldOutItemPath(siteDir);
    if (soldOut !== null) pages.push(['sold-out item', soldOut]);
    const [, sid, dbid] = /(\d+)\/(\d+)$/.exec(sectionPath) ?? [];
    const listed = (await (await fetchAgain(`${origin}/api/Section/ReadSectionWithList/${sid}/${dbid}`)).json()) as {
      items: { ItemID: number; StoreID: number; ItemHidden: boolean; Availability: number }[];
    };
    const sectionItems = listed.items.map(({ ItemID, StoreID }) => ({ ItemID, StoreID }));
    const [, iid, idb] = /(\d+)\/(\d+)$/.exec(pages[4]?.[1] ?? '') ?? [];
    const item = (await (await fetchAgain(`${origin}/api/Item/Read/${iid}/${idb}`)).json()) as {
      ItemID: number;
      StoreID: number;
    };
    const email = `bench-${port}@example.com`;
    execFileSync(
      process.execPath,
      [
        join(ROOT, 'scripts/user-add.ts'),
        '--email',
        email,
        '--password',
        PASSWORD,
        '--role',
        'User',
        '--name',
        'Bench Shopper',
      ],
      { cwd: ROOT, env, stdio: 'pipe' },
    );
    const tokenRes = await fetchAgain(`${origin}/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: email, password: PASSWORD, grant_type: 'password' }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const buyable = listed.items.filter((i) => !i.ItemHidden && i.Availability > 0).slice(0, 2);
    const chosen = [...buyable, item].filter(
      (i, n, all) => all.findIndex((j) => j.ItemID === i.ItemID && j.StoreID === i.StoreID) === n,
    );
    const lines = chosen.map((i, n) => ({
      ItemID: i.ItemID,
      StoreID: i.StoreID,
      Qty: n + 2,
      Staus: 'added',
    }));
    const saved = await fetchAgain(`${origin}/api/cart/Create`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ CartItems: lines }),
    });
    if (!saved.ok) throw new Error(`saving the bench cart answered ${saved.status}: ${await saved.text()}`);
    const { Shortages: _, ...cart } = (await saved.json()) as Record<string, unknown>;
    const shopper = { token, cartState: JSON.stringify({ cart, isDirty: false }) };
    return { origin, siteDir, pages, shopper, sectionItems, close };
  } catch (err) {
    await close();
    throw err;
  }
}
