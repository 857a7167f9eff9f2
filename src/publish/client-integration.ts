import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

/** The module Base.astro imports the first-paint script from, as one minified text. */
const FIRST_PAINT_MODULE = 'virtual:aisle/first-paint';
/** The cart page's script (issue 30), inlined in that page so its lines show without a request. */
const CART_PAGE_MODULE = 'virtual:aisle/cart-page';
/** The Reports page's script that asks for its first report from `<head>` (issue 33 item 5). */
const REPORTS_EARLY_MODULE = 'virtual:aisle/reports-early';
/** Each inlined script's module and its entry in src/page-scripts. */
const INLINED: Record<string, string> = {
  [FIRST_PAINT_MODULE]: "import { firstPaint } from './first-paint.ts';\nfirstPaint();\n",
  [CART_PAGE_MODULE]: "import './cart-page.ts';\n",
  [REPORTS_EARLY_MODULE]: "import { askForFirstReport } from './reports-early.ts';\naskForFirstReport();\n",
};
const scripts = fileURLToPath(new URL('../page-scripts/', import.meta.url));
/**
 * The URL of the delivery area's module (issue 31), a file of its own that `site.ts` imports after
 * the first paint only when a shopper keeps a PIN code. Emitted as a file apart, not as a chunk
 * Vite knows of: Vite's dynamic `import()` would add its preload helper to every page's script.
 */
const DELIVERY_AREA_MODULE = 'virtual:aisle/delivery-area-url';
/** The search box's module (issue 34), loaded by `site.ts` on the box's first focus or key, the same way. */
const SEARCH_BOX_MODULE = 'virtual:aisle/search-box-url';
/** Each module loaded by its URL and its file in src/page-scripts. */
const LAZY: Record<string, string> = {
  [DELIVERY_AREA_MODULE]: 'delivery-area.ts',
  [SEARCH_BOX_MODULE]: 'search.ts',
};
/**
 * The cart store's URL, for the search page's `import()` on the first stepper touch: an
 * `import()` of a URL Vite cannot read is not wrapped in its preload helper, which would
 * otherwise ship before the first interaction (0.9 kB gzip; issue 30).
 */
const CART_STORE_URL_MODULE = 'virtual:aisle/cart-store-url';
const cartStore = fileURLToPath(new URL('../stores/cart-sync.ts', import.meta.url));

/** The `PUBLIC_*` variables of the environment, as Vite exposes them to the browser. */
function publicEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(([k, v]) => k.startsWith('PUBLIC_') && v !== undefined),
  ) as Record<string, string>;
}

/**
 * Bundles a script of src/page-scripts (with the parts of lib/domain it uses) into
 * one minified IIFE, for a page to inline. `</script` can never end the element
 * early.
 */
export async function bundleScript(entry: string): Promise<string> {
  const out = await build({
    stdin: {
      contents: entry,
      resolveDir: scripts,
      loader: 'ts',
      sourcefile: 'inline-entry.ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    // The public settings Vite would give a bundled module (`PUBLIC_API_URL`: where the API is).
    define: { 'import.meta.env': JSON.stringify(publicEnv()) },
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text.trim() ?? '';
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

/** Bundles a module of src/page-scripts into one minified ES module that keeps its exports. */
async function bundleModule(file: string): Promise<string> {
  const out = await build({
    entryPoints: [`${scripts}${file}`],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    define: { 'import.meta.env': JSON.stringify(publicEnv()) },
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  return out.outputFiles[0]?.text ?? '';
}

/**
 * The browser side of the shop's pages: the `client:interaction` directive
 * (islands that load on the first interaction with a stepper) and the
 * inlined scripts (the first-paint script, the cart page's) as virtual modules.
 */
export function clientIntegration(): AstroIntegration {
  return {
    name: 'aisle:client',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../page-scripts/interaction-directive.ts', import.meta.url)),
        });
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'aisle:cart-store-url',
                resolveId: (id: string) => (id === CART_STORE_URL_MODULE ? `\0${id}` : undefined),
                load(id: string) {
                  if (id !== `\0${CART_STORE_URL_MODULE}`) return undefined;
                  // The dev server serves the source; a build emits the store as a chunk and gives its URL.
                  if (this.environment.mode !== 'build') return `export default ${JSON.stringify(`/@fs${cartStore}`)};`;
                  const ref = this.emitFile({ type: 'chunk', id: cartStore });
                  return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
                },
              },
              {
                name: 'aisle:inline-scripts',
                resolveId: (id: string) => (id in INLINED ? `\0${id}` : undefined),
                load: async (id: string) => {
                  const entry = id.startsWith('\0') ? INLINED[id.slice(1)] : undefined;
                  return entry === undefined
                    ? undefined
                    : `export default ${JSON.stringify(await bundleScript(entry))};`;
                },
              },
              {
                name: 'aisle:lazy-scripts',
                resolveId: (id: string) => (id in LAZY ? `\0${id}` : undefined),
                async load(this: { meta: { watchMode: boolean }; emitFile(file: object): string }, id: string) {
                  const file = id.startsWith('\0') ? LAZY[id.slice(1)] : undefined;
                  if (file === undefined) return undefined;
                  // The dev server serves the source as a module; a build emits the bundled file.
                  if (this.meta.watchMode) return `export default ${JSON.stringify(`/src/page-scripts/${file}`)};`;
                  const ref = this.emitFile({
                    type: 'asset',
                    name: file.replace(/\.ts$/, '.js'),
                    source: await bundleModule(file),
                  });
                  return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
                },
              },
            ],
          },
        });
      },
    },
  };
}
