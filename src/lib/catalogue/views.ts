import { type CartItemSource, MAX_CART_QTY } from '../domain/cart.ts';
import type { ItemDto, SectionDto, StoreDto } from '../domain/catalogue.ts';
import { contentTilePath } from '../domain/content-images.ts';
import { itemUnitPriceText, priceBase, unitPriceSpec, unitPriceText } from '../domain/measure.ts';
import { formatRs, paiseToRupees, percentToBps, rupeesToPaise } from '../domain/money.ts';
import { priceInclGst, sellingPrice } from '../domain/pricing.ts';
import { bookPath, itemPath } from '../domain/redirects.ts';

export type { CartItemSource };

/** The canonical pages of the catalogue (spec §2). */
export const paths = {
  home: (storeId: number) => `/app/home/${storeId}`,
  category: (categoryId: number) => `/app/categories/${categoryId}`,
  stores: (storeId: number) => `/app/stores/${storeId}`,
  storeSection: (sectionId: number, dbId: number) => `/app/store-section/${sectionId}/${dbId}`,
  book: bookPath,
  item: itemPath,
  storeBooks: (storeId: number) => `/store/${storeId}`,
};

/** Content images by the paths of spec §2, served by the API under `/content`. */
export const images = {
  store: (storeId: number) => contentTilePath({ kind: 'Store', id: storeId }),
  section: (sectionId: number, dbId: number) => contentTilePath({ kind: 'Section', id: sectionId, dbId }),
  book: (bookId: number, dbId: number) => contentTilePath({ kind: 'Book', id: bookId, dbId }),
  item: (itemId: number, storeId: number) => contentTilePath({ kind: 'Item', id: itemId, storeId }),
};

/**
 * How wide each kind of picture shows at each viewport width (the `sizes` of its
 * `<picture>`), from the layout's grids: the page is at most 1280 px wide with
 * 16 px padding on each side, the sidebar takes 15 rem from 768 px. A phone of
 * 390 px shows an item card's picture about 175 px wide, so at 1× it fetches the
 * 200 px version; larger cards and screens of 2× and more fetch the 400 px one.
 */
export const TILE_SIZES = {
  /** Item cards: two columns on phones (12 px gap), three from 1024 px, four of at most about 300 px from 1280 px. */
  itemCard: '(min-width: 1280px) 300px, (min-width: 1024px) 33vw, calc(50vw - 22px)',
  /** Store, section and book cards: one column on phones, two from 640 px, three of at most about 400 px from 1280 px. */
  card: '(min-width: 1280px) 400px, (min-width: 640px) 50vw, calc(100vw - 32px)',
  /** Store cards in lists: a 7 rem picture beside the text. */
  compactCard: '112px',
  /** The item page's picture: the page's width on phones, a 22 rem column from 1024 px. */
  itemPage: '(min-width: 1024px) 352px, calc(100vw - 32px)',
  /** The store page's picture: 6 rem beside the title on phones, 14 rem from 640 px. */
  storePage: '(min-width: 640px) 224px, 96px',
} as const;

/** The picture every card falls back to when a row has none or it fails to load. */
export const DEFAULT_TILE = '/images/default-tile.svg';

/** One link of a sidebar. */
export interface NavEntry {
  href: string;
  label: string;
  current: boolean;
  hidden: boolean;
}

/** A card of a store, section or book: picture, title, description and one link. */
export interface CardView {
  key: string;
  href: string;
  title: string;
  description: string;
  image: string;
  hidden: boolean;
  /** The visible link text ("See all Products", "Read"). */
  linkLabel: string;
  /** A store card's section names: what the store sells. */
  aisles?: string[];
}

/** Prices of an item as a card shows them. */
export interface PriceView {
  /** What one unit costs, GST included: `Rs 95.5`. */
  selling: string;
  /** The selling price in rupees with two decimals, for structured data: `95.50`. */
  sellingAmount: string;
  /** Unit price plus GST, struck through beside the selling price; `null` when no discount makes it higher. */
  beforeDiscount: string | null;
  soldOut: boolean;
  /** The unit sale price of Legal Metrology rule 6(11) beside the price (`Rs 2.10/100 g`), or '' (issue 33). */
  unitSale: string;
}

/**
 * The most of one item an order may hold from `store`; MAX_CART_QTY when the store is
 * unknown or its API does not say (an `API_URL` backend without the limit): the API
 * that takes the order decides.
 */
export function storeQtyLimit(store: StoreDto | undefined): number {
  const max = (store as Partial<StoreDto> | undefined)?.MaxQtyPerItem;
  return typeof max === 'number' && Number.isInteger(max) && max >= 1 ? Math.min(max, MAX_CART_QTY) : MAX_CART_QTY;
}

/** The stepper's share of an item, with its store's most per order. */
export function cartItemSource(item: ItemDto, maxQtyPerItem: number): CartItemSource {
  return {
    ItemID: item.ItemID,
    StoreID: item.StoreID,
    ItemTitle: item.ItemTitle,
    ItemHidden: item.ItemHidden,
    Availability: item.Availability,
    Size: item.Size,
    UnitPrice: item.UnitPrice,
    Discount: item.Discount,
    FlatDiscount: item.FlatDiscount ?? 0,
    Gst: item.Gst,
    SellingPrice: item.SellingPrice,
    ItemUpdatedTime: item.ItemUpdatedTime,
    // A weighed item's limit is in kg or litres and its quantities in g or ml; pieces carry neither field.
    ...(item.SoldBy === undefined || item.SoldBy === 'ByUnit'
      ? { MaxQtyPerItem: maxQtyPerItem }
      : { MaxQtyPerItem: maxQtyPerItem * priceBase(item.SoldBy), SoldBy: item.SoldBy, Step: item.Step ?? 1 }),
  };
}

