/**
 * File types a browser downloads as text: the build stores each with `.br` and
 * `.gz` siblings, and the shop's server answers with the one the client accepts.
 */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);
