import { Button, Card, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { flightKeys, flightsApi } from '../api';
import { BookOffer } from '../components/book-offer';
import { Countdown } from '../components/countdown';
import { SliceDetail, sliceLabel } from '../components/itinerary';
import { OrderView } from '../components/order-view';
import { FLIGHT_PATHS } from '../paths';

function OfferBooking({ id, shown, back }: { id: string; shown: number | undefined; back: string }) {
  const q = useQuery({ queryKey: flightKeys.offer(id), queryFn: () => flightsApi.offer(id, shown), staleTime: 60_000, retry: false });
  if (q.isPending) return <Skeleton className="h-96" />;
  if (q.isError)
    return (
      <div className="grid gap-3">
        <ErrorState title="This fare is not available" error={q.error} />
        <Button asChild variant="outline">
          <Link to={back}>Back to the results</Link>
        </Button>
      </div>
    );
  const o = q.data;
  const round = o.slices.length === 2 && o.slices[1]?.destination.iata === o.slices[0]?.origin.iata;
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_22rem]">
      <div className="grid content-start gap-4">
        {o.price_changed && o.previous_price && (
          <div role="alert" className="flex gap-3 rounded-xl border border-warning/50 bg-warning/10 p-4 text-sm">
            <Info className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
            <p>
              The airline changed this fare: it was {formatMoney(o.previous_price.amount, o.previous_price.currency)}, it is now{' '}
              <span className="font-semibold">{formatMoney(o.price.amount, o.price.currency)}</span>. The new price is the one you pay.
            </p>
          </div>
        )}
        {o.slices.map((s, i) => (
          <SliceDetail key={i} slice={s} label={sliceLabel(i, o.slices.length, round)} />
        ))}
        <BookOffer offer={o} />
      </div>
      <aside className="grid content-start gap-3">
        <Card className="grid gap-2 p-4">
          <h2 className="font-semibold">{o.owner.name}</h2>
          <p className="text-2xl font-semibold">{formatMoney(o.price.amount, o.price.currency)}</p>
          <p className="text-xs text-muted-foreground">for {o.passengers.length} passenger{o.passengers.length > 1 ? 's' : ''}, taxes and fees included</p>
          <Countdown expiresAt={o.expires_at} what="This fare" plural={false} />
        </Card>
        <Card className="grid gap-1 p-4 text-sm">
          <h2 className="font-semibold">Fare conditions</h2>
          <p>
            {o.conditions.refundable ? `Refundable before departure${o.conditions.refund_penalty ? `, penalty ${formatMoney(o.conditions.refund_penalty.amount, o.conditions.refund_penalty.currency)}` : ''}` : 'Not refundable'}
          </p>
          <p>
            {o.conditions.changeable ? `Changes allowed${o.conditions.change_penalty ? `, fee ${formatMoney(o.conditions.change_penalty.amount, o.conditions.change_penalty.currency)}` : ''}` : 'No changes'}
          </p>
          <p>
            Included per passenger: {o.baggage.carry_on} cabin bag{o.baggage.carry_on === 1 ? '' : 's'}
            {o.baggage.checked ? `, ${o.baggage.checked} checked bag${o.baggage.checked > 1 ? 's' : ''}` : ''}
          </p>
          {o.emissions_kg > 0 && <p className="text-muted-foreground">About {o.emissions_kg} kg CO₂ in all</p>}
        </Card>
      </aside>
    </div>
  );
}

/** `/booking/FlightDetails?offer=` (re-price, passengers, bags, pay) and `?order=` (the booking and its confirmation). */
export default function FlightDetailsPage() {
  const [params] = useSearchParams();
  const offer = params.get('offer');
  const orderId = params.get('order');
  const price = Number(params.get('price'));
  const back = new URLSearchParams(params);
  back.delete('offer');
  back.delete('price');
  const backTo = `${FLIGHT_PATHS.results}?${back.toString()}`;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={orderId ? 'Your flight' : 'Review and book'}
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to={orderId ? FLIGHT_PATHS.mine : backTo}>{orderId ? 'My flights' : 'Back to results'}</Link>
          </Button>
        }
      />
      {orderId ? (
        <OrderView id={orderId} />
      ) : offer ? (
        <OfferBooking id={offer} shown={Number.isFinite(price) && price > 0 ? price : undefined} back={backTo} />
      ) : (
        <ErrorState title="No flight chosen" error={new Error('Pick a flight from the search results.')} />
      )}
    </div>
  );
}
