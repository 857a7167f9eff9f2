/**
 * The search results page (`/app/search?q=…&page=n`) without React (issue 30):
 * every hit of the site's search index (the same Pagefind index as the
 * navigation's box), a page at a time, each with its picture, title, store,
 * size, price and the catalogue's stepper (drawn as the server renders it,
 * `stepper-markup.ts`, and worked by the first-paint script inside
 * `[data-plain-steppers]`), or, out of stock, a link to the item page's
 * "Notify me". Only the shown page's hits are fetched. Nothing found: the ideas
 * and categories the build rendered into the page are shown.
 *
 * The steppers are drawn at 0; the first-paint script shows the cart's
 * quantities on them (`CART_CHANGED_EVENT`), as it does on catalogue pages. The
 * cart store (its server sync) is loaded only on the first interaction with a
 * stepper, as the catalogue's islands are.
 */

import cartStoreUrl from 'virtual:aisle/cart-store-url';
import { MAX_CART_QTY } from '../lib/domain/cart-limits.ts';
import {
  excerptParts,
  hitHref,
  resultsPageUrl,
  type SearchHit,
  type SearchHitData,
  searchAll,
} from '../lib/search/pagefind.ts';
import { CART_CHANGED_EVENT, HYDRATE_EVENT } from './page-events.ts';
import { el, type StepperItem, stepperElement } from './stepper-markup.ts';

/** Hits per page: spec §9's default page size; only the shown hits' fragments are fetched. */
export const RESULTS_PER_PAGE = 20;

type View =
  | { state: 'idle' }
  | { state: 'searching'; term: string }
  | { state: 'failed'; term: string }
  | { state: 'ready'; term: string; hits: SearchHit[]; page: number; shown: SearchHitData[] };

interface Parts {
  heading: HTMLElement;
  input: HTMLInputElement;
  form: HTMLFormElement;
  body: HTMLElement;
  nothing: HTMLElement;
}

type StepperSource = StepperItem & { Availability: number; ItemHidden: boolean };

function readLocation(): { term: string; page: number } {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page') ?? '1');
  return { term: (params.get('q') ?? '').trim(), page: Number.isSafeInteger(page) && page > 0 ? page : 1 };
}

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

function spinner(label: string): HTMLElement {
  return el(
    'div',
    { role: 'status', class: 'flex items-center gap-3 py-10 text-slate-700' },
    el('span', {
      'aria-hidden': 'true',
      class: 'size-6 rounded-full border-4 border-brand-100 border-t-brand-800 motion-safe:animate-spin',
    }),
    el('span', {}, label),
  );
}

function resultCard(hit: SearchHitData): HTMLElement {
  const href = hitHref(hit.url);
  const item = hit.meta.kind === 'item' ? parseItem(hit.meta.item) : null;
  const title = hit.meta.title ?? href;
  const price: Node[] = [];
  if (hit.meta.price !== undefined) {
    price.push(
      el(
        'p',
        { class: 'flex flex-wrap items-baseline gap-x-2' },
        el(
          'span',
          { class: 'font-extrabold text-brand-800' },
          el('span', { class: 'sr-only' }, 'Price: '),
          hit.meta.price,
        ),
        ...(hit.meta.before !== undefined
          ? [
              el(
                's',
                { class: 'text-sm text-slate-600' },
                el('span', { class: 'sr-only' }, 'Price before discount, incl. GST: '),
                hit.meta.before,
              ),
            ]
          : []),
      ),
    );
  }
  const excerpt = el(
    'p',
    { class: 'line-clamp-2 text-sm text-slate-700' },
    ...excerptParts(hit.excerpt).map((part) => (part.marked ? el('mark', {}, part.text) : part.text)),
  );
  const stepper: Node[] = [];
  if (item !== null) {
    stepper.push(
      el(
        'div',
        { class: 'mt-auto pt-1' },
        item.Availability > 0 && !item.ItemHidden
          ? // Drawn at 0: the first-paint script shows the cart's quantity (`render`).
            stepperElement(item, item, 0, true)
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
      ),
    );
  }
  return el(
    'li',
    { class: 'flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200', 'data-search-result': '' },
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
        // The delivery area (issue 31) marks an item of a store that does not deliver to the kept PIN code.
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
      ...price,
      excerpt,
      ...stepper,
    ),
  );
}

function pager(page: number, pages: number): HTMLElement | null {
  if (pages <= 1) return null;
  const near = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  const link = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 font-semibold';
  const plain = `${link} bg-white text-brand-800 ring-1 ring-brand-300 disabled:text-slate-500 disabled:ring-slate-300`;
  const step = (label: string, to: number, disabled: boolean) => {
    const button = el('button', { type: 'button', class: plain, 'data-page': String(to) }, label);
    button.disabled = disabled;
    return button;
  };
  return el(
    'nav',
    { 'aria-label': 'Result pages', class: 'mt-6 flex flex-wrap items-center gap-2' },
    step('Previous', page - 1, page <= 1),
    ...near.map((p, i) =>
      el(
        'span',
        { class: 'inline-flex items-center gap-2' },
        ...(i > 0 && p - (near[i - 1] ?? p) > 1 ? [el('span', { 'aria-hidden': 'true' }, '…')] : []),
        el(
          'button',
          {
            type: 'button',
            class: `${link} ${p === page ? 'bg-brand-800 text-white' : 'bg-white text-brand-800 ring-1 ring-brand-300'}`,
            'aria-current': p === page ? 'page' : undefined,
            'aria-label': `Page ${p}`,
            'data-page': String(p),
          },
          String(p),
        ),
      ),
    ),
    step('Next', page + 1, page >= pages),
    el('span', { class: 'text-sm text-slate-700' }, `Page ${page} of ${pages}`),
  );
}

