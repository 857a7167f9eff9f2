import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalogue } from '../lib/catalogue/load.ts';
import { redirectSources } from '../lib/catalogue/pages.ts';
import { APP_REWRITES, catalogueRedirects, formatRedirects } from '../lib/domain/redirects.ts';

/**
 * `/_redirects`: the site's redirects in the format static hosts read. The
 * build's integration also writes each one as a static redirect page, and
 * `npm run serve` answers them as HTTP redirects.
 */
export const getStaticPaths = (() => [{ params: { file: '_redirects' } }]) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  const rules = catalogueRedirects(redirectSources(await loadCatalogue()));
  return new Response(formatRedirects(rules, APP_REWRITES), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
