import { useEffect, useId, useState } from 'react';
import type { CartItemDto } from '../lib/domain/cart.ts';
import { formatRupees as rs } from '../lib/domain/money.ts';
import {
  DEFAULT_SUBSTITUTION,
  type Substitution,
  substitutionLabel,
  substitutionWords,
} from '../lib/domain/substitutions.ts';
import { CART_LOOK as L } from '../page-scripts/cart-look.ts';
import { cartApi, chooseSubstitution } from '../stores/cart-state.ts';

interface Option {
  ItemID: number;
  ItemTitle: string;
  Size: string;
  SellingPrice: number;
}

type Load = 'idle' | 'loading' | 'failed' | Option[];

/**
 * A cart line's "If out of stock" choice (issue 33): Don't replace, Best match, or one
 * item of the same section, read from `GET /api/Item/Substitutes/{id}` when the choice is
 * opened (or at once when the line already names an item, to show its title).
 */
export function SubstitutionChoice({ line, disabled }: { line: CartItemDto; disabled: boolean }) {
  const choice: Substitution = line.Substitution ?? DEFAULT_SUBSTITUTION;
  const [open, setOpen] = useState(false);
  const [load, setLoad] = useState<Load>('idle');
  const id = useId();
  const wanted = open || typeof choice === 'number';
  useEffect(() => {
    if (!wanted || load !== 'idle') return;
    setLoad('loading');
    cartApi
      .substitutes(line.ItemID)
      .then((rows) => setLoad(rows))
      .catch(() => setLoad('failed'));
  }, [wanted, load, line.ItemID]);
  const options = Array.isArray(load) ? load : [];
  const chosen = typeof choice === 'number' ? options.find((o) => o.ItemID === choice) : undefined;
  const words = substitutionLabel(line, chosen?.ItemTitle);
  const pick = (next: Substitution) => {
    if (!disabled) chooseSubstitution(line, next);
  };
  const radio = (value: string, label: string, next: Substitution, detail?: string) => (
    <label key={value} className="flex min-h-12 cursor-pointer items-center gap-3 rounded px-2 hover:bg-slate-50">
      <input
        type="radio"
        name={id}
        value={value}
        className="size-5 shrink-0 accent-brand-800"
        checked={choice === next}
        disabled={disabled}
        onChange={() => pick(next)}
      />
      <span className="text-sm text-slate-900">
        {label}
        {detail !== undefined && <span className="block text-slate-600">{detail}</span>}
      </span>
    </label>
  );
  return (
    <div className="text-sm font-normal">
      <button
        type="button"
        className={L.substitution}
        aria-label={words.label}
        aria-expanded={open}
        aria-controls={`${id}-choices`}
        onClick={() => setOpen(!open)}
      >
        If out of stock: <span className={L.substitutionWords}>{words.choice}</span>
      </button>
      {open && (
        <fieldset id={`${id}-choices`} className="mt-1 rounded border border-slate-200 p-1">
          <legend className="px-1 text-slate-700">If {line.ItemTitle} is out of stock</legend>
          {radio('None', substitutionWords('None'), 'None')}
          {radio(
            'BestMatch',
            substitutionWords('BestMatch'),
            'BestMatch',
            'The closest item in price from the same shelf',
          )}
          {load === 'loading' && <p className="px-2 py-2 text-slate-600">Loading items of the same section…</p>}
          {load === 'failed' && (
            <p className="px-2 py-2 text-berry-700">The items of the same section could not be loaded.</p>
          )}
          {options.map((o) =>
            radio(
              String(o.ItemID),
              substitutionWords(o.ItemID, o.ItemTitle),
              o.ItemID,
              `${o.Size === '' ? '' : `${o.Size}, `}${rs(o.SellingPrice)}`,
            ),
          )}
        </fieldset>
      )}
    </div>
  );
}
