import { Badge, Button, Card, CardContent, EmptyState, ErrorState, Input, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Accessibility, Baby, Clock, Languages, MapPin, Star, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { durationText, toursApi, toursKeys, type TourCard, type TourFilters } from '../api';
import { detailsHref } from '../paths';
import { useTourStore } from '../store';

const PAGE = 12;

function filtersFrom(p: URLSearchParams): TourFilters {
  const num = (k: string) => (p.get(k) ? Number(p.get(k)) : undefined);
  return {
    city: p.get('city') || undefined,
    date: p.get('date') || undefined,
    travellers: num('travellers'),
    max_price: num('max_price'),
    max_duration_min: num('max_duration_min'),
    language: p.get('language') || undefined,
    min_rating: num('min_rating'),
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
  return (
    <div className="grid gap-6">
      <PageHeader title="Tours with local guides" description="Walks, food trails and day trips led by licensed guides. Search a city and a date to see departures with seats left." />
      <Card>
        <CardContent className="p-4">
          <form role="search" aria-label="Search tours" onSubmit={submit} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {field('city', 'City', { placeholder: 'Lagos, Accra, Nairobi…', maxLength: 80 })}
            {field('date', 'Date', { type: 'date' })}
            {field('travellers', 'Travellers', { type: 'number', min: 1, max: 50, inputMode: 'numeric' })}
            {field('language', 'Language', { placeholder: 'English', maxLength: 40 })}
            {field('max_price', 'Highest price (minor units)', { type: 'number', min: 0, inputMode: 'numeric' })}
            {field('max_duration_min', 'Longest duration (minutes)', { type: 'number', min: 1, max: 20160, inputMode: 'numeric' })}
            {field('min_rating', 'Guide rating at least', { type: 'number', min: 0, max: 5, step: 0.5 })}
            <div className="flex items-end">
              <Button type="submit" className="w-full">
                Search tours
              </Button>
            </div>
          </form>
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
