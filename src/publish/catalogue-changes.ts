import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { $Fetch } from 'ofetch';
import { type Catalogue, type IndexedFrame, indexFrame, rowKey, withItems } from '../lib/catalogue/catalogue.ts';
import { readCollection } from '../lib/catalogue/load.ts';
import { paths } from '../lib/catalogue/views.ts';
import type { CatalogueChangesDto, CategoryDto, ItemDto, SectionDto, StoreDto } from '../lib/domain/catalogue.ts';
import type { KeptItems } from './kept-items.ts';

/**
 * The catalogue's change feed as a rebuild reads it (`GET /api/Site/Changes`):
 * the cursor a build stores with its manifest, and after a few items were edited
 * in place, only the rows the pages showing them need instead of the whole
 * catalogue.
 */

/** The feed's answer, or null when the API has none (an API of an older version): then every read is whole. */
export async function readChanges(api: $Fetch, since: string | null): Promise<CatalogueChangesDto | null> {
  try {
    return await api<CatalogueChangesDto>('/api/Site/Changes', { query: since === null ? {} : { since } });
  } catch (err) {
    const status = (err as { status?: number }).status;
    if (status === 404 || status === 405) return null;
    throw err;
  }
}

/** Every category, store and published section: what the navigation and every page key use. */
export interface CatalogueFrame {
  categories: CategoryDto[];
  stores: StoreDto[];
  sections: SectionDto[];
}

const frameFile = (dir: string, id: string) => join(dir, `frame-${id}.json`);

/**
 * Keeps `frame` in `dir` (the manifests' folder) under a new id, for the
 * rebuilds after this one: while the change feed reports only items edited in
 * place, the frame is unchanged, and they read it from here instead of the API.
 * Earlier frames are removed. Returns the id the manifest names.
 */
export function keepFrame(dir: string, frame: CatalogueFrame): string {
  const id = randomUUID();
  mkdirSync(dir, { recursive: true });
  const tmp = `${frameFile(dir, id)}.tmp-${process.pid}`;
  const kept = { categories: frame.categories, stores: frame.stores, sections: frame.sections };
  writeFileSync(tmp, JSON.stringify(kept));
  renameSync(tmp, frameFile(dir, id));
  lastFrame = { file: frameFile(dir, id), frame: kept };
  for (const name of readdirSync(dir)) {
    if (name.startsWith('frame-') && name !== `frame-${id}.json`) rmSync(join(dir, name), { force: true });
  }
  return id;
}

/**
 * The frame this process read or kept last: a frame file never changes once written (a new
 * one gets a new id), so a long-lived rebuild process (`--watch`) parses it once, not each run
 * (5.5 MB of JSON at 100,000 items).
 */
let lastFrame: { file: string; frame: CatalogueFrame } | null = null;

/**
 * The frame kept under `id`, or null when it is gone (a rebuild then reads it from the API).
 * A long-lived rebuild process calls it once after it starts, so that its first change does not parse it.
 */
export function keptFrame(dir: string, id: string | undefined): CatalogueFrame | null {
  if (id === undefined) return null;
  const file = frameFile(dir, id);
  try {
    if (lastFrame?.file === file && existsSync(file)) return lastFrame.frame;
    const frame = JSON.parse(readFileSync(file, 'utf8')) as CatalogueFrame;
    lastFrame = { file, frame };
    return frame;
  } catch {
    return null;
  }
}

const warnOnce = (message: string) => console.warn(message);

/** Each kept frame indexed once: a long-lived process's runs share it (frames never change once kept). */
const frameIndexes = new WeakMap<CatalogueFrame, IndexedFrame>();

function indexedFrame(frame: CatalogueFrame): IndexedFrame {
  let index = frameIndexes.get(frame);
  if (index === undefined) {
    index = indexFrame(frame, warnOnce);
    frameIndexes.set(frame, index);
  }
  return index;
}

/**
 * The frame kept under `id` parsed and indexed now, between a long-lived process's runs, rather
 * than by the next change (a few tens of ms at 100,000 items; nothing once done for that frame).
 */
export function prepareKeptFrame(dir: string, id: string | undefined): void {
  const frame = keptFrame(dir, id);
  if (frame !== null) indexedFrame(frame);
}

export interface ScopedCatalogue {
  /** Every category, store and published section, and the items the candidate pages show. */
  catalogue: Catalogue;
  /** The pages that show a changed item (some may not exist: an item no published section shows has no page). */
  candidates: Set<string>;
  /** The id of the kept frame (kept now when it had to be read from the API). */
  frameId: string;
}

