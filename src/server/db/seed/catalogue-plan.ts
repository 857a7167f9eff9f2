import type { Category, Item, PublishedSection, Section, Store, StoreDb } from '../schema.ts';

// The shapes of the demo catalogue's plan (`generate.ts` builds it, `seed.ts` writes it, `tiles.ts` draws its tiles).

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

/** A store of the plan, with its shop name and the department (category) it sells. */
export interface StorePlan {
  row: Store;
  name: string;
  categoryIndex: number;
}

/** A section of the plan: its store, its aisle theme and the items filed in it. */
export interface SectionPlan {
  row: Section;
  store: StorePlan;
  themeIndex: number;
  itemIds: number[];
}
