import type { OrderItemDto } from '../lib/domain/orders.ts';
import { askedWords, lineChanged, sentWords } from '../lib/domain/packing-words.ts';
import { substitutionWords } from '../lib/domain/substitutions.ts';

/**
 * Under an order line's name (My Orders, the staff order page): once packed, what was asked
 * and what was sent when they differ; before, the shopper's "If out of stock" choice (issue 33).
 */
export function LinePacking({ line }: { line: OrderItemDto }) {
  if (line.Sent !== null && line.Sent !== undefined) {
    if (!lineChanged(line)) return <span className="block text-sm font-normal text-slate-600">Packed as asked</span>;
    return (
      <span className="block text-sm font-normal" data-asked-sent>
        <span className="block text-slate-700">Asked: {askedWords(line)}</span>
        <span className="block font-semibold text-berry-700">Sent: {sentWords(line)}</span>
      </span>
    );
  }
  const choice = line.Substitution ?? 'None';
  return (
    <span className="block text-sm font-normal text-slate-600">
      If out of stock: {typeof choice === 'number' ? 'Replace with a chosen item' : substitutionWords(choice)}
    </span>
  );
}
