import type { APIRequestContext, Locator, Page } from '@playwright/test';

// Black box: what the tests expect is read from the shop's own API, never from src/.

export interface Category {
  CategoryID: number;
  CategoryTitle: string;
}
export interface Store {
  StoreID: number;
  CategoryID: number;
  StoreTitle: string;
  StoreDescription: string;
  StoreHidden: boolean;
  /** The most of one item an order may hold from the store. */
  MaxQtyPerItem: number;
}
export interface Section {
  SectionID: number;
  DbID: number;
  StoreID: number;
  SectionTitle: string;
  SectionMetaDescription: string;
  SectionContent: string;
  SectionHidden: boolean;
  CustomOrder: string;
}
export interface Item {
  ItemID: number;
  StoreID: number;
  DbID: number;
  SectionID: number | null;
  ItemTitle: string;
  ItemMetaDescription: string;
  ItemHidden: boolean;
  Availability: number;
  Size: string;
  UnitPrice: number;
  Gst: number;
  SellingPrice: number;
  /** Issue 33: `ByWeight`/`ByVolume` items count g or ml in steps and show no number field. */
  SoldBy?: string;
}
export interface Catalogue {
  categories: Category[];
  stores: Store[];
  sections: Section[];
  items: Item[];
}

async function all<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const res = await request.get(`${path}?limit=1000`);
  if (!res.ok()) throw new Error(`${path} answered ${res.status()}`);
  return (await res.json()) as T[];
}

/** The demo catalogue (300 items fit in one page of each list), sorted by id as the sidebars are. */
export async function readCatalogue(request: APIRequestContext): Promise<Catalogue> {
  const [categories, stores, sections, items] = await Promise.all([
    all<Category>(request, '/api/Category/ReadAll'),
    all<Store>(request, '/api/Store/ReadAll'),
    all<Section>(request, '/api/Publisher/ReadAll'),
    all<Item>(request, '/api/Item/ReadAll'),
  ]);
  sections.sort((a, b) => a.StoreID - b.StoreID || a.SectionID - b.SectionID || a.DbID - b.DbID);
  // Items sold by the piece first (in the API's order), then those sold by weight or volume (issue 33):
  // a spec that takes the first item fit for it gets one with a number field and steps of 1.
  const byPiece = (i: Item) => (i.SoldBy === undefined || i.SoldBy === 'ByUnit' ? 0 : 1);
  items.sort((a, b) => byPiece(a) - byPiece(b));
  return { categories, stores, sections, items };
}

/** `Rs` with Indian digit grouping and two decimals whenever there are paise, as the shop shows prices. */
export function rs(rupees: number): string {
  const paise = Math.round(rupees * 100);
  const digits = paise % 100 === 0 ? 0 : 2;
  return `Rs ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: 2 }).format(rupees)}`;
}

/** The first store the shop lands on: the first one not hidden. */
export function firstStore(cat: Catalogue): Store {
  const store = cat.stores.find((s) => !s.StoreHidden) ?? cat.stores[0];
  if (store === undefined) throw new Error('The demo catalogue has no stores.');
  return store;
}

/** The first section the shop lands on: the first shown section of the first store. */
export function firstSection(cat: Catalogue): Section {
  const store = firstStore(cat);
  const own = cat.sections.filter((s) => s.StoreID === store.StoreID);
  const section = own.find((s) => !s.SectionHidden) ?? own[0] ?? cat.sections.find((s) => !s.SectionHidden);
  if (section === undefined) throw new Error('The demo catalogue has no published sections.');
  return section;
}

/** Items filed in a published section, so they have pages and cards. */
export function shownItems(cat: Catalogue): Item[] {
  const published = new Set(cat.sections.map((s) => `${s.SectionID}/${s.DbID}`));
  return cat.items.filter((i) => i.SectionID !== null && published.has(`${i.SectionID}/${i.DbID}`));
}

/** A JWT as the API issues it (ASP.NET Identity claim names), unsigned: the site only decodes it. */
export function fakeToken(claims: { name: string; roles: string[]; expInSeconds: number }): string {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const payload = {
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name': claims.name,
    'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier': '42',
    'http://schemas.microsoft.com/ws/2008/06/identity/claims/role':
      claims.roles.length === 1 ? claims.roles[0] : claims.roles,
    'AspNet.Identity.SecurityStamp': 'stamp',
    email: claims.name,
    exp: Math.floor(Date.now() / 1000) + claims.expInSeconds,
  };
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The stepper's button that adds one of `title`: at quantity 0 the stepper is one "Add" button
 * (issue 37), from 1 it is "+". Only the one shown is in the accessibility tree.
 */
export function addOne(scope: Page | Locator, title: string): Locator {
  const t = escaped(title);
  return scope.getByRole('button', { name: new RegExp(`^(Add ${t} to cart|Increase quantity of ${t})$`) });
}
