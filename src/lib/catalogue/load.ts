import type { $Fetch } from 'ofetch';
import { buildApi } from '../api/build-client.ts';
import { BATCH_LIMIT, toQuery } from '../api/client.ts';
import type { CategoryDto, ItemDto, SectionDto, StoreDto } from '../domain/catalogue.ts';
import { nextLinkTarget } from '../domain/list-rules.ts';
import { buildChannel } from './build-channel.ts';
import { buildStats } from './build-stats.ts';
import { type Catalogue, indexCatalogue } from './catalogue.ts';

/** How many pages of one collection the build asks for at a time. */
const PAGES_IN_FLIGHT = 4;

/**
 * Reads every row of a paged collection. When the first page links the next
 * (`Link: <…after=…>; rel="next"`, what this shop's API sends), the link is
 * followed page after page: a keyset walk, which reads past the public lists'
 * offset window at the cost of one page each. From an API without links, the
 * first page tells the total (`X-Total-Count`) and the rest are read a few at a
 * time by `page`, `BATCH_LIMIT` rows each (or fewer, should an API answer
 * smaller pages than asked for). `filters` are added to every request's query
 * (`{ sectionId: 4, dbId: 1 }`).
 */
export async function readCollection<T>(
  api: $Fetch,
  path: string,
  filters: Record<string, string | number> = {},
): Promise<T[]> {
  const pageAt = async (page: number, limit: number) => {
    const res = await api.raw<T[]>(path, { query: { ...toQuery({ page, limit, sort: '', filter: '' }), ...filters } });
    return {
      rows: res._data ?? [],
      total: Number(res.headers.get('x-total-count') ?? Number.NaN),
      next: nextLinkTarget(res.headers.get('link')),
    };
  };
  const first = await pageAt(0, BATCH_LIMIT);
  if (first.next !== null) {
    const rows = [...first.rows];
    for (let next: string | null = first.next; next !== null; ) {
      const res = await api.raw<T[]>(next);
      rows.push(...(res._data ?? []));
      next = nextLinkTarget(res.headers.get('link'));
    }
    return rows;
  }
  if (!Number.isFinite(first.total)) {
    // Without a total, page on one at a time until a short page.
    const rows = [...first.rows];
    for (let page = 1, last = first.rows; last.length === BATCH_LIMIT; page++) {
      last = (await pageAt(page, BATCH_LIMIT)).rows;
      rows.push(...last);
    }
    return rows;
  }
  if (first.rows.length >= first.total || first.rows.length === 0) return first.rows;
  const limit = Math.min(BATCH_LIMIT, first.rows.length);
  const pageCount = Math.ceil(first.total / limit);
  const pages: T[][] = [first.rows];
  for (let start = 1; start < pageCount; start += PAGES_IN_FLIGHT) {
    const batch = [];
    for (let page = start; page < Math.min(start + PAGES_IN_FLIGHT, pageCount); page++) batch.push(pageAt(page, limit));
    for (const { rows } of await Promise.all(batch)) pages.push(rows);
  }
  return pages.flat();
}

/**
 * Reads the public catalogue through `client` (categories, stores, published
 * sections and every item, in pages of `BATCH_LIMIT`) and indexes it.
 * `onRequest` counts the requests made; `log` gets the one-line summary.
 */
export async function readCatalogue(
  client: $Fetch,
  opts: { onRequest?: () => void; log?: (line: string) => void } = {},
): Promise<Catalogue> {
  let requests = 0;
  const api = client.create({
    onRequest: () => {
      requests++;
      opts.onRequest?.();
    },
  });
  const started = performance.now();
  const [categories, stores, sections, items] = await Promise.all([
    readCollection<CategoryDto>(api, '/api/Category/ReadAll'),
    readCollection<StoreDto>(api, '/api/Store/ReadAll'),
    readCollection<SectionDto>(api, '/api/Publisher/ReadAll'),
    readCollection<ItemDto>(api, '/api/Item/ReadAll'),
  ]);
  const catalogue = indexCatalogue({ categories, stores, sections, items }, (message) => console.warn(message));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  opts.log?.(
    `Catalogue: ${categories.length} categories, ${stores.length} stores, ${sections.length} published sections ` +
      `and ${items.length} items read in ${requests} API requests (${seconds} s).`,
  );
  return catalogue;
}

/**
 * Makes `catalogue` the one every page of the coming build renders (`null`
 * forgets it, so a later build reads the API again).
 */
export function shareCatalogue(catalogue: Promise<Catalogue> | null): void {
  buildChannel().catalogue = catalogue;
}

let loading: Promise<Catalogue> | undefined;

/**
 * The whole public catalogue, read once per build: the one the rebuild shared
 * (`shareCatalogue`), else read from `API_URL`. Every `getStaticPaths` and page
 * of the build shares this one promise.
 */
export function loadCatalogue(): Promise<Catalogue> {
  // The rebuild reads the catalogue before it starts Astro: the pages render the one it read.
  const shared = buildChannel().catalogue;
  if (shared !== undefined && shared !== null) return shared;
  // The build reads the public catalogue and sends no token, so the client's token hook is not needed here.
  loading ??= readCatalogue(buildApi(), {
    onRequest: () => {
      buildStats().apiRequests++;
    },
    log: (line) => console.info(line),
  });
  return loading;
}
