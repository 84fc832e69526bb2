import { Avatar, Badge, Button, Card, Checkbox, EmptyState, ErrorState, Input, Label, LoadMore, PageHeader, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@sojourn/ui';
import { cn, formatMoney, parseMoney, toMajorInput } from '@sojourn/util';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { CalendarClock, Languages, MapPin, Search, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useListFilters } from '@sojourn/routing';
import { directoryApi, wellnessKeys, type DirectoryFilters, type ProviderCard, type SessionFormat } from '../api';
import { Rating, VerifiedBadge } from '../components/bits';
import { FORMAT_LABELS } from '../policy';
import { detailsHref, type KindPaths } from '../paths';
import { selectSelected, useWellnessStore } from '../store';
import { dayIn, timeIn, viewerTimeZone, zoneLabel } from '../time';

/** Cards read per request; "Load more" appends the next ones. */
export const PAGE_SIZE = 12;
const ANY = 'any';
const RATINGS = ['3', '4', '4.5'];

/**
 * The filters live in the address (prices in major units there, as typed), so a search can be reloaded and shared.
 * Anything malformed is ignored rather than sent.
 */
export function filtersFromParams(p: URLSearchParams): DirectoryFilters {
  const text = (k: string, max: number) => {
    const v = (p.get(k) ?? '').trim();
    return v && v.length <= max ? v : undefined;
  };
  const format = p.get('format');
  const price = (k: string) => {
    const v = p.get(k);
    const minor = v ? parseMoney(v) : null;
    return minor !== null && minor <= 1_000_000_000_000 ? minor : undefined;
  };
  const rating = p.get('min_rating');
  return {
    q: text('q', 100),
    specialty: text('specialty', 60),
    language: text('language', 40),
    format: format && format in FORMAT_LABELS ? (format as SessionFormat) : undefined,
    min_price: price('min_price'),
    max_price: price('max_price'),
    available: p.get('available') === 'week' ? 'week' : undefined,
    min_rating: rating && RATINGS.includes(rating) ? Number(rating) : undefined,
  };
}

function priceText(c: ProviderCard): string {
  const r = c.price_range;
  if (!r) return 'No sessions on offer yet';
  if (r.min === r.max) return `${formatMoney(r.min, r.currency, { compact: true })} a session`;
  return `${formatMoney(r.min, r.currency, { compact: true })} to ${formatMoney(r.max, r.currency, { compact: true })} a session`;
}

function ProviderResult({ card, paths, highlighted, tz }: { card: ProviderCard; paths: KindPaths; highlighted: boolean; tz: string }) {
  const select = useWellnessStore((s) => s.select);
  const href = detailsHref(paths.kind, card.id);
  return (
    <li>
      <Card className={cn('flex h-full flex-col gap-3 p-4 sm:p-5', highlighted && 'border-primary ring-2 ring-primary/30')}>
        <div className="flex items-start gap-3">
          <Avatar src={card.avatar_url} name={card.display_name} size="lg" />
          <div className="grid min-w-0 gap-1">
            <h2 className="text-base font-semibold leading-tight">
              <Link
                to={href}
                className="hover:underline"
                onClick={() => select(paths.kind, { id: card.id, name: card.display_name, avatarUrl: card.avatar_url, headline: card.headline })}
              >
                {card.display_name}
              </Link>
            </h2>
            <div className="flex flex-wrap items-center gap-1.5">
              <VerifiedBadge verified={card.verified} noun={paths.kind === 'therapist' ? 'licence' : 'credentials'} />
              {highlighted && <Badge variant="soft">Last viewed</Badge>}
            </div>
            <Rating average={card.rating.average} count={card.rating.count} />
          </div>
        </div>
        <p className="text-sm">{card.headline}</p>
        {card.specialties.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
            {card.specialties.slice(0, 5).map((s) => (
              <li key={s}>
                <Badge variant="secondary" className="font-medium">
                  {s}
                </Badge>
              </li>
            ))}
          </ul>
        )}
        <dl className="grid gap-1.5 text-sm text-muted-foreground">
          <div className="flex items-start gap-2">
            <dt>
              <Languages className="mt-0.5 size-4" aria-hidden />
              <span className="sr-only">Languages</span>
            </dt>
            <dd>{card.languages.join(', ') || 'Not given'}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <MapPin className="mt-0.5 size-4" aria-hidden />
              <span className="sr-only">Where</span>
            </dt>
            <dd>
              {[card.city, card.formats.map((f) => FORMAT_LABELS[f]).join(', ')].filter(Boolean).join(' · ')}
            </dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <CalendarClock className="mt-0.5 size-4" aria-hidden />
              <span className="sr-only">Next available</span>
            </dt>
            <dd>
              {card.next_available_at
                ? `Next free: ${dayIn(card.next_available_at, tz)}, ${timeIn(card.next_available_at, tz)}`
                : 'No free slot in the coming weeks'}
            </dd>
          </div>
        </dl>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-1">
          <p className="font-semibold">{priceText(card)}</p>
          <Button asChild size="sm">
            <Link
              to={href}
              aria-label={`View ${card.display_name}'s profile and book`}
              onClick={() => select(paths.kind, { id: card.id, name: card.display_name, avatarUrl: card.avatar_url, headline: card.headline })}
            >
              View and book
            </Link>
          </Button>
        </div>
      </Card>
    </li>
  );
}

