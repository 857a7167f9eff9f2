// npm run build — builds the static site from the API (API_URL, or one started in-process).
import { buildSite } from '../src/build/build-site.ts';
import { loadConfig } from '../src/server/config.ts';

try {
  await buildSite(loadConfig());
} catch (err) {
  console.error(`build failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
