import { parseRedirects, type RedirectStatus } from '../domain/redirects.ts';

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

/** The file a path is served from in a `build.format: 'directory'` site (`app/home/index.html`; `index.html` for `/`). */
export function pageFile(path: string): string {
  const rel = path.replace(/^\/+|\/+$/g, '');
  return rel === '' ? 'index.html' : `${rel}/index.html`;
}

/**
 * The redirect pages of a `_redirects` file, by site-relative file name: one per
 * rule whose path is not a page the build rendered (`isPage`).
 */
export function redirectPages(
  redirectsText: string,
  site: string,
  isPage: (path: string) => boolean,
): Map<string, string> {
  return new Map(redirectPageEntries(redirectsText, site, isPage));
}

/** The redirect pages of `redirectPages`, one at a time (a full build writes them in bounded batches). */
export function* redirectPageEntries(
  redirectsText: string,
  site: string,
  isPage: (path: string) => boolean,
): Generator<[file: string, html: string]> {
  for (const [from, rule] of parseRedirects(redirectsText)) {
    if (isPage(from)) continue;
    yield [pageFile(from), redirectPage(rule.to, new URL(rule.to, site).href, rule.status)];
  }
}
