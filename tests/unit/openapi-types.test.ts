import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPENAPI_TYPES_FILE, renderOpenApiTypes } from '../../scripts/openapi-types.ts';

describe('src/lib/api/openapi.d.ts', () => {
  it('is what `npm run openapi:types` makes of the document today', async () => {
    const committed = readFileSync(OPENAPI_TYPES_FILE, 'utf8');
    // A stale file fails here: run `npm run openapi:types` and commit the result.
    expect(committed === (await renderOpenApiTypes())).toBe(true);
  }, 60_000);
});
