import { formatRs } from '../../../lib/domain/money.ts';
import type { Item } from '../schema.ts';
import type { SectionPlan } from './catalogue-plan.ts';
import type { ThemeSpec } from './data.ts';
import { categoryAt, type ParsedProduct, themeAt } from './products.ts';

// The demo rows' words: item titles, and the HTML of items and sections.

/** Text made safe to place inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** "Nagpur" + "Nagpur Orange" → "Nagpur Orange"; "Kesari" + "Basmati Rice" → "Kesari Basmati Rice". */
export function titleOf(brand: string, name: string): string {
  const words = brand.split(' ');
  const last = words.at(-1) ?? '';
  if (name.toLowerCase().startsWith(`${last.toLowerCase()} `)) words.pop();
  return [...words, name].join(' ');
}

/** An item's HTML: title and size, its blurb, brand, pack size and GST, and how to keep it. */
export function itemContent(
  title: string,
  brand: string,
  size: string,
  product: ParsedProduct,
  theme: ThemeSpec,
): string {
  return (
    `<p><strong>${escapeHtml(title)}</strong>, ${escapeHtml(size)}. ${escapeHtml(product.blurb)}.</p>` +
    `<ul><li>Brand: ${escapeHtml(brand)}</li><li>Pack size: ${escapeHtml(size)}</li>` +
    `<li>GST: ${product.gstBps === 0 ? 'nil' : `${product.gstBps / 100} %, included in the price`}</li></ul>` +
    `<p>${escapeHtml(theme.care)}</p>`
  );
}

const NUTRIENTS = ['Energy', 'Protein', 'Carbohydrate', 'Fat'] as const;
const NUTRIENT_UNITS = ['kcal', 'g', 'g', 'g'] as const;

/** A section's HTML: its aisle's intro, a few items on the shelf, nutrition or prices, and links to its store and book. */
export function sectionContent(section: SectionPlan, items: readonly Item[]): string {
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
