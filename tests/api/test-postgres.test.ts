// `npm test` on a machine without PostgreSQL: the suite's own embedded server.
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { acquireTestPostgres, pgAnswers } from '../fixtures/test-postgres.ts';

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('test PostgreSQL', () => {
  it('starts an embedded server when nothing answers and removes it afterwards', async () => {
    // A loopback port with nothing listening stands in for a machine without PostgreSQL.
    const dead = 'postgres://postgres@127.0.0.1:1/test';
    expect(await pgAnswers(dead)).toBe(false);
    const server = await acquireTestPostgres({ TEST_PG_PROBE_URL: dead });
    expect(server.embedded).toBe(true);
    const port = Number(new URL(server.url).port);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query('create database aisle_embedded_check');
      const { rows } = await client.query<{ v: string }>("select current_setting('server_version_num') as v");
      expect(Number(rows[0]?.v)).toBeGreaterThanOrEqual(150000);
      const { rows: sorted } = await client.query<{ s: string }>(
        "select s from (values ('b'), ('B'), ('a'), ('é')) t(s) order by s",
      );
      expect(sorted.map((r) => r.s)).toEqual(['B', 'a', 'b', 'é']);
    } finally {
      await client.end();
    }
    const dataDir = await dataDirOf(server.url);
    expect(existsSync(dataDir)).toBe(true);
    await server.stop();
    expect(existsSync(dataDir)).toBe(false);
    expect(await portOpen(port)).toBe(false);
  });

  it('uses TEST_PG_URL as given, without probing or starting anything', async () => {
    const server = await acquireTestPostgres({ TEST_PG_URL: 'postgres://someone@127.0.0.1:1/x' });
    expect(server).toMatchObject({ url: 'postgres://someone@127.0.0.1:1/x', embedded: false });
  });
});

async function dataDirOf(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ d: string }>("select current_setting('data_directory') as d");
    return rows[0]?.d ?? '';
  } finally {
    await client.end();
  }
}
