import { Button, Card, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Plane } from 'lucide-react';
import { Link } from 'react-router';
import { flightKeys, flightsApi } from '../api';
import { localClock, localDay } from '../format';
import { FLIGHT_PATHS } from '../paths';

const LABEL: Record<string, string> = { awaiting_payment: 'Awaiting payment', placing: 'Confirming', confirmed: 'Confirmed', failed: 'Not booked', cancelled: 'Cancelled' };

/** The traveller's flight orders, newest first. */
export default function MyFlightsPage() {
  const q = useInfiniteQuery({
    queryKey: flightKeys.mine,
    queryFn: ({ pageParam }) => flightsApi.list(pageParam, 10),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="My flights"
        actions={
          <Button asChild size="sm">
            <Link to={FLIGHT_PATHS.search}>Book a flight</Link>
          </Button>
        }
      />
      {q.isPending ? (
        <Skeleton className="h-40" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<Plane className="size-6" />} title="No flights yet" description="Flights you book appear here with their booking reference." />
      ) : (
        <ul className="grid gap-3">
          {rows.map((o) => (
            <li key={o.id}>
              <Card className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="grid gap-0.5">
                  <Link to={`${FLIGHT_PATHS.details}?order=${o.id}`} className="font-semibold hover:underline">
                    {o.origin.city || o.origin.iata} to {o.destination.city || o.destination.iata}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    {o.slices[0] ? `${localDay(o.slices[0].departs_local)} ${localClock(o.slices[0].departs_local)}` : ''} · {o.owner.name}
                    {o.booking_reference ? ` · ${o.booking_reference}` : ''}
                  </p>
                </div>
                <div className="text-right text-sm">
                  <p className="font-medium">{LABEL[o.status]}</p>
                  <p className="text-muted-foreground">{formatMoney(o.price.amount, o.price.currency)}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <LoadMore shown={rows.length} hasMore={!!q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['flight', 'flights']} />
    </div>
  );
}
