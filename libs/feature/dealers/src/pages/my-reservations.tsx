import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Badge, Button, Card, EmptyState, ErrorState, FormAlert, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CarFront, CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { dealersApi, dealersKeys, type CarReservation } from '../api';
import { day, STATUS_LABEL, when } from '../format';
import { CAR_PATH, CARS_PATH } from '../paths';

/** What happened to the deposit, in the buyer's words. */
function depositLine(r: CarReservation): string {
  const dep = formatMoney(r.deposit.amount, r.deposit.currency);
  switch (r.status) {
    case 'awaiting_payment':
      return `Deposit ${dep} by card: waiting for your payment${r.pay_by ? ` until ${when(r.pay_by)}` : ''}.`;
    case 'held':
      return `Deposit ${dep} held${r.pay_with === 'card' ? ' (paid by card)' : ''}; back to your wallet on ${day(r.release_at)} unless the sale completes.`;
    case 'completed':
      return `Deposit ${dep} went to the dealer towards the price.`;
    case 'released':
      return `Deposit ${dep} back in your wallet${r.settled_at ? ` since ${day(r.settled_at)}` : ''}.`;
    case 'expired':
      return r.deposit.status === 'released'
        ? `Your card payment of ${dep} arrived after the reservation lapsed; it was refunded to your wallet.`
        : 'The reservation lapsed before the card payment arrived; nothing was charged.';
    default:
      return dep;
  }
}

function Row({ r }: { r: CarReservation }) {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => dealersApi.cancelReservation(r.id),
    onSuccess: () => {
      setAsking(false);
      void qc.invalidateQueries({ queryKey: dealersKeys.myReservations });
      void qc.invalidateQueries({ queryKey: dealersKeys.car(r.car.id) });
    },
  });
  const live = r.status === 'held' || r.status === 'awaiting_payment';
  const cover = mediaUrl(r.car.cover_url);
  return (
    <Card className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 p-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-start">
      <div className="aspect-[4/3] overflow-hidden rounded-md bg-muted">
        {cover ? <img src={cover} alt="" className="size-full object-cover" /> : <CarFront className="m-auto mt-4 size-8 text-muted-foreground" aria-hidden />}
      </div>
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">
          <Link to={`${CAR_PATH}/${r.car.id}`} className="hover:underline">
            {r.car.title}
          </Link>
        </p>
        <p className="text-sm text-muted-foreground">
          {r.dealer.name || 'Dealer'} · reserved {day(r.created_at)} · price {formatMoney(r.car.price, r.car.currency)}
        </p>
        <p className="flex flex-wrap items-center gap-1.5">
          <Badge variant={r.status === 'awaiting_payment' ? 'warning' : live ? 'default' : 'secondary'}>{STATUS_LABEL[r.status] ?? r.status}</Badge>
        </p>
        <p className="text-sm">{depositLine(r)}</p>
        {r.note && !live && <p className="text-xs text-muted-foreground">{r.note}</p>}
        {cancel.error && <FormAlert>{errorMessage(cancel.error)}</FormAlert>}
      </div>
      {live && (
        <div className="col-span-2 flex flex-wrap gap-2 sm:col-span-1 sm:flex-col sm:items-end">
          {r.status === 'awaiting_payment' && r.payment && (
            <Button size="sm" onClick={() => window.location.assign(r.payment!.authorization_url)}>
              <CreditCard aria-hidden /> Pay by card
            </Button>
          )}
          {asking ? (
            <>
              <Button size="sm" variant="destructive" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Yes, cancel
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setAsking(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setAsking(true)} aria-label={`Cancel the reservation of the ${r.car.title}`}>
              Cancel reservation
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}

/** The buyer's cars reserved with a deposit, newest first (keyset "Load more"), with cancel and the card payment still to make. */
export default function MyCarReservationsPage() {
  const q = useInfiniteQuery({
    queryKey: dealersKeys.myReservations,
    queryFn: ({ pageParam }) => dealersApi.myReservations(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="My car reservations"
        description="Cars you reserved with a refundable deposit, newest first, and what happened to each deposit."
        actions={
          <Button asChild variant="outline">
            <Link to={CARS_PATH}>Browse cars</Link>
          </Button>
        }
      />
      {q.isPending ? (
        <div className="grid gap-3" aria-busy>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load your reservations" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<CarFront className="size-6" />}
          title="No reservations yet"
          description="Reserve a car for sale with a refundable deposit and it appears here until the sale completes or the deposit comes back."
          action={
            <Button asChild variant="outline">
              <Link to={CARS_PATH}>Find a car</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="grid gap-3">
            {rows.map((r) => (
              <li key={r.id}>
                <Row r={r} />
              </li>
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['reservation', 'reservations']} />
        </>
      )}
    </div>
  );
}
