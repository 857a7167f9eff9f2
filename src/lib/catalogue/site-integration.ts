import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { parseRedirects, type RedirectStatus } from '../domain/redirects.ts';
import { buildStats } from './build-stats.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * A static redirect page: a meta refresh, a canonical link to the target and a
 * plain link, no script. Hosts that read `_redirects` answer with a real HTTP
 * redirect first; this page serves any other host.
 */
export function redirectPage(to: string, canonical: string, status: RedirectStatus): string {
  const href = escapeHtml(to);
  return (
    '<!doctype html><html lang="en-IN"><head><meta charset="utf-8">' +
    `<title>Redirecting to ${href}</title>` +
    `<meta http-equiv="refresh" content="0; url=${href}">` +
    '<meta name="robots" content="noindex">' +
    `<link rel="canonical" href="${escapeHtml(canonical)}">` +
    '</head><body>' +
    `<p>${status === 301 ? 'This page has moved to' : 'Continue to'} <a href="${href}">${href}</a>.</p>` +
    '</body></html>\n'
  );
}

/** The file a path is served from in a `build.format: 'directory'` site. */
function pageFile(outDir: string, path: string): string {
  return join(outDir, path.replace(/^\/+/, ''), 'index.html');
}

/**
 * The build's last step: every rule of the generated `_redirects` becomes a
 * static redirect page (never replacing a page the build rendered), then the
 * build logs its page count against the API requests it made.
 */
export function siteIntegration(): AstroIntegration {
  let site: string | undefined;
  return {
    name: 'aisle:site',
    hooks: {
      'astro:config:done': ({ config }) => {
        site = config.site;
      },
      'astro:build:done': ({ dir, pages, logger }) => {
        const outDir = fileURLToPath(dir);
        const file = join(outDir, '_redirects');
        let written = 0;
        if (existsSync(file)) {
          for (const [from, rule] of parseRedirects(readFileSync(file, 'utf8'))) {
            const target = pageFile(outDir, from);
            if (existsSync(target)) continue;
            mkdirSync(dirname(target), { recursive: true });
            const canonical = new URL(rule.to, site ?? 'http://127.0.0.1:4321').href;
            writeFileSync(target, redirectPage(rule.to, canonical, rule.status));
            written++;
          }
        } else {
          logger.warn('No _redirects file was generated; the site has no redirect pages.');
        }
        const requests = buildStats().apiRequests;
        const rendered = pages.length;
        const perPage = rendered === 0 ? 0 : requests / rendered;
        // The build runs Astro at log level "warn"; this summary is wanted at every build.
        console.info(
          `Build: ${rendered} pages rendered and ${written} redirect pages written from ${requests} API requests ` +
            `(${perPage.toFixed(4)} requests a page).`,
        );
      },
    },
  };
}
