import { mediaUrl } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, EmptyState, ErrorState, Input, inputClass, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CarFront, TrendingDown } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { dealersApi, dealersKeys, type CarCard, type CarFacets, type CarFilters } from '../api';
import { BODIES, carTitle, daysLabel, FUELS, km, label, TRANSMISSIONS } from '../format';
import { CAR_PATH, MY_RESERVATIONS_PATH } from '../paths';
import { useAuthStore } from '@sojourn/session';

const NUMS = ['year_min', 'year_max', 'price_min', 'price_max', 'mileage_max'] as const;
const TEXTS = ['make', 'model', 'body', 'fuel', 'transmission', 'city', 'sort'] as const;

function filtersOf(p: URLSearchParams): CarFilters {
  const f: Record<string, string | number> = {};
  for (const k of TEXTS) {
    const v = p.get(k);
    if (v) f[k] = v.slice(0, 80);
  }
  for (const k of NUMS) {
    const v = Number(p.get(k));
    if (p.get(k) && Number.isFinite(v) && v >= 0) f[k] = Math.floor(k.startsWith('price') ? v * 100 : v);
  }
  return f as CarFilters;
}

function FacetSelect({ id, name, value, facets, labels, onChange }: { id: string; name: string; value?: string; facets?: { value: string; count: number }[]; labels?: Record<string, string>; onChange: (v: string) => void }) {
  const opts = facets ?? [];
  const known = value && !opts.some((o) => o.value === value) ? [{ value, count: 0 }, ...opts] : opts;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{name}</Label>
      <select id={id} className={cn(inputClass, 'appearance-auto')} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {known.map((o) => (
          <option key={o.value} value={o.value}>
            {labels ? label(labels, o.value) : o.value}
            {o.count ? ` (${o.count})` : ''}
          </option>
        ))}
      </select>
    </div>
  );
}

function CarTile({ c }: { c: CarCard }) {
  const src = mediaUrl(c.cover_url);
  return (
    <Link to={`${CAR_PATH}/${encodeURIComponent(c.id)}`} className="group overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring">
      <div className="relative aspect-[16/10] bg-muted">
        {src ? <img src={src} alt="" className="size-full object-cover" loading="lazy" /> : <CarFront className="m-auto size-12 text-muted-foreground" aria-hidden />}
        {c.status === 'reserved' && <Badge className="absolute left-3 top-3">Reserved</Badge>}
      </div>
      <div className="grid gap-1 p-4">
        <h2 className="font-semibold leading-tight group-hover:underline">{carTitle(c)}</h2>
        <p className="text-lg font-semibold">{formatMoney(c.price, c.currency)}</p>
        <p className="text-sm text-muted-foreground">
          {km(c.mileage_km)} · {label(TRANSMISSIONS, c.transmission)} · {label(FUELS, c.fuel)} · {c.city}
        </p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <span>{daysLabel(c.days_on_market)}</span>
          {c.price_dropped && (
            <span className="inline-flex items-center gap-1 font-medium text-emerald-700 dark:text-emerald-300">
              <TrendingDown className="size-3.5" aria-hidden /> Price dropped
            </span>
          )}
        </p>
      </div>
    </Link>
  );
}

