import type { APIRoute } from 'astro';
import { PRIVATE_PREFIXES } from '../lib/catalogue/private-paths.ts';

/** robots.txt, pointing crawlers at the sitemap index under the site's public origin (`SITE_URL`). */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap-index.xml', site ?? 'http://127.0.0.1:4321').href;
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${sitemap}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
