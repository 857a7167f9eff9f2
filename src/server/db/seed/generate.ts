import { contentFolder } from '../../../lib/domain/content-images.ts';
import { formatRs } from '../../../lib/domain/money.ts';
import { DEFAULT_MAX_QTY_PER_ITEM } from '../../../lib/domain/order-limits.ts';
import { sellingPrice } from '../../../lib/domain/pricing.ts';
import type { Category, Item, PublishedSection, Section, Store, StoreDb, StoreType } from '../schema.ts';
import {
  AISLE_QUALIFIERS,
  CATEGORIES,
  type CategorySpec,
  HOURS,
  LOCALITIES,
  type ProductSpec,
  type ThemeSpec,
} from './data.ts';
import { PHOTO_POOL } from './photos.ts';
import { createRandom, hash32, type Random } from './random.ts';

/** One tile picture, rendered once and linked into every path that shows it: a generated photograph of the pool. */
export interface PictureSpec {
  /** Which picture of the pool (`0 ≤ photo < PHOTO_POOL`). */
  photo: number;
}

/** A tile file to write: `path` relative to the content directory, showing picture `picture`. */
export interface TilePlacement {
  path: string;
  picture: string;
}

/** Every catalogue row of the demo data, ids included, and the tiles that go with them. */
export interface CataloguePlan {
  categories: Category[];
  stores: Store[];
  storeDbs: StoreDb[];
  sections: Section[];
  published: PublishedSection[];
  items: Item[];
  pictures: Map<string, PictureSpec>;
  tiles: TilePlacement[];
}

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

interface ParsedProduct {
  name: string;
  brands: string[];
  sizes: { label: string; rupees: number }[];
  gstBps: number;
  blurb: string;
}

function parseProduct(spec: ProductSpec): ParsedProduct {
  const [name, brands, sizes, gstPercent, blurb] = spec;
  return {
    name,
    brands: brands.split(',').map((b) => b.trim()),
    sizes: sizes.split(',').map((s) => {
      const [label, rupees] = s.split(':');
      const price = Number(rupees);
      if (label === undefined || !Number.isFinite(price) || price <= 0) {
        throw new Error(`Bad size "${s}" for product ${name} in the seed data.`);
      }
      return { label: label.trim(), rupees: price };
    }),
    gstBps: gstPercent * 100,
    blurb,
  };
}

const PRODUCTS: ParsedProduct[][][] = CATEGORIES.map((c) => c.themes.map((t) => t.products.map(parseProduct)));

/** One shelf line: a product in one brand and one size. */
interface Sku {
  productIndex: number;
  brand: string;
  size: { label: string; rupees: number };
}

const SKUS: Sku[][][] = PRODUCTS.map((themes) =>
  themes.map((products) =>
    products.flatMap((p, productIndex) =>
      p.brands.flatMap((brand) => p.sizes.map((size) => ({ productIndex, brand, size }))),
    ),
  ),
);

function skusOf(categoryIndex: number, themeIndex: number): Sku[] {
  const list = SKUS[categoryIndex]?.[themeIndex];
  if (list === undefined || list.length === 0) throw new Error('The seed data has an aisle without products.');
  return list;
}

function productsOf(categoryIndex: number, themeIndex: number): ParsedProduct[] {
  const list = PRODUCTS[categoryIndex]?.[themeIndex];
  if (list === undefined || list.length === 0) throw new Error('The seed data has an aisle without products.');
  return list;
}

function categoryAt(index: number): CategorySpec {
  const c = CATEGORIES[index];
  if (c === undefined) throw new Error(`No seed category ${index}.`);
  return c;
}

function themeAt(category: CategorySpec, index: number): ThemeSpec {
  const t = category.themes[index];
  if (t === undefined) throw new Error(`No aisle ${index} in ${category.title}.`);
  return t;
}

/** Text made safe to place inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Picks `share` of `n` rounded up (so at least one when `n > 0`), avoiding the indices in `avoid` when it can. */
function pickShare(rng: Random, n: number, share: number, avoid: ReadonlySet<number> = new Set()): Set<number> {
  const k = Math.ceil(n * share);
  const candidates = Array.from({ length: n }, (_, i) => i).filter((i) => !avoid.has(i));
  const pool = candidates.length >= k ? candidates : Array.from({ length: n }, (_, i) => i);
  return new Set(rng.shuffle(pool).slice(0, k));
}

/** Splits `total` over `weights` in whole numbers that add up exactly (largest remainder). */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

interface StorePlan {
  row: Store;
  name: string;
  categoryIndex: number;
}

interface SectionPlan {
  row: Section;
  store: StorePlan;
  themeIndex: number;
  itemIds: number[];
}

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
        title,
        meta_description: `${title}, ${sizeLabel}. ${product.blurb}.`,
        content: itemContent(title, brand, sizeLabel, product, theme),
        hidden: hiddenItems.has(index) ? 1 : 0,
        stock,
        size: sizeLabel,
        unit_price: unitPrice,
        discount_bps: discountBps,
        flat_discount: flatDiscount,
        gst_bps: product.gstBps,
        selling_price: sellingPrice(price),
        product_code: null,
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

