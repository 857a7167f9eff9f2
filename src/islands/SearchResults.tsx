import { useCallback, useEffect, useRef, useState } from 'react';
import type { CartItemSource } from '../lib/domain/cart.ts';
import { MAX_CART_QTY } from '../lib/domain/cart.ts';
import {
  excerptParts,
  hitHref,
  resultsPageUrl,
  type SearchHit,
  type SearchHitData,
  searchAll,
} from '../lib/search/pagefind.ts';
import { QuantityStepper } from './QuantityStepper.tsx';

// This page's few pieces of shared look, kept here so the island pulls in no other island's module.
const buttonClass =
  'inline-flex items-center justify-center rounded-lg bg-brand-800 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-900';

function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-slate-700">
      <span
        aria-hidden="true"
        className="size-6 rounded-full border-4 border-brand-100 border-t-brand-800 motion-safe:animate-spin"
      />
      <span>{label}</span>
    </div>
  );
}

/** Hits per page: spec §9's default page size; only the shown hits' fragments are fetched. */
export const RESULTS_PER_PAGE = 20;

export interface Suggestion {
  label: string;
  href: string;
}

type View =
  | { state: 'idle' }
  | { state: 'searching'; term: string }
  | { state: 'failed'; term: string }
  | { state: 'ready'; term: string; hits: SearchHit[]; page: number; shown: SearchHitData[] };

function readLocation(): { term: string; page: number } {
  const params = new URLSearchParams(location.search);
  const page = Number(params.get('page') ?? '1');
  return { term: (params.get('q') ?? '').trim(), page: Number.isSafeInteger(page) && page > 0 ? page : 1 };
}

function parseItem(raw: string | undefined): CartItemSource | null {
  if (raw === undefined || raw === '') return null;
  try {
    const v = JSON.parse(raw) as Partial<CartItemSource>;
    if (typeof v.ItemID !== 'number' || typeof v.StoreID !== 'number') return null;
    // An index written before the per-order limit: the API that takes the order decides.
    return { ...(v as CartItemSource), MaxQtyPerItem: v.MaxQtyPerItem ?? MAX_CART_QTY };
  } catch {
    return null;
  }
}

/**
 * `/app/search?q=…&page=n`: every hit of the site's search index (the same
 * Pagefind index as the navigation's box), a page at a time, each with its
 * picture, title, store, size, price and a working stepper (or, when out of
 * stock, a link to the item page's "Notify me"). Only the shown page's hits are fetched. Nothing found: ideas
 * to try, among them the categories (`suggestions`, listed at build time).
 */
export function SearchResults({ categories, ideas }: { categories: Suggestion[]; ideas: string[] }) {
  const [view, setView] = useState<View>({ state: 'idle' });
  const [draft, setDraft] = useState('');
  const latest = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);

  const show = useCallback(async (term: string, page: number, focus: boolean) => {
    const mine = ++latest.current;
    setDraft(term);
    if (term === '') {
      setView({ state: 'idle' });
      return;
    }
    setView((v) => (v.state === 'ready' && v.term === term ? v : { state: 'searching', term }));
    try {
      const hits = (await searchAll(term)) ?? [];
      const pages = Math.max(1, Math.ceil(hits.length / RESULTS_PER_PAGE));
      const at = Math.min(page, pages);
      const shown = await Promise.all(
        hits.slice((at - 1) * RESULTS_PER_PAGE, at * RESULTS_PER_PAGE).map((h) => h.data()),
      );
      if (mine !== latest.current) return;
      setView({ state: 'ready', term, hits, page: at, shown });
      if (focus) heading.current?.focus();
    } catch (err) {
      console.error(`Search is not available: ${(err as Error).message}`);
      if (mine === latest.current) setView({ state: 'failed', term });
    }
  }, []);

  useEffect(() => {
    const { term, page } = readLocation();
    void show(term, page, false);
    const onPop = () => {
      const at = readLocation();
      void show(at.term, at.page, true);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  const go = (term: string, page: number) => {
    history.pushState(null, '', resultsPageUrl(term, page));
    void show(term, page, true);
  };

  const title =
    view.state === 'ready'
      ? view.hits.length === 0
        ? `No results for “${view.term}”`
        : `${view.hits.length} ${view.hits.length === 1 ? 'result' : 'results'} for “${view.term}”`
      : view.state === 'idle'
        ? 'Search the shop'
        : `Results for “${view.term}”`;

  useEffect(() => {
    document.title = `${title} | Aisle`;
  }, [title]);

  return (
    <section aria-labelledby="search-heading">
      <h1
        id="search-heading"
        ref={heading}
        tabIndex={-1}
        className="mb-4 text-2xl font-extrabold tracking-tight text-brand-900 focus:outline-none sm:text-3xl"
      >
        {title}
      </h1>
      <search aria-label="Search again">
        <form
          aria-label="Search again"
          className="mb-6 flex max-w-xl gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const term = draft.trim();
            if (term !== '') go(term, 1);
          }}
        >
          <label htmlFor="results-q" className="sr-only">
            Search for
          </label>
          <input
            id="results-q"
            type="search"
            name="q"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="Search products"
            enterKeyHint="search"
            className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-3 py-2"
          />
          <button type="submit" className={buttonClass}>
            Search
          </button>
        </form>
      </search>
      {view.state === 'searching' && <Spinner label="Searching…" />}
      {view.state === 'failed' && (
        <p role="alert" className="rounded-2xl bg-white p-6 text-berry-700 shadow-sm ring-1 ring-slate-200">
          Search is not available right now. Please try again in a minute.
        </p>
      )}
      {view.state === 'ready' && view.hits.length === 0 && (
        <NothingFound term={view.term} categories={categories} ideas={ideas} onIdea={(idea) => go(idea, 1)} />
      )}
      {view.state === 'ready' && view.hits.length > 0 && (
        <>
          <p className="mb-3 text-slate-700" role="status">
            Showing {(view.page - 1) * RESULTS_PER_PAGE + 1}–{(view.page - 1) * RESULTS_PER_PAGE + view.shown.length} of{' '}
            {view.hits.length}.
          </p>
          <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Search results">
            {view.shown.map((hit) => (
              <ResultCard key={hit.url} hit={hit} />
            ))}
          </ul>
          <Pager
            page={view.page}
            pages={Math.ceil(view.hits.length / RESULTS_PER_PAGE)}
            onPage={(p) => go(view.term, p)}
          />
        </>
      )}
    </section>
  );
}

