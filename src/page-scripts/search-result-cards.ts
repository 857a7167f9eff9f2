/**
 * The search results page's cards (`search-page.ts`): a product of the API's search
 * (issue 34), with the store whose stepper the shopper uses chosen among the stores that
 * have it ("in 3 stores"), and a hit of the Pagefind index of a site served without its
 * API. Both draw the catalogue's stepper as the server renders it (`stepper-markup.ts`),
 * worked by the first-paint script, or, out of stock, a link to the item page's "Notify me".
 */
import { MAX_CART_QTY } from '../lib/domain/cart-limits.ts';
import { versionSrcset } from '../lib/domain/content-images.ts';
import type { SearchHitDto, SearchStoreDto } from '../lib/domain/search-results.ts';
import { itemHref } from '../lib/search/api-search.ts';
import { excerptParts, hitHref, type SearchHitData } from '../lib/search/pagefind.ts';
import { cartSourceOf, pricesOf, storesNote } from './search-hit-view.ts';
import { el, type StepperItem, stepperElement } from './stepper-markup.ts';

type StepperSource = StepperItem & { Availability: number; ItemHidden: boolean };

/** The results' pictures: 6 rem on phones, 7 rem from 640 px (a 1× phone fetches the 200 px version). */
const PICTURE_SIZES = '(min-width: 640px) 112px, 96px';

function parseItem(raw: string | undefined): StepperSource | null {
  if (raw === undefined || raw === '') return null;
  try {
    const v = JSON.parse(raw) as Partial<StepperSource>;
    if (typeof v.ItemID !== 'number' || typeof v.StoreID !== 'number') return null;
    // An index written before the per-order limit: the API that takes the order decides.
    return { ...(v as StepperSource), MaxQtyPerItem: v.MaxQtyPerItem ?? MAX_CART_QTY };
  } catch {
    return null;
  }
}

function picture(src: string): HTMLElement {
  const sources = (['avif', 'webp'] as const).flatMap((format) => {
    const srcset = versionSrcset(src, format);
    return srcset === undefined ? [] : [el('source', { type: `image/${format}`, srcset, sizes: PICTURE_SIZES })];
  });
  return el(
    'div',
    { class: 'tile w-24 shrink-0 self-start overflow-hidden rounded-xl sm:w-28' },
    el(
      'picture',
      {},
      ...sources,
      el('img', { src, alt: '', width: '400', height: '300', loading: 'lazy', decoding: 'async', 'data-tile': '' }),
    ),
  );
}

function priceLine(selling: string, before: string | null | undefined): HTMLElement {
  return el(
    'p',
    { class: 'flex flex-wrap items-baseline gap-x-2' },
    el('span', { class: 'font-extrabold text-brand-800' }, el('span', { class: 'sr-only' }, 'Price: '), selling),
    ...(before === null || before === undefined
      ? []
      : [
          el(
            's',
            { class: 'text-sm text-slate-600' },
            el('span', { class: 'sr-only' }, 'Price before discount, incl. GST: '),
            before,
          ),
        ]),
  );
}

/** The stepper of an item on sale, drawn at 0 (the first-paint script shows the cart's quantity), or "Out of stock". */
function stepperOrNotice(item: StepperSource, source: object, href: string): HTMLElement {
  return el(
    'div',
    { class: 'mt-auto pt-1' },
    item.Availability > 0 && !item.ItemHidden
      ? stepperElement(item, source, 0, true)
      : // "Notify me" lives on the item page: the results page stays as light as a catalogue page.
        el(
          'p',
          { class: 'flex flex-wrap items-center gap-2 text-sm' },
          el('span', { class: 'font-semibold text-berry-700' }, 'Out of stock'),
          el(
            'a',
            { href, class: 'font-semibold text-brand-800 underline underline-offset-2' },
            'Get notified',
            el('span', { class: 'sr-only' }, ` when ${item.ItemTitle} is back`),
          ),
        ),
  );
}

const cardClass = 'flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200';

/** What a store's line reads as in the store chooser. */
function storeChoice(line: SearchStoreDto): string {
  return `${line.StoreTitle}, ${pricesOf(line).selling}${line.Availability > 0 ? '' : ', out of stock'}`;
}

