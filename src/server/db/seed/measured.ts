import type { Item } from '../schema.ts';

/**
 * The demo catalogue's items sold by weight or volume (issue 33): the 1 kg item of loose
 * produce (onion, potato, tomato) becomes loose, sold by weight in 250 g steps at its price
 * per kg; the 1 litre item of milk is sold by volume in 500 ml steps at its price per litre.
 * Stock becomes grams or millilitres; the Size stays the price's quantity (1 kg, 1 L). Every other item is sold by the piece. Nothing is
 * added or removed, so the same N still gives N items.
 */
const LOOSE: Readonly<Record<string, { size: string; soldBy: Item['sold_by']; step: number; suffix: string }>> = {
  Onion: { size: '1 kg', soldBy: 'ByWeight', step: 250, suffix: ' (loose)' },
  Potato: { size: '1 kg', soldBy: 'ByWeight', step: 250, suffix: ' (loose)' },
  'Tomato Hybrid': { size: '1 kg', soldBy: 'ByWeight', step: 250, suffix: ' (loose)' },
  'Toned Milk': { size: '1 L', soldBy: 'ByVolume', step: 500, suffix: ', by the litre' },
  'Full Cream Milk': { size: '1 L', soldBy: 'ByVolume', step: 500, suffix: ', by the litre' },
};

/** How a planned item is sold: by the piece, or (for the products above, single packs of their 1 kg or 1 L size) loose. */
export function measuredColumns(
  product: string,
  size: string,
  pack: number,
  title: string,
  stock: number,
): Pick<Item, 'sold_by' | 'step' | 'title' | 'size' | 'stock'> {
  const loose = LOOSE[product];
  if (loose === undefined || pack !== 1 || size !== loose.size) {
    return { sold_by: 'ByUnit', step: 1, title, size, stock };
  }
  return { sold_by: loose.soldBy, step: loose.step, title: `${title}${loose.suffix}`, size, stock: stock * 1000 };
}
