import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { PackLineInput } from '../../lib/api/staff.ts';
import { formatRupees as rs } from '../../lib/domain/money.ts';
import { lineKey, type PackListDto, scanCode } from '../../lib/domain/pack-list.ts';
import { slotLabel } from '../../lib/domain/slots.ts';
import { plural } from '../../lib/domain/words.ts';
import { buttonStyles } from './button-styles.ts';
import { queryId } from './Lookups.tsx';
import { type Mark, PackLineCard } from './pack-line.tsx';
import { StaffPage } from './StaffPage.tsx';
import { staff } from './staff-client.ts';

const BOARD = '/app/edu-shopy/orders';

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; list: PackListDto };

/**
 * `/app/edu-shopy/pack?store=1&slot=5` (issue 33, item 3): a phone in one hand packs a
 * store's delivery slot order by order, each order's lines in shelf order. A scan field
 * takes a ProductCode (typed, or a barcode scanner's keys ending in Enter) and marks the
 * next unmarked line of that product packed, or says which order needs it; each line is
 * marked Packed, Short (how many found) or Replaced, and "Order packed" sends them all.
 */
export function PackScreen() {
  const [where, setWhere] = useState<{ store: number | null; slot: number | null } | undefined>(undefined);
  useEffect(() => setWhere({ store: queryId('store'), slot: queryId('slot') }), []);
  return (
    <StaffPage title="Pack orders" description="Each order's lines in shelf order: scan, mark, and send it on.">
      <p className="mb-3">
        <a href={BOARD} className="inline-flex min-h-12 items-center font-semibold text-brand-800 underline">
          ← Orders board
        </a>
      </p>
      {where === undefined ? (
        <p className="text-slate-700">Loading the orders to pack…</p>
      ) : where.store === null ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
          No store is named in the address: open the packing screen from a group of the orders board.
        </p>
      ) : (
        <PackBody storeId={where.store} slotId={where.slot} />
      )}
    </StaffPage>
  );
}

