/**
 * The small script every page ships (no framework): Logout, the sidebar, the default picture for images that fail, the
 * search box (whose code, `search.ts`, loads on its first focus or key), and the footer's year. The
 * signed-in links, name and Cart count are shown by the inline first-paint script. It runs
 * once, after the page has been parsed. It is a bundled file, never inline, so
 * the Content-Security-Policy allows it as one of the site's own scripts.
 */
import deliveryAreaUrl from 'virtual:aisle/delivery-area-url';
import searchBoxUrl from 'virtual:aisle/search-box-url';

// `SIGNED_IN_KEYS` of lib/domain/storage-keys.ts, spelled out so that this script needs no shared chunk
// before the first interaction; tests/unit/storage-keys.test.ts fails when the two differ.
const SIGNED_IN_KEYS = ['jtoken', 'cartState', 'jprofile'];

// `DELIVERY_PIN_KEY` of lib/domain/storage-keys.ts, spelled out for the same reason (the same test holds it).
const DELIVERY_PIN_KEY = 'aisle.deliveryPin';

const DEFAULT_TILE = '/images/default-tile.svg';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off; the page then behaves as for a visitor.
    return null;
  }
}

function logout(): void {
  const store = storage();
  for (const key of SIGNED_IN_KEYS) store?.removeItem(key);
  window.location.assign('/');
}

/** The sidebar (spec §2, §9): beside the content from 768 px, a drawer below that. */
function setUpSidebar(): void {
  const shell = document.querySelector<HTMLElement>('[data-shell]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-sidebar-toggle]');
  const sidebar = document.getElementById('sidebar');
  if (shell === null || toggle === null || sidebar === null) return;
  const small = window.matchMedia('(max-width: 767.98px)');

  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  const set = (open: boolean) => {
    shell.dataset.sidebar = open ? 'open' : 'closed';
    toggle.setAttribute('aria-expanded', String(open));
  };
  const close = (returnFocus: boolean) => {
    set(false);
    if (returnFocus) toggle.focus();
  };

  set(!small.matches);
  small.addEventListener('change', () => set(!small.matches));
  toggle.addEventListener('click', () => {
    const open = !isOpen();
    set(open);
    if (open && small.matches) {
      const target =
        sidebar.querySelector<HTMLElement>('[aria-current="page"]') ?? sidebar.querySelector<HTMLElement>('a, button');
      target?.focus();
    }
  });
  sidebar.querySelector('[data-sidebar-close]')?.addEventListener('click', () => close(true));
  document.addEventListener('click', (e) => {
    if (!small.matches || !isOpen()) return;
    const target = e.target as Node | null;
    if (target !== null && (sidebar.contains(target) || toggle.contains(target))) return;
    close(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && small.matches && isOpen()) close(true);
  });
  // Tabbing out of the drawer closes it, so it never covers the element that has focus.
  document.addEventListener('focusin', (e) => {
    if (!small.matches || !isOpen()) return;
    const target = e.target as Node | null;
    if (target !== null && !sidebar.contains(target) && !toggle.contains(target)) set(false);
  });
}

function showDefaultTile(img: HTMLImageElement): void {
  if (img.dataset.fallback !== undefined) return;
  img.dataset.fallback = '';
  // In a <picture> the sources' versions win over `src`: they go first.
  if (img.parentElement instanceof HTMLPictureElement) {
    for (const source of img.parentElement.querySelectorAll('source')) source.remove();
  }
  img.src = DEFAULT_TILE;
}

/** Spec §2 and §8: a picture that fails to load is replaced by the default one. */
function setUpImageFallback(): void {
  document.addEventListener(
    'error',
    (e) => {
      const img = e.target;
      if (img instanceof HTMLImageElement && img.dataset.tile !== undefined) showDefaultTile(img);
    },
    true,
  );
  // Pictures that failed before this script ran.
  for (const img of document.querySelectorAll<HTMLImageElement>('img[data-tile]')) {
    if (img.complete && img.naturalWidth === 0 && img.getAttribute('src') !== DEFAULT_TILE) showDefaultTile(img);
  }
}

/** The account menu closes on Escape and on a tap elsewhere (its Sign in link is set by the first-paint script). */
function setUpAccountArea(): void {
  const menus = [...document.querySelectorAll<HTMLDetailsElement>('[data-account-menu]')];
  document.addEventListener('click', (e) => {
    for (const menu of menus) if (menu.open && !menu.contains(e.target as Node)) menu.open = false;
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape') return;
    for (const menu of menus) {
      if (!menu.open) continue;
      menu.open = false;
      menu.querySelector('summary')?.focus();
    }
  });
}

/**
 * Issue 31: the delivery area (`delivery-area.ts`, a file apart) is loaded after the first paint,
 * and only when a PIN code is kept or the header's PIN form is opened; it then works the form.
 */
function setUpDeliveryPin(): void {
  const load = () => void import(/* @vite-ignore */ deliveryAreaUrl).then((m) => m.startDeliveryArea());
  if (storage()?.getItem(DELIVERY_PIN_KEY)) load();
  else document.querySelector('[data-pin]')?.addEventListener('toggle', load, { once: true });
}

/**
 * Issue 34: the search box's code (`search.ts`, a file apart) loads by its URL on the box's first
 * focus or key. Before then Enter still sends the form to the results page (its `action`).
 */
function setUpSearchBoxes(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-search]')) {
    const input = form.querySelector<HTMLInputElement>('[data-search-input]');
    if (input === null) continue;
    form.addEventListener('submit', (e) => {
      const term = input.value.trim();
      if (term === '') e.preventDefault();
      else input.value = term;
    });
    const load = () => {
      input.removeEventListener('focus', load);
      input.removeEventListener('input', load);
      void import(/* @vite-ignore */ searchBoxUrl).then((m) => m.startSearchBox(form));
    };
    input.addEventListener('focus', load);
    input.addEventListener('input', load);
  }
}

function start(): void {
  setUpAccountArea();
  setUpDeliveryPin();
  setUpImageFallback();
  for (const button of document.querySelectorAll('[data-nav-logout]')) button.addEventListener('click', logout);
  setUpSidebar();
  setUpSearchBoxes();
  for (const el of document.querySelectorAll('[data-year]')) el.textContent = String(new Date().getFullYear());
}

start();
