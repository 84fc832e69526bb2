import { mediaUrl } from '@sojourn/api-client';
import { Badge, Stepper } from '@sojourn/ui';
import { cn, countryName } from '@sojourn/util';
import { Package } from 'lucide-react';
import type { AddressSnapshot, GroupStatus, Money, OrderEvent, OrderLine, OrderStatus } from '../api';
import { ACTOR_LABELS, GROUP_STATUS_LABELS, STATUS_LABELS, eventText, groupTone, lineTitle, money, statusTone, when } from '../format';

export function StatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={statusTone(status)}>{STATUS_LABELS[status]}</Badge>;
}

export function GroupStatusBadge({ status }: { status: GroupStatus }) {
  return <Badge variant={groupTone(status)}>{GROUP_STATUS_LABELS[status]}</Badge>;
}

/** A product's photo as a small square, or a neutral tile. */
export function Thumb({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const url = mediaUrl(src);
  if (!url) {
    return (
      <div className={cn('flex size-16 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground', className)}>
        <Package className="size-6" aria-hidden />
      </div>
    );
  }
  return <img src={url} alt={alt} loading="lazy" className={cn('size-16 shrink-0 rounded-md object-cover', className)} />;
}

/** The four checkout steps, with the current one. */
export function CheckoutSteps({ current }: { current: number }) {
  return <Stepper steps={['Cart', 'Review', 'Delivery', 'Payment']} current={current} className="mb-2" />;
}

/** Money rows: label and amount, with a stronger last row. */
export function Sums({ rows, total, className }: { rows: [string, Money][]; total: [string, Money]; className?: string }) {
  return (
    <dl className={cn('grid gap-1.5 text-sm', className)}>
      {rows.map(([label, m]) => (
        <div key={label} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="tabular-nums">{money(m)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t pt-2 text-base">
        <dt className="font-medium">{total[0]}</dt>
        <dd className="font-semibold tabular-nums">{money(total[1])}</dd>
      </div>
    </dl>
  );
}

/** An order's lines with photo, quantity, price, and what was refunded or asked back. */
export function OrderLines({ lines, photos = true }: { lines: OrderLine[]; photos?: boolean }) {
  return (
    <ul className="divide-y">
      {lines.map((l) => (
        <li key={l.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
          {photos && <Thumb src={l.photo_url} alt={lineTitle(l)} className="size-14" />}
          <div className="grid min-w-0 flex-1 gap-0.5 text-sm">
            <p className="font-medium">{l.title}</p>
            <p className="text-muted-foreground">
              {l.variant_title ? `${l.variant_title} · ` : ''}
              {l.quantity} × {money(l.unit_price)}
              {l.sku ? ` · SKU ${l.sku}` : ''}
            </p>
            {(l.refunded_quantity > 0 || l.return_quantity > 0) && (
              <p className="text-xs">
                {l.refunded_quantity > 0 && <span>{l.refunded_quantity} refunded</span>}
                {l.refunded_quantity > 0 && l.return_quantity > 0 && ' · '}
                {l.return_quantity > 0 && <span>{l.return_quantity} to be returned</span>}
              </p>
            )}
          </div>
          <p className="text-sm font-medium tabular-nums">{money(l.total)}</p>
        </li>
      ))}
    </ul>
  );
}

export function AddressLines({ a, className }: { a: Omit<AddressSnapshot, 'phone'> & { phone?: string }; className?: string }) {
  return (
    <address className={cn('grid text-sm not-italic', className)}>
      <span className="font-medium">{a.recipient_name}</span>
      <span>{a.line1}</span>
      {a.line2 && <span>{a.line2}</span>}
      <span>{[a.city, a.state, a.postal_code].filter(Boolean).join(', ')}</span>
      <span>{countryName(a.country)}</span>
      {a.phone && <span className="text-muted-foreground">{a.phone}</span>}
    </address>
  );
}

/** An order's history, oldest first. */
export function Timeline({ events, showActor = false }: { events: OrderEvent[]; showActor?: boolean }) {
  if (events.length === 0) return <p className="text-sm text-muted-foreground">Nothing has happened to this order yet.</p>;
  return (
    <ol className="relative grid gap-4 border-l pl-5">
      {events.map((e, i) => (
        <li key={i} className="relative">
          <span aria-hidden className="absolute -left-[1.65rem] top-1 size-2.5 rounded-full border-2 border-background bg-primary" />
          <p className="text-sm font-medium">{eventText(e)}</p>
          <p className="text-xs text-muted-foreground">
            {when(e.at)}
            {showActor ? ` · ${ACTOR_LABELS[e.actor_role]}` : ''}
          </p>
          {e.note && <p className="mt-0.5 break-words text-sm">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}
