import type { APIRoute, GetStaticPaths } from 'astro';
import { loadCatalogue } from '../lib/catalogue/load.ts';
import { redirectsText, staticPathsOf } from '../lib/catalogue/site-pages.ts';

/**
 * `/_redirects`: the site's redirects in the format static hosts read. The
 * rebuild (`src/publish`) also writes each one as a static redirect page, and
 * `npm run serve` answers them as HTTP redirects.
 */
export const getStaticPaths = (async () => staticPathsOf(await loadCatalogue(), 'redirects')) satisfies GetStaticPaths;

export const GET: APIRoute = async () => {
  return new Response(redirectsText(await loadCatalogue()), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
