import { useState } from 'react';
import type { SubstituteDto } from '../../lib/api/wire.ts';
import { formatRupees as rs } from '../../lib/domain/money.ts';
import type { PackLineDto } from '../../lib/domain/pack-list.ts';
import { substitutionWords } from '../../lib/domain/substitutions.ts';
import { staff } from './staff-client.ts';

/** What the packer marked for a line; `replacementId` undefined: the shopper's choice or the shop's best match. */
export type Mark =
  | { outcome: 'Packed' }
  | { outcome: 'Short'; qty: number }
  | { outcome: 'Replaced'; replacementId?: number; title?: string };

const big = 'inline-flex min-h-12 min-w-12 items-center justify-center rounded-lg px-3 text-base font-semibold';
const on = 'bg-brand-800 text-white';
const off = 'bg-white text-slate-900 ring-1 ring-slate-300';

/** The words of a mark, as the line's status reads. */
export function markWords(line: PackLineDto, mark: Mark | undefined): string {
  if (mark === undefined) return 'Not marked';
  if (mark.outcome === 'Packed') return `Packed ${line.Qty}`;
  if (mark.outcome === 'Short') return `Short: ${mark.qty} of ${line.Qty} found`;
  if (mark.title !== undefined) return `Replaced with ${mark.title}`;
  if (typeof line.Substitution === 'number') return `Replaced with ${line.SubstituteTitle ?? 'the chosen item'}`;
  return 'Replaced with the best match';
}

/**
 * One line of the packing screen: what to pick and where, the shopper's choice, and three
 * big buttons (Packed, Short, Replace); Short asks how many were found, Replace offers the
 * shopper's choice or the best match, or another item of the same section.
 */
export function PackLineCard({
  line,
  mark,
  onMark,
  disabled,
}: {
  line: PackLineDto;
  mark: Mark | undefined;
  onMark: (mark: Mark | undefined) => void;
  disabled: boolean;
}) {
  const [others, setOthers] = useState<SubstituteDto[] | 'loading' | 'failed' | null>(null);
  const refused = line.Substitution === 'None';
  const choice =
    typeof line.Substitution === 'number'
      ? substitutionWords(line.Substitution, line.SubstituteTitle ?? undefined)
      : substitutionWords(line.Substitution);
  const name = `${line.ItemTitle}${line.Size === '' ? '' : ` (${line.Size})`}`;
  const loadOthers = () => {
    setOthers('loading');
    staff.orders.substitutes(line.ItemID).then(setOthers, () => setOthers('failed'));
  };
  return (
    <li
      className={`rounded-xl bg-white p-3 shadow-sm ring-1 ${mark === undefined ? 'ring-slate-200' : 'ring-brand-700'}`}
      data-pack-line={line.ItemID}
    >
      <p className="text-lg font-bold text-slate-900">
        {line.Qty} × {name}
      </p>
      <p className="text-sm text-slate-700">
        {line.SectionID === null ? 'Not in a section' : line.SectionTitle}
        {line.ProductCode === null ? '' : ` · Code ${line.ProductCode}`} · {rs(line.SellingPrice)} each
      </p>
      <p className="text-sm text-slate-700">If out of stock: {choice}</p>
      <p className="mt-1 font-semibold text-slate-900" aria-live="polite">
        {markWords(line, mark)}
      </p>
      <fieldset className="mt-2">
        <legend className="sr-only">Outcome of {name}</legend>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`${big} ${mark?.outcome === 'Packed' ? on : off}`}
            aria-pressed={mark?.outcome === 'Packed'}
            disabled={disabled}
            onClick={() => onMark(mark?.outcome === 'Packed' ? undefined : { outcome: 'Packed' })}
          >
            Packed
          </button>
          <button
            type="button"
            className={`${big} ${mark?.outcome === 'Short' ? on : off}`}
            aria-pressed={mark?.outcome === 'Short'}
            disabled={disabled}
            onClick={() =>
              onMark(mark?.outcome === 'Short' ? undefined : { outcome: 'Short', qty: Math.max(0, line.Qty - 1) })
            }
          >
            Short
          </button>
          <button
            type="button"
            className={`${big} ${mark?.outcome === 'Replaced' ? on : off}`}
            aria-pressed={mark?.outcome === 'Replaced'}
            disabled={disabled || refused}
            aria-describedby={refused ? `refused-${line.ItemID}` : undefined}
            onClick={() => onMark(mark?.outcome === 'Replaced' ? undefined : { outcome: 'Replaced' })}
          >
            Replace
          </button>
        </div>
      </fieldset>
      {refused && (
        <p id={`refused-${line.ItemID}`} className="mt-1 text-sm text-slate-700">
          The shopper chose "Don't replace": mark it Short if it is not there.
        </p>
      )}
      {mark?.outcome === 'Short' && (
        <div className="mt-2 flex items-center gap-2">
          <button
            type="button"
            className={`${big} ${off}`}
            aria-label={`One fewer ${line.ItemTitle} found`}
            disabled={disabled || mark.qty === 0}
            onClick={() => onMark({ outcome: 'Short', qty: mark.qty - 1 })}
          >
            −
          </button>
          <output className="min-w-24 text-center text-base font-semibold" aria-live="polite">
            {mark.qty} found
          </output>
          <button
            type="button"
            className={`${big} ${off}`}
            aria-label={`One more ${line.ItemTitle} found`}
            disabled={disabled || mark.qty >= line.Qty - 1}
            onClick={() => onMark({ outcome: 'Short', qty: mark.qty + 1 })}
          >
            +
          </button>
        </div>
      )}
      {mark?.outcome === 'Replaced' && (
        <div className="mt-2">
          {others === null && (
            <button type="button" className={`${big} ${off}`} disabled={disabled} onClick={loadOthers}>
              Choose another item
            </button>
          )}
          {others === 'loading' && <p className="text-slate-700">Loading the items of the same section…</p>}
          {others === 'failed' && <p className="text-red-800">The items of the same section could not be loaded.</p>}
          {Array.isArray(others) && (
            <fieldset>
              <legend className="text-sm font-semibold text-slate-900">Replace {line.ItemTitle} with</legend>
              {others.map((o) => (
                <label key={o.ItemID} className="flex min-h-12 items-center gap-3">
                  <input
                    type="radio"
                    name={`replace-${line.ItemID}`}
                    className="size-5 accent-brand-800"
                    checked={mark.replacementId === o.ItemID}
                    disabled={disabled || o.Availability < line.Qty}
                    onChange={() => onMark({ outcome: 'Replaced', replacementId: o.ItemID, title: o.ItemTitle })}
                  />
                  <span>
                    {o.ItemTitle}
                    {o.Size === '' ? '' : ` (${o.Size})`}, {rs(o.SellingPrice)} · {o.Availability} in stock
                  </span>
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
    </li>
  );
}
