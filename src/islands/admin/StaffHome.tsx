import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { actionInWords, actorInWords } from '../../lib/domain/audit-words.ts';
import type { ItemDto } from '../../lib/domain/catalogue.ts';
import { orderStatusWords } from '../../lib/domain/order-words.ts';
import { ORDER_STATUS_NAMES, type OrderStatusName } from '../../lib/domain/orders.ts';
import { staffItemPath } from '../../lib/domain/redirects.ts';
import type { AuditEntryDto } from '../../lib/domain/staff-dtos.ts';
import { LOW_STOCK_UNITS, type StoreWork, shortOfStock, workByStore } from '../../lib/domain/staff-home.ts';
import { $user } from '../../stores/session.ts';
import { AuthGate, Spinner } from '../AuthGate.tsx';
import { byId, readAllStores, useLookup } from './Lookups.tsx';
import { placedFrom, STATUS_LOOK } from './order-parts.tsx';
import { formatWhen, PublishBanner } from './PublishBanner.tsx';
import { staff } from './staff-client.ts';

/** The most orders of today read to count them by store (the API's largest page). */
const PACK_READ = 1000;
const BOARD = '/app/edu-shopy/orders';
const EMPLOYEE = 'Employee';
/** Items read least stock first to count the short ones, and how many of them the card names. */
const STOCK_READ = 200;
const STOCK_SHOWN = 10;
const link = 'font-semibold text-brand-800 underline underline-offset-2';

