import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useId, useRef, useState } from 'react';
import { friendlyMessage } from '../lib/api/account.ts';
import { tidyPostalCode } from '../lib/domain/account-rules.ts';
import { type CartItemDto, grandTotal, lineTotal } from '../lib/domain/cart.ts';
import {
  DELIVERY_NOTE_MAX_LENGTH,
  type DeliveryAddressDto,
  type DeliveryField,
  EMPTY_DELIVERY,
  isCompleteDelivery,
  validateDelivery,
} from '../lib/domain/delivery.ts';
import { paiseToRupees, rupeesToPaise } from '../lib/domain/money.ts';
import { $cartPending, $placedOrder, placeOrder } from '../stores/checkout.ts';
import { $coupon, removeCoupon } from '../stores/coupon.ts';
import { $paymentChoice } from '../stores/payment.ts';
import { $user, accountApi } from '../stores/session.ts';
import { Spinner } from './AuthGate.tsx';
import { CouponField } from './CouponField.tsx';
import { buttonClass, Notice, TextField, useFieldForm } from './FormField.tsx';
import { OrderLinesTable } from './OrderLinesTable.tsx';
import { PaymentChoice } from './PaymentChoice.tsx';
import { reviewParts, useStoreDelivery } from './review-parts.ts';
import { SlotPicker } from './SlotPicker.tsx';
import { StoreParts } from './StoreParts.tsx';

type Saved = { state: 'loading' } | { state: 'ready'; address: DeliveryAddressDto; canSave: boolean };

function trimmed(values: Record<DeliveryField, string>): DeliveryAddressDto {
  const out = { ...EMPTY_DELIVERY };
  for (const k of Object.keys(out) as DeliveryField[]) {
    out[k] = k === 'PostalCode' ? tidyPostalCode(values[k] ?? '') : (values[k] ?? '').trim();
  }
  return out;
}

/**
 * The checkout review that "Order" opens: the lines and totals as they will be
 * ordered, the delivery address and phone (prefilled from My Address, edited
 * here or there, required) and a note for the driver; "Place order" sends them
 * with the order. Kept apart from the cart panel, which only opens and closes it.
 */
export function CheckoutReview({
  lines,
  shown,
  onClose,
}: {
  lines: readonly CartItemDto[];
  /** False while the shopper changes the cart: the review is hidden, keeping what was typed. */
  shown: boolean;
  /** Called with true after the order was placed, with false when the shopper goes back to change the cart. */
  onClose: (placed: boolean) => void;
}) {
  const user = useStore($user);
  const coupon = useStore($coupon);
  const saving = coupon.kind === 'applied' ? coupon.check : undefined;
  const [saved, setSaved] = useState<Saved>({ state: 'loading' });
  // The slot picked at each store and its words, and the PIN code typed: each store's part shows them.
  const [slots, setSlots] = useState<Record<number, number>>({});
  const [slotWords, setSlotWords] = useState<Record<number, string>>({});
  const [pin, setPin] = useState('');
  const stores = storesOf(lines);
  const settings = useStoreDelivery(stores.length > 1 ? stores : []);
  const heading = useRef<HTMLHeadingElement>(null);
  const isEmployee = user?.roles.includes('Employee') ?? false;
  const id = user === null ? Number.NaN : Number(user.id);

  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  useEffect(() => {
    let live = true;
    (async () => {
      let address = { ...EMPTY_DELIVERY };
      try {
        if (isEmployee) {
          const me = await accountApi.employeeDetails(id);
          address = { ...address, FullName: me.FullName, Phone: me.Phone };
        } else {
          const me = await accountApi.userDetails(id);
          address = {
            FullName: me.FullName,
            Phone: me.Phone,
            AddressLine1: me.AddressLine1,
            AddressLine2: me.AddressLine2,
            City: me.City,
            State: me.State,
            PostalCode: me.PostalCode,
            Note: '',
          };
        }
      } catch {
        // Without the saved address the form starts empty; the order still needs one.
      }
      if (live) setSaved({ state: 'ready', address, canSave: !isEmployee });
    })();
    return () => {
      live = false;
    };
  }, [id, isEmployee]);

  return (
    <section
      aria-labelledby="checkout-heading"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="checkout-heading" ref={heading} tabIndex={-1} className="mb-4 text-xl font-bold text-slate-900">
        Review your order
      </h2>
      {stores.length > 1 ? (
        <>
          <StoreParts what="Your order" {...reviewParts(lines, stores, { slotWords, settings, pin })} />
          {saving === undefined || saving.Discount <= 0 ? null : (
            <p className="mt-2 text-right text-sm font-semibold text-brand-800">
              Coupon {saving.Code}: you save Rs {saving.Discount.toFixed(2)}, shared among the stores' orders
            </p>
          )}
        </>
      ) : (
        <OrderLinesTable
          caption="The items you are ordering, with prices in Rs"
          lines={lines.map((line) => ({ ...line, total: lineTotal(line) }))}
          grandTotal={paiseToRupees(
            rupeesToPaise(grandTotal({ CartItems: [...lines] })) - rupeesToPaise(saving?.Discount ?? 0),
          )}
          saving={saving === undefined ? undefined : { code: saving.Code, amount: saving.Discount }}
        />
      )}
      <CouponField lines={lines} />
      {saved.state === 'loading' ? (
        <Spinner label="Loading your address…" />
      ) : (
        <DeliveryForm
          saved={saved.address}
          canSave={saved.canSave}
          onClose={onClose}
          stores={stores}
          slots={slots}
          onPick={(storeId, slotId, words) => {
            setSlots((s) => ({ ...s, [storeId]: slotId }));
            setSlotWords((w) => ({ ...w, [storeId]: words }));
          }}
          onPin={setPin}
        />
      )}
    </section>
  );
}

