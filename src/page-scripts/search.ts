import type { SearchHitDto } from '../lib/domain/search-results.ts';
import { apiAbsent, apiSearch, itemHref, searchable } from '../lib/search/api-search.ts';
import {
  excerptParts,
  hitHref,
  resultsPageUrl,
  type SearchHitData,
  searchAll,
  searchIndex,
} from '../lib/search/pagefind.ts';
import { pricesOf, storesNote } from './search-hit-view.ts';

/**
 * The navigation's search box (src/components/SearchBox.astro), an ARIA combobox: as the
 * shopper types (after a pause of `PAUSE_MS`), the best products of the API's search
 * (`GET /api/Search`, issue 34: one product once with its stores, in stock first) are
 * listed as options, with "See all N results", the results page. A site served without
 * its API searches its Pagefind index instead (item and section pages). Arrow keys move
 * the active option while focus stays in the box, Enter opens the active option (with
 * none, the form goes to the results page), Escape closes the list (or clears the box).
 *
 * A file apart (`client-integration.ts` emits it): `site.ts` loads it by its URL on the
 * box's first focus or key, so catalogue pages ship none of it before then.
 */

/** How many results the list shows. */
const SHOWN = 6;
/** The pause in typing after which the box asks the API: one request for a word typed at speed. */
const PAUSE_MS = 150;
/**
 * The pause before asking for a term of under 3 letters: such a word starts much of a large
 * catalogue and holds the API for seconds, and a later key's request would wait behind it.
 */
const SHORT_PAUSE_MS = 600;

interface Option {
  href: string;
  title: string;
  /** "Item" or "Section" (Pagefind's hits); none for the API's products. */
  kind?: string;
  facts: string[];
  /** "in 3 stores", "Out of stock". */
  notes: string[];
  excerpt?: string;
}

function optionOfApi(hit: SearchHitDto): Option {
  const stores = storesNote(hit.Stores.length);
  return {
    href: itemHref(hit),
    title: hit.ItemTitle,
    facts: [hit.StoreTitle, hit.Size, pricesOf(hit).selling],
    notes: [...(stores === '' ? [] : [stores]), ...(hit.Availability > 0 ? [] : ['Out of stock'])],
  };
}

function optionOfPagefind(r: SearchHitData): Option {
  const href = hitHref(r.url);
  return {
    href,
    title: r.meta.title ?? href,
    kind: href.startsWith('/app/store-section/') ? 'Section' : 'Item',
    // Store, size and price tell apart the same item sold by several stores.
    facts: [r.meta.store, r.meta.size, r.meta.price].filter((f): f is string => f !== undefined && f !== ''),
    notes: [],
    excerpt: r.excerpt,
  };
}

function span(className: string, ...children: (Node | string)[]): HTMLSpanElement {
  const s = document.createElement('span');
  s.className = className;
  s.append(...children);
  return s;
}

/** The excerpt's text with Pagefind's `<mark>` highlights, built as nodes (never parsed as HTML). */
function excerptNodes(excerpt: string): Node[] {
  return excerptParts(excerpt).map(({ text, marked }) => {
    const node = document.createTextNode(text);
    if (!marked) return node;
    const mark = document.createElement('mark');
    mark.append(node);
    return mark;
  });
}

function optionElement(option: Option, id: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.href = option.href;
  a.id = id;
  a.setAttribute('role', 'option');
  a.setAttribute('aria-selected', 'false');
  a.tabIndex = -1;
  a.className =
    'block rounded-xl px-3 py-2 hover:bg-brand-50 aria-selected:bg-brand-50 aria-selected:ring-2 aria-selected:ring-brand-700';
  const title = span('flex items-baseline justify-between gap-2 font-semibold text-brand-900', option.title);
  if (option.kind !== undefined) title.append(span('shrink-0 text-xs font-medium text-slate-600', option.kind));
  a.append(title);
  if (option.facts.length > 0) a.append(span('block text-sm font-medium text-slate-800', option.facts.join(' · ')));
  if (option.notes.length > 0) a.append(span('block text-sm font-semibold text-berry-700', option.notes.join(' · ')));
  if (option.excerpt !== undefined)
    a.append(span('mt-0.5 block text-sm text-slate-700', ...excerptNodes(option.excerpt)));
  return a;
}

const countText = (n: number) => `${n} ${n === 1 ? 'result' : 'results'}`;

/**
 * Works the box of `form` (a `form[data-search]`); `site.ts` calls it once the box had focus
 * or a key. What was typed while this file loaded is searched at once.
 */
