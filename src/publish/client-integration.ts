import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';

/** The module Base.astro imports the first-paint script from, as one minified text. */
export const FIRST_PAINT_MODULE = 'virtual:aisle/first-paint';
const RESOLVED = `\0${FIRST_PAINT_MODULE}`;
const scripts = fileURLToPath(new URL('../scripts/', import.meta.url));

/**
 * Bundles src/scripts/first-paint.ts (with the parts of lib/domain it uses) into
 * one minified IIFE, for the layout to inline in <head>. `</script` can never
 * end the element early.
 */
export async function bundleFirstPaint(): Promise<string> {
  const out = await build({
    stdin: {
      contents: "import { firstPaint } from './first-paint.ts';\nfirstPaint();\n",
      resolveDir: scripts,
      loader: 'ts',
      sourcefile: 'first-paint-entry.ts',
    },
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text.trim() ?? '';
  return code.replace(/<\/(script)/gi, '<\\/$1');
}

/**
 * The browser side of the shop's pages: the `client:interaction` directive
 * (islands that load on the first interaction with a stepper) and the
 * first-paint script as a virtual module.
 */
export function clientIntegration(): AstroIntegration {
  return {
    name: 'aisle:client',
    hooks: {
      'astro:config:setup': ({ addClientDirective, updateConfig }) => {
        addClientDirective({
          name: 'interaction',
          entrypoint: fileURLToPath(new URL('../scripts/interaction-directive.ts', import.meta.url)),
        });
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'aisle:first-paint',
                resolveId: (id: string) => (id === FIRST_PAINT_MODULE ? RESOLVED : undefined),
                load: async (id: string) =>
                  id === RESOLVED ? `export default ${JSON.stringify(await bundleFirstPaint())};` : undefined,
              },
            ],
          },
        });
      },
    },
  };
}
