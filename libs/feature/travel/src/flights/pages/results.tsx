import { Button, Card, EmptyState, ErrorState, Input, Label, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { PlaneTakeoff } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { flightKeys, flightsApi, type FlightOffer } from '../api';
import { Countdown } from '../components/countdown';
import { SliceSummary } from '../components/itinerary';
import { FlightSearchForm } from '../components/search-form';
import { CABINS, DAY_PARTS, dayPart, duration, searchFromParams, searchToParams, type DayPart } from '../format';
import { FLIGHT_PATHS } from '../paths';

type Sort = 'price' | 'duration' | 'departure';
const SORTS: Record<Sort, string> = { price: 'Cheapest', duration: 'Fastest', departure: 'Earliest departure' };

/** The results' sort and filters, kept in the address beside the search. */
export function applyView(offers: FlightOffer[], v: { sort: Sort; maxPrice: number | null; stops: string; airline: string; dep: string }): FlightOffer[] {
  const out = offers.filter((o) => {
    if (v.maxPrice !== null && o.price.amount > v.maxPrice) return false;
    const most = Math.max(...o.slices.map((s) => s.stops));
    if (v.stops === '0' && most > 0) return false;
    if (v.stops === '1' && most > 1) return false;
    if (v.airline && o.owner.code !== v.airline) return false;
    if (v.dep && o.slices[0] && dayPart(o.slices[0].departs_local) !== v.dep) return false;
    return true;
  });
  const key = (o: FlightOffer) => (v.sort === 'price' ? o.price.amount : v.sort === 'duration' ? o.duration_minutes : Date.parse(o.slices[0]?.departs_at ?? ''));
  return [...out].sort((a, b) => key(a) - key(b));
}

function OfferCard({ offer, search }: { offer: FlightOffer; search: string }) {
  const to = `${FLIGHT_PATHS.details}?offer=${encodeURIComponent(offer.id)}&price=${offer.price.amount}&${search}`;
  return (
    <Card className="grid gap-4 p-4 sm:grid-cols-[1fr_auto] sm:items-center">
      <div className="grid gap-3">
        <p className="text-sm font-medium">
          {offer.owner.name} <span className="text-muted-foreground">· {offer.slices[0]?.fare_brand}</span>
        </p>
        {offer.slices.map((s, i) => (
          <SliceSummary key={i} slice={s} />
        ))}
        <p className="text-xs text-muted-foreground">
          {offer.conditions.refundable ? 'Refundable' : 'Non-refundable'} · {offer.baggage.checked ? `${offer.baggage.checked} checked bag` : 'Cabin bag only'} · total {duration(offer.duration_minutes)}
        </p>
      </div>
      <div className="grid justify-items-start gap-2 sm:justify-items-end">
        <p className="text-xl font-semibold">{formatMoney(offer.price.amount, offer.price.currency)}</p>
        <p className="text-xs text-muted-foreground">for all passengers</p>
        <Button asChild>
          <Link to={to} aria-label={`Select ${offer.owner.name} for ${formatMoney(offer.price.amount, offer.price.currency)}`}>
            Select
          </Link>
        </Button>
      </div>
    </Card>
  );
}

/** `/booking/FlightResult`: the offers of the search in the address, with sort, filters and the fares' countdown. */
export default function FlightResultsPage() {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFromParams(params), [params]);
  const [editing, setEditing] = useState(false);
  const q = useQuery({ queryKey: search ? flightKeys.search(search) : ['flights', 'none'], queryFn: () => flightsApi.search(search!), enabled: !!search, staleTime: 5 * 60_000 });
  const view = {
    sort: ((params.get('sort') as Sort) in SORTS ? params.get('sort') : 'price') as Sort,
    maxPrice: params.get('max_price') ? Number(params.get('max_price')) * 100 : null,
    stops: params.get('stops') ?? '',
    airline: params.get('airline') ?? '',
    dep: params.get('dep') ?? '',
  };
  const set = (k: string, v: string) =>
    setParams(
      (p) => {
        if (v) p.set(k, v);
        else p.delete(k);
        return p;
      },
      { replace: true },
    );
  const offers = useMemo(() => q.data?.offers ?? [], [q.data]);
  const airlines = useMemo(() => [...new Map(offers.map((o) => [o.owner.code, o.owner.name])).entries()].sort((a, b) => a[1].localeCompare(b[1])), [offers]);
  const shown = useMemo(() => applyView(offers, view), [offers, view.sort, view.maxPrice, view.stops, view.airline, view.dep]); // eslint-disable-line react-hooks/exhaustive-deps
  const searchQuery = search ? searchToParams(search).toString() : '';
  const first = offers[0]?.slices[0];
  const last = offers[0]?.slices[search?.kind === 'multi' ? offers[0].slices.length - 1 : 0];
  const title = first && last ? `${first.origin.city || first.origin.iata} to ${last.destination.city || last.destination.iata}` : search ? `${search.slices[0]?.from} to ${search.slices[search.kind === 'multi' ? search.slices.length - 1 : 0]?.to}` : 'Flights';
  const pax = search ? search.adults + search.children + search.infants : 0;

  if (!search) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        <PageHeader title="Flights" description="Start with where and when you want to fly." />
        <FlightSearchForm onSearch={(s) => setParams(searchToParams(s))} />
      </div>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={title}
        description={`${search.kind === 'round' ? 'Round trip' : search.kind === 'multi' ? 'Multi-city' : 'One way'} · ${pax} passenger${pax > 1 ? 's' : ''} · ${CABINS[search.cabin]}`}
        actions={
          <Button variant="outline" size="sm" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
            {editing ? 'Close search' : 'Change search'}
          </Button>
        }
      />
      {editing && (
        <FlightSearchForm
          compact
          initial={search}
          onSearch={(s) => {
            setEditing(false);
            setParams(searchToParams(s));
          }}
        />
      )}
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Sort and filter" className="grid content-start gap-4 self-start rounded-xl border bg-card p-4">
          <div className="grid gap-1.5">
            <Label htmlFor="fr-sort">Sort by</Label>
            <Select value={view.sort} onValueChange={(v) => set('sort', v === 'price' ? '' : v)}>
              <SelectTrigger id="fr-sort">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {Object.entries(SORTS).map(([k, v]) => (
                  <SelectItem key={k} value={k}>
                    {v}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="fr-max">Max price (NGN)</Label>
            <Input id="fr-max" inputMode="numeric" defaultValue={params.get('max_price') ?? ''} onBlur={(e) => set('max_price', /^\d{1,10}$/.test(e.target.value) ? e.target.value : '')} placeholder="Any" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="fr-stops">Stops</Label>
            <Select value={view.stops || 'any'} onValueChange={(v) => set('stops', v === 'any' ? '' : v)}>
              <SelectTrigger id="fr-stops">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="any">Any</SelectItem>
                <SelectItem value="0">Non-stop only</SelectItem>
                <SelectItem value="1">1 stop at most</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="fr-airline">Airline</Label>
            <Select value={view.airline || 'any'} onValueChange={(v) => set('airline', v === 'any' ? '' : v)}>
              <SelectTrigger id="fr-airline">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="any">Any airline</SelectItem>
                {airlines.map(([code, name]) => (
                  <SelectItem key={code} value={code}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="fr-dep">Departure time</Label>
            <Select value={view.dep || 'any'} onValueChange={(v) => set('dep', v === 'any' ? '' : v)}>
              <SelectTrigger id="fr-dep">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="any">Any time</SelectItem>
                {(Object.keys(DAY_PARTS) as DayPart[]).map((k) => (
                  <SelectItem key={k} value={k}>
                    {DAY_PARTS[k]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </aside>
        <section aria-label="Flights found" className="grid content-start gap-3">
          {q.isPending ? (
            <>
              <Skeleton className="h-36" />
              <Skeleton className="h-36" />
              <Skeleton className="h-36" />
            </>
          ) : q.isError ? (
            <ErrorState title="We could not search flights" error={q.error} onRetry={() => q.refetch()} />
          ) : (
            <>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-muted-foreground" aria-live="polite">
                  {shown.length} of {offers.length} flights
                </p>
                {offers[0] && <Countdown expiresAt={offers[0].expires_at} />}
              </div>
              {shown.length === 0 ? (
                <EmptyState
                  icon={<PlaneTakeoff className="size-6" />}
                  title={offers.length ? 'No flights match these filters' : 'No flights on these dates'}
                  description={offers.length ? 'Loosen a filter to see more.' : 'Try other dates or a nearby airport.'}
                />
              ) : (
                shown.map((o) => <OfferCard key={o.id} offer={o} search={searchQuery} />)
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
