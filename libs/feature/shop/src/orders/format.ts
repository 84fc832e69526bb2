import { formatMoney } from '@sojourn/util';
import type { ServerCartItem } from './cart';
import type { DeliveryEstimate, GroupStatus, Money, Order, OrderEvent, OrderLine, OrderStatus, PaymentStatus } from './api';

export const money = (m: Money) => formatMoney(m.amount, m.currency);

export const STATUS_LABELS: Record<OrderStatus, string> = {
  placed: 'Awaiting payment',
  paid: 'Paid',
  processing: 'Being prepared',
  shipped: 'Shipped',
  delivered: 'Delivered',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  return_requested: 'Return requested',
  returned: 'Returned',
  refunded: 'Refunded',
};

export const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  expired: 'Expired',
};

export const GROUP_STATUS_LABELS: Record<GroupStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  expired: 'Expired',
};

export type Tone = 'default' | 'success' | 'outline' | 'secondary' | 'destructive' | 'soft';

// No `warning` tone: its amber text is below AA contrast on some portals' themes.
export function statusTone(s: OrderStatus): Tone {
  switch (s) {
    case 'paid':
    case 'processing':
      return 'soft';
    case 'shipped':
      return 'default';
    case 'delivered':
    case 'completed':
      return 'success';
    case 'placed':
      return 'outline';
    case 'cancelled':
    case 'expired':
      return 'destructive';
    default:
      return 'secondary';
  }
}

export function groupTone(s: GroupStatus): Tone {
  // `soft`, not `success`: the green on a hovered table row is below AA contrast in the admin theme.
  return s === 'paid' ? 'soft' : s === 'expired' ? 'destructive' : 'outline';
}

/** What the shopper is told happens next, per status. */
export const NEXT_STEP: Record<OrderStatus, string> = {
  placed: 'Waiting for your card payment; the items are held for 30 minutes.',
  paid: 'The seller has your order and will prepare it.',
  processing: 'The seller is preparing your parcel.',
  shipped: 'On its way: follow it with the carrier, and confirm here when it arrives.',
  delivered: 'Delivered. You can ask to return items within the return window.',
  completed: 'Complete: the seller has been paid.',
  cancelled: 'Cancelled; anything you paid went back to your wallet.',
  expired: 'Not paid in time, so the order lapsed and nothing was charged.',
  return_requested: 'The seller is waiting for your return parcel.',
  returned: 'The seller received your return; the refund follows.',
  refunded: 'Refunded to your Sojourn wallet.',
};

export const EVENT_TYPE_LABELS: Record<OrderEvent['type'], string> = {
  status: 'Status',
  payment: 'Payment',
  shipment: 'Shipment',
  refund: 'Refund',
  return: 'Return',
  release: 'Payout',
};

export const ACTOR_LABELS: Record<OrderEvent['actor_role'], string> = {
  user: 'Shopper',
  vendor: 'Seller',
  admin: 'Sojourn',
  system: 'Sojourn',
};

/** One line of an order's timeline in words: "Shipped" or "Payment: paid". */
export function eventText(e: OrderEvent): string {
  const to = STATUS_LABELS[e.to as OrderStatus] ?? PAYMENT_LABELS[e.to as PaymentStatus] ?? e.to.replace(/_/g, ' ');
  return e.type === 'status' ? to : `${EVENT_TYPE_LABELS[e.type]}${to ? `: ${to.charAt(0).toLowerCase()}${to.slice(1)}` : ''}`;
}

const dayTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const dayOnly = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' });
const dateOnly = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
/** A moment in the viewer's time zone: "12 Dec 2025, 10:00". */
export const when = (v: string | null | undefined) => (v ? dayTime.format(new Date(v)) : '');
export const day = (v: string | null | undefined) => (v ? dateOnly.format(new Date(v)) : '');
/** A calendar date (YYYY-MM-DD) read as that date, whatever the viewer's zone. */
const calendarDay = (d: string) => dayOnly.format(new Date(`${d}T12:00:00`));

