import { Button, Checkbox, EmptyState, ErrorState, Input, Label, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@sojourn/ui';
import { parseMoney, toMajorInput } from '@sojourn/util';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BedDouble } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { stayKeys, stayPublicApi, type StayFilters } from '../api';
import { PropertyCard } from '../components/property-card';
import { StaySearchForm } from '../components/search-form';
import { STAY_PATHS, propertyHref, queryFromParams, stayResultsHref, type StayQuery } from '../paths';

export const AMENITY_FILTERS: [string, string][] = [
  ['pool', 'Swimming pool'],
  ['wifi', 'Free Wi-Fi'],
  ['gym', 'Fitness centre'],
  ['spa', 'Spa'],
  ['restaurant', 'Restaurant'],
  ['parking', 'Parking'],
  ['beach', 'Beach access'],
  ['airport_shuttle', 'Airport shuttle'],
];
const SORTS = { price: 'Lowest price', rating: 'Best reviewed', stars: 'Most stars', distance: 'Closest to the centre' } as const;
type Sort = keyof typeof SORTS;

/** The filters from the address (prices there are in major units, as people type them). */
export function filtersFromParams(p: URLSearchParams): StayFilters {
  const price = (k: string) => {
    const v = p.get(k);
    const m = v ? parseMoney(v) : null;
    return m !== null && m > 0 && m <= 10_000_000_000_000 ? m : undefined;
  };
  const stars = Number(p.get('stars'));
  const sort = p.get('sort');
  const amenities = (p.get('amenities') ?? '')
    .split(',')
    .filter((a) => AMENITY_FILTERS.some(([k]) => k === a))
    .join(',');
  return {
    min_price: price('min_price'),
    max_price: price('max_price'),
    stars: Number.isInteger(stars) && stars >= 1 && stars <= 5 ? stars : undefined,
    amenities: amenities || undefined,
    free_cancellation: p.get('free_cancellation') === 'true' ? true : undefined,
    sort: sort && sort in SORTS ? (sort as Sort) : undefined,
  };
}

function PriceInput({ id, label, value, onCommit }: { id: string; label: string; value: number | undefined; onCommit: (v: string) => void }) {
  const [text, setText] = useState(value ? toMajorInput(value) : '');
  useEffect(() => setText(value ? toMajorInput(value) : ''), [value]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} inputMode="decimal" maxLength={16} placeholder="Any" value={text} onChange={(e) => setText(e.target.value)} onBlur={() => onCommit(text.trim())} onKeyDown={(e) => e.key === 'Enter' && onCommit(text.trim())} />
    </div>
  );
}

/** /booking/hotel: the search form, filters and sort (all in the address), and the matching properties. */
export default function StayResultsPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { query, problem } = useMemo(() => queryFromParams(params), [params]);
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const results = useQuery({
    queryKey: stayKeys.search(query, filters),
    queryFn: () => stayPublicApi.search(query, filters),
    enabled: problem === null,
    placeholderData: keepPreviousData,
  });
  const set = (k: string, v: string | undefined) =>
    setParams(
      (p) => {
        if (v) p.set(k, v);
        else p.delete(k);
        return p;
      },
      { replace: true },
    );
  const onSearch = (q: StayQuery) => {
    const next = new URLSearchParams(stayResultsHref(q).split('?')[1]);
    for (const k of ['min_price', 'max_price', 'stars', 'amenities', 'free_cancellation', 'sort']) {
      const v = params.get(k);
      if (v) next.set(k, v);
    }
    navigate(`?${next.toString()}`);
  };
  const amenities = new Set((filters.amenities ?? '').split(',').filter(Boolean));
  const toggleAmenity = (a: string, on: boolean) => {
    const s = new Set(amenities);
    if (on) s.add(a);
    else s.delete(a);
    set('amenities', [...s].join(',') || undefined);
  };
  const place = query.city ?? 'this area';
  const data = results.data?.data;

  return (
    <div className="grid gap-6">
      <PageHeader
        title={`Hotels in ${place}`}
        description="Rooms and rates from our travel partner, with taxes and Sojourn's service included. You see the cancellation policy of every rate before you pay."
        actions={
          <Button asChild variant="outline" size="sm">
            <Link to={STAY_PATHS.mine}>My stays</Link>
          </Button>
        }
      />
      <StaySearchForm query={query} onSearch={onSearch} />
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters" className="grid content-start gap-5 rounded-xl border p-4">
          <div className="grid gap-1.5">
            <Label htmlFor="stay-sort">Sort by</Label>
            <Select value={filters.sort ?? 'price'} onValueChange={(v) => set('sort', v === 'price' ? undefined : v)}>
              <SelectTrigger id="stay-sort">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(SORTS).map(([k, label]) => (
                  <SelectItem key={k} value={k}>
                    {label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <fieldset className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold">Price for the stay (NGN)</legend>
            <div className="grid grid-cols-2 gap-2">
              <PriceInput id="stay-min" label="From" value={filters.min_price} onCommit={(v) => set('min_price', v || undefined)} />
              <PriceInput id="stay-max" label="To" value={filters.max_price} onCommit={(v) => set('max_price', v || undefined)} />
            </div>
          </fieldset>
          <div className="grid gap-1.5">
            <Label htmlFor="stay-stars">Star rating</Label>
            <Select value={String(filters.stars ?? 0)} onValueChange={(v) => set('stars', v === '0' ? undefined : v)}>
              <SelectTrigger id="stay-stars">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="0">Any</SelectItem>
                <SelectItem value="3">3 stars or more</SelectItem>
                <SelectItem value="4">4 stars or more</SelectItem>
                <SelectItem value="5">5 stars</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id="stay-free" checked={filters.free_cancellation === true} onCheckedChange={(c) => set('free_cancellation', c === true ? 'true' : undefined)} />
            <Label htmlFor="stay-free">Free cancellation</Label>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">Amenities</legend>
            {AMENITY_FILTERS.map(([k, label]) => (
              <div key={k} className="flex items-center gap-2">
                <Checkbox id={`stay-am-${k}`} checked={amenities.has(k)} onCheckedChange={(c) => toggleAmenity(k, c === true)} />
                <Label htmlFor={`stay-am-${k}`}>{label}</Label>
              </div>
            ))}
          </fieldset>
        </aside>
        <section aria-label="Hotels" aria-busy={results.isFetching} className="grid content-start gap-4">
          {problem ? null : results.isPending ? (
            Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-48 w-full rounded-xl" />)
          ) : results.isError ? (
            <ErrorState title="We could not search hotels" error={results.error} onRetry={() => void results.refetch()} />
          ) : !data?.length ? (
            <EmptyState
              icon={<BedDouble className="size-6" />}
              title={results.data?.query.total ? 'No hotel matches these filters' : `No rooms left in ${place} for these dates`}
              description={results.data?.query.total ? 'Loosen a filter to see more.' : 'Try other dates or fewer guests per room.'}
              action={
                results.data?.query.total ? (
                  <Button variant="outline" onClick={() => navigate(`?${new URLSearchParams(stayResultsHref(query).split('?')[1]).toString()}`)}>
                    Clear the filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                {data.length} of {results.data.query.total} hotels · {results.data.query.nights} {results.data.query.nights === 1 ? 'night' : 'nights'}, {query.adults} {query.adults === 1 ? 'guest' : 'guests'}, {query.rooms} {query.rooms === 1 ? 'room' : 'rooms'}
              </p>
              {data.map((p) => (
                <PropertyCard key={p.id} p={p} href={propertyHref(p.id, query)} />
              ))}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
