// Vitest global setup for the API suites: one PostgreSQL server for the whole run
// (see tests/fixtures/test-postgres.ts), handed to the test workers as TEST_PG_URL.
import type { TestProject } from 'vitest/node';
import { acquireTestPostgres } from '../fixtures/test-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await acquireTestPostgres();
  if (server.embedded)
    console.log(
      `API suites: nothing answers at the usual PostgreSQL; using an embedded one at ${new URL(server.url).host}`,
    );
  process.env.TEST_PG_URL = server.url;
  project.provide('pgAdminUrl', server.url);
  return () => server.stop();
}
