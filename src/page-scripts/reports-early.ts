/**
 * The Reports page's first report, asked for from `<head>` (issue 33 item 5): bundled into a
 * small IIFE (src/publish/client-integration.ts) and inlined in that page alone, so the call
 * runs while the page's modules load, instead of after them. Staff only (an `Employee`
 * token in local storage); anyone else asks for nothing here, and the page's gate sends them
 * to sign in. The island (`SalesReport.tsx`) takes the response when its first range is this
 * one, once, and reads it as its API client would.
 */
import { apiBaseUrl } from '../lib/api/base-url.ts';
import { isAuthorized } from '../lib/domain/auth.ts';
import { DEFAULT_SHOP_TIME_ZONE, defaultReportRange, parseReportRange } from '../lib/domain/reports.ts';
import { TOKEN_KEY } from '../lib/domain/storage-keys.ts';
import { storage, whoIsSignedIn } from './local-state.ts';

/** The first report's range and its response, as the inline script left it on `window`. */
export interface FirstReport {
  from: string;
  to: string;
  response: Promise<Response>;
}

declare global {
  interface Window {
    aisleFirstReport?: FirstReport | undefined;
  }
}

/** The range in the page's address (`?from=&to=`), else the last 30 shop days. */
export function rangeOfAddress(search: string, nowMs: number): { from: string; to: string } {
  const q = new URLSearchParams(search);
  const asked = parseReportRange(q.get('from') ?? undefined, q.get('to') ?? undefined);
  return asked.ok ? { from: asked.range.from, to: asked.range.to } : defaultReportRange(nowMs, DEFAULT_SHOP_TIME_ZONE);
}

/** Asks for the first report with the stored token when it is staff's. */
export function askForFirstReport(): void {
  const { claims } = whoIsSignedIn();
  if (!isAuthorized(claims, Date.now(), 'Employee')) return;
  // As the API client sends it (the session store keeps the text as stored).
  const token = storage()?.getItem(TOKEN_KEY);
  if (!token) return;
  const { from, to } = rangeOfAddress(window.location.search, Date.now());
  const query = new URLSearchParams({ from, to });
  const response = fetch(`${apiBaseUrl()}/api/Report/Sales?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  // A failure is read (and shown) by the island.
  response.catch(() => {});
  window.aisleFirstReport = { from, to, response };
}
