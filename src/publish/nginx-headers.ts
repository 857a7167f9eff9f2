import type { RedirectStatus, RewriteRule } from '../lib/domain/redirects.ts';
import type { HeaderRule } from '../server/site-headers.ts';

/**
 * The `_headers` rules of a built site as nginx `location` blocks, for the site file of
 * docs/deploy.md (`include`d in its `server`). `_headers` applies every rule that matches a path
 * (the build writes no two matching rules that set one header), while nginx picks one location
 * and `add_header` in it replaces every one inherited: so each block carries the headers of every
 * rule that matches all of its paths, the site-wide `/*` rule's included. A rule `/x/*` becomes a
 * prefix location (`^~`, so no regex location takes its files), `/x` an exact one (with and
 * without the trailing slash, as `_headers` matches), and `/*` the catch-all `location /`.
 * Every header is sent `always` (on 404s too, as hosts that read `_headers` do), and each block
 * repeats the file lookup (`try_files` is not inherited by locations).
 */
export function nginxLocations(rules: readonly HeaderRule[], rewrites: readonly RewriteRule[] = []): string {
  const tryFiles = '$uri $uri/index.html $uri.html =404';
  const prefixOf = (rule: HeaderRule) => (rule.path.endsWith('*') ? rule.path.slice(0, -1) : null);
  /** The merged headers of every rule matching all the paths of `rule`'s location. */
  const merged = (rule: HeaderRule): Record<string, string> => {
    const out: Record<string, string> = {};
    const own = prefixOf(rule);
    for (const r of rules) {
      const p = prefixOf(r);
      const covers = p !== null ? (own ?? rule.path).startsWith(p) : own === null && bare(r.path) === bare(rule.path);
      if (covers) Object.assign(out, r.headers);
    }
    return out;
  };
  const blocks: string[] = [];
  const seen = new Set<string>();
  const block = (selector: string, headers: Record<string, string>, files = tryFiles) => {
    if (seen.has(selector)) return;
    seen.add(selector);
    const lines = Object.entries(headers).map(([name, value]) => `    add_header ${name} ${quote(value)} always;`);
    blocks.push(`location ${selector} {\n${lines.join('\n')}\n    try_files ${files};\n}\n`);
  };
  // A `/prefix/* /page 200` rewrite: its paths are that page (a file of the same path first).
  for (const rewrite of rewrites) {
    block(`^~ ${rewrite.prefix}`, merged({ path: `${rewrite.prefix}*`, headers: {} }), `$uri ${rewrite.to}`);
  }
  // Exact paths first, then longer prefixes: nginx does not care about the order, readers do.
  const sorted = [...rules].sort(
    (a, b) => Number(a.path.endsWith('*')) - Number(b.path.endsWith('*')) || b.path.length - a.path.length,
  );
  for (const rule of sorted) {
    const headers = merged(rule);
    const prefix = prefixOf(rule);
    if (prefix === '/') block('/', headers);
    else if (prefix !== null) block(`^~ ${prefix}`, headers);
    else {
      block(`= ${bare(rule.path)}`, headers);
      if (bare(rule.path) !== '/') block(`= ${bare(rule.path)}/`, headers);
    }
  }
  if (!seen.has('/')) block('/', {});
  return blocks.join('');
}

function bare(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A header value as one nginx string: double-quoted, with `"`, `\` and `$` escaped (no variables). */
function quote(value: string): string {
  // nginx reads `$` in a string as a variable and has no escape for it; the build's headers never hold one.
  if (value.includes('$')) throw new Error(`A header value holds "$", which nginx would read as a variable: ${value}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const NOTE =
  '# Written by `npm run deploy:nginx`; written again (and nginx reloaded) after every rebuild:\n' +
  "# the Content-Security-Policy lists the hashes of the live pages' inline scripts.\n";

/**
 * `site.conf`, for the site's `server`: the redirects of `_redirects` answered before any file
 * (looked up in the maps of `redirects.conf`), then the locations of `_headers` and its rewrites.
 */
export function nginxSiteFile(rules: readonly HeaderRule[], rewrites: readonly RewriteRule[], source: string): string {
  return (
    `# The redirects, rewrites, security and cache headers of the Aisle site, from ${source}.\n${NOTE}` +
    'if ($aisle_redirect_301) {\n    return 301 $aisle_redirect_301;\n}\n' +
    'if ($aisle_redirect_302) {\n    return 302 $aisle_redirect_302;\n}\n' +
    nginxLocations(rules, rewrites)
  );
}

/**
 * `redirects.conf`, for nginx's `http` level: the redirects of `_redirects` as two maps from the
 * path to its target, one per status (a map is a hash: 187,000 redirects at 100,000 items cost a
 * lookup, where as many locations would not load).
 */
export function nginxRedirectsFile(
  redirects: ReadonlyMap<string, { to: string; status: RedirectStatus }>,
  source: string,
): string {
  const map = (status: RedirectStatus) => {
    const lines = [...redirects]
      .filter(([, r]) => r.status === status)
      .map(([from, r]) => `    ${quote(from)} ${quote(r.to)};\n`);
    return `map $uri $aisle_redirect_${status} {\n    default "";\n${lines.join('')}}\n`;
  };
  return (
    `# The redirects of the Aisle site, from ${source}.\n${NOTE}` +
    `map_hash_max_size ${Math.max(2048, 2 ** Math.ceil(Math.log2(redirects.size * 2 + 1)))};\n` +
    'map_hash_bucket_size 256;\n' +
    map(301) +
    map(302)
  );
}
