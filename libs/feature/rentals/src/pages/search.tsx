import { Button, EmptyState, ErrorState, Input, Label, LoadMore, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@sojourn/ui';
import { cn, parseMoney, toMajorInput } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CarFront, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { publicApi, rentalKeys, type CarCategory, type CarFilters, type Transmission } from '../api';
import { CarCard } from '../components/car-card';
import { CATEGORY_LABELS, TRANSMISSION_LABELS, addDays, isoDate, localToIso } from '../format';
import { USER_PATHS, type TripParams } from '../paths';

export const PAGE_SIZE = 12;
const ANY = 'any';

/** The filters and the trip from the address; anything malformed is left out rather than sent. */
export function filtersFromParams(p: URLSearchParams, withDates: boolean): { filters: CarFilters; trip: TripParams; problem: string | null } {
  const text = (k: string, max: number) => {
    const v = (p.get(k) ?? '').trim();
    return v && v.length <= max ? v : undefined;
  };
  const price = (k: string) => {
    const v = p.get(k);
    const minor = v ? parseMoney(v) : null;
    return minor !== null && minor <= 10_000_000_000 ? minor : undefined;
  };
  const cat = p.get('category');
  const tr = p.get('transmission');
  const seats = Number(p.get('seats'));
  const trip: TripParams = { from: text('from', 10), ft: text('ft', 5) ?? '10:00', to: text('to', 10), tt: text('tt', 5) ?? '10:00' };
  let from: string | undefined;
  let to: string | undefined;
  let problem: string | null = null;
  if (withDates && trip.from && trip.to) {
    const f = localToIso(trip.from, trip.ft ?? '10:00');
    const t = localToIso(trip.to, trip.tt ?? '10:00');
    if (!f || !t) problem = 'Pick valid dates and times.';
    else if (new Date(t) <= new Date(f)) problem = 'The drop-off must be after the pick-up.';
    else if (new Date(t).getTime() - new Date(f).getTime() > 90 * 86_400_000) problem = 'A rental lasts at most 90 days.';
    else if (new Date(f).getTime() < Date.now() - 3_600_000) problem = 'The pick-up is in the past.';
    else {
      from = f;
      to = t;
    }
  }
  return {
    filters: {
      city: text('city', 100),
      category: cat && cat in CATEGORY_LABELS ? (cat as CarCategory) : undefined,
      transmission: tr && tr in TRANSMISSION_LABELS ? (tr as Transmission) : undefined,
      seats: Number.isInteger(seats) && seats >= 1 && seats <= 60 ? seats : undefined,
      min_price: price('min_price'),
      max_price: price('max_price'),
      from,
      to,
    },
    trip: from ? trip : {},
    problem,
  };
}

function CommitInput({ id, label, value, onCommit, placeholder, type = 'text', inputMode, min }: { id: string; label: string; value: string; onCommit: (v: string) => void; placeholder?: string; type?: string; inputMode?: 'numeric' | 'decimal'; min?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={text}
        maxLength={100}
        min={min}
        inputMode={inputMode}
        placeholder={placeholder}
        onChange={(e) => {
          setText(e.target.value);
          if (type === 'date' || type === 'time') onCommit(e.target.value);
        }}
        onBlur={() => text.trim() !== value && onCommit(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text.trim());
        }}
      />
    </div>
  );
}

