// @ts-check
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { isPrivatePath } from './src/lib/catalogue/private-paths.ts';
import { siteIntegration } from './src/lib/catalogue/site-integration.ts';

// SITE_URL gives canonical and sitemap URLs their origin; the default suits `npm start`.
const site = process.env.SITE_URL ?? `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '4321'}`;

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [
    react(),
    sitemap({
      // Redirect files are not pages; personal and staff pages are not for search engines.
      filter: (page) => {
        const path = new URL(page).pathname.replace(/(?<=.)\/$/, '');
        return path !== '/_redirects' && !isPrivatePath(path);
      },
      // Canonical addresses have no trailing slash; the sitemap lists the same ones.
      serialize: (item) => ({ ...item, url: item.url.replace(/(?<=[^/])\/$/, '') }),
    }),
    siteIntegration(),
  ],
  vite: { plugins: [tailwindcss()] },
  devToolbar: { enabled: false },
});
