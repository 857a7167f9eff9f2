import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project's folder (where `astro.config.mjs` is). */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
