import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import type { FeedClientDto } from '../../lib/domain/feed-rules.ts';
import { buttonStyles } from './button-styles.ts';
import { ConfirmDialog } from './Dialog.tsx';
import { byId, readAllStores, useLookup } from './Lookups.tsx';
import { formatWhen } from './PublishBanner.tsx';
import { StaffPage } from './StaffPage.tsx';
import { catalogueIo } from './staff-client.ts';
import { useToast } from './Toaster.tsx';

/** `/app/edu-shopy/feeds`: the tills' and ERP systems' keys for the stock and price feed (Admin). */
export function FeedClientsAdmin() {
  return (
    <StaffPage
      needs="Admin"
      title="Feed clients"
      description="Tills and ERP systems that set stock and prices through the feed. A key calls the feed and nothing else."
    >
      <FeedClients />
    </StaffPage>
  );
}

function FeedClients() {
  const nameId = useId();
  const expiresId = useId();
  const stores = useLookup(readAllStores);
  const storeById = byId(stores.rows, (s) => s.StoreID);
  const [rows, setRows] = useState<FeedClientDto[] | null>(null);
  const [error, setError] = useState('');
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [expires, setExpires] = useState('');
  const [created, setCreated] = useState<(FeedClientDto & { Key: string }) | null>(null);
  const [revoking, setRevoking] = useState<FeedClientDto | null>(null);
  const toast = useToast();
  const load = useCallback(() => {
    catalogueIo.feedClients().then(setRows, (err: unknown) => setError(friendlyMessage(err)));
  }, []);
  useEffect(load, [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') {
      setError('Name the till or system first, such as “Till 3, Green Grocer”.');
      return;
    }
    if (picked.length === 0) {
      setError('Tick the stores this key may write: at least one.');
      return;
    }
    setError('');
    try {
      // The picker's time is the Admin's local time; the API takes it with its offset.
      const expiresAt = expires === '' ? null : new Date(expires).toISOString();
      const c = await catalogueIo.createFeedClient({ Name: name, Stores: picked, ExpiresAt: expiresAt });
      setCreated(c);
      setName('');
      setPicked([]);
      setExpires('');
      load();
    } catch (err) {
      setError(friendlyMessage(err));
    }
  };

  return (
    <>
      <section aria-labelledby="new-feed" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h2 id="new-feed" className="text-xl font-bold text-brand-900">
          New feed key
        </h2>
        <form onSubmit={create} className="mt-3 flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <label htmlFor={nameId} className="mb-1 block font-semibold text-slate-800">
              Till or system name
            </label>
            <input
              id={nameId}
              value={name}
              maxLength={80}
              onChange={(e) => setName(e.target.value)}
              className="block w-full rounded-lg border border-slate-400 px-3 py-2"
            />
          </div>
          <div>
            <label htmlFor={expiresId} className="mb-1 block font-semibold text-slate-800">
              Expires <span className="font-normal text-slate-700">(optional)</span>
            </label>
            <input
              id={expiresId}
              type="datetime-local"
              value={expires}
              onChange={(e) => setExpires(e.target.value)}
              className="block rounded-lg border border-slate-400 px-3 py-2"
            />
          </div>
          <fieldset className="basis-full">
            <legend className="mb-1 font-semibold text-slate-800">Stores this key may write</legend>
            {stores.error !== '' ? (
              <p role="alert" className="text-sm font-semibold text-red-700">
                {stores.error}
              </p>
            ) : stores.rows === null ? (
              <p className="text-sm">Loading stores…</p>
            ) : stores.rows.length === 0 ? (
              <p className="text-sm">No stores yet: create a store first.</p>
            ) : (
              <div className="flex max-h-48 flex-wrap gap-x-4 gap-y-1 overflow-y-auto">
                {stores.rows.map((st) => (
                  <label key={st.StoreID} className="inline-flex items-center gap-1.5 text-sm">
                    <input
                      type="checkbox"
                      checked={picked.includes(st.StoreID)}
                      onChange={(e) =>
                        setPicked((p) => (e.target.checked ? [...p, st.StoreID] : p.filter((id) => id !== st.StoreID)))
                      }
                      className="size-4 accent-brand-800"
                    />
                    {st.StoreTitle}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <button type="submit" className={buttonStyles.primary}>
            Create key
          </button>
        </form>
        {error !== '' && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-700">
            {error}
          </p>
        )}
        {created !== null && (
          <div role="status" className="mt-4 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-300">
            <p className="font-semibold text-amber-950">
              The key of {created.Name}. Copy it now into the till’s settings: it is not shown again.
            </p>
            <p className="mt-1 text-sm text-amber-950">
              It writes {storeNames(created.Stores, storeById)}
              {created.ExpiresAt === null ? '' : ` until ${formatWhen(created.ExpiresAt)}`}.
            </p>
            <code className="mt-2 block select-all break-all rounded bg-white p-2 text-sm">{created.Key}</code>
            <p className="mt-2 text-sm text-amber-950">
              The till sends it as <code>Authorization: Bearer …</code> to <code>POST /api/Feed/Stock</code>, with an
              Idempotency-Key per feed (see docs/api.md).
            </p>
          </div>
        )}
      </section>
      <section aria-labelledby="feed-list" className="mt-6">
        <h2 id="feed-list" className="mb-2 text-xl font-bold text-brand-900">
          Keys
        </h2>
        {rows === null ? (
          <p>Loading…</p>
        ) : rows.length === 0 ? (
          <p>No feed keys yet.</p>
        ) : (
          <ul className="space-y-2">
            {rows.map((r) => (
              <li
                key={r.FeedClientID}
                className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
              >
                <div className="min-w-0">
                  <p className="font-semibold [overflow-wrap:anywhere]">{r.Name}</p>
                  <p className="text-sm text-slate-700">
                    Key {r.KeyPrefix}… · created {formatWhen(r.CreatedAt)} by {r.CreatedBy} · last used{' '}
                    {formatWhen(r.LastUsedAt)}
                    {r.RevokedAt !== null ? ` · revoked ${formatWhen(r.RevokedAt)}` : ''}
                    {r.ExpiresAt !== null
                      ? ` · ${Date.parse(r.ExpiresAt) <= Date.now() ? 'expired' : 'expires'} ${formatWhen(r.ExpiresAt)}`
                      : ' · never expires'}
                  </p>
                  <p className="text-sm text-slate-700">Writes {storeNames(r.Stores, storeById)}</p>
                </div>
                {r.RevokedAt === null ? (
                  <button type="button" className={buttonStyles.rowDanger} onClick={() => setRevoking(r)}>
                    Revoke<span className="sr-only"> the key of {r.Name}</span>
                  </button>
                ) : (
                  <span className="text-sm font-semibold text-slate-600">Revoked</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke the key of ${revoking?.Name ?? ''}?`}
        confirmLabel="Revoke key"
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (revoking === null) return;
          await catalogueIo.revokeFeedClient(revoking.FeedClientID);
          toast.success(`The key of ${revoking.Name} was revoked; its feeds are refused from now on.`);
          setRevoking(null);
          load();
        }}
      >
        <p>Its next feed is refused. To connect it again, create a new key and enter it in the till.</p>
      </ConfirmDialog>
    </>
  );
}

function storeNames(ids: number[], stores: Map<number, { StoreTitle: string }>): string {
  if (ids.length === 0) return 'no store (create a new key for its stores)';
  return ids.map((id) => stores.get(id)?.StoreTitle ?? `store #${id}`).join(', ');
}