/** "Nagpur" + "Nagpur Orange" → "Nagpur Orange"; "Kesari" + "Basmati Rice" → "Kesari Basmati Rice". */
export function titleOf(brand: string, name: string): string {
  const words = brand.split(' ');
  const last = words.at(-1) ?? '';
  if (name.toLowerCase().startsWith(`${last.toLowerCase()} `)) words.pop();
  return [...words, name].join(' ');
}

/** A shelf price in paise from a list price in rupees: whole rupees, often ending in 9, sometimes 50 paise. */
function shelfPrice(rupees: number, hash: number): number {
  // Within ±5 % of the list price, fixed per store and SKU by `hash`.
  let r = Math.max(5, Math.round(rupees * (0.95 + ((hash >>> 8) % 1001) / 10_000)));
  if (r >= 20 && (hash & 1) === 1) r = Math.ceil((r + 1) / 10) * 10 - 1;
  return r * 100 + ((hash >>> 1) % 8 === 0 ? 50 : 0);
}

const PERCENT_OFFERS = [500, 1000, 1000, 1500, 2000, 2500, 3000];
const FLAT_OFFERS = [500, 1000, 2000, 2500, 5000];

/** About a quarter of items carry a percent offer, one in ten a flat one, a few both. */
function discountFor(rng: Random, unitPrice: number): { discountBps: number; flatDiscount: number } {
  const r = rng.next();
  const percent = r < 0.25 || (r >= 0.33 && r < 0.36) ? rng.pick(PERCENT_OFFERS) : 0;
  let flat = 0;
  if (r >= 0.25 && r < 0.36) {
    // A flat offer never takes more than a fifth of the price.
    const fitting = FLAT_OFFERS.filter((f) => f * 5 <= unitPrice);
    if (fitting.length > 0) flat = rng.pick(fitting);
  }
  return { discountBps: percent, flatDiscount: flat };
}

function itemContent(title: string, brand: string, size: string, product: ParsedProduct, theme: ThemeSpec): string {
  return (
    `<p><strong>${escapeHtml(title)}</strong>, ${escapeHtml(size)}. ${escapeHtml(product.blurb)}.</p>` +
    `<ul><li>Brand: ${escapeHtml(brand)}</li><li>Pack size: ${escapeHtml(size)}</li>` +
    `<li>GST: ${product.gstBps === 0 ? 'nil' : `${product.gstBps / 100} %, included in the price`}</li></ul>` +
    `<p>${escapeHtml(theme.care)}</p>`
  );
}

const NUTRIENTS = ['Energy', 'Protein', 'Carbohydrate', 'Fat'] as const;
const NUTRIENT_UNITS = ['kcal', 'g', 'g', 'g'] as const;

function sectionContent(section: SectionPlan, items: readonly Item[]): string {
  const category = categoryAt(section.store.categoryIndex);
  const theme = themeAt(category, section.themeIndex);
  const store = section.store.row;
  const parts: string[] = [
    `<h2>${escapeHtml(section.row.title)}</h2>`,
    `<p>${escapeHtml(theme.intro)} ${escapeHtml(`${section.store.name} stocks ${category.pitch}.`)}</p>`,
    '<h3>On the shelf</h3>',
  ];
  const seen = new Set<string>();
  const highlights: string[] = [];
  for (const item of items) {
    if (highlights.length === 5) break;
    if (seen.has(item.title)) continue;
    seen.add(item.title);
    highlights.push(`<li>${escapeHtml(item.title)} (${escapeHtml(item.size)})</li>`);
  }
  if (highlights.length === 0) highlights.push('<li>New stock arrives this week.</li>');
  parts.push(`<ul>${highlights.join('')}</ul>`);
  if (theme.nutrition) {
    const rows = theme.nutrition
      .map((v, i) => `<tr><td>${NUTRIENTS[i]}</td><td>${v} ${NUTRIENT_UNITS[i]}</td></tr>`)
      .join('');
    parts.push(
      '<h3>Typical nutrition per 100 g</h3>',
      `<table><thead><tr><th>Nutrient</th><th>Per 100 g</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  } else if (items.length > 0) {
    const rows = items
      .slice(0, 4)
      .map(
        (i) =>
          `<tr><td>${escapeHtml(i.title)}</td><td>${escapeHtml(i.size)}</td><td>${escapeHtml(formatRs(i.selling_price))}</td></tr>`,
      )
      .join('');
    parts.push(
      '<h3>Sizes and prices</h3>',
      `<table><thead><tr><th>Item</th><th>Size</th><th>Price</th></tr></thead><tbody>${rows}</tbody></table>`,
    );
  }
  parts.push(
    `<p>${escapeHtml(theme.care)}</p>`,
    `<p>See <a href="/app/stores/${store.id}">all sections of ${escapeHtml(store.title)}</a>, ` +
      `or read this aisle <a href="/book/${section.row.id}/${section.row.db_id}">as a book</a>.</p>`,
  );
  return parts.join('\n');
}
