import { describe, expect, it } from 'vitest';
import { indexCatalogue } from '../../src/lib/catalogue/catalogue.ts';
import {
  categoryAisles,
  categoryEntries,
  frontAisles,
  OTHER_CITY,
  storeCity,
  storesByCity,
} from '../../src/lib/catalogue/pages.ts';
import { tidyPostalCode, validateProfile } from '../../src/lib/domain/account-rules.ts';
import { categoryDto, sectionDto, storeDto } from '../fixtures/dtos.ts';

// Issue 37: aisles you can find (a category's sections across its stores, stores by city) and a PIN code tidied.

const store = (id: number, categoryId: number, description: string, hidden = false) =>
  storeDto(id, categoryId, { StoreTitle: `Store ${id}`, StoreDescription: description, StoreHidden: hidden });
const section = (id: number, storeId: number, title: string, hidden = false) =>
  sectionDto(id, storeId, { StoreID: storeId, SectionTitle: title, SectionHidden: hidden });

const cat = indexCatalogue({
  categories: [categoryDto(1, 'Dairy'), categoryDto(2, 'Bakery')],
  stores: [
    store(1, 1, 'Amul Corner in Indiranagar, Bengaluru: milk and curd. Open 7 am to 10 pm.'),
    store(2, 1, 'Gokul Dairy in Andheri West, Mumbai. Fresh every morning.'),
    store(3, 1, 'A dairy with no address in its description'),
    store(4, 2, 'Crumbs in Koramangala, Bengaluru: bread.'),
    store(5, 1, 'Shut in Adyar, Chennai: gone.', true),
  ],
  sections: [
    section(10, 1, 'Milk & Curd'),
    section(11, 1, 'Paneer & Cheese'),
    section(12, 2, 'milk & curd'),
    section(13, 2, 'Butter', true),
    section(14, 4, 'Bread'),
    section(15, 5, 'Ghee'),
  ],
  items: [],
});

describe('storeCity', () => {
  it('reads the city after "in {neighbourhood}," in the description', () => {
    expect(storeCity({ StoreDescription: 'Amul Corner in Indiranagar, Bengaluru: milk.' })).toBe('Bengaluru');
    expect(storeCity({ StoreDescription: 'Gokul in Andheri West, Mumbai. Fresh.' })).toBe('Mumbai');
    expect(storeCity({ StoreDescription: 'Fresh in Bandra, Navi Mumbai' })).toBe('Navi Mumbai');
  });

  it('is null when no place is named that way', () => {
    expect(storeCity({ StoreDescription: 'A dairy with no address' })).toBeNull();
    expect(storeCity({ StoreDescription: 'Fresh in season, lovely: fruit' })).toBeNull();
    expect(storeCity({ StoreDescription: '' })).toBeNull();
  });
});

describe('the aisles of a category', () => {
  it('groups its shown sections across its shown stores by name, whatever the case', () => {
    expect(categoryAisles(cat, 1)).toEqual([
      {
        title: 'Milk & Curd',
        places: [
          { href: '/app/store-section/10/1', store: 'Store 1', city: 'Bengaluru' },
          { href: '/app/store-section/12/2', store: 'Store 2', city: 'Mumbai' },
        ],
      },
      { title: 'Paneer & Cheese', places: [{ href: '/app/store-section/11/1', store: 'Store 1', city: 'Bengaluru' }] },
    ]);
  });

  it('lists every category with its shown stores and aisles, and the front page one aisle per category', () => {
    expect(categoryEntries(cat)).toEqual([
      { href: '/app/categories/1', title: 'Dairy', stores: 3, aisles: ['Milk & Curd', 'Paneer & Cheese'] },
      { href: '/app/categories/2', title: 'Bakery', stores: 1, aisles: ['Bread'] },
    ]);
    expect(frontAisles(cat).map((s) => s.SectionTitle)).toEqual(['Milk & Curd', 'Bread']);
    expect(frontAisles(cat, 1)).toHaveLength(1);
  });
});

describe('stores by city', () => {
  it('groups the cards by city, cities in order and the unknown last; each card names its shown aisles', () => {
    const groups = storesByCity(cat, cat.stores);
    expect(groups.map((g) => [g.city, g.cards.map((c) => c.title)])).toEqual([
      ['Bengaluru', ['Store 1', 'Store 4']],
      ['Chennai', ['Store 5']],
      ['Mumbai', ['Store 2']],
      [OTHER_CITY, ['Store 3']],
    ]);
    expect(groups[0]?.cards[0]?.aisles).toEqual(['Milk & Curd', 'Paneer & Cheese']);
    expect(groups[2]?.cards[0]?.aisles).toEqual(['milk & curd']);
  });
});

describe('tidyPostalCode', () => {
  it('drops the spaces and hyphens between digits, so "560 038" passes the 6-digit rule', () => {
    expect(tidyPostalCode(' 560 038 ')).toBe('560038');
    expect(tidyPostalCode('560-038')).toBe('560038');
    expect(validateProfile({ PostalCode: tidyPostalCode('560 038') })).toEqual({});
  });

  it('leaves anything else for the rule to refuse', () => {
    expect(tidyPostalCode('56O 038')).toBe('56O 038');
    expect(validateProfile({ PostalCode: tidyPostalCode('5600 381') }).PostalCode).toHaveLength(1);
    expect(tidyPostalCode('')).toBe('');
  });
});
