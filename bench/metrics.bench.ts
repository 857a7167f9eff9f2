// npm run bench:metrics [-- --calls 1000000]
//
// What counting costs a request: `Metrics.request()` (a counter and a histogram with
// method, route and status labels) as the request middleware and the fast paths call it
// once per answer, and one `/metrics` render with the series a busy shop has.
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { createMetrics } from '../src/server/metrics.ts';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '1000000' } } });
const calls = Number(values.calls);
const routes = [
  '/api/item/read/:id/:dbId',
  '/api/cart/createorder',
  '/api/store/readall',
  '/api/section/readall/:dbId',
  '/token',
  '/api/cart/read',
  '(unmatched)',
];
const statuses = [200, 201, 400, 401, 404, 409, 429, 503];

const metrics = createMetrics({ processMetrics: true });
// Warm up, and create every series a shop may see (routes × statuses, both methods).
for (const route of routes)
  for (const status of statuses) for (const method of ['GET', 'POST']) metrics.request(method, route, status, 0.01);
const started = process.hrtime.bigint();
for (let i = 0; i < calls; i++) {
  metrics.request(
    i % 3 === 0 ? 'POST' : 'GET',
    routes[i % routes.length] as string,
    statuses[i % 4] as number,
    (i % 100) / 1000,
  );
}
const perCallNs = Number(process.hrtime.bigint() - started) / calls;

const renders: number[] = [];
let size = 0;
for (let i = 0; i < 50; i++) {
  const t = performance.now();
  size = (await metrics.render()).body.length;
  renders.push(performance.now() - t);
}
renders.sort((a, b) => a - b);
console.log(`Metrics cost (${cpus().length} cores, Node ${process.version})`);
console.log(`  Metrics.request(): ${Math.round(perCallNs)} ns a call (${calls} calls)`);
console.log(
  `  /metrics render: ${renders[Math.floor(renders.length / 2)]?.toFixed(2)} ms median, ${renders.at(-1)?.toFixed(2)} ms slowest, ${Math.round(size / 1024)} KB (${routes.length * statuses.length * 2} request series)`,
);
