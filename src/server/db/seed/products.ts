import { CATEGORIES, type CategorySpec, type ProductSpec, type ThemeSpec } from './data.ts';

// The seed data's products parsed once, and their shelf lines (a product in each brand and size).

export interface ParsedProduct {
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
export interface Sku {
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

export function skusOf(categoryIndex: number, themeIndex: number): Sku[] {
  const list = SKUS[categoryIndex]?.[themeIndex];
  if (list === undefined || list.length === 0) throw new Error('The seed data has an aisle without products.');
  return list;
}

export function productsOf(categoryIndex: number, themeIndex: number): ParsedProduct[] {
  const list = PRODUCTS[categoryIndex]?.[themeIndex];
  if (list === undefined || list.length === 0) throw new Error('The seed data has an aisle without products.');
  return list;
}

export function categoryAt(index: number): CategorySpec {
  const c = CATEGORIES[index];
  if (c === undefined) throw new Error(`No seed category ${index}.`);
  return c;
}

export function themeAt(category: CategorySpec, index: number): ThemeSpec {
  const t = category.themes[index];
  if (t === undefined) throw new Error(`No aisle ${index} in ${category.title}.`);
  return t;
}
