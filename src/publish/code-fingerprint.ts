import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a build's output depends on besides the catalogue: the site's code, its packages and its settings. */
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package-lock.json', 'tsconfig.json'];

/** Settings that change the built pages (origins in canonical links, the API the islands call). */
function buildSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(env)
    .filter((k) => k.startsWith('PUBLIC_') || k === 'SITE_URL' || k === 'HOST' || k === 'PORT')
    .sort()
    .map((k) => `${k}=${env[k]}`);
}

function addTree(hash: ReturnType<typeof createHash>, root: string, path: string): void {
  if (!existsSync(path)) return;
  if (statSync(path).isFile()) {
    hash
      .update(`${relative(root, path)}\0`)
      .update(readFileSync(path))
      .update('\0');
    return;
  }
  for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory() || entry.isFile()) addTree(hash, root, child);
  }
}

/**
 * A digest of everything but the catalogue that a build's pages depend on: the
 * files under `src/` and `public/`, the Astro config, the locked package
 * versions, the build settings and the Node version. Two builds with the same
 * fingerprint render the same rows into the same bytes.
 */
export function codeFingerprint(projectRoot: string, env: NodeJS.ProcessEnv = process.env): string {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n${buildSettings(env).join('\n')}\n`);
  for (const source of SOURCES) addTree(hash, projectRoot, join(projectRoot, source));
  return hash.digest('base64url').slice(0, 32);
}
