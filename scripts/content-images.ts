// npm run content:images — gives every content picture (DATA_DIR/content) its AVIF and WebP
// versions where they are missing or older than its ti.png; safe to run again at any time.

import { fillVersions } from '../src/server/catalogue/picture-versions.ts';
import { loadConfig } from '../src/server/config.ts';

if (process.argv.slice(2).some((a) => a === '-h' || a === '--help')) {
  console.log('Usage: npm run content:images   (fills the missing versions of every picture under DATA_DIR/content)');
  process.exit(0);
}
if (process.argv.length > 2) {
  console.error(`content:images: unexpected argument "${process.argv[2]}"; it takes none.`);
  process.exit(2);
}
try {
  const config = loadConfig();
  const s = await fillVersions(config.contentDir, { log: (e) => console.error(JSON.stringify(e)) });
  console.log(
    `Pictures: ${s.pictures}; versions made for ${s.filled} (${s.encoded} distinct pictures encoded)` +
      `${s.failed > 0 ? `; ${s.failed} could not be read` : ''}, in ${s.seconds.toFixed(1)} s.`,
  );
  if (s.failed > 0) process.exitCode = 1;
} catch (err) {
  console.error(`content:images failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
