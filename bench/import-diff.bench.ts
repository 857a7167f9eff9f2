// node bench/import-diff.bench.ts [N]
// The cost of listing every changed cell of an import (`import-diff.ts`, issue 35) alone: N
// stored items (default 10,000), every one with a new UnitPrice, diffed five times; wall and
// CPU time of each round. The whole import's figures are `npm run bench:import`'s.
import { diffPlan } from '../src/server/catalogue/import-diff.ts';
import type { Plan } from '../src/server/catalogue/import-model.ts';

const n = Number(process.argv[2] ?? 10000);
const items = Array.from({ length: n }, (_, i) => {
  const existing = {
    id: i + 1,
    store_id: 1,
    db_id: 1,
    section_id: 1,
    title: `Item ${i}`,
    meta_description: 'm',
    content: '<p>Some content here</p>',
    hidden: 0,
    stock: 10,
    size: '1 kg',
    unit_price: 7900,
    discount_bps: 0,
    flat_discount: 0,
    gst_bps: 500,
    selling_price: 8295,
    updated_at: '2026-01-01T00:00:00.000Z',
    product_code: `P${i}`,
  };
  const { id: _a, store_id: _b, db_id: _c, section_id: _d, updated_at: _e, ...columns } = existing;
  return {
    rowNumber: i + 2,
    existing,
    store: {} as never,
    db: {} as never,
    section: undefined,
    columns: { ...columns, unit_price: 8500, selling_price: 8925 },
    changed: true,
  };
});
const plan = { categories: [], stores: [], dbs: [], sections: [], items } as unknown as Plan;
for (let round = 0; round < 5; round++) {
  const t = performance.now();
  const cpu = process.cpuUsage();
  const { count } = diffPlan(plan, 1000);
  const used = process.cpuUsage(cpu);
  console.log(
    `round ${round}: ${n} changed items, ${count} cells, ${(performance.now() - t).toFixed(1)} ms wall, ${((used.user + used.system) / 1000).toFixed(1)} ms CPU`,
  );
}
