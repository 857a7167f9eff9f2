import { confirmPath, resetPath } from '../lib/domain/account-links.ts';
import { deliveryLines } from '../lib/domain/delivery.ts';
import { formatQty, unitPriceText } from '../lib/domain/measure.ts';
import { formatRs, formatRupees, rupeesToPaise } from '../lib/domain/money.ts';
import { groupTotalPaise, type PlacedOrderDto } from '../lib/domain/order-groups.ts';
import { orderStatusWords } from '../lib/domain/order-words.ts';
import type { OrderDto, OrderItemDto, OrderStatusName } from '../lib/domain/orders.ts';
import { askedWords, changedLines, sentWords } from '../lib/domain/packing-words.ts';
import { slotLabel } from '../lib/domain/slots.ts';
import type { MailMessage } from './mail.ts';

/**
 * The texts of every mail the shop sends, each as a plain-text part and an
 * HTML part with the same content. Links are absolute, built from the site's
 * public origin (`SITE_URL`), so they work from any mail client.
 */

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `origin` + `path`, without a doubled slash. */
export function siteLink(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

interface Block {
  /** Paragraph text; `link` is shown after it as a button (HTML) or its own line (text). */
  text?: string;
  link?: { href: string; label: string };
  /** A code shown large. */
  code?: string;
  /** A table of rows (first row bold in HTML). */
  table?: string[][];
  /** Lines kept together (an address). */
  lines?: string[];
}

function render(subject: string, blocks: Block[]): Omit<MailMessage, 'to'> {
  const text: string[] = [];
  const html: string[] = [];
  for (const b of blocks) {
    if (b.text !== undefined) {
      text.push(b.text, '');
      html.push(`<p style="margin:0 0 14px">${escapeHtml(b.text)}</p>`);
    }
    if (b.code !== undefined) {
      text.push(`    ${b.code}`, '');
      html.push(
        `<p style="margin:0 0 14px;font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${escapeHtml(b.code)}</p>`,
      );
    }
    if (b.lines !== undefined) {
      text.push(...b.lines.map((l) => `  ${l}`), '');
      html.push(`<p style="margin:0 0 14px">${b.lines.map(escapeHtml).join('<br>')}</p>`);
    }
    const table = b.table;
    if (table !== undefined) {
      const widths = table[0]?.map((_, i) => Math.max(...table.map((r) => (r[i] ?? '').length))) ?? [];
      for (const row of table) {
        text.push(
          row
            .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
            .join('  ')
            .trimEnd(),
        );
      }
      text.push('');
      const rows = table.map((row, r) => {
        const tag = r === 0 ? 'th' : 'td';
        return `<tr>${row
          .map(
            (cell, i) =>
              `<${tag} style="padding:4px 8px;border-bottom:1px solid #e2e8f0;text-align:${i === 0 ? 'left' : 'right'}">${escapeHtml(cell)}</${tag}>`,
          )
          .join('')}</tr>`;
      });
      html.push(`<table style="border-collapse:collapse;margin:0 0 14px">${rows.join('')}</table>`);
    }
    if (b.link !== undefined) {
      text.push(`${b.link.label}: ${b.link.href}`, '');
      html.push(
        `<p style="margin:0 0 14px"><a href="${escapeHtml(b.link.href)}" style="display:inline-block;padding:10px 16px;border-radius:999px;background:#166534;color:#fff;text-decoration:none;font-weight:600">${escapeHtml(b.link.label)}</a></p>`,
      );
    }
  }
  return {
    subject,
    text: `${text.join('\n').trimEnd()}\n`,
    html: `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:16px">${html.join('')}<p style="margin:24px 0 0;color:#64748b;font-size:12px">Aisle</p></body></html>`,
  };
}

/** A line's price as a mail shows it: per piece, or per kg or litre of a weighed line (`Rs 48.00/kg`). */
function priceWithUnit(l: OrderItemDto): string {
  const soldBy = l.SoldBy ?? 'ByUnit';
  return soldBy === 'ByUnit' ? formatRupees(l.SellingPrice) : unitPriceText(rupeesToPaise(l.SellingPrice), soldBy);
}

function orderTable(order: OrderDto): string[][] {
  // A packed order's lines are what was sent (issue 33), which its total bills.
  const shown = order.OrderItems.map((l) => (l.Sent === null || l.Sent === undefined ? l : { ...l, ...l.Sent }));
  return [
    ['Item', 'Price', 'Qty', 'Total'],
    ...shown
      .filter((l) => l.Qty > 0)
      .map((l) => [
        l.Size === '' ? l.ItemTitle : `${l.ItemTitle} (${l.Size})`,
        priceWithUnit(l),
        formatQty(l.Qty, l.SoldBy ?? 'ByUnit'),
        formatRupees(l.LineTotal),
      ]),
    ...(order.DeliveryFee > 0 ? [['Delivery fee', '', '', formatRupees(order.DeliveryFee)]] : []),
    ...(order.Discount > 0 ? [[`Coupon ${order.CouponCode ?? ''} saving`, '', '', formatRupees(-order.Discount)]] : []),
    ['Order total', '', '', formatRupees(order.OrderTotal)],
  ];
}

/** The delivery slot (or slots, one a store) an order holds, in the shop's time (issue 31). */
function slotLines(order: OrderDto): { text: string }[] {
  const slots = order.Slots ?? [];
  if (slots.length === 0) return [];
  const labels = slots.map((s) => slotLabel(s.Start, s.End));
  return [{ text: `${labels.length === 1 ? 'Delivery slot' : 'Delivery slots'}: ${labels.join('; ')}` }];
}

/**
 * The mail of a placed group (issue 31): one order, as it always read, or every store's
 * part (store, lines, slot, fee, total) and what the group comes to. `stores`: each
 * store's name by StoreID.
 */
export function orderPlacedMail(
  placed: PlacedOrderDto,
  origin: string,
  stores: ReadonlyMap<number, { title: string }>,
): Omit<MailMessage, 'to'> {
  const address = deliveryLines(placed.DeliveryAddress);
  const parts = placed.Orders.length > 1 ? placed.Orders : [];
  const storeOf = (order: OrderDto) => {
    const id = order.OrderItems[0]?.StoreID ?? 0;
    return stores.get(id)?.title ?? `Store ${id}`;
  };
  // Paid online or by the test method: the order waits for its payment, holding its items.
  const awaiting = placed.Status === 'AwaitingPayment';
  return render(`Your Aisle order ${placed.OrderID} is ${awaiting ? 'waiting for its payment' : 'placed'}`, [
    { text: `Hello ${placed.DeliveryAddress.FullName || placed.CustomerName || 'there'},` },
    ...(awaiting
      ? [{ text: 'Your items and delivery slot are held while you pay; once the payment arrives we will pack it.' }]
      : []),
    parts.length === 0
      ? { text: `Thank you for your order. We have received order ${placed.OrderID} and will pack it soon.` }
      : {
          text:
            `Thank you for your order. It comes from ${parts.length} stores, so it is ${parts.length} orders ` +
            `(${parts.map((o) => o.OrderID).join(', ')}), each packed and delivered by its store.`,
        },
    ...(parts.length === 0
      ? [{ table: orderTable(placed) }]
      : parts.flatMap((o) => [
          { text: `${storeOf(o)}: order ${o.OrderID}` },
          ...slotLines(o),
          { table: orderTable(o) },
        ])),
    ...(parts.length === 0
      ? []
      : [
          ...groupSavingLines(parts),
          { text: `All ${parts.length} orders together: ${formatRs(groupTotalPaise(parts))}` },
        ]),
    { text: 'It will be delivered to:' },
    { lines: address },
    ...(parts.length === 0 ? slotLines(placed) : []),
    ...(placed.DeliveryAddress.Note === '' ? [] : [{ text: `Delivery note: ${placed.DeliveryAddress.Note}` }]),
    { link: { href: siteLink(origin, '/app/cart/my-orders'), label: 'See your orders' } },
  ]);
}

/** A coupon on a group of orders: its whole saving, shared among the stores' orders. */
function groupSavingLines(parts: readonly OrderDto[]): { text: string }[] {
  const saved = parts.reduce((sum, o) => sum + Math.round(o.Discount * 100), 0);
  const code = parts.find((o) => o.CouponCode !== null)?.CouponCode;
  return saved > 0 && code != null
    ? [{ text: `Coupon ${code} saving on all ${parts.length} orders: ${formatRupees(-saved / 100)}` }]
    : [];
}

const CANCELLED_TEXT = 'The items are back on our shelves and you will not be charged for them';

const STATUS_TEXT: Record<OrderStatusName, string> = {
  AwaitingPayment: 'is waiting for its payment',
  Placed: 'has been placed',
  Confirmed: 'is confirmed: the store will pack it for its delivery slot',
  Packing: 'is being packed',
  OutForDelivery: 'is out for delivery and will reach you soon',
  Delivered: 'has been delivered. We hope you enjoy it',
  Cancelled: `has been cancelled. ${CANCELLED_TEXT}`,
};

/**
 * The mail of an order's new status, naming it in words (`Out for delivery`) and the
 * delivery slot; `byCustomer`: the customer cancelled it themselves; `again`: a move
 * undone brought the order back to a status it had before.
 */
export function orderStatusMail(
  order: OrderDto,
  origin: string,
  opts: { byCustomer?: boolean; again?: boolean; packed?: boolean; unpaid?: boolean } = {},
): Omit<MailMessage, 'to'> {
  const words = orderStatusWords(order.Status);
  // The move out of packing lists what packing changed, asked against sent (issue 33).
  const changed = opts.packed === true ? changedLines(order) : [];
  const changes =
    changed.length === 0
      ? []
      : [
          {
            text: `We could not pack ${changed.length === 1 ? 'one line' : `${changed.length} lines`} as you asked. What changed:`,
          },
          { table: [['Asked', 'Sent'], ...changed.map((l) => [askedWords(l), sentWords(l)])] },
          { text: `New order total: ${formatRupees(order.OrderTotal)}` },
        ];
  const status =
    order.Status === 'Cancelled' && opts.byCustomer === true
      ? `has been cancelled, as you asked. ${CANCELLED_TEXT}`
      : order.Status === 'Cancelled' && opts.unpaid === true
        ? `has been cancelled because its payment did not arrive in time. ${CANCELLED_TEXT}`
        : STATUS_TEXT[order.Status];
  return render(`Your Aisle order ${order.OrderID} is ${words.toLowerCase()}${opts.again === true ? ' again' : ''}`, [
    { text: `Hello ${order.DeliveryAddress.FullName || order.CustomerName || 'there'},` },
    {
      text: `Your order ${order.OrderID} ${status}.${opts.again === true ? ' An earlier change of its status was taken back.' : ''}`,
    },
    { text: `Status: ${words}` },
    ...changes,
    { table: orderTable(order) },
    ...(order.Status === 'Cancelled'
      ? []
      : [{ text: 'Delivery to:' }, { lines: deliveryLines(order.DeliveryAddress) }, ...slotLines(order)]),
    { link: { href: siteLink(origin, '/app/cart/my-orders'), label: 'See your orders' } },
  ]);
}

/** One weighed line as its mail tells it: what was asked, what was packed, and the line's new total (paise). */
export interface WeighedLine {
  title: string;
  soldBy: OrderItemDto['SoldBy'] & string;
  asked: number;
  packed: number;
  total: number;
}

/**
 * The one mail of a weighing at packing (issue 33): each weighed line's asked and packed
 * weight and new total, and the order's new total.
 */
export function orderWeighedMail(
  order: OrderDto,
  lines: readonly WeighedLine[],
  origin: string,
): Omit<MailMessage, 'to'> {
  return render(`Your Aisle order ${order.OrderID} was weighed: new total ${formatRupees(order.OrderTotal)}`, [
    { text: `Hello ${order.DeliveryAddress.FullName || order.CustomerName || 'there'},` },
    {
      text: `We weighed what you asked for by weight or volume in order ${order.OrderID} as we packed it, and charge what we packed:`,
    },
    {
      table: [
        ['Item', 'Asked', 'Packed', 'Total'],
        ...lines.map((l) => [l.title, formatQty(l.asked, l.soldBy), formatQty(l.packed, l.soldBy), formatRs(l.total)]),
      ],
    },
    { text: `New order total: ${formatRupees(order.OrderTotal)}` },
    { link: { href: siteLink(origin, '/app/cart/my-orders'), label: 'See your orders' } },
  ]);
}

/**
 * The access code of a registration. The link carries the code, so the confirm
 * page confirms by itself; the code is shown too, for a shopper who reads the
 * mail on another device. `keptFirstPassword`: the address was registered again
 * while an earlier registration was waiting, whose password still stands.
 */
export function accessCodeMail(
  userId: number,
  code: string,
  minutes: number,
  origin: string,
  opts: { keptFirstPassword?: boolean } = {},
) {
  return render('Your Aisle access code', [
    { text: 'Hello,' },
    { text: 'Thank you for registering with Aisle. Your access code is:' },
    { code },
    {
      text: `Open the link below within ${minutes} minutes to confirm your e-mail address, or enter the code on the confirmation page. The code works once.`,
    },
    { link: { href: siteLink(origin, confirmPath(userId, code)), label: 'Confirm my e-mail' } },
    ...(opts.keptFirstPassword !== true
      ? []
      : [
          {
            text: 'You registered again while your first registration was still waiting for confirmation, so the password you chose the first time is kept. If you do not remember it, confirm first, then choose "Forgot password?" on the sign-in page.',
          },
        ]),
    { text: 'If you did not register, ignore this message: nobody can use the account without the code.' },
  ]);
}

/** To the owner of an address someone tried to register again: no new account, and the ways back in. */
export function accountExistsMail(email: string, origin: string) {
  return render('Someone tried to register with your e-mail address', [
    { text: 'Hello,' },
    {
      text: 'Someone (perhaps you) tried to register a new Aisle account with this e-mail address. It already has an account, so nothing was changed and no second account was made.',
    },
    { text: 'If it was you, sign in with your password:' },
    { link: { href: siteLink(origin, '/app/login'), label: 'Sign in' } },
    { text: 'If you have forgotten your password, set a new one:' },
    { link: { href: siteLink(origin, resetPath(email)), label: 'Reset my password' } },
    { text: 'If it was not you, ignore this message: nobody can use your account without your password.' },
  ]);
}

export function passwordResetMail(email: string, code: string, minutes: number, origin: string) {
  return render('Reset your Aisle password', [
    { text: 'Hello,' },
    { text: 'Someone (we hope you) asked to reset the password of your Aisle account. Your reset code is:' },
    { code },
    {
      text: `Open the link below within ${minutes} minutes: the code is filled in, and you choose your new password.`,
    },
    { link: { href: siteLink(origin, resetPath(email, code)), label: 'Reset my password' } },
    { text: 'If you did not ask for this, ignore this message: your password stays as it is.' },
  ]);
}

/**
 * To an account's owner when wrong codes reached the limit: someone may be
 * guessing the codes we mail, no code works until `until`, and what to do.
 */
export function codeGuessingMail(email: string, limit: number, until: string, origin: string) {
  return render('Someone is trying codes on your Aisle account', [
    { text: 'Hello,' },
    {
      text: `${limit} wrong access or password-reset codes were entered for the Aisle account of this address within 24 hours. To keep anyone from guessing a code, no code for this account works until ${until}.`,
    },
    {
      text: 'If it was you (a mistyped or an old code), wait until then and use the link in the newest mail we send you. Your password has not changed.',
    },
    {
      text: 'If it was not you, someone may be trying to get into the account. Nobody got in: codes are only mailed to this address. Keep this mailbox safe and never pass on a code we send you. You need do nothing else; if you want a new password all the same, you can set one once the wait is over:',
    },
    { link: { href: siteLink(origin, resetPath(email)), label: 'Reset my password' } },
  ]);
}

export function backInStockMail(title: string, storeTitle: string, itemPath: string, origin: string) {
  return render(`Back in stock: ${title}`, [
    { text: 'Hello,' },
    {
      text: `Good news: ${title}${storeTitle === '' ? '' : ` at ${storeTitle}`} is back in stock. You asked us to tell you.`,
    },
    { link: { href: siteLink(origin, itemPath), label: `See ${title}` } },
    { text: 'Stock can run out again quickly. We will not write about this item again unless you ask.' },
  ]);
}

/** One line of a store's low-stock mail. */
export interface ReorderLine {
  title: string;
  productCode: string | null;
  stock: number;
  reorderLevel: number;
}

/** Staff's daily mail of a store's items at or below their reorder level (`catalogue/reorder-mail.ts`). */
export function reorderMail(storeTitle: string, day: string, lines: readonly ReorderLine[], origin: string) {
  const items = lines.length === 1 ? '1 item' : `${lines.length} items`;
  return render(`Low stock at ${storeTitle}: ${items} to reorder (${day})`, [
    {
      text: `At ${storeTitle}, ${items} ${lines.length === 1 ? 'is' : 'are'} at or below the reorder level set for ${lines.length === 1 ? 'it' : 'them'}:`,
    },
    {
      table: [
        ['Item', 'Code', 'In stock', 'Reorder at'],
        ...lines.map((l) => [l.title, l.productCode ?? '', String(l.stock), String(l.reorderLevel)]),
      ],
    },
    { link: { href: siteLink(origin, '/app/client-store/item?reorder=1'), label: 'See the items to reorder' } },
    { text: 'This mail comes once a day for each store with items to reorder.' },
  ]);
}
