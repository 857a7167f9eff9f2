import { describe, expect, it, vi } from 'vitest';
import {
  bookItemPairs,
  bookItems,
  indexCatalogue,
  itemHomes,
  itemsWithPages,
  sectionItems,
} from '../../src/lib/catalogue/catalogue.ts';
import { itemPage, siteLandings, storePage, storeSectionPage } from '../../src/lib/catalogue/pages.ts';
import { categoryDto, itemDto, sectionDto, storeDto } from '../fixtures/dtos.ts';

const category = (id: number, title: string) => categoryDto(id, title);
const store = (id: number, categoryId: number, hidden = false) =>
  storeDto(id, categoryId, { StoreDescription: `Store ${id} sells things`, StoreHidden: hidden });
const section = (id: number, dbId: number, storeId: number, customOrder = '[]', hidden = false) =>
  sectionDto(id, dbId, {
    StoreID: storeId,
    SectionMetaDescription: `About section ${id}`,
    SectionContent: '<p onclick="x()">Hello</p><script>alert(1)</script>',
    SectionHidden: hidden,
    CustomOrder: customOrder,
  });
const item = (id: number, dbId: number, storeId: number, sectionId: number | null) =>
  itemDto(id, dbId, sectionId, { StoreID: storeId, Discount: 10, SellingPrice: 94.5 });

// The API's order is not the sidebar's: indexing sorts by id.
const rows = {
  categories: [category(2, 'Household'), category(1, 'Fresh')],
  stores: [store(2, 1), store(1, 1, true), store(3, 2)],
  sections: [
    section(11, 2, 2, '[23, 21, 99]'),
    section(10, 1, 1),
    section(12, 2, 2, '{oops'),
    section(13, 3, 3, '[{"ItemID": 31}]'),
  ],
  items: [
    item(21, 2, 2, 11),
    item(22, 2, 2, 11),
    item(23, 2, 2, 12),
    item(24, 2, 2, null),
    item(25, 2, 2, 14),
    item(31, 3, 3, null),
    item(10, 1, 1, 10),
  ],
};

describe('indexCatalogue', () => {
  it('sorts every list by id and warns once about an invalid CustomOrder', () => {
    const warn = vi.fn();
    const cat = indexCatalogue(rows, warn);
    expect(cat.categories.map((c) => c.CategoryID)).toEqual([1, 2]);
    expect(cat.stores.map((s) => s.StoreID)).toEqual([1, 2, 3]);
    expect(cat.sectionsByStore.get(2)?.map((s) => s.SectionID)).toEqual([11, 12]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/Section 12 in database 2 .*CustomOrder/);
  });

  it('lists a section page’s own items, CustomOrder first', () => {
    const cat = indexCatalogue(rows);
    const s11 = cat.sectionByKey.get('11/2');
    if (s11 === undefined) throw new Error('missing');
    expect(sectionItems(cat, s11).map((i) => i.ItemID)).toEqual([21, 22]);
  });

  it('lists a book’s items as its CustomOrder names them, from its own database', () => {
    const cat = indexCatalogue(rows);
    const book = (key: string) => {
      const s = cat.sectionByKey.get(key);
      if (s === undefined) throw new Error(key);
      return bookItems(cat, s).map((i) => i.ItemID);
    };
    // 23 is filed elsewhere but listed; 99 does not exist.
    expect(book('11/2')).toEqual([23, 21]);
    // Invalid JSON: the filed items by id.
    expect(book('12/2')).toEqual([23]);
    expect(book('13/3')).toEqual([31]);
    expect(book('10/1')).toEqual([10]);
  });

  it('gives item pages only to items a published section or book shows, each with a home section', () => {
    const cat = indexCatalogue(rows);
    // 24 is filed nowhere, 25 in an unpublished section.
    expect(itemsWithPages(cat).map((i) => i.ItemID)).toEqual([10, 21, 22, 23, 31]);
    const homes = itemHomes(cat);
    expect(homes.get('23/2')?.SectionID).toBe(12);
    expect(homes.get('31/3')?.SectionID).toBe(13);
    expect([...bookItemPairs(cat)]).toContainEqual({ itemId: 23, bookId: 11, dbId: 2 });
  });

  it("works out the items' homes once per catalogue, for every copy of the code that renders it", async () => {
    const cat = indexCatalogue(rows);
    // A rebuild's own bundle and the kept renderer each hold a copy of this module, over one shared catalogue.
    const secondCopy = '../../src/lib/catalogue/catalogue.ts?second-copy';
    const copy = (await import(/* @vite-ignore */ secondCopy)) as { itemHomes: typeof itemHomes };
    expect(copy.itemHomes).not.toBe(itemHomes);
    const homes = itemHomes(cat);
    expect(copy.itemHomes(cat)).toBe(homes);
    // A copy of the catalogue (a new object) works its own out.
    expect(itemHomes({ ...cat })).not.toBe(homes);
    expect(itemHomes({ ...cat })).toEqual(homes);
  });
});

describe('page models', () => {
  const cat = indexCatalogue(rows);

  it('lands on the first store that is not hidden', () => {
    expect(siteLandings(cat)).toMatchObject({ home: '/app/home/2', storeSection: '/app/store-section/11/2' });
  });

  it('builds a store page with its section cards and the stores sidebar', () => {
    const page = storePage(cat, 2, 'home');
    expect(page.cards.map((c) => [c.title, c.href, c.image, c.linkLabel])).toEqual([
      ['Section 11', '/app/store-section/11/2', '/content/2/Section/11/ti.png', 'See all Products'],
      ['Section 12', '/app/store-section/12/2', '/content/2/Section/12/ti.png', 'See all Products'],
    ]);
    expect(page.sidebar.map((e) => [e.href, e.current, e.hidden])).toEqual([
      ['/app/home/1', false, true],
      ['/app/home/2', true, false],
      ['/app/home/3', false, false],
    ]);
  });

  it('sanitizes a section’s content and crumbs back to its category and store', () => {
    const page = storeSectionPage(cat, 11, 2);
    expect(page.content).toBe('<p>Hello</p>');
    expect(page.crumbs.map((c) => c.href)).toEqual(['/app/categories/1', '/app/stores/2', '/app/store-section/11/2']);
    expect(page.items.map((i) => i.href)).toEqual(['/app/section/21/2', '/app/section/22/2']);
  });

  it('builds an item page whose section crumb is its home section', () => {
    const page = itemPage(cat, 23, 2);
    expect(page.section?.SectionID).toBe(12);
    expect(page.card.image).toBe('/content/2/Item/23/ti.png');
    expect(page.crumbs.at(-1)).toEqual({ href: '/app/section/23/2', label: 'Item 23' });
  });

  it('fails the build for a page of a row the catalogue does not have', () => {
    expect(() => storePage(cat, 99, 'home')).toThrow(/Store 99/);
  });
});