/** `/booking/car-rentals` (search by place and dates) and `/booking/car-rentals/company/fleet` (every car, no dates). */
export function SearchPage({ mode }: { mode: 'search' | 'fleet' }) {
  const withDates = mode === 'search';
  const [params, setParams] = useSearchParams();
  const { filters, trip, problem } = useMemo(() => filtersFromParams(params, withDates), [params, withDates]);
  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );
  const q = useInfiniteQuery({
    queryKey: rentalKeys.search(filters),
    queryFn: ({ pageParam }) => publicApi.cars(filters, pageParam, PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled: problem === null,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.data) ?? [], [q.data]);
  const filtered = ['city', 'category', 'transmission', 'seats', 'min_price', 'max_price', 'from', 'to'].some((k) => params.get(k));
  const today = isoDate(new Date());
  const clear = () => setParams({}, { replace: true });

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={withDates ? 'Rent a car' : 'Browse the fleet'}
        description={
          withDates
            ? 'Licensed rental companies, priced for your dates with every extra shown before you pay. The deposit is held, not spent, and comes back after the return.'
            : 'Every car our rental companies offer, cheapest first. Pick dates on a car to see its price for your trip.'
        }
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={USER_PATHS.companies}>Rental companies</Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to={USER_PATHS.mine}>My rentals</Link>
            </Button>
          </div>
        }
      />
      <section aria-label="Search" className="grid gap-3 rounded-xl border bg-card p-4">
        <div className={cn('grid gap-3', withDates ? 'sm:grid-cols-2 lg:grid-cols-5' : 'sm:grid-cols-2')}>
          <div className={cn(withDates && 'lg:col-span-1')}>
            <CommitInput id="car-city" label="Where" value={params.get('city') ?? ''} onCommit={(v) => set('city', v || null)} placeholder="City, e.g. Lagos" />
          </div>
          {withDates && (
            <>
              <CommitInput
                id="car-from"
                type="date"
                label="Pick-up date"
                min={today}
                value={params.get('from') ?? ''}
                onCommit={(v) =>
                  // One update for both keys: two functional updates in one event do not compose (the second
                  // starts from the params the page rendered with, and would drop the first).
                  setParams(
                    (p) => {
                      if (v) p.set('from', v);
                      else p.delete('from');
                      if (v && !p.get('to')) p.set('to', isoDate(addDays(new Date(`${v}T00:00`), 3)));
                      return p;
                    },
                    { replace: true },
                  )
                }
              />
              <CommitInput id="car-ft" type="time" label="Pick-up time" value={params.get('ft') ?? '10:00'} onCommit={(v) => set('ft', v || null)} />
              <CommitInput id="car-to" type="date" label="Drop-off date" min={params.get('from') ?? today} value={params.get('to') ?? ''} onCommit={(v) => set('to', v || null)} />
              <CommitInput id="car-tt" type="time" label="Drop-off time" value={params.get('tt') ?? '10:00'} onCommit={(v) => set('tt', v || null)} />
            </>
          )}
        </div>
        {problem && (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5 lg:items-end">
          <div className="grid gap-1.5">
            <Label htmlFor="car-category">Category</Label>
            <Select value={filters.category ?? ANY} onValueChange={(v) => set('category', v === ANY ? null : v)}>
              <SelectTrigger id="car-category">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Any category</SelectItem>
                {Object.entries(CATEGORY_LABELS).map(([v, l]) => (
                  <SelectItem key={v} value={v}>
                    {l}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="car-transmission">Transmission</Label>
            <Select value={filters.transmission ?? ANY} onValueChange={(v) => set('transmission', v === ANY ? null : v)}>
              <SelectTrigger id="car-transmission">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Any</SelectItem>
                {Object.entries(TRANSMISSION_LABELS).map(([v, l]) => (
                  <SelectItem key={v} value={v}>
                    {l}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="car-seats">Seats</Label>
            <Select value={filters.seats ? String(filters.seats) : ANY} onValueChange={(v) => set('seats', v === ANY ? null : v)}>
              <SelectTrigger id="car-seats">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Any</SelectItem>
                {[2, 4, 5, 7, 9].map((n) => (
                  <SelectItem key={n} value={String(n)}>
                    {n} or more
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <CommitInput
            id="car-min"
            label="Day rate from"
            inputMode="decimal"
            value={filters.min_price !== undefined ? toMajorInput(filters.min_price) : ''}
            onCommit={(v) => set('min_price', v && parseMoney(v) !== null ? v.replace(/[^\d.]/g, '') : null)}
            placeholder="0"
          />
          <CommitInput
            id="car-max"
            label="Day rate up to"
            inputMode="decimal"
            value={filters.max_price !== undefined ? toMajorInput(filters.max_price) : ''}
            onCommit={(v) => set('max_price', v && parseMoney(v) !== null ? v.replace(/[^\d.]/g, '') : null)}
            placeholder="Any"
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-muted-foreground">
            {withDates && filters.from ? 'Only cars free for your dates are shown.' : 'Day rates in each company’s currency, before seasonal prices and extras.'}
          </p>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={clear}>
              <X aria-hidden /> Clear
            </Button>
          )}
        </div>
      </section>

      <section aria-label="Cars" aria-busy={q.isFetching || undefined} className="grid gap-4">
        {problem ? null : q.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading cars">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-80 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        ) : q.isError && rows.length === 0 ? (
          <ErrorState title="We could not load the cars" error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<CarFront className="size-6" />}
            title={filtered ? 'No cars match this search' : 'No cars are listed yet'}
            description={filtered ? 'Try other dates, another city or fewer filters.' : 'Rental companies are adding their fleets; please come back soon.'}
            action={
              filtered ? (
                <Button variant="outline" onClick={clear}>
                  Clear the search
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', q.isPlaceholderData && 'opacity-60')}>
              {rows.map((c) => (
                <CarCard key={c.id} car={c} trip={trip} />
              ))}
            </ul>
            <LoadMore
              shown={rows.length}
              hasMore={q.hasNextPage}
              loading={q.isFetchingNextPage}
              failed={q.isFetchNextPageError}
              onLoadMore={() => void q.fetchNextPage()}
              noun={['car', 'cars']}
            />
          </>
        )}
      </section>
    </div>
  );
}

export default function CarSearchPage() {
  return <SearchPage mode="search" />;
}
