// npm start — migrate, seed the demo catalogue when empty, build the site when missing, serve.
import { buildSite, siteIsBuilt } from '../src/publish/build-site.ts';
import { PROJECT_ROOT } from '../src/publish/project-root.ts';
import { summaryLine } from '../src/publish/rebuild.ts';
import { fillVersions } from '../src/server/catalogue/picture-versions.ts';
import { loadConfig } from '../src/server/config.ts';
import { isCatalogueEmpty, seedCatalogue } from '../src/server/db/seed.ts';
import { openMigratedDb } from '../src/server/runtime.ts';
import { serveShop } from '../src/server/serve-shop.ts';

try {
  const config = loadConfig();
  const db = await openMigratedDb(config);
  try {
    if (await isCatalogueEmpty(db.db)) {
      console.error('Start: the catalogue is empty; seeding the demo catalogue (2,000 items) ...');
      await seedCatalogue(db.db, db.dialect, { items: 2000, seed: 1, contentDir: config.contentDir });
    }
  } finally {
    await db.close();
  }
  // Pictures stored before they had AVIF and WebP versions get them (a scan when none is missing).
  const filled = await fillVersions(config.contentDir, { log: (e) => console.error(JSON.stringify(e)) });
  if (filled.filled > 0) {
    console.error(
      `Start: made the AVIF and WebP versions of ${filled.filled} pictures (${filled.seconds.toFixed(1)} s).`,
    );
  }
  if (!siteIsBuilt(config)) {
    console.error('Start: no built site yet; building it ...');
    // Astro keeps its scratch files under the working folder; the paths above are already absolute.
    process.chdir(PROJECT_ROOT);
    console.error(summaryLine(await buildSite(config)));
  }
  // The demo shop offers the test payment method (unless PAYMENTS_TEST=0).
  await serveShop(config, { demo: true });
} catch (err) {
  console.error(`start failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
