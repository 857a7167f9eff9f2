import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../src/lib/domain/ip-address.ts';
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

  it('reads TRUST_PROXY as the proxies whose X-Forwarded-For counts, none when unset, and refuses a word it cannot read', () => {
    const behind = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '10.0.0.0/8' }).trustProxy;
    expect(clientAddress('10.1.2.3', '198.51.100.1', behind)).toBe('198.51.100.1');
    expect(clientAddress('192.0.2.9', '198.51.100.1', behind)).toBe('192.0.2.9');
    const unset = loadConfig({ DATA_DIR: dataDir }).trustProxy;
    expect(clientAddress('10.1.2.3', '198.51.100.1', unset)).toBe('10.1.2.3');
    expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY .*"true" is none of these/,
    );
  });

  it('leaves the hold to the shop’s HoldMinutes unless PAYMENT_HOLD_SECONDS overrides it, and reads PAYMENTS_TEST', () => {
    const plain = loadConfig({ DATA_DIR: dataDir });
    expect([plain.paymentHoldSeconds, plain.paymentsTest]).toEqual([undefined, undefined]);
    const set = loadConfig({ DATA_DIR: dataDir, PAYMENT_HOLD_SECONDS: '60', PAYMENTS_TEST: '1' });
    expect([set.paymentHoldSeconds, set.paymentsTest]).toEqual([60, true]);
    expect(loadConfig({ DATA_DIR: dataDir, PAYMENTS_TEST: '0' }).paymentsTest).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENT_HOLD_SECONDS: '0' })).toThrow(
      'PAYMENT_HOLD_SECONDS must be a whole number of seconds from 1 to 86400, got "0".',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, PAYMENTS_TEST: 'yes' })).toThrow(
      'PAYMENTS_TEST must be 1 (offer the test payment method) or 0, got "yes".',
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
