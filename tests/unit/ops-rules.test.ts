// The operator's rules as tables: who may read /metrics (METRICS_ALLOW, METRICS_TOKEN) and
// which database errors are "unavailable, try again" (503) rather than a fault (500).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addressInRanges, parseAddressRanges } from '../../src/lib/domain/ip-address.ts';
import { loadConfig } from '../../src/server/config.ts';
import { isConnectionError } from '../../src/server/db/errors.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'aisle-ops-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('METRICS_ALLOW', () => {
  const allow = parseAddressRanges('loopback, 10.1.0.0/16, 2001:db8::/32, 192.0.2.7', 'METRICS_ALLOW');

  it.each([
    ['127.0.0.1', true],
    ['127.9.9.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.1.200.3', true],
    ['10.2.0.1', false],
    ['2001:DB8:0:1::9', true],
    ['2001:db9::1', false],
    ['192.0.2.7', true],
    ['192.0.2.8', false],
    ['unknown', false],
    ['', false],
  ])('%s is admitted: %s', (address, admitted) => {
    expect(addressInRanges(address, allow)).toBe(admitted);
  });

  it('refuses an entry it cannot read, naming the variable and the entry', () => {
    expect(() => parseAddressRanges('loopback, 10.0.0.0/33', 'METRICS_ALLOW')).toThrow(
      /^METRICS_ALLOW entries are .*"10.0.0.0\/33" is none of these/,
    );
    expect(() => parseAddressRanges('everyone', 'METRICS_ALLOW')).toThrow(/"everyone"/);
    expect(() => parseAddressRanges(' , ', 'METRICS_ALLOW')).toThrow(/METRICS_ALLOW is empty/);
  });

  it('is loopback when unset, nobody with "none", and read by loadConfig', () => {
    const unset = loadConfig({ DATA_DIR: dataDir });
    expect(addressInRanges('127.0.0.1', unset.metricsAllow)).toBe(true);
    expect(addressInRanges('10.0.0.1', unset.metricsAllow)).toBe(false);
    expect(unset.metricsToken).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_ALLOW: 'none' }).metricsAllow).toEqual([]);
    const ranged = loadConfig({ DATA_DIR: dataDir, METRICS_ALLOW: '10.0.0.0/8' }).metricsAllow;
    expect(addressInRanges('10.3.2.1', ranged)).toBe(true);
    expect(addressInRanges('127.0.0.1', ranged)).toBe(false);
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_ALLOW: 'localhost' })).toThrow(/METRICS_ALLOW .*"localhost"/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is taken when at least 16 characters without spaces', () => {
    expect(loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
  });

  it.each(['short', 'fifteen-chars-x', 'has a space in the middle'])('refuses METRICS_TOKEN=%s', (token) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, METRICS_TOKEN: token })).toThrow(
      /^METRICS_TOKEN must be at least 16 characters without spaces/,
    );
  });
});

describe('isConnectionError: the database is unavailable, try again', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    [
      'admin shutdown (restart, pg_terminate_backend)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['crash shutdown', withCode('57P02')],
    ['starting up', withCode('57P03', 'the database system is starting up')],
    ['connection exception class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['the socket ended', new Error('Connection terminated unexpectedly')],
    ['the pool timed out', new Error('timeout exceeded when trying to connect')],
    ['a dead client', new Error('Client has encountered a connection error and is not queryable')],
    ['refused at every address', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'x')],
    ['wrapped', new Error('outer', { cause: withCode('57P01') })],
    ['SQLite busy past its timeout', Object.assign(new Error('database is locked'), { errcode: 5 })],
  ])('%s: yes', (_, err) => {
    expect(isConnectionError(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a deadlock (retried by the order code)', withCode('40P01')],
    ['a statement timeout', withCode('57014')],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    [
      'a message that merely mentions a connection',
      new Error('Connection terminated unexpectedly, or so the user says'),
    ],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('%s: no', (_, err) => {
    expect(isConnectionError(err)).toBe(false);
  });
});
