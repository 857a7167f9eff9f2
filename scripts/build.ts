// npm run build [-- --force] — builds the whole static site from the API (API_URL, or one
// started in-process) and publishes it when complete; `npm run rebuild` renders only what changed.
import { parseArgs } from 'node:util';
import { buildSite } from '../src/publish/build-site.ts';
import { boundHeapGrowth } from '../src/publish/heap-growth.ts';
import { createReporter } from '../src/publish/progress.ts';
import { PROJECT_ROOT } from '../src/publish/project-root.ts';
import { PublishRefused, summaryLine } from '../src/publish/rebuild.ts';
import { fillVersions } from '../src/server/catalogue/picture-versions.ts';
import { loadConfig } from '../src/server/config.ts';

// The catalogue's garbage collected before the heap grows far past what it holds (issue 30: under 1.5 GiB).
boundHeapGrowth();
const reporter = createReporter(process.stderr);
try {
  const { values } = parseArgs({ options: { force: { type: 'boolean' } }, strict: true });
  const config = loadConfig();
  if (config.apiUrl === undefined) {
    // The pages offer every picture's AVIF and WebP versions: make the missing ones of the local content.
    const filled = await fillVersions(config.contentDir, { log: (e) => reporter.log(JSON.stringify(e)) });
    if (filled.filled > 0) reporter.log(`Made the AVIF and WebP versions of ${filled.filled} pictures.`);
  }
  // Astro keeps its scratch files under the working folder; the paths above are already absolute.
  process.chdir(PROJECT_ROOT);
  reporter.log(summaryLine(await buildSite(config, { reporter, force: values.force === true })));
} catch (err) {
  reporter.log(`build failed: ${(err as Error).message}`);
  process.exitCode = err instanceof PublishRefused ? 3 : 1;
}
