import { mediaUrl } from '@sojourn/api-client';
import { Avatar, Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, BadgeCheck, Clock, MapPin, Phone } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { publicApi, rentalKeys } from '../api';
import { CarCard } from '../components/car-card';
import { CompanyRating, CompanyReviews } from '../components/reviews';
import { hoursText } from '../format';
import { USER_PATHS } from '../paths';

/** `/booking/car-rentals/company/:id`: one company, its branches and its fleet. */
export default function CompanyPage() {
  const id = useParams().id ?? '';
  const company = useQuery({ queryKey: rentalKeys.company(id), queryFn: () => publicApi.company(id), enabled: id !== '' });
  const branches = useQuery({ queryKey: rentalKeys.companyBranches(id), queryFn: () => publicApi.branches(id), enabled: id !== '' });
  const filters = useMemo(() => ({ provider_id: id }), [id]);
  const cars = useInfiniteQuery({
    queryKey: rentalKeys.search(filters),
    queryFn: ({ pageParam }) => publicApi.cars(filters, pageParam, 12),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    enabled: id !== '',
  });
  const rows = cars.data?.pages.flatMap((p) => p.data) ?? [];
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={USER_PATHS.companies}>
        <ArrowLeft aria-hidden /> All companies
      </Link>
    </Button>
  );
  if (company.isPending && id) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6" aria-busy>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!id || company.isError || !company.data) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        {back}
        <ErrorState title="We could not find this rental company" error={company.error} onRetry={() => void company.refetch()} />
      </div>
    );
  }
  const c = company.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar src={mediaUrl(c.avatar_url)} name={c.name} size="lg" />
        <div className="grid gap-2">
          <PageHeader title={c.name} description={c.headline || `Car rental in ${c.cities.join(', ') || c.city}`} />
          <div className="flex flex-wrap items-center gap-3">
            {c.verified && (
              <Badge variant="success" className="w-fit">
                <BadgeCheck className="size-3.5" aria-hidden /> Verified operating licence
              </Badge>
            )}
            <CompanyRating rating={c.rating} />
          </div>
        </div>
      </div>
      <section aria-labelledby="branches-h" className="grid gap-3">
        <h2 id="branches-h" className="text-lg font-semibold">
          Branches
        </h2>
        {branches.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : branches.isError ? (
          <ErrorState title="We could not load the branches" error={branches.error} onRetry={() => void branches.refetch()} />
        ) : branches.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">This company has not listed a branch yet.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {branches.data.map((b) => (
              <li key={b.id}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle as="h3">{b.name}</CardTitle>
                  </CardHeader>
                  <CardContent className="grid gap-1.5 text-sm">
                    <p className="flex gap-2">
                      <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
                      <span>
                        {b.address}, {b.city}
                      </span>
                    </p>
                    <p className="flex gap-2">
                      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
                      <span>{hoursText(b.hours)}</span>
                    </p>
                    {b.phone && (
                      <p className="flex gap-2">
                        <Phone className="mt-0.5 size-4 shrink-0" aria-hidden />
                        <a href={`tel:${b.phone}`} className="underline underline-offset-4">
                          {b.phone}
                        </a>
                      </p>
                    )}
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="fleet-h" className="grid gap-3">
        <h2 id="fleet-h" className="text-lg font-semibold">
          Fleet
        </h2>
        {cars.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : cars.isError && rows.length === 0 ? (
          <ErrorState title="We could not load the fleet" error={cars.error} onRetry={() => void cars.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="No cars on offer right now" description="This company has no published car at the moment." />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {rows.map((car) => (
                <CarCard key={car.id} car={car} showCompany={false} />
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={cars.hasNextPage} loading={cars.isFetchingNextPage} failed={cars.isFetchNextPageError} onLoadMore={() => void cars.fetchNextPage()} noun={['car', 'cars']} />
          </>
        )}
      </section>
      <section aria-labelledby="reviews-h" className="grid gap-3">
        <h2 id="reviews-h" className="text-lg font-semibold">
          Reviews from renters
        </h2>
        <Card>
          <CardContent className="pt-5 sm:pt-6">
            <CompanyReviews providerId={c.id} companyName={c.name} />
          </CardContent>
        </Card>
      </section>
    </div>
  );
}
