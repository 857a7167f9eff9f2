/**
 * Works the server-rendered "Notify me" controls (src/components/NotifyMe.astro)
 * without a framework: reads the signed-in shopper's back-in-stock requests once,
 * shows whether this item has one, and makes or takes back a request with the
 * same calls the profile's alerts page uses (`/api/StockAlert`). The first-paint
 * script has already chosen between the sign-in link and the button.
 */
import { apiBaseUrl } from '../lib/api/base-url.ts';
import { plainMessage, toServiceError } from '../lib/api/errors.ts';
import type { StockAlertDto } from '../lib/domain/shopper.ts';
import { TOKEN_KEY } from '../lib/domain/storage-keys.ts';

function token(): string {
  try {
    const raw = window.localStorage.getItem(TOKEN_KEY) ?? '';
    return raw.startsWith('"') ? String(JSON.parse(raw)) : raw;
  } catch {
    return '';
  }
}

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  headers.set('Authorization', `Bearer ${token()}`);
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  let res: Response;
  try {
    res = await fetch(`${apiBaseUrl()}${path}`, { ...init, headers });
  } catch (err) {
    throw toServiceError({ status: 0, message: err instanceof Error ? err.message : String(err) });
  }
  const text = await res.text();
  let data: unknown = text;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    // Not JSON: the text is the message.
  }
  if (!res.ok) throw toServiceError({ status: res.status, message: res.statusText, data });
  return data as T;
}

interface Control {
  root: HTMLElement;
  itemId: number;
  ask: HTMLButtonElement;
  done: HTMLElement;
  cancel: HTMLButtonElement;
  failure: HTMLElement;
  alertId: number | null;
  pending: boolean;
}

function show(c: Control): void {
  c.ask.hidden = c.alertId !== null;
  c.done.hidden = c.alertId === null;
  c.ask.textContent = c.pending && c.alertId === null ? 'Saving…' : 'Notify me';
  c.ask.setAttribute('aria-disabled', String(c.pending));
  c.cancel.setAttribute('aria-disabled', String(c.pending));
}

async function run(c: Control, action: () => Promise<void>): Promise<void> {
  if (c.pending) return;
  c.pending = true;
  c.failure.hidden = true;
  show(c);
  try {
    await action();
  } catch (err) {
    c.failure.textContent = plainMessage(err);
    c.failure.hidden = false;
  } finally {
    c.pending = false;
    show(c);
  }
}

function controls(): Control[] {
  const found: Control[] = [];
  for (const root of document.querySelectorAll<HTMLElement>('[data-notify]')) {
    const ask = root.querySelector<HTMLButtonElement>('[data-notify-ask]');
    const done = root.querySelector<HTMLElement>('[data-notify-done]');
    const cancel = root.querySelector<HTMLButtonElement>('[data-notify-cancel]');
    const failure = root.querySelector<HTMLElement>('[data-notify-failure]');
    const itemId = Number(root.dataset.notify);
    if (ask === null || done === null || cancel === null || failure === null || !(itemId > 0)) continue;
    found.push({ root, itemId, ask, done, cancel, failure, alertId: null, pending: false });
  }
  return found;
}

function setUp(): void {
  const all = controls();
  for (const c of all) {
    c.ask.addEventListener('click', () =>
      run(c, async () => {
        const alert = await call<StockAlertDto>('/api/StockAlert/Create', {
          method: 'POST',
          body: JSON.stringify({ ItemID: c.itemId }),
        });
        c.alertId = alert.AlertID;
      }),
    );
    c.cancel.addEventListener('click', () =>
      run(c, async () => {
        if (c.alertId !== null) await call(`/api/StockAlert/Delete/${c.alertId}`, { method: 'DELETE' });
        c.alertId = null;
      }),
    );
  }
  // Signed in (the first-paint script showed the button): read this shopper's requests once.
  const signedIn = all.filter((c) => !(c.ask.parentElement as HTMLElement).hidden);
  if (signedIn.length === 0 || token() === '') return;
  call<StockAlertDto[]>('/api/StockAlert/Mine').then(
    (mine) => {
      for (const c of signedIn) {
        if (c.pending) continue;
        c.alertId = mine.find((a) => a.ItemID === c.itemId)?.AlertID ?? null;
        show(c);
      }
    },
    () => {
      // The button still works; a request made twice is answered with the one already kept.
    },
  );
}

setUp();