/** One answer of the home, read once: its rows, or the reason they could not be read. */
function useRead<T>(read: () => Promise<T>, when = true): { value: T | null; error: string } {
  const [state, setState] = useState<{ value: T | null; error: string }>({ value: null, error: '' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the page opens.
  useEffect(() => {
    if (!when) return;
    let live = true;
    read().then(
      (value) => live && setState({ value, error: '' }),
      (err: unknown) => live && setState({ value: null, error: friendlyMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [when]);
  return state;
}

/**
 * The staff home (issue 35), the Company and Client pages: today's orders by
 * status and each store's orders to confirm and to pack, the items short of stock, the
 * shop pages' freshness with "Publish now", and (for admins) the latest changes
 * of the log. Each card links to the page that does the job.
 */
export function StaffHome({ title }: { title: string }) {
  return (
    <AuthGate role={EMPLOYEE}>
      <header className="mb-4">
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-900 sm:text-3xl">{title}</h1>
        <p className="mt-1 max-w-3xl text-slate-700">Today in the shop, and what needs doing.</p>
      </header>
      <div className="grid gap-4 lg:grid-cols-2">
        <OrdersCard />
        <StockCard />
        <Card title="Publishing" more={{ href: '/', label: 'Open the shop' }}>
          <PublishBanner />
        </Card>
        <Card title="Sales" more={{ href: '/app/edu-shopy/reports', label: 'Open the reports' }}>
          <p className="text-sm text-slate-700">
            Sales per day and per store, the best sellers, average basket and fill rate, as charts and CSV files.
          </p>
        </Card>
        <ChangesCard />
      </div>
    </AuthGate>
  );
}

function Card({
  title,
  more,
  children,
}: {
  title: string;
  more: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      <div className="min-w-0 flex-1">{children}</div>
      <a href={more.href} className={`${link} text-sm`}>
        {more.label}
      </a>
    </section>
  );
}

function Problem({ what, error }: { what: string; error: string }) {
  return error === '' ? null : (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
      {what} could not be read: {error}
    </p>
  );
}

function OrdersCard() {
  const [from] = useState(() => placedFrom('today'));
  const today = from === undefined ? {} : { from };
  const counts = useRead(() => staff.orders.counts(today));
  // Orders to confirm are Placed; orders to pack are Confirmed, and Packing once begun (issue 31).
  const work = useRead(async () => {
    const read = (status: OrderStatusName) => staff.orders.list({ ...today, page: 0, limit: PACK_READ }, status);
    const [placed, confirmed, packing] = await Promise.all([read('Placed'), read('Confirmed'), read('Packing')]);
    const cut = [placed, confirmed, packing].some((p) => p.total > p.rows.length);
    return { byStore: workByStore({ placed: placed.rows, confirmed: confirmed.rows, packing: packing.rows }), cut };
  });
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const perStatus = counts.value;
  return (
    <Card title="Today's orders" more={{ href: BOARD, label: 'Open the orders board' }}>
      <Problem what="Today's orders" error={counts.error || work.error} />
      {perStatus === null ? (
        counts.error === '' && <Spinner label="Loading today's orders…" />
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label="Today's orders by status">
          {ORDER_STATUS_NAMES.map((status) => (
            <li key={status}>
              <a
                href={boardLink(status)}
                className={`inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-semibold ring-1 ring-slate-300 ${STATUS_LOOK[status]}`}
                data-status-count={status}
              >
                {orderStatusWords(status)} <span className="tabular-nums">{perStatus[status]}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <h3 className="mt-4 text-sm font-semibold text-slate-800">To confirm and to pack, by store</h3>
      {work.value === null ? null : work.value.byStore.length === 0 ? (
        <p className="text-sm text-slate-700">Nothing is waiting to be confirmed or packed today.</p>
      ) : (
        <ul className="mt-1 divide-y divide-slate-100" aria-label="Orders to confirm and to pack by store">
          {work.value.byStore.map((w) => (
            <StoreWorkRow
              key={w.storeId}
              work={w}
              title={storeById.get(w.storeId)?.StoreTitle ?? `Store #${w.storeId}`}
            />
          ))}
        </ul>
      )}
      {work.value?.cut === true && (
        <p className="text-xs text-slate-600">
          Counted from the first {PACK_READ.toLocaleString('en-IN')} orders of each status.
        </p>
      )}
    </Card>
  );
}

/** The board showing one status, of one store when given. */
function boardLink(status: OrderStatusName, storeId?: number): string {
  return `${BOARD}?status=${status}${storeId === undefined ? '' : `&store=${storeId}`}`;
}

/** A store's two lines: its orders to confirm, and to pack (confirmed, and packing begun), each to the board. */
function StoreWorkRow({ work: w, title }: { work: StoreWork; title: string }) {
  const count = (n: number, status: OrderStatusName, words: string) => (
    <a href={boardLink(status, w.storeId)} className={`${link} inline-flex min-h-11 items-center tabular-nums`}>
      {n} {words}
      <span className="sr-only"> at {title}</span>
    </a>
  );
  return (
    <li className="py-1" data-store-work={w.storeId}>
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-800" data-work="confirm">
        To confirm: {w.toConfirm === 0 ? 'none' : count(w.toConfirm, 'Placed', w.toConfirm === 1 ? 'order' : 'orders')}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-800" data-work="pack">
        To pack: {w.confirmed + w.packing === 0 ? 'none' : null}
        {w.confirmed > 0 && count(w.confirmed, 'Confirmed', 'confirmed')}
        {w.confirmed > 0 && w.packing > 0 && <span aria-hidden="true">·</span>}
        {w.packing > 0 && count(w.packing, 'Packing', 'packing')}
      </p>
    </li>
  );
}

function StockCard() {
  const lowest = useRead(() => staff.items.list({ page: 0, limit: STOCK_READ, sort: 'Availability' }));
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const short = lowest.value === null ? null : shortOfStock<ItemDto>(lowest.value.rows);
  // Read least first: when every row read is short, more may follow.
  const more = short !== null && short.length === STOCK_READ ? ' or more' : '';
  const out = short?.filter((item) => item.Availability === 0).length ?? 0;
  return (
    <Card title="Low stock" more={{ href: '/app/client-store/item', label: 'Find any item' }}>
      <p className="text-sm text-slate-700">
        Items with {LOW_STOCK_UNITS} units or fewer, least first (one line for every item: the catalogue keeps no
        reorder level).
      </p>
      <Problem what="Stock" error={lowest.error} />
      {short === null ? null : short.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">Every item has more than {LOW_STOCK_UNITS} units.</p>
      ) : (
        <>
          <p className="mt-2 text-sm font-semibold text-slate-900" data-stock-counts>
            Out of stock: <span className="tabular-nums">{out === STOCK_READ ? `${out}${more}` : out}</span> · Low:{' '}
            <span className="tabular-nums">
              {short.length}
              {more}
            </span>
          </p>
          <ul className="mt-1 divide-y divide-slate-100" aria-label="Items short of stock">
            {short.slice(0, STOCK_SHOWN).map((item) => (
              <li key={item.ItemID} className="flex flex-wrap items-center justify-between gap-x-3 py-1">
                <a href={staffItemPath(item.ItemID, item.DbID)} className={`${link} inline-flex min-h-11 items-center`}>
                  {item.ItemTitle}
                  {item.Size === '' ? '' : ` (${item.Size})`}
                </a>
                <span className="text-sm text-slate-700">
                  {storeById.get(item.StoreID)?.StoreTitle ?? `Store #${item.StoreID}`} ·{' '}
                  <span className={item.Availability === 0 ? 'font-semibold text-berry-700' : 'font-semibold'}>
                    {item.Availability === 0 ? 'Out of stock' : `${item.Availability} left`}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

function ChangesCard() {
  const isAdmin = useStore($user)?.roles.includes('Admin') === true;
  const latest = useRead<{ rows: AuditEntryDto[] }>(() => staff.log.list({ page: 0, limit: 10 }), isAdmin);
  if (!isAdmin) return null;
  return (
    <Card title="Recent changes" more={{ href: '/app/edu-shopy/logs', label: 'Open the log' }}>
      <Problem what="The log" error={latest.error} />
      {latest.value !== null && (
        <ol className="divide-y divide-slate-100 text-sm" aria-label="The latest changes">
          {latest.value.rows.map((entry) => (
            <li key={entry.LogID} className="py-1.5">
              <span className="text-slate-900">{actionInWords(entry.Action, entry.Target)}</span>
              <span className="block text-xs text-slate-600">
                <time dateTime={entry.At}>{formatWhen(entry.At)}</time> · {actorInWords(entry.ActorEmail)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
