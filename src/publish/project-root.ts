import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder (where `astro.config.mjs` is). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * V8's cache of compiled code for the build's and rebuild's processes and threads (`enableCompileCache`,
 * `NODE_COMPILE_CACHE`): `npm run rebuild` names the same folder, relative to the project, and the
 * API's site builder (`src/server/catalogue/site-builder.ts`, which may not import this folder) too.
 */
export const COMPILE_CACHE_DIR = join(PROJECT_ROOT, 'node_modules', '.cache', 'aisle', 'compile');