function titleOf(view: View): string {
  if (view.state === 'ready') {
    const n = view.hits.length;
    return n === 0 ? `No results for “${view.term}”` : `${n} ${n === 1 ? 'result' : 'results'} for “${view.term}”`;
  }
  return view.state === 'idle' ? 'Search the shop' : `Results for “${view.term}”`;
}

function render(parts: Parts, view: View): void {
  const title = titleOf(view);
  parts.heading.textContent = title;
  document.title = `${title} | Aisle`;
  parts.nothing.hidden = !(view.state === 'ready' && view.hits.length === 0);
  if (!parts.nothing.hidden && view.state === 'ready') {
    const term = parts.nothing.querySelector('[data-nothing-term]');
    if (term !== null) term.textContent = view.term;
  }
  if (view.state === 'searching') parts.body.replaceChildren(spinner('Searching…'));
  else if (view.state === 'failed') {
    parts.body.replaceChildren(
      el(
        'p',
        { role: 'alert', class: 'rounded-2xl bg-white p-6 text-berry-700 shadow-sm ring-1 ring-slate-200' },
        'Search is not available right now. Please try again in a minute.',
      ),
    );
  } else if (view.state === 'ready' && view.hits.length > 0) {
    const from = (view.page - 1) * RESULTS_PER_PAGE;
    const nav = pager(view.page, Math.ceil(view.hits.length / RESULTS_PER_PAGE));
    parts.body.replaceChildren(
      el(
        'p',
        { class: 'mb-3 text-slate-700', role: 'status' },
        `Showing ${from + 1}–${from + view.shown.length} of ${view.hits.length}.`,
      ),
      el(
        'ul',
        { class: 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3', 'aria-label': 'Search results' },
        ...view.shown.map(resultCard),
      ),
      ...(nav === null ? [] : [nav]),
    );
    // The first-paint script, already in the page, shows the cart's quantities on the new
    // steppers before the next frame: this script carries neither the cart's rules nor its reader.
    window.dispatchEvent(new Event(CART_CHANGED_EVENT));
  } else parts.body.replaceChildren();
}

function setUp(parts: Parts): void {
  let view: View = { state: 'idle' };
  let latest = 0;

  const show = async (term: string, page: number, focus: boolean) => {
    const mine = ++latest;
    parts.input.value = term;
    if (term === '') {
      view = { state: 'idle' };
      render(parts, view);
      return;
    }
    if (!(view.state === 'ready' && view.term === term)) {
      view = { state: 'searching', term };
      render(parts, view);
    }
    try {
      const hits = (await searchAll(term)) ?? [];
      const pages = Math.max(1, Math.ceil(hits.length / RESULTS_PER_PAGE));
      const at = Math.min(page, pages);
      const shown = await Promise.all(
        hits.slice((at - 1) * RESULTS_PER_PAGE, at * RESULTS_PER_PAGE).map((h) => h.data()),
      );
      if (mine !== latest) return;
      view = { state: 'ready', term, hits, page: at, shown };
      render(parts, view);
      if (focus) parts.heading.focus();
    } catch (err) {
      console.error(`Search is not available: ${(err as Error).message}`);
      if (mine === latest) {
        view = { state: 'failed', term };
        render(parts, view);
      }
    }
  };

  const go = (term: string, page: number) => {
    history.pushState(null, '', resultsPageUrl(term, page));
    void show(term, page, true);
  };

  parts.form.addEventListener('submit', (e) => {
    e.preventDefault();
    const term = parts.input.value.trim();
    if (term !== '') go(term, 1);
  });
  parts.body.addEventListener('click', (e) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLButtonElement>('button[data-page]') : null;
    if (button === null || button.disabled || view.state !== 'ready') return;
    go(view.term, Number(button.dataset.page));
  });
  parts.nothing.addEventListener('click', (e) => {
    const idea = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[data-idea]') : null;
    if (idea === null) return;
    e.preventDefault();
    go(idea.dataset.idea ?? '', 1);
  });
  window.addEventListener('popstate', () => {
    const at = readLocation();
    void show(at.term, at.page, true);
  });
  const { term, page } = readLocation();
  void show(term, page, false);
}

function start(): void {
  const heading = document.querySelector<HTMLElement>('#search-heading');
  const form = document.querySelector<HTMLFormElement>('[data-results-form]');
  const input = document.querySelector<HTMLInputElement>('#results-q');
  const body = document.querySelector<HTMLElement>('[data-results]');
  const nothing = document.querySelector<HTMLElement>('[data-nothing-found]');
  if (heading === null || form === null || input === null || body === null || nothing === null) return;
  setUp({ heading, form, input, body, nothing });
  // The first touch of a stepper starts the cart store: it saves a signed-in shopper's changes.
  const startCart = () => {
    window.removeEventListener(HYDRATE_EVENT, startCart);
    // By its built URL: Vite would wrap `import('../stores/cart-sync.ts')` in its preload helper (0.9 kB).
    const cart: Promise<typeof import('../stores/cart-sync.ts')> = import(/* @vite-ignore */ cartStoreUrl);
    void cart.then((store) => store.startCart());
  };
  if (document.documentElement.dataset.hydrate !== undefined) startCart();
  else window.addEventListener(HYDRATE_EVENT, startCart);
}

start();
