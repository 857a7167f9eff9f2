/**
 * Pages that are personal or for staff: robots.txt asks crawlers to leave them
 * alone and the sitemap leaves them out.
 */
export const PRIVATE_PREFIXES: readonly string[] = [
  '/api/',
  '/app/cart',
  '/app/profile',
  '/app/edu-shopy',
  '/app/client-store',
  '/confirm',
  '/app/search',
  '/app/reset-password',
];

/** True for a site path (`/app/cart/my-orders`) under one of the private prefixes. */
export function isPrivatePath(path: string): boolean {
  return PRIVATE_PREFIXES.some((prefix) =>
    prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`),
  );
}
