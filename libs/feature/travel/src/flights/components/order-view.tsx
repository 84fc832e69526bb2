import { newIdempotencyKey } from '@sojourn/api-client';
import { Badge, Button, Card, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, BedDouble, CarFront, CheckCircle2, Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { flightKeys, flightsApi, type FlightOrder } from '../api';
import { localClock, localDay } from '../format';
import { carLink, stayLink } from '../paths';
import { Countdown } from './countdown';
import { SliceDetail, sliceLabel } from './itinerary';

const STATUS: Record<FlightOrder['status'], string> = {
  awaiting_payment: 'Waiting for your card payment',
  placing: 'Confirming with the airline',
  confirmed: 'Confirmed',
  failed: 'Not booked',
  cancelled: 'Cancelled',
};

function addDays(date: string, n: number): string {
  const d = new Date(date + 'T00:00:00Z');
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The stay that fits the flight: in the first destination from the arrival day to the return's departure day. */
export function stayFor(o: FlightOrder): string | null {
  const out = o.slices[0];
  if (!out) return null;
  const checkIn = out.arrives_local.slice(0, 10);
  const back = o.slices[1];
  const checkOut = back ? back.departs_local.slice(0, 10) : addDays(checkIn, 3);
  const adults = o.passengers.filter((p) => p.type !== 'infant_without_seat').length || 1;
  return stayLink({ city: out.destination.city || out.destination.iata, checkIn, checkOut: checkOut > checkIn ? checkOut : addDays(checkIn, 1), adults, trip: o.trip_id || undefined });
}

/** Local "YYYY-MM-DDTHH:MM" moved by minutes and rounded up to the half hour (the clock arithmetic of a wall time). */
export function shiftLocal(local: string, minutes: number): { day: string; time: string } {
  const d = new Date(local.slice(0, 16) + ':00Z');
  d.setUTCMinutes(d.getUTCMinutes() + minutes);
  const m = d.getUTCMinutes();
  if (m % 30) d.setUTCMinutes(m + (30 - (m % 30)));
  const iso = d.toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The car that fits the flight: picked up an hour after landing, returned three hours before the flight back. */
export function carFor(o: FlightOrder): string | null {
  const out = o.slices[0];
  if (!out) return null;
  const from = shiftLocal(out.arrives_local, 60);
  const back = o.slices[1];
  const to = back ? shiftLocal(back.departs_local, -210) : { day: addDays(from.day, 3), time: from.time };
  if (to.day + to.time <= from.day + from.time) return null;
  return carLink({ city: out.destination.city || out.destination.iata, from: from.day, ft: from.time, to: to.day, tt: to.time });
}

/** A flight order: its state (polled while the airline confirms), booking reference, itinerary, schedule changes and cancellation. */
export function OrderView({ id }: { id: string }) {
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: flightKeys.order(id),
    queryFn: () => flightsApi.get(id),
    refetchInterval: (query) => (query.state.data && ['placing', 'awaiting_payment'].includes(query.state.data.status) ? 1500 : false),
  });
  const key = useRef(newIdempotencyKey('flight-cancel'));
  const quote = useMutation({ mutationFn: () => flightsApi.quote(id, newIdempotencyKey('flight-quote')), onSuccess: (o) => qc.setQueryData(flightKeys.order(id), o) });
  const cancel = useMutation({
    mutationFn: () => flightsApi.cancel(id, key.current),
    onSuccess: (o) => {
      qc.setQueryData(flightKeys.order(id), o);
      void qc.invalidateQueries({ queryKey: flightKeys.mine });
    },
    onError: () => (key.current = newIdempotencyKey('flight-cancel')),
  });
  if (q.isPending) return <Skeleton className="h-64" />;
  if (q.isError) return <ErrorState title="We could not load this flight" error={q.error} onRetry={() => q.refetch()} />;
  const o = q.data;
  const stay = o.status === 'confirmed' ? stayFor(o) : null;
  const car = o.status === 'confirmed' ? carFor(o) : null;
  const departed = Date.parse(o.departs_at) <= Date.now();
  return (
    <div className="grid gap-4">
      {o.schedule_change && (
        <div role="alert" className="flex gap-3 rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
          <div className="grid gap-1">
            <p className="font-semibold">The airline changed your schedule</p>
            {o.schedule_change.added.map((s, i) => {
              const was = o.schedule_change?.removed[i];
              return (
                <p key={i}>
                  {s.origin.iata} to {s.destination.iata}: now departs {localClock(s.departs_local)} on {localDay(s.departs_local)}
                  {was ? ` (was ${localClock(was.departs_local)} on ${localDay(was.departs_local)})` : ''}, arrives {localClock(s.arrives_local)}. The times below are updated.
                </p>
              );
            })}
          </div>
        </div>
      )}
      <Card className="grid gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          {o.status === 'confirmed' ? <CheckCircle2 className="size-5 text-success" aria-hidden /> : ['placing', 'awaiting_payment'].includes(o.status) ? <Loader2 className="size-5 animate-spin" aria-hidden /> : <AlertTriangle className="size-5 text-destructive" aria-hidden />}
          <h2 className="text-lg font-semibold" aria-live="polite">
            {STATUS[o.status]}
          </h2>
          <Badge variant="secondary">{o.owner.name}</Badge>
        </div>
        {o.booking_reference && (
          <p className="text-sm">
            Booking reference <span className="ml-1 font-mono text-2xl font-bold tracking-widest" data-testid="booking-reference">{o.booking_reference}</span>
          </p>
        )}
        {o.status === 'placing' && <p className="text-sm text-muted-foreground">Your payment is held safely while the airline issues your booking. This usually takes a few seconds.</p>}
        {o.status === 'failed' && (
          <p className="text-sm">
            {o.failure_reason} {o.refunded.amount > 0 && `${formatMoney(o.refunded.amount, o.refunded.currency)} is back in your Sojourn wallet.`}
          </p>
        )}
        {o.status === 'cancelled' && <p className="text-sm">Refunded to your wallet: {formatMoney(o.refunded.amount, o.refunded.currency)}.</p>}
        <p className="text-sm text-muted-foreground">
          Paid {formatMoney(o.price.amount, o.price.currency)} {o.pay_with === 'card' ? 'by card' : 'from your wallet'}
          {o.bags ? ` · ${o.bags} extra bag${o.bags > 1 ? 's' : ''}` : ''}
        </p>
        {stay && (
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={stay}>
                <BedDouble className="size-4" aria-hidden /> Book a stay in {o.destination.city || o.destination.iata}
              </Link>
            </Button>
            {car && (
              <Button asChild variant="outline">
                <Link to={car}>
                  <CarFront className="size-4" aria-hidden /> Rent a car in {o.destination.city || o.destination.iata}
                </Link>
              </Button>
            )}
          </div>
        )}
      </Card>
      {o.slices.map((s, i) => (
        <SliceDetail key={i} slice={s} label={sliceLabel(i, o.slices.length, o.slices.length === 2 && o.slices[1]?.destination.iata === o.slices[0]?.origin.iata)} />
      ))}
      <Card className="grid gap-2 p-4">
        <h3 className="font-semibold">Passengers</h3>
        <ul className="grid gap-1 text-sm">
          {o.passengers.map((p) => (
            <li key={p.id}>
              {p.title.toUpperCase()} {p.given_name} {p.family_name} · born {p.born_on}
              {p.bags ? ` · ${p.bags} extra bag${p.bags > 1 ? 's' : ''}` : ''}
            </li>
          ))}
        </ul>
      </Card>
      {o.status === 'confirmed' && !departed && (
        <Card className="grid gap-3 p-4">
          <h3 className="font-semibold">Cancel this flight</h3>
          <p className="text-sm text-muted-foreground">
            {o.conditions.refundable ? 'This fare is refundable, minus the airline’s penalty.' : 'This fare is not refundable: cancelling returns nothing.'} Ask for a quote first; nothing is cancelled until you confirm.
          </p>
          {o.cancellation_quote ? (
            <div className="grid gap-2">
              <p className="text-sm">
                Refund if you cancel now: <span className="font-semibold">{formatMoney(o.cancellation_quote.refund.amount, o.cancellation_quote.refund.currency)}</span> to your wallet.
              </p>
              <Countdown expiresAt={o.cancellation_quote.expires_at} what="This quote" plural={false} />
              <div>
                <Button variant="destructive" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
                  {cancel.isPending ? 'Cancelling…' : 'Confirm cancellation'}
                </Button>
              </div>
            </div>
          ) : (
            <div>
              <Button variant="outline" onClick={() => quote.mutate()} disabled={quote.isPending}>
                {quote.isPending ? 'Asking the airline…' : 'Get a cancellation quote'}
              </Button>
            </div>
          )}
          <FormAlert>{(quote.error ?? cancel.error)?.message ?? null}</FormAlert>
        </Card>
      )}
    </div>
  );
}
