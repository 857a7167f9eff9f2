import { contentFolder } from '../../../lib/domain/content-images.ts';
import { DEFAULT_MAX_QTY_PER_ITEM } from '../../../lib/domain/order-limits.ts';
import { sellingPrice } from '../../../lib/domain/pricing.ts';
import type { Category, Item, PublishedSection, StoreDb, StoreType } from '../schema.ts';
import type { CataloguePlan, PictureSpec, SectionPlan, StorePlan, TilePlacement } from './catalogue-plan.ts';
import { AISLE_QUALIFIERS, CATEGORIES, HOURS, LOCALITIES } from './data.ts';
import { hsnOfProduct, storeGstColumns } from './gst-data.ts';
import { measuredColumns } from './measured.ts';
import { PHOTO_POOL } from './photos.ts';
import { discountFor, shelfPrice } from './prices.ts';
import { categoryAt, type ParsedProduct, productsOf, type Sku, skusOf, themeAt } from './products.ts';
import { createRandom, hash32 } from './random.ts';
import { apportion, pickShare } from './spread.ts';
import { itemContent, sectionContent, titleOf } from './texts.ts';

const DAY_MS = 86_400_000;
/** About 3 % of stores, sections and items are hidden. */
const HIDDEN_SHARE = 0.03;
/** About 5 % of items are sold out. */
const SOLD_OUT_SHARE = 0.05;
/** About 10 % of sections are drafts that were never published. */
const DRAFT_SHARE = 0.1;
/** About 5 % of stores, sections and items have no tile, so the site's default image shows. */
const NO_TILE_SHARE = 0.05;
/** Sections hold about this many items on average. */
const ITEMS_PER_SECTION = 24;

/**
 * Builds the whole demo catalogue in memory: the same `items` and `seed` always
 * give the same rows, ids and tiles. No I/O, no clock, no `Math.random`.
 */