export function startSearchBox(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('[data-search-input]');
  const panel = form.querySelector<HTMLElement>('[data-search-panel]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  const list = form.querySelector<HTMLElement>('[data-search-list]');
  const allLine = form.querySelector<HTMLElement>('[data-search-more]');
  if (input === null || panel === null || status === null || list === null || allLine === null) return;
  let generation = 0;
  let active = -1;
  let asking: AbortController | undefined;

  const options = () => [...list.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
  const setActive = (index: number) => {
    const all = options();
    active = Math.max(-1, Math.min(index, all.length - 1));
    all.forEach((o, i) => {
      o.setAttribute('aria-selected', String(i === active));
    });
    const chosen = all[active];
    if (chosen === undefined) input.removeAttribute('aria-activedescendant');
    else {
      input.setAttribute('aria-activedescendant', chosen.id);
      chosen.scrollIntoView({ block: 'nearest' });
    }
  };
  const open = (shown: boolean) => {
    panel.hidden = !shown;
    input.setAttribute('aria-expanded', String(shown && options().length > 0));
    if (!shown) setActive(-1);
  };
  const show = (message: string, found: Option[], all?: { term: string; count: number }) => {
    status.textContent = message;
    list.replaceChildren(...found.map((o, i) => optionElement(o, `site-search-option-${i}`)));
    // An empty listbox is left out of the page: it would be a list without options.
    list.hidden = found.length === 0;
    const more = document.createElement('a');
    if (all !== undefined && all.count > 0) {
      more.href = resultsPageUrl(all.term);
      more.className =
        'block rounded-xl px-3 py-2 text-center font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50 focus:bg-brand-50';
      more.textContent = `See all ${countText(all.count)}`;
      more.dataset.searchAll = '';
      allLine.replaceChildren(more);
    } else allLine.replaceChildren();
    active = -1;
    input.removeAttribute('aria-activedescendant');
    open(true);
  };
  const summary = (term: string, count: number) =>
    count === 0
      ? `No items or sections match “${term}”. Press Enter for ideas.`
      : `${countText(count)} for “${term}”${count > SHOWN ? `, the best ${SHOWN} shown` : ''}.`;

  /** The API's products, or false when the site has no search API (then Pagefind answers). */
  const fromApi = async (term: string, mine: number): Promise<boolean> => {
    await new Promise((resolve) => setTimeout(resolve, term.length < 3 ? SHORT_PAUSE_MS : PAUSE_MS));
    if (mine !== generation) return true;
    if (!searchable(term)) {
      show('Type 2 letters or more to search.', []);
      return true;
    }
    asking?.abort();
    asking = new AbortController();
    const answer = await apiSearch(term, 1, SHOWN, asking.signal);
    if (answer === null) return false;
    if (mine === generation)
      show(summary(term, answer.Total), answer.Hits.map(optionOfApi), { term, count: answer.Total });
    return true;
  };

  const fromPagefind = async (term: string, mine: number) => {
    const found = await searchAll(term, true);
    // A later keystroke started a newer search; its answer is the one to show.
    if (found === null || mine !== generation) return;
    const data = await Promise.all(found.slice(0, SHOWN).map((r) => r.data()));
    if (mine === generation)
      show(summary(term, found.length), data.map(optionOfPagefind), { term, count: found.length });
  };

  const run = async () => {
    const term = input.value.trim();
    const mine = ++generation;
    if (term === '') {
      asking?.abort();
      list.replaceChildren();
      allLine.replaceChildren();
      status.textContent = '';
      open(false);
      return;
    }
    try {
      if (apiAbsent() || !(await fromApi(term, mine))) await fromPagefind(term, mine);
    } catch (err) {
      if (mine !== generation) return;
      console.error(`Search is not available: ${(err as Error).message}`);
      show('Search is not available right now.', []);
    }
  };

  // A site without its search API loads its index as soon as the box is used again.
  input.addEventListener('focus', () => {
    if (apiAbsent()) void searchIndex().catch(() => {});
    if (input.value.trim() !== '' && status.textContent !== '') open(true);
  });
  input.addEventListener('input', () => void run());
  input.addEventListener('keydown', (e) => {
    const count = options().length;
    if (e.key === 'ArrowDown' && count > 0) {
      e.preventDefault();
      if (panel.hidden) open(true);
      setActive(Math.min(active + 1, count - 1));
    } else if (e.key === 'ArrowUp' && count > 0) {
      e.preventDefault();
      setActive(active - 1);
    } else if (e.key === 'Enter' && !panel.hidden && active >= 0) {
      const chosen = options()[active];
      if (chosen === undefined) return;
      e.preventDefault();
      window.location.assign(chosen.href);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (!panel.hidden) open(false);
      else if (input.value !== '') {
        input.value = '';
        void run();
      }
    }
  });
  document.addEventListener('click', (e) => {
    if (!form.contains(e.target as Node | null)) open(false);
  });
  form.addEventListener('focusout', (e) => {
    const next = e.relatedTarget as Node | null;
    if (next !== null && !form.contains(next)) open(false);
  });
  if (input.value.trim() !== '') void run();
}