export interface ItemCardView {
  key: string;
  itemId: number;
  storeId: number;
  href: string;
  title: string;
  image: string;
  hidden: boolean;
  size: string;
  price: PriceView;
  cartItem: CartItemSource;
}

/**
 * The prices of spec §2 and §9 from the wire's rupees: the selling price the API
 * sets (recomputed by the shop's pricing rules only if it is missing) and the
 * struck-through price, unit price plus GST.
 */
export function priceView(item: ItemDto): PriceView {
  const fields = {
    unitPrice: rupeesToPaise(item.UnitPrice),
    discountBps: percentToBps(item.Discount),
    flatDiscount: rupeesToPaise(item.FlatDiscount ?? 0),
    gstBps: percentToBps(item.Gst),
  };
  const selling = Number.isFinite(item.SellingPrice) ? rupeesToPaise(item.SellingPrice) : sellingPrice(fields);
  const before = priceInclGst(fields.unitPrice, fields.gstBps);
  const soldBy = item.SoldBy ?? 'ByUnit';
  // A weighed item's price is its unit sale price, per kg or litre: shown once, as `Rs 48.00/kg`.
  const weighed = soldBy !== 'ByUnit';
  const text = (paise: number) => (weighed ? unitPriceText(paise, soldBy) : formatRs(paise));
  return {
    selling: text(selling),
    sellingAmount: paiseToRupees(selling).toFixed(2),
    beforeDiscount: before > selling ? text(before) : null,
    soldOut: item.Availability <= 0,
    unitSale: weighed ? '' : itemUnitPriceText(selling, soldBy, item.Size),
  };
}

/** An item's card; `maxQtyPerItem` is its store's most per order (`storeQtyLimit`). */
export function itemCard(item: ItemDto, maxQtyPerItem: number): ItemCardView {
  return {
    key: `${item.ItemID}/${item.DbID}`,
    itemId: item.ItemID,
    storeId: item.StoreID,
    href: paths.item(item.ItemID, item.DbID),
    title: item.ItemTitle,
    image: images.item(item.ItemID, item.StoreID),
    hidden: item.ItemHidden,
    size: item.Size,
    price: priceView(item),
    cartItem: cartItemSource(item, maxQtyPerItem),
  };
}

/** A section card (spec §2 home page): its link is "See all Products". */
export function sectionCard(section: SectionDto): CardView {
  return {
    key: `${section.SectionID}/${section.DbID}`,
    href: paths.storeSection(section.SectionID, section.DbID),
    title: section.SectionTitle,
    description: section.SectionMetaDescription,
    image: images.section(section.SectionID, section.DbID),
    hidden: section.SectionHidden,
    linkLabel: 'See all Products',
  };
}

/** A book card (spec §2 `/store/{cid}`): a published section read as a book, with a "Read" link. */
export function bookCard(section: SectionDto): CardView {
  return {
    key: `${section.SectionID}/${section.DbID}`,
    href: paths.book(section.SectionID, section.DbID),
    title: section.SectionTitle,
    description: section.SectionMetaDescription,
    image: images.book(section.SectionID, section.DbID),
    hidden: section.SectionHidden,
    linkLabel: 'Read',
  };
}

/** A store card of a category page. */
export function storeCard(store: StoreDto): CardView {
  return {
    key: String(store.StoreID),
    href: paths.stores(store.StoreID),
    title: store.StoreTitle,
    description: store.StoreDescription,
    image: images.store(store.StoreID),
    hidden: store.StoreHidden,
    linkLabel: 'Visit store',
  };
}

/** Sidebar entries, one per row, the current one marked. */
export function navEntries<T>(
  rows: readonly T[],
  view: (row: T) => { href: string; label: string; hidden: boolean },
  isCurrent: (row: T) => boolean,
): NavEntry[] {
  return rows.map((row) => ({ ...view(row), current: isCurrent(row) }));
}

/** A page's absolute address: the site's origin and the path without a trailing slash. */
export function absoluteUrl(path: string, site: URL | string | undefined): string {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return new URL(clean, site ?? 'http://127.0.0.1:4321').href;
}

/** The share action of spec §2: a messaging link carrying the page's title and address. */
export function shareHref(title: string, url: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
}

/** A meta description of at most `max` characters, cut at a word. */
export function metaDescription(text: string, fallback: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim() || fallback;
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/**
 * schema.org Product with its Offer (INR, the selling price, in or out of stock)
 * for an item page, as JSON text safe to place inside a `<script>` element.
 */
export function productJsonLd(item: ItemDto, pageUrl: string, imageUrl: string, description: string): string {
  const price = priceView(item);
  const unit = unitPriceSpec(rupeesToPaise(item.SellingPrice), item.SoldBy ?? 'ByUnit', item.Size);
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.ItemTitle,
    description,
    image: imageUrl,
    sku: String(item.ItemID),
    url: pageUrl,
    ...(item.Size.trim() === '' ? {} : { size: item.Size }),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      priceCurrency: 'INR',
      price: price.sellingAmount,
      availability: price.soldOut ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        priceCurrency: 'INR',
        price: paiseToRupees(unit.price).toFixed(2),
        referenceQuantity: { '@type': 'QuantitativeValue', value: unit.value, unitCode: unit.unitCode },
      },
    },
  };
  // `<` never appears raw, so no text can close the script element early.
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