function ResultCard({ hit }: { hit: SearchHitData }) {
  const href = hitHref(hit.url);
  const item = hit.meta.kind === 'item' ? parseItem(hit.meta.item) : null;
  const title = hit.meta.title ?? href;
  return (
    <li className="flex gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200" data-search-result>
      <div className="tile w-24 shrink-0 self-start overflow-hidden rounded-xl sm:w-28">
        <img
          src={hit.meta.image ?? '/images/default-tile.svg'}
          alt=""
          width="400"
          height="300"
          loading="lazy"
          decoding="async"
          data-tile
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 className="font-semibold leading-snug text-slate-900">
          <a href={href} className="underline-offset-2 hover:underline">
            {title}
          </a>
          {item === null && <span className="ml-2 text-xs font-medium text-slate-600">Section</span>}
        </h2>
        <p className="text-sm text-slate-700">
          {[hit.meta.store, hit.meta.size].filter((s) => s !== undefined && s !== '').join(' · ')}
        </p>
        {hit.meta.price !== undefined && (
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-extrabold text-brand-800">
              <span className="sr-only">Price: </span>
              {hit.meta.price}
            </span>
            {hit.meta.before !== undefined && (
              <s className="text-sm text-slate-600">
                <span className="sr-only">Price before discount, incl. GST: </span>
                {hit.meta.before}
              </s>
            )}
          </p>
        )}
        <p className="line-clamp-2 text-sm text-slate-700">
          {excerptParts(hit.excerpt).map((part, i) =>
            part.marked ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one excerpt never move
              <mark key={i}>{part.text}</mark>
            ) : (
              part.text
            ),
          )}
        </p>
        {item !== null && (
          <div className="mt-auto pt-1">
            {item.Availability > 0 && !item.ItemHidden ? (
              <QuantityStepper item={item} compact />
            ) : (
              // "Notify me" lives on the item page: the results page stays as light as a catalogue page.
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-semibold text-berry-700">Out of stock</span>
                <a href={href} className="font-semibold text-brand-800 underline underline-offset-2">
                  Get notified<span className="sr-only"> when {item.ItemTitle} is back</span>
                </a>
              </p>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  const near = [...new Set([1, page - 1, page, page + 1, pages])]
    .filter((p) => p >= 1 && p <= pages)
    .sort((a, b) => a - b);
  const link = 'inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-3 font-semibold';
  return (
    <nav aria-label="Result pages" className="mt-6 flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`${link} bg-white text-brand-800 ring-1 ring-brand-300 disabled:text-slate-500 disabled:ring-slate-300`}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      {near.map((p, i) => (
        <span key={p} className="inline-flex items-center gap-2">
          {i > 0 && p - (near[i - 1] ?? p) > 1 && <span aria-hidden="true">…</span>}
          <button
            type="button"
            className={`${link} ${p === page ? 'bg-brand-800 text-white' : 'bg-white text-brand-800 ring-1 ring-brand-300'}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => onPage(p)}
          >
            {p}
          </button>
        </span>
      ))}
      <button
        type="button"
        className={`${link} bg-white text-brand-800 ring-1 ring-brand-300 disabled:text-slate-500 disabled:ring-slate-300`}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
    </nav>
  );
}

function NothingFound({
  term,
  categories,
  ideas,
  onIdea,
}: {
  term: string;
  categories: Suggestion[];
  ideas: string[];
  onIdea: (idea: string) => void;
}) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
      <p className="mb-3 text-slate-800" role="status">
        Nothing matches “{term}”. Check the spelling, try a shorter or more general word (“mango” rather than “alphonso
        mangoes”), or start from one of these.
      </p>
      {ideas.length > 0 && (
        <>
          <h2 className="mb-2 font-bold text-slate-900">Try searching for</h2>
          <ul className="mb-4 flex flex-wrap gap-2">
            {ideas.map((idea) => (
              <li key={idea}>
                <a
                  href={resultsPageUrl(idea)}
                  onClick={(e) => {
                    e.preventDefault();
                    onIdea(idea);
                  }}
                  className="inline-flex rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-900 ring-1 ring-brand-200"
                >
                  {idea}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {categories.length > 0 && (
        <>
          <h2 className="mb-2 font-bold text-slate-900">Browse the categories</h2>
          <ul className="flex flex-wrap gap-2">
            {categories.map((c) => (
              <li key={c.href}>
                <a href={c.href} className="font-semibold text-brand-800 underline underline-offset-2">
                  {c.label}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
