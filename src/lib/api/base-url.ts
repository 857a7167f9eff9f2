/**
 * Where the browser finds the API: `PUBLIC_API_URL` when the site is served
 * apart from its API, otherwise the site's own origin (`''`, same-origin paths).
 */
export function apiBaseUrl(): string {
  // Outside Vite (Node running the sources) there is no import.meta.env.
  const env: Record<string, unknown> = import.meta.env ?? {};
  const { PUBLIC_API_URL: configured } = env;
  return typeof configured === 'string' ? configured.replace(/\/+$/, '') : '';
}
