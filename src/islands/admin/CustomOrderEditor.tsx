import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../../lib/api/account.ts';
import { type ItemDto, orderByCustomOrder, parseCustomOrder } from '../../lib/domain/catalogue.ts';
import { formatRupees } from '../../lib/domain/money.ts';
import type { StaffSectionDto } from '../../lib/domain/staff-dtos.ts';
import { moveEntry } from '../../lib/domain/staff-views.ts';
import { possessive } from '../../lib/domain/words.ts';
import { Spinner } from '../AuthGate.tsx';
import { buttonStyles } from './button-styles.ts';
import { staff } from './staff-client.ts';

// CustomOrder may list items filed in other sections of the database; read a sane number of them.
const MAX_EXTRA_READS = 200;

async function loadItems(section: StaffSectionDto): Promise<ItemDto[]> {
  const own = await staff.items.list({ page: 0, limit: 1000, dbId: section.DbID, sectionId: section.SectionID });
  const order = parseCustomOrder(section.CustomOrder) ?? [];
  const have = new Set(own.rows.map((i) => i.ItemID));
  const extra = order.filter((id) => !have.has(id)).slice(0, MAX_EXTRA_READS);
  const others = await Promise.all(extra.map((id) => staff.items.read(id, section.DbID).catch(() => null)));
  const items = [...own.rows, ...others.filter((i) => i !== null)];
  return orderByCustomOrder(items, order);
}

/**
 * The display order of a section's items (its draft CustomOrder): drag a row by
 * its handle, or move it with the Move up / Move down buttons or the arrow keys
 * on its handle; Save sends the order (`PUT /api/Section/Reorder/{id}`).
 */