export function planCatalogue(itemCount: number, seed: number): CataloguePlan {
  if (!Number.isSafeInteger(itemCount) || itemCount < 0) throw new Error('items must be a whole number of at least 0.');
  if (!Number.isSafeInteger(seed)) throw new Error('seed must be a whole number.');
  const root = createRandom(`aisle-demo:${seed}`);
  const base = Date.UTC(2026, 0, 1) + (hash32(`base:${seed}`) % 365) * DAY_MS;
  const timeRng = root.fork('times');
  /** A moment in the `days` before the base time, to the second. */
  const before = (days: number): string => new Date(base - timeRng.int(0, days * 86_400) * 1000).toISOString();

  const categories: Category[] = CATEGORIES.map((c, i) => ({ id: i + 1, title: c.title, updated_at: before(0) }));

  // Stores: 3 to 6 per category, the first of each always a public store.
  const storeRng = root.fork('stores');
  const localities = storeRng.shuffle(LOCALITIES);
  const stores: StorePlan[] = [];
  const firstOfCategory = new Set<number>();
  CATEGORIES.forEach((category, ci) => {
    const names = storeRng.shuffle(category.storeNames).slice(0, storeRng.int(3, 6));
    names.forEach((name, k) => {
      const [locality, city] = localities[stores.length % localities.length] ?? ['Indiranagar', 'Bengaluru'];
      const r = storeRng.next();
      const type: StoreType = k === 0 || r < 0.7 ? 'public_store' : r < 0.9 ? 'client_store' : 'edu_shopy_store';
      const typeNote =
        type === 'client_store'
          ? ' Run with a franchise partner.'
          : type === 'edu_shopy_store'
            ? ' Also the training floor for new staff.'
            : '';
      if (k === 0) firstOfCategory.add(stores.length);
      stores.push({
        name,
        categoryIndex: ci,
        row: {
          id: stores.length + 1,
          category_id: ci + 1,
          title: `${name}, ${locality}`,
          description: `${name} in ${locality}, ${city}: ${category.pitch}. Open ${storeRng.pick(HOURS)}.${typeNote}`,
          type,
          hidden: 0,
          updated_at: before(200),
          max_qty_per_item: DEFAULT_MAX_QTY_PER_ITEM,
          ...storeGstColumns(stores.length + 1, locality, city),
        },
      });
    });
  });
  // The first store of a category is what visitors land on, so it stays visible.
  for (const i of pickShare(storeRng, stores.length, HIDDEN_SHARE, firstOfCategory)) {
    const s = stores[i];
    if (s) s.row.hidden = 1;
  }

  // Store databases: one each; about half the client stores keep a second, wholesale one.
  const clientStores = stores.filter((s) => s.row.type === 'client_store');
  const twoDbs = new Set(clientStores.filter(() => storeRng.chance(0.5)).map((s) => s.row.id));
  const firstClient = clientStores[0];
  if (twoDbs.size === 0 && firstClient) twoDbs.add(firstClient.row.id);
  const storeDbs: StoreDb[] = [];
  const dbStore: StorePlan[] = [];
  for (const s of stores) {
    const titles = [`${s.row.title} · Main catalogue`];
    if (twoDbs.has(s.row.id)) titles.push(`${s.row.title} · Bulk & wholesale`);
    for (const title of titles) {
      storeDbs.push({ id: storeDbs.length + 1, store_id: s.row.id, title, updated_at: s.row.updated_at });
      dbStore.push(s);
    }
  }

  // Sections: aisles of the store's department, repeated with qualifiers in big catalogues.
  const sectionRng = root.fork('sections');
  const sections: SectionPlan[] = [];
  const perDb = itemCount / ITEMS_PER_SECTION / storeDbs.length;
  storeDbs.forEach((db, di) => {
    const store = dbStore[di] as StorePlan;
    const category = categoryAt(store.categoryIndex);
    const secondary = di > 0 && storeDbs[di - 1]?.store_id === db.store_id;
    const count = Math.max(2, Math.round(perDb * (secondary ? 0.6 : 1) * (0.75 + 0.5 * sectionRng.next())));
    const themeOrder = sectionRng.shuffle(category.themes.map((_, i) => i));
    const qualifiers = sectionRng.shuffle(AISLE_QUALIFIERS);
    for (let k = 0; k < count; k++) {
      const themeIndex = themeOrder[k % themeOrder.length] as number;
      const theme = themeAt(category, themeIndex);
      const round = Math.floor(k / themeOrder.length);
      const title =
        round === 0
          ? theme.title
          : round <= qualifiers.length
            ? `${theme.title}: ${qualifiers[round - 1]}`
            : `${theme.title}: ${qualifiers[(round - 1) % qualifiers.length]} (Shelf ${Math.ceil(round / qualifiers.length)})`;
      sections.push({
        store,
        themeIndex,
        itemIds: [],
        row: {
          id: sections.length + 1,
          db_id: db.id,
          title,
          meta_description: `${theme.intro} Shop ${title} at ${store.row.title}.`,
          content: '',
          hidden: 0,
          custom_order: '[]',
          updated_at: before(120),
        },
      });
    }
  });
  for (const i of pickShare(sectionRng, sections.length, HIDDEN_SHARE)) {
    const s = sections[i];
    if (s) s.row.hidden = 1;
  }
  const drafts = pickShare(sectionRng, sections.length, DRAFT_SHARE);

  // Items: spread unevenly over the sections, exactly `itemCount` in all.
  const itemRng = root.fork('items');
  const perSection = apportion(
    itemCount,
    sections.map(() => 0.5 + itemRng.next()),
  );
  const flagRng = root.fork('flags');
  const soldOut = itemCount > 0 ? pickShare(flagRng, itemCount, SOLD_OUT_SHARE) : new Set<number>();
  const hiddenItems = itemCount > 0 ? pickShare(flagRng, itemCount, HIDDEN_SHARE) : new Set<number>();
  const items: Item[] = [];
  const itemTheme: { categoryIndex: number; themeIndex: number; productIndex: number }[] = [];
  sections.forEach((section, si) => {
    const store = section.store;
    const category = categoryAt(store.categoryIndex);
    const theme = themeAt(category, section.themeIndex);
    const products = productsOf(store.categoryIndex, section.themeIndex);
    // Each store prices a little differently; the same store prices consistently.
    const storeFactor = 0.92 + (hash32(`price:${seed}:${store.row.id}`) % 2001) / 10_000;
    // Every product, brand and size of the aisle once before any repeats; a repeat is a multipack.
    const skus = itemRng.shuffle(skusOf(store.categoryIndex, section.themeIndex));
    for (let k = 0; k < (perSection[si] ?? 0); k++) {
      const { productIndex, brand, size } = skus[k % skus.length] as Sku;
      const pack = Math.floor(k / skus.length) + 1;
      const product = products[productIndex] as ParsedProduct;
      const index = items.length;
      const skuHash = hash32(`sku:${seed}:${store.row.id}:${product.name}:${brand}:${size.label}`);
      const unitPrice = shelfPrice(size.rupees * pack * (pack > 1 ? 0.95 : 1) * storeFactor, skuHash);
      const { discountBps, flatDiscount } = discountFor(itemRng, unitPrice);
      const price = { unitPrice, discountBps, flatDiscount, gstBps: product.gstBps };
      const title = pack > 1 ? `${titleOf(brand, product.name)} (Pack of ${pack})` : titleOf(brand, product.name);
      const sizeLabel = pack > 1 ? `${pack} x ${size.label}` : size.label;
      const stock = soldOut.has(index) ? 0 : itemRng.chance(0.15) ? itemRng.int(1, 9) : itemRng.int(10, 250);
      items.push({
        id: index + 1,
        store_id: store.row.id,
        db_id: section.row.db_id,
        section_id: section.row.id,
        meta_description: `${title}, ${sizeLabel}. ${product.blurb}.`,
        content: itemContent(title, brand, sizeLabel, product, theme),
        hidden: hiddenItems.has(index) ? 1 : 0,
        unit_price: unitPrice,
        discount_bps: discountBps,
        flat_discount: flatDiscount,
        gst_bps: product.gstBps,
        selling_price: sellingPrice(price),
        product_code: null,
        reorder_level: null,
        ...measuredColumns(product.name, size.label, pack, title, stock),
        hsn_code: hsnOfProduct(product.name, product.gstBps),
        updated_at: before(90),
      });
      itemTheme.push({ categoryIndex: store.categoryIndex, themeIndex: section.themeIndex, productIndex });
      section.itemIds.push(index + 1);
    }
  });

  // CustomOrder and content need the section's items, so they come last.
  const itemById = (id: number): Item => items[id - 1] as Item;
  for (const section of sections) {
    const ids = section.itemIds;
    const r = sectionRng.next();
    const order =
      r < 0.6
        ? sectionRng.shuffle(ids)
        : r < 0.85
          ? sectionRng.shuffle(ids).slice(0, Math.max(1, Math.ceil(ids.length * (0.6 + 0.3 * sectionRng.next()))))
          : ids;
    section.row.custom_order = JSON.stringify(ids.length === 0 ? [] : order);
    section.row.content = sectionContent(section, ids.map(itemById));
  }
  const published: PublishedSection[] = sections
    .filter((_, i) => !drafts.has(i))
    .map(({ row, store }) => ({
      section_id: row.id,
      db_id: row.db_id,
      store_id: store.row.id,
      title: row.title,
      meta_description: row.meta_description,
      content: row.content,
      hidden: row.hidden,
      custom_order: row.custom_order,
      published_at: row.updated_at,
      updated_at: row.updated_at,
    }));

  // Tiles: each store, aisle theme and product shows a picture of the generated pool (the same product,
  // the same picture); a few rows get none. Many rows share one picture file, as hard links.
  const tileRng = root.fork('tiles');
  const pictures = new Map<string, PictureSpec>();
  const tiles: TilePlacement[] = [];
  const pictureOf = (what: string): string => {
    const photo = hash32(what) % PHOTO_POOL;
    const key = `photo-${photo}`;
    if (!pictures.has(key)) pictures.set(key, { photo });
    return key;
  };
  const noStoreTile = pickShare(tileRng, stores.length, NO_TILE_SHARE);
  stores.forEach((s, i) => {
    if (noStoreTile.has(i)) return;
    tiles.push({
      path: `${contentFolder({ kind: 'Store', id: s.row.id })}/ti.png`,
      picture: pictureOf(`store/${s.name}`),
    });
  });
  const noSectionTile = pickShare(tileRng, sections.length, NO_TILE_SHARE);
  const isPublished = new Set(published.map((p) => p.section_id));
  sections.forEach((s, i) => {
    if (noSectionTile.has(i)) return;
    const key = pictureOf(`theme/${s.store.categoryIndex}/${s.themeIndex}`);
    tiles.push({ path: `${contentFolder({ kind: 'Section', id: s.row.id, dbId: s.row.db_id })}/ti.png`, picture: key });
    if (isPublished.has(s.row.id))
      tiles.push({ path: `${contentFolder({ kind: 'Book', id: s.row.id, dbId: s.row.db_id })}/ti.png`, picture: key });
  });
  const noItemTile = itemCount > 0 ? pickShare(tileRng, itemCount, NO_TILE_SHARE) : new Set<number>();
  items.forEach((item, i) => {
    if (noItemTile.has(i)) return;
    const t = itemTheme[i];
    if (t === undefined) return;
    const key = pictureOf(`product/${t.categoryIndex}/${t.themeIndex}/${t.productIndex}`);
    tiles.push({
      path: `${contentFolder({ kind: 'Item', id: item.id, storeId: item.store_id })}/ti.png`,
      picture: key,
    });
  });

  return {
    categories,
    stores: stores.map((s) => s.row),
    storeDbs,
    sections: sections.map((s) => s.row),
    published,
    items,
    pictures,
    tiles,
  };
}