/**
 * Reads what the pages showing `changed` (items edited in place) need: every
 * category, store and published section (the navigation and the keys of every
 * page use them; a few thousand rows: the frame the last build kept, `frameId`
 * in `frameDir`, unchanged since as the feed says, else from the API), the items filed in each changed item's
 * section, and the items of a store database whose books list a changed item by
 * CustomOrder (a book shows items from anywhere in its database).
 */
export async function readScopedCatalogue(
  api: $Fetch,
  changed: readonly ItemDto[],
  kept: { frameDir: string; frameId: string | undefined; items?: KeptItems },
  log: (line: string) => void,
): Promise<ScopedCatalogue> {
  const started = performance.now();
  let requests = 0;
  const counted = api.create({
    onRequest: () => {
      requests++;
    },
  });
  const frame = keptFrame(kept.frameDir, kept.frameId);
  const [categories, stores, sections] =
    frame !== null
      ? [frame.categories, frame.stores, frame.sections]
      : await Promise.all([
          readCollection<CategoryDto>(counted, '/api/Category/ReadAll'),
          readCollection<StoreDto>(counted, '/api/Store/ReadAll'),
          readCollection<SectionDto>(counted, '/api/Publisher/ReadAll'),
        ]);
  const index = frame !== null ? indexedFrame(frame) : indexFrame({ categories, stores, sections }, warnOnce);
  const candidates = new Set<string>();
  const filedIn = new Map<string, { sectionId: number; dbId: number }>();
  const wholeDbs = new Set<number>();
  for (const item of changed) {
    candidates.add(paths.item(item.ItemID, item.DbID));
    const own = item.SectionID === null ? undefined : index.sectionByKey.get(rowKey(item.SectionID, item.DbID));
    if (own !== undefined) {
      filedIn.set(rowKey(own.SectionID, own.DbID), { sectionId: own.SectionID, dbId: own.DbID });
      candidates.add(paths.storeSection(own.SectionID, own.DbID));
      // A book without a CustomOrder shows the items filed in its section.
      const order = index.customOrders.get(rowKey(own.SectionID, own.DbID));
      if (order === null || order === undefined || order.length === 0)
        candidates.add(paths.book(own.SectionID, own.DbID));
    }
    // Books that list the item by CustomOrder (its own among them) show items from all of its database.
    for (const book of index.sections) {
      if (book.DbID !== item.DbID) continue;
      if (index.customOrders.get(rowKey(book.SectionID, book.DbID))?.includes(item.ItemID) === true) {
        candidates.add(paths.book(book.SectionID, book.DbID));
        wholeDbs.add(book.DbID);
      }
    }
  }
  // A long-lived process answers from the rows it kept (brought up to date by the feed), else reads and keeps them.
  const reads = [
    ...[...wholeDbs].map(
      async (dbId) =>
        kept.items?.db(dbId) ??
        keptAs(await readCollection<ItemDto>(counted, '/api/Item/ReadAll', { dbId }), (r) =>
          kept.items?.keepDb(dbId, r),
        ),
    ),
    ...[...filedIn.values()]
      .filter((s) => !wholeDbs.has(s.dbId))
      .map(
        async (s) =>
          kept.items?.section(s.sectionId, s.dbId) ??
          keptAs(
            await readCollection<ItemDto>(counted, '/api/Item/ReadAll', { sectionId: s.sectionId, dbId: s.dbId }),
            (r) => kept.items?.keepSection(s.sectionId, s.dbId, r),
          ),
      ),
  ];
  const items = new Map<string, ItemDto>();
  for (const rows of await Promise.all(reads)) for (const i of rows) items.set(rowKey(i.ItemID, i.DbID), i);
  // A changed item no published section files is still read: a book may list it, or nothing shows it.
  for (const i of changed) if (!items.has(rowKey(i.ItemID, i.DbID))) items.set(rowKey(i.ItemID, i.DbID), i);
  const catalogue = withItems(index, [...items.values()]);
  log(
    `Catalogue: ${changed.length} ${changed.length === 1 ? 'item' : 'items'} changed in place since the last build; ` +
      `read ${categories.length} categories, ${stores.length} stores, ${sections.length} published sections ` +
      `(${frame !== null ? 'as the last build kept them' : 'from the API'}) and the ` +
      `${items.size} items of the pages that show them in ${requests} API requests` +
      `${kept.items === undefined ? '' : ` (${kept.items.size} items kept in this process)`} ` +
      `(${((performance.now() - started) / 1000).toFixed(2)} s).`,
  );
  return {
    catalogue,
    candidates,
    frameId: frame !== null ? (kept.frameId as string) : keepFrame(kept.frameDir, { categories, stores, sections }),
  };
}

function keptAs<T>(rows: T[], keep: (rows: T[]) => void): T[] {
  keep(rows);
  return rows;
}