function PackBody({ storeId, slotId }: { storeId: number; slotId: number | null }) {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [current, setCurrent] = useState<number | null>(null);
  const [marks, setMarks] = useState<Map<string, Mark>>(new Map());
  const [message, setMessage] = useState<{ tone: 'ok' | 'warn'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const scan = useRef<HTMLInputElement>(null);
  const load = useCallback(() => {
    staff.orders.packList(storeId, slotId).then(
      (list) => {
        setLoaded({ kind: 'ready', list });
        setCurrent((c) => (list.Orders.some((o) => o.OrderID === c) ? c : (list.Orders[0]?.OrderID ?? null)));
      },
      (err: unknown) => setLoaded({ kind: 'failed', message: friendlyMessage(err) }),
    );
  }, [storeId, slotId]);
  useEffect(load, [load]);
  if (loaded.kind === 'loading') return <p className="text-slate-700">Loading the orders to pack…</p>;
  if (loaded.kind === 'failed') {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        {loaded.message}
      </p>
    );
  }
  const list = loaded.list;
  const slot = list.Start === null || list.End === null ? 'No delivery slot' : slotLabel(list.Start, list.End);
  const order = list.Orders.find((o) => o.OrderID === current);
  const mark = (orderId: number, itemId: number, m: Mark | undefined) =>
    setMarks((old) => {
      const next = new Map(old);
      if (m === undefined) next.delete(lineKey(orderId, itemId));
      else next.set(lineKey(orderId, itemId), m);
      return next;
    });
  const onScan = (e: FormEvent) => {
    e.preventDefault();
    const found = scanCode(list.Orders, current ?? 0, new Set(marks.keys()), code);
    const titleOf = (itemId: number) =>
      list.Orders.flatMap((o) => o.Lines).find((l) => l.ItemID === itemId)?.ItemTitle ?? `Item ${itemId}`;
    if (found.kind === 'here' && current !== null) {
      mark(current, found.itemId, { outcome: 'Packed' });
      setMessage({ tone: 'ok', text: `${titleOf(found.itemId)} marked packed.` });
    } else if (found.kind === 'other-order') {
      setMessage({ tone: 'warn', text: `Order #${found.orderId} needs ${titleOf(found.itemId)}, not this order.` });
    } else if (found.kind === 'done') {
      setMessage({ tone: 'warn', text: `Every line of ${titleOf(found.itemId)} is already marked.` });
    } else {
      setMessage({ tone: 'warn', text: `No line to pack has the code ${code.trim()}.` });
    }
    setCode('');
    scan.current?.focus();
  };
  const send = async () => {
    if (order === undefined) return;
    const lines: PackLineInput[] = order.Lines.map((l) => {
      const m = marks.get(lineKey(order.OrderID, l.ItemID)) as Mark;
      if (m.outcome === 'Short') return { ItemID: l.ItemID, Outcome: 'Short', Qty: m.qty };
      if (m.outcome === 'Replaced') {
        return {
          ItemID: l.ItemID,
          Outcome: 'Replaced',
          ...(m.replacementId ? { ReplacementID: m.replacementId } : {}),
        };
      }
      return { ItemID: l.ItemID, Outcome: 'Packed' };
    });
    setSending(true);
    try {
      const packed = await staff.orders.pack(order.OrderID, lines);
      setMessage({ tone: 'ok', text: `Order #${packed.OrderID} packed: out for delivery, ${rs(packed.OrderTotal)}.` });
      load();
    } catch (err) {
      setMessage({ tone: 'warn', text: friendlyMessage(err) });
    } finally {
      setSending(false);
    }
  };
  const unmarked =
    order === undefined ? 0 : order.Lines.filter((l) => !marks.has(lineKey(order.OrderID, l.ItemID))).length;
  return (
    <div className="mx-auto max-w-xl text-slate-900">
      <h2 className="text-xl font-bold">
        {list.StoreTitle} · {slot}
      </h2>
      <p className="text-slate-700">
        {list.Orders.length === 0
          ? 'No order of this slot is in Packing: move orders to Packing on the orders board.'
          : `${plural(list.Orders.length, 'order')} to pack`}
      </p>
      {list.Orders.length > 1 && (
        <nav aria-label="Orders to pack" className="mt-2 flex flex-wrap gap-2">
          {list.Orders.map((o) => (
            <button
              key={o.OrderID}
              type="button"
              className={`inline-flex min-h-12 items-center rounded-lg px-3 font-semibold ${o.OrderID === current ? 'bg-brand-800 text-white' : 'bg-white ring-1 ring-slate-300'}`}
              aria-current={o.OrderID === current ? 'true' : undefined}
              onClick={() => setCurrent(o.OrderID)}
            >
              Order #{o.OrderID}
            </button>
          ))}
        </nav>
      )}
      <form onSubmit={onScan} className="sticky top-0 z-10 mt-3 flex gap-2 bg-slate-50 py-2">
        <label className="flex-1">
          <span className="block text-sm font-semibold">Scan or type a product code</span>
          <input
            ref={scan}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            className="min-h-12 w-full rounded-lg border border-slate-400 px-3 text-base"
            autoComplete="off"
            autoCapitalize="characters"
            enterKeyHint="done"
          />
        </label>
        <button type="submit" className={`${buttonStyles.primary} min-h-12 self-end`}>
          Mark
        </button>
      </form>
      <p
        role="status"
        className={`min-h-6 text-base font-semibold ${message?.tone === 'warn' ? 'text-red-800' : 'text-brand-800'}`}
      >
        {message?.text ?? ''}
      </p>
      {order !== undefined && (
        <section aria-labelledby="pack-order" className="mt-2">
          <h3 id="pack-order" className="text-lg font-bold">
            Order #{order.OrderID} · {order.CustomerName}
          </h3>
          <ol className="mt-2 space-y-3">
            {order.Lines.map((l) => (
              <PackLineCard
                key={l.ItemID}
                line={l}
                mark={marks.get(lineKey(order.OrderID, l.ItemID))}
                onMark={(m) => mark(order.OrderID, l.ItemID, m)}
                disabled={sending}
              />
            ))}
          </ol>
          <button
            type="button"
            className={`${buttonStyles.primary} mt-4 min-h-14 w-full text-lg`}
            disabled={sending || unmarked > 0}
            onClick={() => void send()}
          >
            Order packed
          </button>
          {unmarked > 0 && <p className="mt-1 text-slate-700">{plural(unmarked, 'line')} still to mark.</p>}
        </section>
      )}
    </div>
  );
}