/**
 * A product of the API's search, showing its `chosen` store's line (its best, unless the
 * shopper chose another): picture, title, store, size, price and that store's stepper;
 * with several stores, "in N stores" and a chooser that calls `choose` with a store's index.
 */
export function productCard(hit: SearchHitDto, chosen: number, choose: (index: number) => void): HTMLElement {
  const line = hit.Stores[chosen] ?? hit;
  const href = itemHref(line);
  const prices = pricesOf(line);
  const source = cartSourceOf(line, hit);
  const chooser: Node[] = [];
  if (hit.Stores.length > 1) {
    const id = `stores-${hit.ItemID}`;
    const select = el(
      'select',
      {
        id,
        class: 'min-h-11 min-w-0 max-w-full rounded-lg border border-slate-400 bg-white px-2 py-1 text-sm',
        'data-store-choice': '',
      },
      ...hit.Stores.map((s, i) => el('option', { value: String(i) }, storeChoice(s))),
    );
    select.value = String(chosen);
    select.addEventListener('change', () => choose(Number(select.value)));
    chooser.push(
      el(
        'p',
        { class: 'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm' },
        el(
          'label',
          { for: id, class: 'font-semibold text-slate-800' },
          storesNote(hit.Stores.length),
          el('span', { class: 'sr-only' }, `: the store whose ${hit.ItemTitle} you add`),
        ),
        select,
      ),
    );
  }
  return el(
    'li',
    { class: cardClass, 'data-search-result': '', 'data-product': String(hit.ItemID) },
    picture(`/content/${line.StoreID}/Item/${line.ItemID}/ti.png`),
    el(
      'div',
      {
        class: 'flex min-w-0 flex-1 flex-col gap-1',
        // The delivery area (issue 31) marks an item of a store that does not deliver to the kept PIN code.
        'data-delivery-mark': '',
        'data-store-id': String(line.StoreID),
      },
      el(
        'h2',
        { class: 'font-semibold leading-snug text-slate-900' },
        el('a', { href, class: 'underline-offset-2 hover:underline' }, hit.ItemTitle),
      ),
      el('p', { class: 'text-sm text-slate-700' }, [line.StoreTitle, hit.Size].filter((s) => s !== '').join(' · ')),
      priceLine(prices.selling, prices.before),
      ...chooser,
      stepperOrNotice({ ...source, MaxQtyPerItem: line.MaxQtyPerItem }, source, href),
    ),
  );
}

/** A hit of the Pagefind index: an item page (with its stepper) or a section page. */
export function pagefindCard(hit: SearchHitData): HTMLElement {
  const href = hitHref(hit.url);
  const item = hit.meta.kind === 'item' ? parseItem(hit.meta.item) : null;
  const title = hit.meta.title ?? href;
  const excerpt = el(
    'p',
    { class: 'line-clamp-2 text-sm text-slate-700' },
    ...excerptParts(hit.excerpt).map((part) => (part.marked ? el('mark', {}, part.text) : part.text)),
  );
  return el(
    'li',
    { class: cardClass, 'data-search-result': '' },
    el(
      'div',
      { class: 'tile w-24 shrink-0 self-start overflow-hidden rounded-xl sm:w-28' },
      el('img', {
        src: hit.meta.image ?? '/images/default-tile.svg',
        alt: '',
        width: '400',
        height: '300',
        loading: 'lazy',
        decoding: 'async',
        'data-tile': '',
      }),
    ),
    el(
      'div',
      {
        class: 'flex min-w-0 flex-1 flex-col gap-1',
        ...(item === null ? {} : { 'data-delivery-mark': '', 'data-store-id': String(item.StoreID) }),
      },
      el(
        'h2',
        { class: 'font-semibold leading-snug text-slate-900' },
        el('a', { href, class: 'underline-offset-2 hover:underline' }, title),
        ...(item === null ? [el('span', { class: 'ml-2 text-xs font-medium text-slate-600' }, 'Section')] : []),
      ),
      el(
        'p',
        { class: 'text-sm text-slate-700' },
        [hit.meta.store, hit.meta.size].filter((s) => s !== undefined && s !== '').join(' · '),
      ),
      ...(hit.meta.price === undefined ? [] : [priceLine(hit.meta.price, hit.meta.before)]),
      excerpt,
      ...(item === null ? [] : [stepperOrNotice(item, item, href)]),
    ),
  );
}