export function CustomOrderEditor({
  section,
  onSaved,
  onCancel,
}: {
  section: StaffSectionDto;
  onSaved: (message: string) => void;
  onCancel: () => void;
}) {
  const instructionsId = useId();
  const [items, setItems] = useState<ItemDto[] | null>(null);
  const [original, setOriginal] = useState<number[]>([]);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    let live = true;
    loadItems(section).then(
      (loaded) => {
        if (!live) return;
        setItems(loaded);
        setOriginal(loaded.map((i) => i.ItemID));
      },
      (err: unknown) => {
        if (live) setError(friendlyMessage(err));
      },
    );
    return () => {
      live = false;
    };
  }, [section]);

  const move = (from: number, to: number, focus?: 'up' | 'down' | 'handle') => {
    if (items === null || to < 0 || to >= items.length || from === to) return;
    const moved = items[from];
    const next = moveEntry(items, from, to);
    setItems(next);
    if (moved !== undefined) {
      setAnnouncement(`${moved.ItemTitle} moved to position ${to + 1} of ${next.length}.`);
      if (focus !== undefined) {
        // Keep the keyboard where it was, or on the other button when this one is now disabled.
        const edge = (focus === 'up' && to === 0) || (focus === 'down' && to === next.length - 1);
        const target = focus === 'handle' ? 'handle' : edge ? (focus === 'up' ? 'down' : 'up') : focus;
        setTimeout(
          () =>
            list.current?.querySelector<HTMLElement>(`[data-item="${moved.ItemID}"] [data-move="${target}"]`)?.focus(),
          0,
        );
      }
    }
  };

  const onHandleKey = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
      e.preventDefault();
      move(index, index + (e.key === 'ArrowUp' ? -1 : 1), 'handle');
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      move(index, e.key === 'Home' ? 0 : (items?.length ?? 1) - 1, 'handle');
    }
  };

  const onDrop = (e: DragEvent<HTMLLIElement>, index: number) => {
    e.preventDefault();
    if (dragging !== null) move(dragging, index);
    setDragging(null);
    setOver(null);
  };

  const save = async () => {
    if (items === null) return;
    setBusy(true);
    setError('');
    try {
      await staff.sections.reorder(
        section.SectionID,
        items.map((i) => i.ItemID),
      );
      onSaved(
        section.Published
          ? `The order of ${possessive(section.SectionTitle)} items was saved. Update its public copy to show it in the shop.`
          : `The order of ${possessive(section.SectionTitle)} items was saved.`,
      );
    } catch (err) {
      setError(friendlyMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const changed = items?.some((item, i) => item.ItemID !== original[i]) ?? false;

  if (items === null) {
    return error === '' ? (
      <Spinner label="Loading the section's items…" />
    ) : (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-800">
        The items could not be loaded: {error}
      </p>
    );
  }

  return (
    <div className="flex min-h-full flex-col">
      <p id={instructionsId} className="mb-3 text-sm text-slate-700">
        Drag an item by its handle, or use Move up and Move down (on a handle, the arrow keys move the item, Home and
        End to the top or bottom). The shop shows the items in this order once the section is published.
      </p>
      {items.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-slate-700">
          This section has no items yet. File items in it from the Items page.
        </p>
      ) : (
        <ol ref={list} aria-describedby={instructionsId} className="flex-1 space-y-1.5">
          {items.map((item, index) => (
            <li
              key={item.ItemID}
              data-item={item.ItemID}
              draggable
              onDragStart={(e) => {
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(item.ItemID));
                setDragging(index);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                e.dataTransfer.dropEffect = 'move';
                if (over !== index) setOver(index);
              }}
              onDragLeave={() => setOver((o) => (o === index ? null : o))}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              className={`flex items-center gap-2 rounded-xl bg-white px-2 py-2 ring-1 transition ${
                dragging === index ? 'opacity-50' : ''
              } ${over === index && dragging !== index ? 'ring-2 ring-brand-700' : 'ring-slate-200'}`}
            >
              <button
                type="button"
                data-move="handle"
                aria-label={`Move ${item.ItemTitle}, position ${index + 1} of ${items.length}`}
                onKeyDown={(e) => onHandleKey(e, index)}
                className="grid size-8 shrink-0 cursor-grab place-items-center rounded-md text-slate-500 hover:bg-slate-100 active:cursor-grabbing"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
                  <path d="M7 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0m0 6a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0m-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M16 4a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0m-1.5 7.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3M16 16a1.5 1.5 0 1 1-3 0 1.5 1.5 0 0 1 3 0" />
                </svg>
              </button>
              <span aria-hidden="true" className="w-7 shrink-0 text-right text-sm tabular-nums text-slate-600">
                {index + 1}.
              </span>
              <div className="min-w-0 flex-1">
                <p className={`truncate font-semibold ${item.ItemHidden ? 'text-slate-600 italic' : 'text-slate-900'}`}>
                  {item.ItemTitle}
                  {item.ItemHidden && (
                    <span className="ml-2 text-xs font-normal not-italic text-slate-600">hidden</span>
                  )}
                </p>
                <p className="text-xs text-slate-600">
                  #{item.ItemID}
                  {item.Size === '' ? '' : ` · ${item.Size}`} · {formatRupees(item.SellingPrice)}
                  {item.SectionID !== section.SectionID && ' · from another section'}
                </p>
              </div>
              <button
                type="button"
                data-move="up"
                className={buttonStyles.row}
                disabled={index === 0}
                onClick={() => move(index, index - 1, 'up')}
              >
                <span aria-hidden="true">↑</span>
                <span className="sr-only">Move {item.ItemTitle} up</span>
              </button>
              <button
                type="button"
                data-move="down"
                className={buttonStyles.row}
                disabled={index === items.length - 1}
                onClick={() => move(index, index + 1, 'down')}
              >
                <span aria-hidden="true">↓</span>
                <span className="sr-only">Move {item.ItemTitle} down</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      <div role="status" className="sr-only">
        {announcement}
      </div>
      {error !== '' && (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="sticky bottom-0 z-10 -mx-5 mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3">
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={!changed}
          onClick={() => {
            const rank = new Map(original.map((id, i) => [id, i]));
            setItems([...items].sort((a, b) => (rank.get(a.ItemID) ?? 0) - (rank.get(b.ItemID) ?? 0)));
            setAnnouncement('The saved order is back.');
          }}
        >
          Reset
        </button>
        <button type="button" className={buttonStyles.primary} disabled={busy || !changed} onClick={() => void save()}>
          {busy ? 'Saving…' : 'Save order'}
        </button>
      </div>
    </div>
  );
}
