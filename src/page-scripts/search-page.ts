/**
 * The search results page (`/app/search?q=…&page=n`) without React (issue 30):
 * every hit of the same search as the navigation's box (the API's `GET /api/Search`,
 * a page a request, each product once with its stores; a site served without its API:
 * the Pagefind index), a page at a time, each with its picture, title, store,
 * size, price and the catalogue's stepper (`search-result-cards.ts`, drawn as the
 * server renders it and worked by the first-paint script inside
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
import type { SearchHitDto } from '../lib/domain/search-results.ts';
import { apiAbsent, apiSearch } from '../lib/search/api-search.ts';
import { resultsPageUrl, searchAll } from '../lib/search/pagefind.ts';
import { CART_CHANGED_EVENT, HYDRATE_EVENT } from './page-events.ts';
import { pagefindCard, productCard } from './search-result-cards.ts';
import { el } from './stepper-markup.ts';

/** Hits per page: spec §9's default page size; only the shown hits are fetched. */
export const RESULTS_PER_PAGE = 20;

type View =
  | { state: 'idle' }
  | { state: 'searching'; term: string }
  | { state: 'failed'; term: string }
  | { state: 'ready'; term: string; total: number; page: number; cards: HTMLElement[] };

interface Parts {
  heading: HTMLElement;
  input: HTMLInputElement;
  form: HTMLFormElement;
  body: HTMLElement;
  nothing: HTMLElement;
}

function readLocation(): { term: string; page: number } {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page') ?? '1');
  return { term: (params.get('q') ?? '').trim(), page: Number.isSafeInteger(page) && page > 0 ? page : 1 };
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

/** The API's products as cards; choosing another store redraws a card with that store's line and stepper. */
function productCards(hits: SearchHitDto[]): HTMLElement[] {
  return hits.map((hit) => {
    let card: HTMLElement;
    const choose = (index: number) => {
      const next = productCard(hit, index, choose);
      card.replaceWith(next);
      card = next;
      next.querySelector<HTMLSelectElement>('[data-store-choice]')?.focus();
      // The first-paint script shows the cart's quantity of the chosen store's line.
      window.dispatchEvent(new Event(CART_CHANGED_EVENT));
    };
    card = productCard(hit, 0, choose);
    return card;
  });
}

/** A page of results: the API's, or, on a site without its search API, the Pagefind index's. */
async function findPage(term: string, page: number): Promise<{ total: number; page: number; cards: HTMLElement[] }> {
  if (!apiAbsent()) {
    let answer = await apiSearch(term, page, RESULTS_PER_PAGE);
    const pages = answer === null ? 1 : Math.max(1, Math.ceil(answer.Total / RESULTS_PER_PAGE));
    // A page past the last (an old link): the last page.
    if (answer !== null && page > pages) answer = await apiSearch(term, pages, RESULTS_PER_PAGE);
    if (answer !== null) return { total: answer.Total, page: Math.min(page, pages), cards: productCards(answer.Hits) };
  }
  const hits = (await searchAll(term)) ?? [];
  const at = Math.min(page, Math.max(1, Math.ceil(hits.length / RESULTS_PER_PAGE)));
  const shown = await Promise.all(hits.slice((at - 1) * RESULTS_PER_PAGE, at * RESULTS_PER_PAGE).map((h) => h.data()));
  return { total: hits.length, page: at, cards: shown.map(pagefindCard) };
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
    const n = view.total;
    return n === 0 ? `No results for “${view.term}”` : `${n} ${n === 1 ? 'result' : 'results'} for “${view.term}”`;
  }
  return view.state === 'idle' ? 'Search the shop' : `Results for “${view.term}”`;
}

function render(parts: Parts, view: View): void {
  const title = titleOf(view);
  parts.heading.textContent = title;
  document.title = `${title} | Aisle`;
  parts.nothing.hidden = !(view.state === 'ready' && view.total === 0);
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
  } else if (view.state === 'ready' && view.total > 0) {
    const from = (view.page - 1) * RESULTS_PER_PAGE;
    const nav = pager(view.page, Math.ceil(view.total / RESULTS_PER_PAGE));
    parts.body.replaceChildren(
      el(
        'p',
        { class: 'mb-3 text-slate-700', role: 'status' },
        `Showing ${from + 1}–${from + view.cards.length} of ${view.total}.`,
      ),
      el(
        'ul',
        { class: 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3', 'aria-label': 'Search results' },
        ...view.cards,
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
      const found = await findPage(term, page);
      if (mine !== latest) return;
      view = { state: 'ready', term, ...found };
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
