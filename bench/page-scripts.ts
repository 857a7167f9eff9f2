// node bench/page-scripts.ts SITE_DIR [page ...]
// The script a built page loads before the first interaction, read from the files alone
// (issue 30): its <script src> and inline scripts, each `client:load`/`client:idle`/
// `client:visible` island's component and renderer, and every module those import
// statically, each counted once (gzip -9, as bench:phone counts). Islands that load on
// the first interaction (`client:interaction`) and dynamic imports are left out: they
// come after the first tap. Without pages, it reports the staff pages, the cart and the
// search page. See bench/README.md "Every page light before the first tap".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const [siteDir, ...asked] = process.argv.slice(2);
if (siteDir === undefined || !existsSync(siteDir)) {
  console.error('usage: node bench/page-scripts.ts SITE_DIR [page ...]');
  process.exit(2);
}

const STAFF_PAGES = [
  '/app/edu-shopy',
  '/app/edu-shopy/category',
  '/app/edu-shopy/store',
  '/app/edu-shopy/psection',
  '/app/edu-shopy/orders',
  '/app/edu-shopy/employee',
  '/app/edu-shopy/enduser',
  '/app/edu-shopy/role',
  '/app/edu-shopy/logs',
  '/app/edu-shopy/feeds',
  '/app/client-store',
  '/app/client-store/db',
  '/app/client-store/section',
  '/app/client-store/item',
  '/app/client-store/import',
];
const pages = asked.length > 0 ? asked : ['/app/cart/my-cart', '/app/search', ...STAFF_PAGES];

const gz = (text: string) => gzipSync(text, { level: 9 }).length;

/** The static imports of a built module (`import … from "./x.js"`, `import "./x.js"`), as site paths. */
function importsOf(path: string, code: string): string[] {
  const dir = path.slice(0, path.lastIndexOf('/') + 1);
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{},\s]+from\s*)?["']([^"']+)["']/g)) {
    const spec = m[1] as string;
    if (spec.startsWith('./')) found.push(dir + spec.slice(2));
    else if (spec.startsWith('/')) found.push(spec);
  }
  return found;
}

function pageWeight(page: string): { files: number; gzip: number; inline: number } {
  const html = readFileSync(join(siteDir as string, page, 'index.html'), 'utf8');
  const roots = new Set<string>();
  let inline = 0;
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attrs = m[1] ?? '';
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    if (src !== undefined) roots.add(src);
    else if (!/application\/ld\+json/.test(attrs)) {
      inline += gz(m[2] ?? '');
      for (const spec of importsOf('/', m[2] ?? '')) roots.add(spec);
    }
  }
  for (const m of html.matchAll(/<astro-island\s[^>]*>/g)) {
    const tag = m[0];
    if (/\sclient="interaction"/.test(tag)) continue;
    for (const a of ['component-url', 'renderer-url']) {
      const url = new RegExp(`\\s${a}="([^"]+)"`).exec(tag)?.[1];
      if (url) roots.add(url);
    }
  }
  const seen = new Set<string>();
  const walk = (url: string) => {
    if (seen.has(url) || !url.endsWith('.js')) return;
    seen.add(url);
    const code = readFileSync(join(siteDir as string, url), 'utf8');
    for (const next of importsOf(url, code)) walk(next);
  };
  for (const url of roots) walk(url);
  let gzip = 0;
  for (const url of seen) gzip += gz(readFileSync(join(siteDir as string, url), 'utf8'));
  return { files: seen.size, gzip, inline };
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
console.log('| page | script files | files (gzip) | inline (gzip) | total (gzip) |');
console.log('| ---- | -----------: | -----------: | ------------: | -----------: |');
for (const page of pages) {
  const w = pageWeight(page);
  console.log(`| ${page} | ${w.files} | ${kB(w.gzip)} | ${kB(w.inline)} | **${kB(w.gzip + w.inline)}** |`);
}
