// @ts-check
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { siteIntegration } from './src/lib/catalogue/site-integration.ts';
import { siteOrigin } from './src/lib/catalogue/site-url.ts';
import { clientIntegration } from './src/publish/client-integration.ts';
import { rendererKeeper } from './src/publish/kept-renderer.ts';

// The sitemap, redirect pages, compressed files, `_headers` and search index are
// written by the rebuild (src/publish/rebuild.ts) after Astro, so that an
// incremental rebuild can write them for only the pages that changed.
export default defineConfig({
  // SITE_URL gives canonical URLs their origin; the default suits `npm start`.
  site: siteOrigin(),
  output: 'static',
  trailingSlash: 'ignore',
  // A few pages at a time: one page's file is written while the next renders.
  build: { format: 'directory', concurrency: 4 },
  integrations: [react(), clientIntegration(), siteIntegration(), rendererKeeper()],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
