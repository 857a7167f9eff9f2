import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'aisle-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('gives each API process 20 PostgreSQL connections unless DATABASE_POOL_MAX says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolMax).toBe(20);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_MAX: '8' }).databasePoolMax).toBe(8);
  });

  it.each(['0', '-3', '2.5', 'many', '1001'])('refuses DATABASE_POOL_MAX=%s, naming it and the rule', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_MAX: value })).toThrow(
      `DATABASE_POOL_MAX must be a whole number from 1 to 1000, got "${value}".`,
    );
  });

  it('lets an account have 10 open orders unless OPEN_ORDERS_MAX says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).openOrdersMax).toBe(10);
    expect(loadConfig({ DATA_DIR: dataDir, OPEN_ORDERS_MAX: '3' }).openOrdersMax).toBe(3);
  });

  it.each(['0', '-1', '1.5', 'lots', '1000001'])('refuses OPEN_ORDERS_MAX=%s, naming it and the rule', (value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, OPEN_ORDERS_MAX: value })).toThrow(
      `OPEN_ORDERS_MAX must be a whole number from 1 to 1000000, got "${value}".`,
    );
  });
});