/** "Arrives Tue 3 Mar – Fri 6 Mar" (or one day). */
export function estimateText(e: DeliveryEstimate | null | undefined): string {
  if (!e) return 'Delivery date to be confirmed';
  return e.earliest === e.latest ? `Arrives ${calendarDay(e.earliest)}` : `Arrives ${calendarDay(e.earliest)} – ${calendarDay(e.latest)}`;
}

export function daysText(min: number, max: number): string {
  if (max <= 0) return 'Same day';
  if (min === max) return `${min} ${min === 1 ? 'day' : 'days'}`;
  return `${min}–${max} days`;
}

/** "1 item", "3 items". */
export const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export const lineTitle = (l: { title: string; variant_title: string }) => (l.variant_title ? `${l.title} (${l.variant_title})` : l.title);

// ---------------------------------------------------------------------------------------------------------------
// The cart.

export const PROBLEM_TEXT: Record<NonNullable<ServerCartItem['problem']>, string> = {
  out_of_stock: 'Sold out: remove it to check out.',
  not_enough_stock: 'Not that many left: lower the quantity.',
  unavailable: 'No longer for sale: remove it to check out.',
};

export interface SellerGroup<T> {
  store: { id: string; name: string };
  items: T[];
}

/** Cart lines grouped by seller, sellers in the order their first line appears. */
export function groupBySeller<T extends { store: { id: string; name: string } }>(items: T[]): SellerGroup<T>[] {
  const groups = new Map<string, SellerGroup<T>>();
  for (const it of items) {
    const g = groups.get(it.store.id);
    if (g) g.items.push(it);
    else groups.set(it.store.id, { store: it.store, items: [it] });
  }
  return [...groups.values()];
}

/** How many of a line the stepper allows: at least 1, at most 99 and what is available (never below 1). */
export function maxQuantity(item: Pick<ServerCartItem, 'available'>): number {
  return Math.max(1, Math.min(99, item.available));
}

// ---------------------------------------------------------------------------------------------------------------
// What can be done with an order, by whom.

const NOT_SHIPPED: OrderStatus[] = ['placed', 'paid', 'processing'];

/** The shopper (or the seller) may cancel until the parcel ships. */
export const canCancel = (o: Pick<Order, 'status'>) => NOT_SHIPPED.includes(o.status);
export const canConfirmDelivery = (o: Pick<Order, 'status'>) => o.status === 'shipped';
export const canProcess = (o: Pick<Order, 'status'>) => o.status === 'paid';
export const canShip = (o: Pick<Order, 'status'>) => o.status === 'paid' || o.status === 'processing';
export const canMarkDelivered = (o: Pick<Order, 'status'>) => o.status === 'shipped';

/** Units of a line the shopper may still ask to return. */
export const returnableQuantity = (l: OrderLine) => Math.max(0, l.quantity - l.refunded_quantity - l.return_quantity);
/** Units of a line the seller may still refund. */
export const refundableQuantity = (l: OrderLine) => Math.max(0, l.quantity - l.refunded_quantity);

/** Returns are asked for after delivery, within the store's return window. */
export function canRequestReturn(o: Pick<Order, 'status' | 'return_window_ends_at' | 'lines'>, now = new Date()): boolean {
  if (o.status !== 'delivered' && o.status !== 'return_requested') return false;
  if (!o.return_window_ends_at || new Date(o.return_window_ends_at) <= now) return false;
  return o.lines.some((l) => returnableQuantity(l) > 0);
}

/** Refunds come out of the escrow: paid and not yet released to the seller (completed), something left to refund. */
export function canRefund(o: Pick<Order, 'status' | 'lines'>): boolean {
  if (['placed', 'cancelled', 'expired', 'completed', 'refunded'].includes(o.status)) return false;
  return o.lines.some((l) => refundableQuantity(l) > 0);
}

/** The order's progress for a stepper: placed → paid → shipped → delivered (null when it left that path). */
export const PROGRESS_STEPS = ['Placed', 'Paid', 'Shipped', 'Delivered'] as const;
export function progressIndex(s: OrderStatus): number | null {
  switch (s) {
    case 'placed':
      return 0;
    case 'paid':
    case 'processing':
      return 1;
    case 'shipped':
      return 2;
    case 'delivered':
    case 'completed':
    case 'return_requested':
    case 'returned':
      return 3;
    default:
      return null;
  }
}
