import { type Landings, landings } from '../domain/redirects.ts';
import { bookItemPairs, type Catalogue } from './catalogue.ts';

/** Where the site's landing links lead and what redirect pages follow from: what pages and the rebuild share. */

/** Where the site's landing links lead, computed once per catalogue. */
const landingCache = new WeakMap<Catalogue, Landings>();
export function siteLandings(cat: Catalogue): Landings {
  let found = landingCache.get(cat);
  if (found === undefined) {
    found = landings({ categories: cat.categories, stores: cat.stores, sections: cat.sections, bookItems: [] });
    landingCache.set(cat, found);
  }
  return found;
}

/** The redirect sources of the whole catalogue (landings and every book's items). */
export function redirectSources(cat: Catalogue) {
  return { categories: cat.categories, stores: cat.stores, sections: cat.sections, bookItems: bookItemPairs(cat) };
}

/** The path of the categories index and of the stores index (issue 37). */
export const INDEX_PATHS = { categories: '/app/categories/all', stores: '/app/stores/all' } as const;
