// npm run openapi:types — writes src/lib/api/openapi.d.ts, the TypeScript types of the
// OpenAPI document (openapi-typescript), which src/lib/api takes its wire types from.
// `tests/unit/openapi-types.test.ts` fails when the committed file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildOpenApiDocument } from '../src/server/openapi/document.ts';

/** Where the generated types live. */
export const OPENAPI_TYPES_FILE = fileURLToPath(new URL('../src/lib/api/openapi.d.ts', import.meta.url));

const HEADER = `/**
 * The API's wire types, generated from its OpenAPI document (\`/api/openapi.json\`) by
 * openapi-typescript. Do not edit: run \`npm run openapi:types\` after changing
 * src/server/openapi; a unit test fails while this file is stale.
 */

`;

/** The text of src/lib/api/openapi.d.ts for the document as the code declares it now. */
export async function renderOpenApiTypes(): Promise<string> {
  const doc = buildOpenApiDocument();
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { alphabetize: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(OPENAPI_TYPES_FILE, await renderOpenApiTypes());
  console.log(`Wrote ${OPENAPI_TYPES_FILE}`);
}
