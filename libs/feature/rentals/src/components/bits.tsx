import { mediaUrl } from '@sojourn/api-client';
import { Badge, Card } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { CarFront, Cog, DoorOpen, Fuel, Snowflake, Users } from 'lucide-react';
import type { Deposit, RentalBooking, RentalBreakdown, RentalCar, RentalHandover, RentalStatus } from '../api';
import { CATEGORY_LABELS, DEPOSIT_LABELS, FUEL_LABELS, STATUS_LABELS, TRANSMISSION_LABELS, fuelText, statusTone, when } from '../format';

export function StatusBadge({ status }: { status: RentalStatus }) {
  return <Badge variant={statusTone(status)}>{STATUS_LABELS[status]}</Badge>;
}

export function DepositBadge({ deposit }: { deposit: Deposit | null }) {
  if (!deposit) return null;
  const tone = deposit.status === 'held' ? 'soft' : deposit.status === 'released' ? 'success' : 'destructive';
  return <Badge variant={tone}>{DEPOSIT_LABELS[deposit.status]}</Badge>;
}

/** The car's first photo, or a neutral tile naming the car when it has none. */
export function CarPhoto({ car, className, index = 0 }: { car: Pick<RentalCar, 'photos' | 'make' | 'model'>; className?: string; index?: number }) {
  const src = mediaUrl(car.photos[index]);
  if (!src) {
    return (
      <div className={cn('flex aspect-[4/3] items-center justify-center rounded-lg bg-muted text-muted-foreground', className)}>
        <CarFront className="size-10" aria-hidden />
        <span className="sr-only">No photo of the {car.make} {car.model} yet</span>
      </div>
    );
  }
  return <img src={src} alt={`${car.make} ${car.model}`} loading="lazy" className={cn('aspect-[4/3] w-full rounded-lg object-cover', className)} />;
}

/** Seats, doors, transmission, fuel and air conditioning as a compact list. */
export function Specs({ car, className }: { car: RentalCar; className?: string }) {
  const items: [React.ComponentType<{ className?: string; 'aria-hidden'?: boolean }>, string][] = [
    [Users, `${car.seats} seats`],
    [DoorOpen, `${car.doors} doors`],
    [Cog, TRANSMISSION_LABELS[car.transmission as keyof typeof TRANSMISSION_LABELS] ?? car.transmission],
    [Fuel, FUEL_LABELS[car.fuel as keyof typeof FUEL_LABELS] ?? car.fuel],
    ...(car.air_conditioning ? ([[Snowflake, 'Air conditioning']] as [typeof Users, string][]) : []),
  ];
  return (
    <ul className={cn('flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground', className)} aria-label="Specifications">
      {items.map(([Icon, text]) => (
        <li key={text} className="inline-flex items-center gap-1">
          <Icon className="size-4" aria-hidden />
          {text}
        </li>
      ))}
    </ul>
  );
}

export function categoryLabel(c: string): string {
  return CATEGORY_LABELS[c as keyof typeof CATEGORY_LABELS] ?? c;
}

/** The price lines, the total, and the deposit shown apart (it is held, not paid). */
export function Breakdown({ b, className, totalLabel = 'Total to pay' }: { b: RentalBreakdown; className?: string; totalLabel?: string }) {
  const m = (v: number) => formatMoney(v, b.currency);
  return (
    <dl className={cn('grid gap-2 text-sm', className)}>
      {b.lines.map((l, i) => (
        <div key={`${l.kind}-${l.label}-${i}`} className="flex justify-between gap-4">
          <dt className="text-muted-foreground">{l.label}</dt>
          <dd className="tabular-nums">{m(l.amount)}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t pt-2 text-base">
        <dt className="font-medium">{totalLabel}</dt>
        <dd className="font-semibold tabular-nums">{m(b.total)}</dd>
      </div>
      {b.deposit > 0 && (
        <div className="flex justify-between gap-4 rounded-md bg-muted px-3 py-2">
          <dt>
            Refundable deposit
            <span className="block text-xs text-muted-foreground">Held apart, back in your Sojourn wallet after the return</span>
          </dt>
          <dd className="font-medium tabular-nums">{m(b.deposit)}</dd>
        </div>
      )}
    </dl>
  );
}

/** What was recorded at the pick-up or the return, and whether the renter confirmed it. */
export function HandoverView({ title, h }: { title: string; h: RentalHandover | null }) {
  if (!h || !h.recorded_at) {
    return (
      <div className="grid gap-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground">Not recorded yet.</p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Fuel</dt>
          <dd className="font-medium">{fuelText(h.fuel_eighths)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Odometer</dt>
          <dd className="font-medium tabular-nums">{h.odometer_km.toLocaleString('en-GB')} km</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Recorded</dt>
          <dd>{when(h.recorded_at)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Renter</dt>
          <dd>{h.confirmed_at ? `Confirmed ${when(h.confirmed_at)}` : 'Not confirmed yet'}</dd>
        </div>
      </dl>
      {h.note && <p className="whitespace-pre-line break-words text-sm">{h.note}</p>}
      {h.photos.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label={`${title} photos`}>
          {h.photos.map((p, i) => (
            <li key={p}>
              <a href={mediaUrl(p) ?? undefined} target="_blank" rel="noreferrer">
                <img src={mediaUrl(p) ?? undefined} alt={`${title}, ${i + 1} of ${h.photos.length}`} loading="lazy" className="aspect-square w-full rounded-md object-cover" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The deposit's state with the kept part's reason, as the renter and the company both read it. */
export function DepositPanel({ b }: { b: RentalBooking }) {
  const d = b.deposit;
  const m = (v: number) => formatMoney(v, b.deposit_amount.currency);
  if (!d) {
    return (
      <p className="text-sm text-muted-foreground">
        {b.deposit_amount.amount > 0 ? `A ${m(b.deposit_amount.amount)} deposit is held when the rental is paid.` : 'This car asks no deposit.'}
      </p>
    );
  }
  return (
    <Card className="grid gap-2 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">Deposit {m(d.amount)}</p>
        <DepositBadge deposit={d} />
      </div>
      {d.status === 'held' && (
        <p className="text-sm text-muted-foreground">
          Held apart from the price until the car is back and the company has checked it
          {d.release_at ? `; released automatically by ${when(d.release_at)} at the latest` : ''}.
        </p>
      )}
      {d.status === 'released' && <p className="text-sm text-muted-foreground">Released in full to the renter&apos;s wallet {d.settled_at ? when(d.settled_at) : ''}.</p>}
      {(d.status === 'partly_captured' || d.status === 'captured') && (
        <div className="grid gap-1 text-sm">
          <p>
            Kept by the company: <span className="font-semibold tabular-nums">{m(d.captured_amount)}</span>
            {d.refunded_amount > 0 && (
              <>
                {' '}
                · released: <span className="font-semibold tabular-nums">{m(d.refunded_amount)}</span>
              </>
            )}
          </p>
          {d.reason && <p className="rounded-md bg-muted px-3 py-2">Reason: “{d.reason}”</p>}
        </div>
      )}
    </Card>
  );
}
