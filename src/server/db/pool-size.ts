/**
 * PostgreSQL connections per API process. Each order holds one for its whole
 * transaction: with 10, PostgreSQL itself (pgbench, no Node at all) commits about
 * 880 orders a second on the 2-core machine, with 20 about 1,240 (bench/README.md).
 * A module of its own: the configuration reads it without loading the drivers.
 */
export const DEFAULT_POOL_MAX = 20;