/** The stores of the lines, each once, in the order they first appear. */
function storesOf(lines: readonly CartItemDto[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const l of lines) {
    // A line read before its store's name is known carries the StoreID as its name.
    if (!byId.has(l.StoreID)) byId.set(l.StoreID, /^\d+$/.test(l.StoreName) ? `store ${l.StoreID}` : l.StoreName);
  }
  return [...byId].map(([id, name]) => ({ id, name }));
}

function DeliveryForm({
  saved,
  canSave,
  onClose,
  stores,
  slots,
  onPick,
  onPin,
}: {
  saved: DeliveryAddressDto;
  canSave: boolean;
  onClose: (placed: boolean) => void;
  stores: readonly { id: number; name: string }[];
  slots: Readonly<Record<number, number>>;
  onPick: (storeId: number, slotId: number, words: string) => void;
  /** Hears the PIN code as typed, for each store's fee. */
  onPin: (pin: string) => void;
}) {
  const [slotted, setSlotted] = useState<number[]>([]);
  const [slotReads, setSlotReads] = useState(0);
  const pending = useStore($cartPending);
  const hadAddress = isCompleteDelivery(saved);
  const form = useFieldForm<DeliveryField>({
    initial: { ...saved },
    validate: (v) => validateDelivery(trimmed(v)) as Partial<Record<DeliveryField, string[]>>,
  });
  const [save, setSave] = useState(canSave && !hadAddress);
  const [failure, setFailure] = useState('');
  const saveId = useId();
  const typedPin = form.values.PostalCode;
  useEffect(() => onPin(tidyPostalCode(typedPin)), [typedPin, onPin]);
  const changed = (Object.keys(EMPTY_DELIVERY) as DeliveryField[]).some(
    (f) => f !== 'Note' && form.values[f].trim() !== saved[f].trim(),
  );

  const formRef = useRef<HTMLFormElement>(null);
  // After a refused Place order the first field to fix gets the focus, scrolled into view (issue 37):
  // once the fields have rendered as invalid.
  const [refusals, setRefusals] = useState(0);
  const showFirstBadField = () => setRefusals((n) => n + 1);
  useEffect(() => {
    if (refusals === 0) return;
    const frame = requestAnimationFrame(() => {
      const bad = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (bad == null) return;
      bad.focus({ preventScroll: true });
      bad.scrollIntoView({ block: 'center', behavior: 'auto' });
    });
    return () => cancelAnimationFrame(frame);
  }, [refusals]);

  async function submit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    form.attempt();
    if (!form.valid) {
      setFailure('Please complete the delivery address: the fields marked below are needed.');
      showFirstBadField();
      return;
    }
    const unpicked = stores.filter((s) => slotted.includes(s.id) && slots[s.id] === undefined);
    if (unpicked.length > 0) {
      setFailure(`Please pick a delivery slot from ${unpicked.map((s) => s.name).join(' and ')}.`);
      return;
    }
    if (pending) return;
    setFailure('');
    try {
      const applied = $coupon.get();
      const method = $paymentChoice.get();
      const placed = await placeOrder({
        address: trimmed(form.values),
        saveAsMyAddress: canSave && save,
        slots,
        couponCode: applied.kind === 'applied' ? applied.check.Code : undefined,
        paymentMethod: method === 'OnDelivery' ? undefined : method,
      });
      // The cart panel's notice says how it went; a refused order leaves the review open to adjust.
      if (placed) {
        removeCoupon();
        // An order waiting for its payment goes to where it is paid.
        const awaiting = $placedOrder.get();
        if (awaiting?.Status === 'AwaitingPayment') {
          window.location.assign(`/app/pay?group=${awaiting.GroupID}`);
          return;
        }
        onClose(true);
      }
      // A slot may have filled meanwhile: read the places left again.
      else setSlotReads((n) => n + 1);
    } catch (err) {
      setFailure(friendlyMessage(err));
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={submit} onKeyDown={form.onKeyDown} aria-label="Delivery details">
      <Notice kind="error">{failure}</Notice>
      <fieldset className="mb-2">
        <legend className="mb-1 text-lg font-bold text-slate-900">Deliver to</legend>
        <p className="mb-4 text-sm text-slate-700">
          {hadAddress ? 'From ' : 'Your account has no complete address yet. You can keep this one as '}
          <a href="/app/profile/my-address" className="font-semibold text-brand-800 underline underline-offset-2">
            My Address
          </a>
          {hadAddress ? '; change it here for this order.' : '.'}
        </p>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            id="delivery-full-name"
            label="Full name"
            autoComplete="name"
            required
            binding={form.field('FullName')}
          />
          <TextField
            id="delivery-phone"
            label="Phone"
            type="tel"
            autoComplete="tel"
            required
            hint="For the driver: 7 to 15 digits."
            binding={form.field('Phone')}
          />
          <TextField
            id="delivery-line1"
            label="Address line 1"
            autoComplete="address-line1"
            required
            binding={form.field('AddressLine1')}
          />
          <TextField
            id="delivery-line2"
            label="Address line 2"
            autoComplete="address-line2"
            binding={form.field('AddressLine2')}
          />
          <TextField
            id="delivery-city"
            label="City"
            autoComplete="address-level2"
            required
            binding={form.field('City')}
          />
          <TextField
            id="delivery-state"
            label="State"
            autoComplete="address-level1"
            required
            binding={form.field('State')}
          />
          <TextField
            id="delivery-postal-code"
            label="PIN code"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            hint="6 digits, such as 560001."
            binding={form.field('PostalCode')}
          />
        </div>
        <TextField
          id="delivery-note"
          label="Delivery note (optional)"
          hint="A landmark, a gate code or a time that suits you."
          maxLength={DELIVERY_NOTE_MAX_LENGTH}
          binding={form.field('Note')}
        />
        {canSave && (!hadAddress || changed) && (
          <p className="mb-4 flex items-center gap-2">
            <input
              id={saveId}
              type="checkbox"
              className="size-5 accent-brand-800"
              checked={save}
              onChange={(e) => setSave(e.target.checked)}
            />
            <label htmlFor={saveId} className="text-slate-800">
              Save this address as My Address
            </label>
          </p>
        )}
      </fieldset>
      <SlotPicker stores={stores} picked={slots} onPick={onPick} onSlotted={setSlotted} reload={slotReads} />
      <PaymentChoice />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={buttonClass} aria-disabled={pending}>
          {pending ? 'Placing your order…' : 'Place order'}
        </button>
        <button
          type="button"
          onClick={() => onClose(false)}
          className="inline-flex items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-50"
        >
          Change cart
        </button>
      </div>
    </form>
  );
}
