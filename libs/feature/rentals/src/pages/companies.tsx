import { Avatar, Badge, Button, Card, EmptyState, ErrorState, Input, Label, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { mediaUrl } from '@sojourn/api-client';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { BadgeCheck, Building2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { publicApi, rentalKeys } from '../api';
import { USER_PATHS, companyHref } from '../paths';
import { CompanyRating } from '../components/reviews';

/** `/booking/car-rentals/company`: the listed rental companies, optionally in one city. */
export default function CompaniesPage() {
  const [params, setParams] = useSearchParams();
  const city = (params.get('city') ?? '').trim().slice(0, 100);
  const [text, setText] = useState(city);
  useEffect(() => setText(city), [city]);
  const q = useInfiniteQuery({
    queryKey: rentalKeys.companies(city),
    queryFn: ({ pageParam }) => publicApi.companies(city || undefined, pageParam, 12),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.data) ?? [], [q.data]);
  const commit = (v: string) => setParams(v ? { city: v } : {}, { replace: true });
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Car-rental companies"
        description="Companies with a verified operating licence. Open one to see its branches, opening hours and fleet."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={USER_PATHS.search}>Search by dates</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to={USER_PATHS.fleet}>All cars</Link>
            </Button>
          </div>
        }
      />
      <form
        className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4"
        onSubmit={(e) => {
          e.preventDefault();
          commit(text.trim());
        }}
      >
        <div className="grid flex-1 gap-1.5">
          <Label htmlFor="co-city">City</Label>
          <Input id="co-city" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} placeholder="e.g. Nairobi" />
        </div>
        <Button type="submit">Show companies</Button>
        {city && (
          <Button type="button" variant="ghost" onClick={() => commit('')}>
            Every city
          </Button>
        )}
      </form>
      <section aria-label="Companies" aria-busy={q.isFetching || undefined} className="grid gap-4">
        {q.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-48 w-full rounded-xl" />
            ))}
          </div>
        ) : q.isError && rows.length === 0 ? (
          <ErrorState title="We could not load the companies" error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState icon={<Building2 className="size-6" />} title={city ? `No rental company has cars in ${city} yet` : 'No rental companies are listed yet'} description="Try another city, or come back soon." />
        ) : (
          <>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {rows.map((c) => (
                <li key={c.id}>
                  <Card className="flex h-full flex-col gap-3 p-4">
                    <div className="flex items-start gap-3">
                      <Avatar src={mediaUrl(c.avatar_url)} name={c.name} size="lg" />
                      <div className="grid min-w-0 gap-1">
                        <h2 className="font-semibold leading-tight">
                          <Link to={companyHref(c.id)} className="hover:underline">
                            {c.name}
                          </Link>
                        </h2>
                        {c.verified && (
                          <Badge variant="success" className="w-fit">
                            <BadgeCheck className="size-3.5" aria-hidden /> Verified licence
                          </Badge>
                        )}
                      </div>
                    </div>
                    {c.headline && <p className="text-sm">{c.headline}</p>}
                    <CompanyRating rating={c.rating} />
                    <p className="text-sm text-muted-foreground">
                      {c.cars} car{c.cars === 1 ? '' : 's'} · {c.cities.join(', ') || c.city}
                    </p>
                    <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
                      <p className="text-sm">
                        From <span className="font-semibold">{formatMoney(c.from_day_rate.amount, c.from_day_rate.currency, { compact: true })}</span> a day
                      </p>
                      <Button asChild size="sm" variant="outline">
                        <Link to={companyHref(c.id)} aria-label={`See ${c.name}'s branches and fleet`}>
                          Branches and fleet
                        </Link>
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['company', 'companies']} />
          </>
        )}
      </section>
    </div>
  );
}
