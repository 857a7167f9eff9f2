/**
 * The navigation's search box (src/components/SearchBox.astro): loads the
 * Pagefind index (and merges its other shards, if any) the first time the box
 * gets focus or input, then lists the
 * item and section pages that match as links. Arrow keys move between the box
 * and the results, Escape closes them, Enter opens the first one.
 */

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

interface Pagefind {
  options(opts: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  mergeIndex(indexPath: string, opts?: Record<string, unknown>): Promise<void>;
  debouncedSearch(
    term: string,
    opts?: Record<string, unknown>,
    ms?: number,
  ): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

/** How many results the panel lists. */
const SHOWN = 8;
const INDEX_URL = '/pagefind/pagefind.js';
/** The other shards of the index (a large catalogue's index is split; see src/build/search-index.ts). */
const SHARDS_URL = '/pagefind/shards.json';

let loading: Promise<Pagefind> | undefined;

/** The search index's module, fetched once, on first use. */
function pagefind(): Promise<Pagefind> {
  loading ??= (async () => {
    // A path the bundler must leave alone: the index is written after the site is built.
    const url = INDEX_URL;
    const mod = (await import(/* @vite-ignore */ url)) as Pagefind;
    await mod.options({ baseUrl: '/', excerptLength: 16 });
    const shards = await fetch(SHARDS_URL).then((res) => (res.ok ? (res.json() as Promise<string[]>) : []));
    await mod.init();
    for (const path of shards) await mod.mergeIndex(path, { baseUrl: '/' });
    return mod;
  })();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

/** The excerpt's text with Pagefind's `<mark>` highlights, built as nodes (never parsed as HTML). */
function excerptNodes(excerpt: string): Node[] {
  const nodes: Node[] = [];
  const parts = excerpt.split(/(<mark>|<\/mark>)/);
  let marked = false;
  const decode = document.createElement('textarea');
  for (const part of parts) {
    if (part === '<mark>') marked = true;
    else if (part === '</mark>') marked = false;
    else if (part !== '') {
      // Pagefind escapes the page text; the textarea turns its entities back into characters.
      decode.innerHTML = part.replace(/</g, '&lt;');
      const text = document.createTextNode(decode.value);
      if (marked) {
        const mark = document.createElement('mark');
        mark.append(text);
        nodes.push(mark);
      } else {
        nodes.push(text);
      }
    }
  }
  return nodes;
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
  const show = (message: string, results: PagefindResultData[]) => {
    status.textContent = message;
    list.replaceChildren(
      ...results.map((r) => {
        const li = document.createElement('li');
        const a = document.createElement('a');
        a.href = r.url.replace(/(?<=.)\/$/, '');
        a.className = 'block rounded-xl px-3 py-2 hover:bg-brand-50 focus:bg-brand-50';
        const title = document.createElement('span');
        title.className = 'flex items-baseline justify-between gap-2 font-semibold text-brand-900';
        title.append(r.meta.title ?? a.pathname);
        const kind = document.createElement('span');
        kind.className = 'shrink-0 text-xs font-medium text-slate-600';
        kind.textContent = kindOf(a.pathname);
        title.append(kind);
        const excerpt = document.createElement('span');
        excerpt.className = 'mt-0.5 block text-sm text-slate-700';
        excerpt.append(...excerptNodes(r.excerpt));
        a.append(title, excerpt);
        li.append(a);
        return li;
      }),
    );
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
      const index = await pagefind();
      const found = await index.debouncedSearch(term, {}, 150);
      // A later keystroke started a newer search; its answer is the one to show.
      if (found === null || mine !== generation) return;
      const data = await Promise.all(found.results.slice(0, SHOWN).map((r) => r.data()));
      if (mine !== generation) return;
      const count = found.results.length;
      show(
        count === 0
          ? `No items or sections match “${term}”.`
          : `${count} ${count === 1 ? 'result' : 'results'} for “${term}”${count > SHOWN ? `, the first ${SHOWN} shown` : ''}.`,
        data,
      );
    } catch (err) {
      if (mine !== generation) return;
      console.error(`Search is not available: ${(err as Error).message}`);
      show('Search is not available right now.', []);
    }
  };

  input.addEventListener('focus', () => void pagefind().catch(() => {}), { once: true });
  input.addEventListener('input', () => void run());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const first = links()[0];
    if (first !== undefined) window.location.assign(first.href);
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