function TextFilter({ id, label, value, onCommit, placeholder }: { id: string; label: string; value: string; onCommit: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={text}
        maxLength={60}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => text.trim() !== value && onCommit(text.trim())}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onCommit(text.trim());
        }}
      />
    </div>
  );
}

export function DirectoryPage({ paths }: { paths: KindPaths }) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const tz = useMemo(viewerTimeZone, []);
  const selected = useWellnessStore(selectSelected(paths.kind));
  const setList = useWellnessStore((s) => s.setList);
  const setPreference = useWellnessStore((s) => s.setPreference);
  // The search box reaches `q` in the address 300 ms after typing stops (the shared list-filters hook).
  const { search, setSearch } = useListFilters({ ...Object.fromEntries(params), q: params.get('q') ?? '', page: '' });

  const set = (key: string, value: string | null) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { replace: true },
    );

  useEffect(() => setPreference(paths.kind, true), [paths.kind, setPreference]);

  const q = useInfiniteQuery({
    queryKey: wellnessKeys.directory(paths.kind, filters),
    queryFn: ({ pageParam }) => directoryApi.providers(paths.kind, filters, pageParam, PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => q.data?.pages.flatMap((p) => p.data) ?? [], [q.data]);
  useEffect(() => {
    if (rows.length) setList(paths.kind, rows.map((r) => r.id));
  }, [rows, paths.kind, setList]);

  const filtered = Object.values(filters).some((v) => v !== undefined);
  const title = paths.kind === 'therapist' ? 'Find a therapist' : 'Find a life coach';

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title={title}
        description={
          paths.kind === 'therapist'
            ? 'Licensed therapists by video, phone or in person. Times are shown in your time zone, ' + zoneLabel(tz) + '.'
            : 'Coaches for careers, leadership, relationships and life changes. Times are shown in your time zone, ' + zoneLabel(tz) + '.'
        }
      />
      {selected && (
        <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
          <Avatar src={selected.avatarUrl} name={selected.name} />
          <div className="grid flex-1 gap-0.5">
            <p className="font-medium">You were looking at {selected.name}</p>
            <p className="text-sm text-muted-foreground">{selected.headline}</p>
          </div>
          <Button asChild>
            <Link to={`${detailsHref(paths.kind, selected.id)}${selected.offeringId ? `&offering=${encodeURIComponent(selected.offeringId)}` : ''}`}>Continue booking</Link>
          </Button>
        </Card>
      )}
      <section aria-label="Filters" className="grid gap-3 rounded-xl border bg-card p-4">
        <div className="grid gap-1.5">
          <Label htmlFor="dir-q">Search</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="dir-q"
              type="search"
              className="pl-9"
              maxLength={100}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={paths.kind === 'therapist' ? 'Anxiety, grief, Lagos, Yoruba…' : 'Career change, leadership, Nairobi…'}
            />
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-6 lg:items-end">
          <TextFilter id="dir-specialty" label="Specialty" value={filters.specialty ?? ''} onCommit={(v) => set('specialty', v || null)} placeholder="e.g. anxiety" />
          <TextFilter id="dir-language" label="Language" value={filters.language ?? ''} onCommit={(v) => set('language', v || null)} placeholder="e.g. Swahili" />
          <div className="grid gap-1.5">
            <Label htmlFor="dir-format">Format</Label>
            <Select value={filters.format ?? ANY} onValueChange={(v) => set('format', v === ANY ? null : v)}>
              <SelectTrigger id="dir-format">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Any format</SelectItem>
                {Object.entries(FORMAT_LABELS).map(([v, l]) => (
                  <SelectItem key={v} value={v}>
                    {l}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="dir-rating">Rating</Label>
            <Select value={filters.min_rating !== undefined ? String(filters.min_rating) : ANY} onValueChange={(v) => set('min_rating', v === ANY ? null : v)}>
              <SelectTrigger id="dir-rating">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ANY}>Any rating</SelectItem>
                {RATINGS.map((r) => (
                  <SelectItem key={r} value={r}>
                    {r} stars or more
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <TextFilter
            id="dir-min-price"
            label="Price from"
            value={filters.min_price !== undefined ? toMajorInput(filters.min_price) : ''}
            onCommit={(v) => set('min_price', v && parseMoney(v) !== null ? v.replace(/[^\d.]/g, '') : null)}
            placeholder="0"
          />
          <TextFilter
            id="dir-max-price"
            label="Price up to"
            value={filters.max_price !== undefined ? toMajorInput(filters.max_price) : ''}
            onCommit={(v) => set('max_price', v && parseMoney(v) !== null ? v.replace(/[^\d.]/g, '') : null)}
            placeholder="Any"
          />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Checkbox id="dir-available" checked={filters.available === 'week'} onCheckedChange={(c) => set('available', c === true ? 'week' : null)} />
            <Label htmlFor="dir-available">Available in the next 7 days</Label>
          </div>
          <p className="text-xs text-muted-foreground">Prices compare in each {paths.noun}&apos;s own currency, per session.</p>
          {filtered && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setSearch('');
                setParams({}, { replace: true });
              }}
            >
              <X aria-hidden /> Clear filters
            </Button>
          )}
        </div>
      </section>

      <section aria-label="Results" aria-busy={q.isFetching || undefined} className="grid gap-4">
        {q.isPending ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading results">
            {Array.from({ length: 6 }, (_, i) => (
              <li key={i}>
                <Skeleton className="h-72 w-full rounded-xl" />
              </li>
            ))}
          </ul>
        ) : q.isError && rows.length === 0 ? (
          <ErrorState title={`We could not load the ${paths.nounPlural}`} error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState
            title={filtered ? `No ${paths.nounPlural} match these filters` : `No ${paths.nounPlural} are listed yet`}
            description={filtered ? 'Try fewer filters, another language or a wider price range.' : 'Please come back soon.'}
            action={
              filtered ? (
                <Button
                  variant="outline"
                  onClick={() => {
                    setSearch('');
                    setParams({}, { replace: true });
                  }}
                >
                  Clear filters
                </Button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ul className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-3', q.isPlaceholderData && 'opacity-60')}>
              {rows.map((c) => (
                <ProviderResult key={c.id} card={c} paths={paths} tz={tz} highlighted={selected?.id === c.id} />
              ))}
            </ul>
            <LoadMore
              shown={rows.length}
              hasMore={q.hasNextPage}
              loading={q.isFetchingNextPage}
              failed={q.isFetchNextPageError}
              onLoadMore={() => void q.fetchNextPage()}
              noun={[paths.noun, paths.nounPlural]}
            />
          </>
        )}
      </section>
    </div>
  );
}
