import { isPrivatePath } from './private-paths.ts';

/** URLs a sitemap file may hold (the protocol allows 50,000; this leaves room). */
export const SITEMAP_URLS_PER_FILE = 45_000;

/** True for a page search engines should find: not personal or staff, not the 404 page, not a data file. */
export function belongsInSitemap(path: string): boolean {
  return path !== '/404' && path !== '/_redirects' && !path.endsWith('.txt') && !isPrivatePath(path);
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The sitemap of the site's pages: `sitemap-index.xml` naming one
 * `sitemap-{n}.xml` per 45,000 URLs. URLs are the canonical ones (no trailing
 * slash) under `site`, in path order, so the same pages give the same files.
 */
export function sitemapFiles(site: string, pagePaths: Iterable<string>): { name: string; content: string }[] {
  const urls = [...new Set([...pagePaths].filter(belongsInSitemap))]
    .sort()
    .map((path) => new URL(path, site).href.replace(/(?<=[^/])\/$/, ''));
  const files: { name: string; content: string }[] = [];
  for (let start = 0, n = 0; start < urls.length || n === 0; start += SITEMAP_URLS_PER_FILE, n++) {
    const chunk = urls.slice(start, start + SITEMAP_URLS_PER_FILE);
    files.push({
      name: `sitemap-${n}.xml`,
      content:
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        chunk.map((url) => `<url><loc>${escapeXml(url)}</loc></url>\n`).join('') +
        '</urlset>\n',
    });
  }
  const index =
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files.map((f) => `<sitemap><loc>${escapeXml(new URL(`/${f.name}`, site).href)}</loc></sitemap>\n`).join('') +
    '</sitemapindex>\n';
  return [{ name: 'sitemap-index.xml', content: index }, ...files];
}
