import { Badge, Button, Card, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery } from '@tanstack/react-query';
import { CarFront, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { companyApi, rentalKeys, type RentalCar } from '../../api';
import { CarPhoto, Specs, categoryLabel } from '../../components/bits';
import { COMPANY_PATHS, companyCarHref } from '../../paths';

const STATUS: Record<RentalCar['status'], { label: string; tone: 'success' | 'secondary' | 'destructive' }> = {
  published: { label: 'Published', tone: 'success' },
  draft: { label: 'Draft', tone: 'secondary' },
  hidden: { label: 'Hidden by Sojourn', tone: 'destructive' },
};

/** `/car-rentals/offerings`: the fleet. */
export default function FleetPage() {
  const q = useInfiniteQuery({
    queryKey: rentalKeys.fleet,
    queryFn: ({ pageParam }) => companyApi.cars(pageParam, 24),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Fleet"
        description="Your cars with their rates, seasons, extras and photos. Renters see published cars of a company with a verified licence."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={COMPANY_PATHS.branches}>Branches</Link>
            </Button>
            <Button asChild>
              <Link to={COMPANY_PATHS.car}>Add a car</Link>
            </Button>
          </div>
        }
      />
      {q.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72 w-full" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="We could not load your fleet" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<CarFront className="size-6" />}
          title="No cars yet"
          description="Add a branch first, then your first car with its day rate and photos."
          action={
            <Button asChild>
              <Link to={COMPANY_PATHS.car}>Add a car</Link>
            </Button>
          }
        />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map((c) => (
              <li key={c.id}>
                <Card className="flex h-full flex-col gap-2 overflow-hidden p-0">
                  <CarPhoto car={c} className="rounded-none" />
                  <div className="flex flex-1 flex-col gap-2 px-4 pb-4">
                    <div className="flex flex-wrap gap-1.5">
                      <Badge variant={STATUS[c.status].tone}>{STATUS[c.status].label}</Badge>
                      <Badge variant="secondary">{categoryLabel(c.category)}</Badge>
                    </div>
                    <h2 className="font-semibold">
                      <Link to={companyCarHref(c.id)} className="hover:underline">
                        {c.make} {c.model} <span className="font-normal text-muted-foreground">{c.year}</span>
                      </Link>
                    </h2>
                    <p className="flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin className="size-4" aria-hidden /> {c.city}
                    </p>
                    <Specs car={c} />
                    {c.status === 'hidden' && c.moderation_note && <p className="rounded-md bg-destructive/10 px-2 py-1 text-sm">Sojourn: “{c.moderation_note}”</p>}
                    <div className="mt-auto flex items-center justify-between gap-2 pt-1">
                      <p className="text-sm">
                        <span className="font-semibold tabular-nums">{formatMoney(c.day_rate.amount, c.day_rate.currency, { compact: true })}</span> a day · {c.photos.length} photo
                        {c.photos.length === 1 ? '' : 's'}
                      </p>
                      <Button asChild size="sm" variant="outline">
                        <Link to={companyCarHref(c.id)} aria-label={`Edit the ${c.make} ${c.model}`}>
                          Edit
                        </Link>
                      </Button>
                    </div>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['car', 'cars']} />
        </>
      )}
    </div>
  );
}
