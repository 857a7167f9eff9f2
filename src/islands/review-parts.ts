import { useEffect, useState } from 'react';
import type { StoreDeliveryDto } from '../lib/api/wire.ts';
import { type CartItemDto, lineTotal } from '../lib/domain/cart.ts';
import { deliveryWords, isPinCode, quoteDelivery, rulesOfDto } from '../lib/domain/delivery-area.ts';
import { paiseToRupees, rupeesToPaise } from '../lib/domain/money.ts';
import { slotsApi } from '../stores/slots.ts';
import type { StorePart } from './StoreParts.tsx';

/**
 * Each store's delivery settings (`GET /api/Store/Delivery/{id}`), read once per set of stores;
 * a store whose settings cannot be read is left out (the shop checks again at order time).
 */
export function useStoreDelivery(stores: readonly { id: number }[]): Readonly<Record<number, StoreDeliveryDto>> {
  const [settings, setSettings] = useState<Record<number, StoreDeliveryDto>>({});
  const key = stores.map((s) => s.id).join(',');
  useEffect(() => {
    let live = true;
    const ids = key === '' ? [] : key.split(',').map(Number);
    void Promise.all(ids.map((id) => slotsApi.delivery(id).catch(() => undefined))).then((read) => {
      if (live) setSettings(Object.fromEntries(read.flatMap((dto) => (dto === undefined ? [] : [[dto.StoreID, dto]]))));
    });
    return () => {
      live = false;
    };
  }, [key]);
  return settings;
}

/**
 * The review's parts, one per store, as the shop will place them (issue 31): each store's
 * lines, its picked slot, its fee for the PIN code typed (`quoteDelivery`, the rule the
 * server applies), and the total of every part.
 */
export function reviewParts(
  lines: readonly CartItemDto[],
  stores: readonly { id: number; name: string }[],
  known: {
    slotWords: Readonly<Record<number, string>>;
    settings: Readonly<Record<number, StoreDeliveryDto>>;
    pin: string;
  },
): { parts: StorePart[]; total: number } {
  let total = 0;
  const parts = stores.map((store): StorePart => {
    const own = lines.filter((l) => l.StoreID === store.id);
    const subtotal = own.reduce((sum, l) => sum + rupeesToPaise(lineTotal(l)), 0);
    const dto = known.settings[store.id];
    const name = dto?.StoreTitle ?? store.name;
    const quote =
      dto === undefined || !isPinCode(known.pin) ? undefined : quoteDelivery(rulesOfDto(dto), known.pin, subtotal);
    const fee = quote?.kind === 'ok' ? quote.fee : 0;
    total += subtotal + fee;
    return {
      StoreID: store.id,
      name,
      lines: own.map((l) => ({ ...l, total: lineTotal(l) })),
      slot: known.slotWords[store.id] ?? null,
      fee: paiseToRupees(fee),
      note: quote === undefined || quote.kind === 'ok' ? undefined : deliveryWords(quote, name, known.pin)[0],
      total: paiseToRupees(subtotal + fee),
    };
  });
  return { parts, total: paiseToRupees(total) };
}
