import {
  excerptParts,
  hitHref,
  resultsPageUrl,
  type SearchHitData,
  searchAll,
  searchIndex,
} from '../lib/search/pagefind.ts';

/**
 * The navigation's search box (src/components/SearchBox.astro): loads the
 * Pagefind index (and merges its other shards, if any) the first time the box
 * gets focus or input, then lists the
 * best item and section pages that match as links (with store, size and
 * price) and "See all N results", the results page. Arrow keys move between
 * the box and the results, Escape closes them, Enter opens the results page.
 */

/** How many results the panel lists. */
const SHOWN = 6;

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

function kindOf(url: string): string {
  return url.startsWith('/app/store-section/') ? 'Section' : 'Item';
}

function setUpSearch(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('[data-search-input]');
  const panel = form.querySelector<HTMLElement>('[data-search-panel]');
  const status = form.querySelector<HTMLElement>('[data-search-status]');
  const list = form.querySelector<HTMLUListElement>('[data-search-list]');
  if (input === null || panel === null || status === null || list === null) return;
  let generation = 0;

  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('a')];
  const close = () => {
    panel.hidden = true;
  };
  const show = (message: string, results: SearchHitData[], all?: { term: string; count: number }) => {
    status.textContent = message;
    const items = results.map((r) => {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = hitHref(r.url);
      a.className = 'block rounded-xl px-3 py-2 hover:bg-brand-50 focus:bg-brand-50';
      const title = document.createElement('span');
      title.className = 'flex items-baseline justify-between gap-2 font-semibold text-brand-900';
      title.append(r.meta.title ?? a.pathname);
      const kind = document.createElement('span');
      kind.className = 'shrink-0 text-xs font-medium text-slate-600';
      kind.textContent = kindOf(a.pathname);
      title.append(kind);
      // Store, size and price tell apart the same item sold by several stores.
      const facts = [r.meta.store, r.meta.size, r.meta.price].filter((f): f is string => f !== undefined && f !== '');
      const detail = document.createElement('span');
      detail.className = 'block text-sm font-medium text-slate-800';
      detail.textContent = facts.join(' · ');
      const excerpt = document.createElement('span');
      excerpt.className = 'mt-0.5 block text-sm text-slate-700';
      excerpt.append(...excerptNodes(r.excerpt));
      a.append(title, ...(facts.length > 0 ? [detail] : []), excerpt);
      li.append(a);
      return li;
    });
    if (all !== undefined && all.count > 0) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = resultsPageUrl(all.term);
      a.className =
        'block rounded-xl px-3 py-2 text-center font-semibold text-brand-800 underline underline-offset-2 hover:bg-brand-50 focus:bg-brand-50';
      a.textContent = `See all ${all.count} ${all.count === 1 ? 'result' : 'results'}`;
      a.dataset.searchAll = '';
      li.append(a);
      items.push(li);
    }
    list.replaceChildren(...items);
    panel.hidden = false;
  };

  const run = async () => {
    const term = input.value.trim();
    const mine = ++generation;
    if (term === '') {
      list.replaceChildren();
      status.textContent = '';
      close();
      return;
    }
    try {
      const found = await searchAll(term, true);
      // A later keystroke started a newer search; its answer is the one to show.
      if (found === null || mine !== generation) return;
      const data = await Promise.all(found.slice(0, SHOWN).map((r) => r.data()));
      if (mine !== generation) return;
      const count = found.length;
      show(
        count === 0
          ? `No items or sections match “${term}”. Press Enter for ideas.`
          : `${count} ${count === 1 ? 'result' : 'results'} for “${term}”${count > SHOWN ? `, the best ${SHOWN} shown` : ''}.`,
        data,
        { term, count },
      );
    } catch (err) {
      if (mine !== generation) return;
      console.error(`Search is not available: ${(err as Error).message}`);
      show('Search is not available right now.', []);
    }
  };

  input.addEventListener('focus', () => void searchIndex().catch(() => {}), { once: true });
  input.addEventListener('input', () => void run());
  // Enter opens the results page with every hit (or, for no hits, what to try instead).
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const term = input.value.trim();
    if (term !== '') window.location.assign(resultsPageUrl(term));
  });
  form.addEventListener('keydown', (e) => {
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'Escape') {
      if (!panel.hidden) {
        e.preventDefault();
        close();
        input.focus();
      }
    } else if (e.key === 'ArrowDown' && all.length > 0) {
      e.preventDefault();
      panel.hidden = false;
      (all[Math.min(at + 1, all.length - 1)] as HTMLAnchorElement).focus();
    } else if (e.key === 'ArrowUp' && at >= 0) {
      e.preventDefault();
      if (at === 0) input.focus();
      else (all[at - 1] as HTMLAnchorElement).focus();
    }
  });
  input.addEventListener('focus', () => {
    if (input.value.trim() !== '' && list.childElementCount > 0) panel.hidden = false;
  });
  document.addEventListener('click', (e) => {
    if (!form.contains(e.target as Node | null)) close();
  });
  form.addEventListener('focusout', (e) => {
    const next = e.relatedTarget as Node | null;
    if (next !== null && !form.contains(next)) close();
  });
}

/** Wires every search box of the page. */
export function setUpSearchBoxes(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search]')) setUpSearch(form);
}