/** The buyers' car search: filters with facet counts, newest or by price or mileage, "Load more" over the cursor. */
export default function CarsPage() {
  const [params, setParams] = useSearchParams();
  const signedIn = useAuthStore((st) => Boolean(st.accessToken));
  const filters = useMemo(() => filtersOf(params), [params]);
  const list = useInfiniteQuery({
    queryKey: dealersKeys.search(filters),
    queryFn: ({ pageParam }) => dealersApi.search(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const facets: CarFacets | undefined = list.data?.pages[0]?.facets ?? undefined;
  const cars = list.data?.pages.flatMap((p) => p.data);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k === 'make') next.delete('model');
    setParams(next, { replace: true });
  };
  const num = (k: string) => params.get(k) ?? '';
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:px-8">
      <PageHeader
        title="Cars for sale"
        description="Cars from verified dealers, with their price history, days on market and how the price compares with similar cars."
        actions={
          signedIn ? (
            <Button asChild variant="outline">
              <Link to={MY_RESERVATIONS_PATH}>My car reservations</Link>
            </Button>
          ) : undefined
        }
      />
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <Card className="h-fit">
          <CardContent className="grid gap-4 pt-5">
            <h2 className="font-semibold">Filters</h2>
            <FacetSelect id="f-make" name="Make" value={filters.make} facets={facets?.make} onChange={(v) => set('make', v)} />
            {filters.make && <FacetSelect id="f-model" name="Model" value={filters.model} facets={facets?.model} onChange={(v) => set('model', v)} />}
            <FacetSelect id="f-body" name="Body" value={filters.body} facets={facets?.body} labels={BODIES} onChange={(v) => set('body', v)} />
            <FacetSelect id="f-fuel" name="Fuel" value={filters.fuel} facets={facets?.fuel} labels={FUELS} onChange={(v) => set('fuel', v)} />
            <FacetSelect id="f-trans" name="Gearbox" value={filters.transmission} facets={facets?.transmission} labels={TRANSMISSIONS} onChange={(v) => set('transmission', v)} />
            <FacetSelect id="f-city" name="City" value={filters.city} facets={facets?.city} onChange={(v) => set('city', v)} />
            <fieldset className="grid grid-cols-2 gap-2">
              <legend className="mb-1.5 text-sm font-medium">Year</legend>
              <Input aria-label="Year from" inputMode="numeric" placeholder="From" value={num('year_min')} onChange={(e) => set('year_min', e.target.value.replace(/\D/g, '').slice(0, 4))} />
              <Input aria-label="Year to" inputMode="numeric" placeholder="To" value={num('year_max')} onChange={(e) => set('year_max', e.target.value.replace(/\D/g, '').slice(0, 4))} />
            </fieldset>
            <fieldset className="grid grid-cols-2 gap-2">
              <legend className="mb-1.5 text-sm font-medium">Price (NGN)</legend>
              <Input aria-label="Lowest price" inputMode="numeric" placeholder="Min" value={num('price_min')} onChange={(e) => set('price_min', e.target.value.replace(/\D/g, '').slice(0, 11))} />
              <Input aria-label="Highest price" inputMode="numeric" placeholder="Max" value={num('price_max')} onChange={(e) => set('price_max', e.target.value.replace(/\D/g, '').slice(0, 11))} />
            </fieldset>
            <div className="grid gap-1.5">
              <Label htmlFor="f-km">Mileage up to (km)</Label>
              <Input id="f-km" inputMode="numeric" value={num('mileage_max')} onChange={(e) => set('mileage_max', e.target.value.replace(/\D/g, '').slice(0, 7))} />
            </div>
            {params.toString() && (
              <Button variant="outline" onClick={() => setParams({}, { replace: true })}>
                Clear filters
              </Button>
            )}
          </CardContent>
        </Card>
        <section aria-label="Results" className="grid content-start gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {cars ? `${cars.length}${list.hasNextPage ? '+' : ''} cars` : 'Searching…'}
            </p>
            <div className="flex items-center gap-2">
              <Label htmlFor="f-sort">Sort</Label>
              <select id="f-sort" className={cn(inputClass, 'w-auto appearance-auto')} value={filters.sort ?? 'newest'} onChange={(e) => set('sort', e.target.value === 'newest' ? '' : e.target.value)}>
                <option value="newest">Newest listed</option>
                <option value="price_asc">Lowest price</option>
                <option value="price_desc">Highest price</option>
                <option value="mileage_asc">Lowest mileage</option>
              </select>
            </div>
          </div>
          {list.isPending ? (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="h-72" />
              ))}
            </div>
          ) : list.error && !cars ? (
            <ErrorState title="The cars could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
          ) : !cars?.length ? (
            <EmptyState title="No cars match these filters" description="Widen the price or year range, or clear a filter." icon={<CarFront className="size-6" />} />
          ) : (
            <>
              <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {cars.map((c) => (
                  <CarTile key={c.id} c={c} />
                ))}
              </div>
              {list.hasNextPage && (
                <Button variant="outline" className="justify-self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  {list.isFetchingNextPage ? 'Loading…' : 'Load more cars'}
                </Button>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
