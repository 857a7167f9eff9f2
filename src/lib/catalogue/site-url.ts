/**
 * The public origin of the built site (`SITE_URL`): canonical links, the
 * sitemap and redirect pages use it. The default suits `npm start`.
 */
export function siteOrigin(env: Record<string, string | undefined> = process.env): string {
  const configured = env.SITE_URL?.trim();
  if (configured !== undefined && configured !== '') return configured;
  return `http://${env.HOST?.trim() || '127.0.0.1'}:${env.PORT?.trim() || '4321'}`;
}
