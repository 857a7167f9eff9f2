import type { AstroIntegration } from 'astro';
import { buildStats } from './build-stats.ts';

/** The line that says how many pages a build rendered from how many API requests ("Publish now" reads it). */
export function renderedLine(rendered: number, requests: number): string {
  const perPage = rendered === 0 ? 0 : requests / rendered;
  return `Build: ${rendered} pages rendered from ${requests} API requests (${perPage.toFixed(4)} requests a page).`;
}

/**
 * Logs the build's page count against the API requests it made. The rebuild
 * (`src/publish`) writes the redirect pages, sitemap, headers and search index
 * after Astro is done, so it can do so for only the pages that changed.
 */
export function siteIntegration(): AstroIntegration {
  return {
    name: 'aisle:site',
    hooks: {
      'astro:build:done': ({ pages }) => {
        const stats = buildStats();
        stats.renderedPaths = pages.map((p) => `/${p.pathname.replace(/^\/+|\/+$/g, '')}`);
        // The rebuild reports this itself, between its progress bar's redraws.
        if (!stats.orchestrated) console.info(renderedLine(pages.length, stats.apiRequests));
      },
    },
  };
}
