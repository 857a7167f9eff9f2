import { describe, expect, it } from 'vitest';
import { indexCatalogue, indexFrame, withItems } from '../../src/lib/catalogue/catalogue.ts';
import { itemPage } from '../../src/lib/catalogue/pages.ts';
import { cataloguePages, cataloguePagesAt } from '../../src/lib/catalogue/site-pages.ts';
import { partItems, REDIRECTS_PATH, renderThreadCount } from '../../src/publish/render-threads.ts';
import { categoryDto, itemDto, sectionDto, storeDto } from '../fixtures/dtos.ts';

// A catalogue with the cases a part's items must cover: a book listing items filed in other
// sections (CustomOrder), an invalid CustomOrder, an item no section files that a book lists,
// and an item in an unpublished section.
const rows = {
  categories: [categoryDto(1, 'Fresh'), categoryDto(2, 'Household')],
  stores: [storeDto(1, 1), storeDto(2, 1), storeDto(3, 2)],
  sections: [
    sectionDto(10, 1, { StoreID: 1, CustomOrder: '[]' }),
    sectionDto(11, 2, { StoreID: 2, CustomOrder: '[23, 21, 99]' }),
    sectionDto(12, 2, { StoreID: 2, CustomOrder: '{oops' }),
    sectionDto(13, 3, { StoreID: 3, CustomOrder: '[31]' }),
  ],
  items: [
    itemDto(10, 1, 10, { StoreID: 1 }),
    itemDto(11, 1, 10, { StoreID: 1 }),
    itemDto(21, 2, 11, { StoreID: 2 }),
    itemDto(22, 2, 11, { StoreID: 2 }),
    itemDto(23, 2, 12, { StoreID: 2 }),
    itemDto(24, 2, null, { StoreID: 2 }),
    itemDto(25, 2, 14, { StoreID: 2 }),
    itemDto(31, 3, null, { StoreID: 3 }),
  ],
};

describe('a full build on several rendering threads (render-threads.ts)', () => {
  it('sends each page only the items it shows, and each page keys and shows the same from them', () => {
    const cat = indexCatalogue(rows);
    const frame = indexFrame(rows);
    const pages = cataloguePages(cat).filter((p) => p.path !== REDIRECTS_PATH);
    expect(pages.length).toBeGreaterThan(10);
    for (const page of pages) {
      // One page alone, then the page among all the others of its route: the same key either way.
      for (const part of [[page.path], pages.filter((p) => p.route === page.route).map((p) => p.path)]) {
        const partial = withItems(frame, partItems(cat, part));
        const [again] = cataloguePagesAt(partial, new Set([page.path]));
        expect(again?.key, page.path).toBe(page.key);
      }
    }
    const ids = (paths: string[]) =>
      partItems(cat, paths)
        .map((i) => `${i.ItemID}/${i.DbID}`)
        .sort();
    // A book by CustomOrder: the items it lists, from other sections too; a section page: its own items.
    expect(ids(['/app/book/11/2'])).toEqual(['21/2', '23/2']);
    expect(ids(['/app/store-section/11/2'])).toEqual(['21/2', '22/2']);
    expect(ids(['/app/section/31/3'])).toEqual(['31/3']);
    // Pages that show no items, and a page of nothing in the catalogue, send none.
    expect(ids(['/app/home/1', '/app/categories/all', '/store/2', '/app/section/999/1'])).toEqual([]);
    // An item page rendered from its one item finds the same way back (a book lists item 31).
    const alone = withItems(frame, partItems(cat, ['/app/section/31/3']));
    expect(itemPage(alone, 31, 3).crumbs).toEqual(itemPage(cat, 31, 3).crumbs);
    expect(itemPage(alone, 31, 3).section?.SectionID).toBe(13);
  });

  it('starts one thread a core on more than two cores unless AISLE_BUILD_THREADS says how many, and names a wrong value', () => {
    // On two cores the main thread renders and the page writers take the other core.
    expect(renderThreadCount({}, 1)).toBe(1);
    expect(renderThreadCount({}, 2)).toBe(1);
    expect(renderThreadCount({}, 3)).toBe(3);
    expect(renderThreadCount({}, 8)).toBe(8);
    expect(renderThreadCount({ AISLE_BUILD_THREADS: '1' }, 8)).toBe(1);
    expect(renderThreadCount({ AISLE_BUILD_THREADS: ' ' }, 4)).toBe(4);
    expect(renderThreadCount({ AISLE_BUILD_THREADS: '3' }, 2)).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'two', '65']) {
      expect(() => renderThreadCount({ AISLE_BUILD_THREADS: bad }, 2)).toThrow(
        `AISLE_BUILD_THREADS must be a whole number from 1 to 64 (it is "${bad}").`,
      );
    }
  });
});
