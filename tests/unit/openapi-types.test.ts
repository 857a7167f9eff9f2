import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPENAPI_TYPES_FILE, renderOpenApiTypes } from '../../scripts/openapi-types.ts';

const LIB_API = join(import.meta.dirname, '../../src/lib/api');

describe('src/lib/api/openapi.d.ts', () => {
  it('is what `npm run openapi:types` makes of the document today', async () => {
    const committed = readFileSync(OPENAPI_TYPES_FILE, 'utf8');
    // A stale file fails here: run `npm run openapi:types` and commit the result.
    expect(committed === (await renderOpenApiTypes())).toBe(true);
  }, 60_000);

  it('is where src/lib/api takes its answer types from: no module there writes a …Dto of its own', () => {
    const ownDtos = readdirSync(LIB_API)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
      .flatMap((f) =>
        [
          ...readFileSync(join(LIB_API, f), 'utf8').matchAll(/^export (?:interface|type) (\w+Dto)\b(?! = Schemas\[)/gm),
        ].map((m) => `${f}: ${m[1]}`),
      );
    expect(ownDtos).toEqual([]);
  });
});
