import { Badge, Button, Card, CardContent, EmptyState, ErrorState, Input, inputClass, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Accessibility, Baby, Clock, Languages, MapPin, Star, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { durationText, toursApi, toursKeys, type TourCard, type TourFilters } from '../api';
import { detailsHref } from '../paths';
import { useTourStore } from '../store';

const PAGE = 12;

const DURATIONS = [
  ['', 'Any length'],
  ['120', 'Up to 2 hours'],
  ['240', 'Up to 4 hours'],
  ['720', 'Up to a day'],
  ['4320', 'Up to 3 days'],
] as const;
const RATINGS = [
  ['', 'Any rating'],
  ['3', '3 stars and up'],
  ['4', '4 stars and up'],
  ['4.5', '4.5 stars and up'],
] as const;

function filtersFrom(p: URLSearchParams): TourFilters {
  const num = (k: string) => (p.get(k) ? Number(p.get(k)) : undefined);
  return {
    city: p.get('city') || undefined,
    date: p.get('date') || undefined,
    travellers: num('travellers'),
    max_price: num('max_price') !== undefined ? Math.round(num('max_price')! * 100) : undefined,
    max_duration_min: num('max_duration_min'),
    language: p.get('language') || undefined,
    min_rating: num('min_rating'),
    kid_friendly: p.get('kid_friendly') === 'true' || undefined,
    accessible: p.get('accessible') === 'true' || undefined,
  };
}

function TourResult({ t }: { t: TourCard }) {
  return (
    <Card className="overflow-hidden">
      <Link to={detailsHref(t.id)} className="grid gap-0 focus-visible:outline-2 sm:grid-cols-[200px_1fr]">
        {t.cover_url ? (
          <img src={t.cover_url} alt="" className="h-40 w-full object-cover sm:h-full" loading="lazy" />
        ) : (
          <div className="flex h-40 items-center justify-center bg-muted text-muted-foreground sm:h-full">
            <MapPin aria-hidden />
          </div>
        )}
        <CardContent className="grid gap-2 p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 className="text-lg font-semibold leading-tight">{t.title}</h2>
            <p className="text-right">
              <span className="font-semibold tabular-nums">{formatMoney(t.price.amount, t.price.currency)}</span>
              <span className="block text-xs text-muted-foreground">{t.pricing === 'per_person' ? 'per person' : 'per group'}</span>
            </p>
          </div>
          <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-4" aria-hidden /> {t.city}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="size-4" aria-hidden /> {durationText(t.duration_min)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Languages className="size-4" aria-hidden /> {t.languages.join(', ')}
            </span>
            <span className="inline-flex items-center gap-1">
              <Users className="size-4" aria-hidden /> {t.private ? `Private, up to ${t.capacity}` : `Shared, ${t.capacity} seats`}
            </span>
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>with {t.guide.display_name}</span>
            {t.guide.rating.count > 0 && (
              <span className="inline-flex items-center gap-1">
                <Star className="size-4 fill-current text-warning" aria-hidden /> {t.guide.rating.average.toFixed(1)} ({t.guide.rating.count})
              </span>
            )}
            {t.kid_friendly && (
              <Badge variant="secondary">
                <Baby className="mr-1 size-3" aria-hidden /> Kid-friendly
              </Badge>
            )}
            {t.accessible && (
              <Badge variant="secondary">
                <Accessibility className="mr-1 size-3" aria-hidden /> Step-free
              </Badge>
            )}
          </p>
          {t.departures.length > 0 && (
            <p className="text-sm">
              Departures that day: {t.departures.map((d) => `${d.start_time} (${d.seats_left} left)`).join(', ')}
            </p>
          )}
        </CardContent>
      </Link>
    </Card>
  );
}

export default function TourSearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const remember = useTourStore((s) => s.remember);
  const [draft, setDraft] = useState(() => Object.fromEntries(params.entries()) as Record<string, string>);
  const q = useInfiniteQuery({
    queryKey: toursKeys.search(filters),
    queryFn: ({ pageParam }) => toursApi.search(filters, pageParam, PAGE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const tours = q.data?.pages.flatMap((p) => p.data) ?? [];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const [k, v] of Object.entries(draft)) if (v) next.set(k, v);
    remember(draft.city ?? '', Number(draft.travellers || 1));
    setParams(next);
  };
  const field = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`tour-${name}`}>{label}</Label>
      <Input id={`tour-${name}`} name={name} value={draft[name] ?? ''} onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))} {...props} />
    </div>
  );
  const choice = (name: string, label: string, options: readonly (readonly [string, string])[]) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`tour-${name}`}>{label}</Label>
      <select
        id={`tour-${name}`}
        name={name}
        className={inputClass}
        value={draft[name] ?? ''}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const toggle = (name: string, label: string) => (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        className="size-4 accent-[var(--primary)]"
        checked={draft[name] === 'true'}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.checked ? 'true' : '' }))}
      />
      {label}
    </label>
  );
  // Prices are compared in each tour's own currency: name it when the results share one (a city's tours do).
  const currencies = new Set(tours.map((t) => t.price.currency));
  const currency = currencies.size === 1 ? [...currencies][0] : undefined;
  return (
    <div className="grid gap-6">
      <PageHeader title="Tours with local guides" description="Walks, food trails and day trips led by licensed guides. Search a city and a date to see departures with seats left." />
      <Card>
        <CardContent className="p-4 pt-4 sm:p-6 sm:pt-6">
          <form role="search" aria-label="Search tours" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {field('city', 'City', { placeholder: 'Lagos, Accra, Nairobi…', maxLength: 80 })}
            {field('date', 'Date', { type: 'date' })}
            {field('travellers', 'Travellers', { type: 'number', min: 1, max: 50, inputMode: 'numeric' })}
            {field('language', 'Language', { placeholder: 'English', maxLength: 40 })}
            {field('max_price', currency ? `Highest price (${currency})` : 'Highest price', {
              type: 'number',
              min: 0,
              step: 'any',
              inputMode: 'decimal',
              'aria-describedby': 'tour-max-price-hint',
            })}
            {choice('max_duration_min', 'Duration', DURATIONS)}
            {choice('min_rating', 'Guide rating', RATINGS)}
            <fieldset className="grid gap-2 sm:col-span-2 lg:col-span-3">
              <legend className="text-sm font-medium">Suits</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
                {toggle('kid_friendly', 'Children')}
                {toggle('accessible', 'Step-free access')}
              </div>
            </fieldset>
            <div className="flex items-end">
              <Button type="submit" className="w-full">
                Search tours
              </Button>
            </div>
          </form>
          <p id="tour-max-price-hint" className="mt-2 text-xs text-muted-foreground">
            {currency ? `Prices are per person or per group, in ${currency}.` : 'Search a city to compare prices in its currency; each tour is priced in its own.'}
          </p>
        </CardContent>
      </Card>
      <section aria-label="Results" aria-busy={q.isFetching} className="grid gap-4">
        {q.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} className="h-40 w-full" />)
        ) : q.isError ? (
          <ErrorState error={q.error} onRetry={() => void q.refetch()} />
        ) : tours.length === 0 ? (
          <EmptyState title="No tours match" description="Try another date, fewer travellers or a wider price." />
        ) : (
          tours.map((t) => <TourResult key={t.id} t={t} />)
        )}
        {q.hasNextPage && (
          <Button variant="outline" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? 'Loading…' : 'More tours'}
          </Button>
        )}
      </section>
    </div>
  );
}
