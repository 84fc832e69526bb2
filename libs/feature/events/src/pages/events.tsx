import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { Badge, Button, EmptyState, ErrorState, FormAlert, Input, Label, LoadMore, Skeleton, cursorQuery } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarDays, Globe, MapPin, Ticket, Timer, WalletMinimal } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { eventsApi, eventsKeys, type EventFilters, type TkEvent, type TkOrder } from '../api';
import { CATEGORIES, categoryLabel, countdown, orderLines, orderTotal, priceLabel, thisWeek, whenLabel } from '../logic';
import { MY_TICKETS_PATH, eventHref } from '../paths';

/** /events (the listing with filters), /event (this week, near a city), /events/:id and /event/:id (one event). */
export default function EventsPage() {
  const { id } = useParams();
  const { pathname } = useLocation();
  const week = pathname === '/event';
  return <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:px-6 lg:px-8">{id ? <EventDetail id={id} /> : <Listing week={week} />}</div>;
}

function EventCard({ e }: { e: TkEvent }) {
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border bg-card p-5 shadow-xs focus-within:ring-2 focus-within:ring-ring hover:shadow-md" data-testid="event-card">
      <div className="flex flex-wrap gap-1.5">
        <Badge variant="secondary">{categoryLabel(e.category)}</Badge>
        {e.online && <Badge variant="outline">Online</Badge>}
        {e.sold_out && <Badge variant="destructive">Sold out</Badge>}
      </div>
      <h2 className="text-lg font-semibold leading-snug">
        <Link to={eventHref(e.id)} className="after:absolute after:inset-0 focus-visible:outline-none">
          {e.title}
        </Link>
      </h2>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden />
        {whenLabel(e.starts_at, e.ends_at, e.time_zone)}
      </p>
      <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
        {e.online ? <Globe className="mt-0.5 size-4 shrink-0" aria-hidden /> : <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />}
        {e.online ? 'Online' : [e.venue, e.city].filter(Boolean).join(', ')}
      </p>
      <div className="mt-auto flex items-center justify-between border-t pt-3 text-sm">
        <span className="font-semibold">{priceLabel(e.min_price, e.ticket_types[0]?.currency ?? 'NGN', formatMoney)}</span>
        <span className="text-muted-foreground">by {e.organiser.name}</span>
      </div>
    </article>
  );
}

function Listing({ week }: { week: boolean }) {
  const wk = useMemo(() => thisWeek(new Date()), []);
  const [draft, setDraft] = useState<EventFilters>(week ? { ...wk } : {});
  const [filters, setFilters] = useState<EventFilters>(week ? { ...wk } : {});
  const q = useInfiniteQuery({ ...cursorQuery(eventsKeys.list(filters), (c) => eventsApi.events(filters, c)) });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  const set = (k: keyof EventFilters, v: string) => setDraft((d) => ({ ...d, [k]: v || undefined }));
  return (
    <>
      <header className="grid gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{week ? 'What’s on this week' : 'Events'}</h1>
        <p className="text-muted-foreground">
          {week ? 'Festivals, workshops and evenings in the next seven days. Choose a city to see what is near you.' : 'Food festivals, walking tours, workshops and online sessions, with tickets in your Sojourn wallet.'}
        </p>
        <p className="text-sm">
          {week ? <Link className="underline underline-offset-4" to="/events">Browse every event</Link> : <Link className="underline underline-offset-4" to="/event">What’s on this week</Link>}
          {' · '}
          <Link className="underline underline-offset-4" to={MY_TICKETS_PATH}>My tickets</Link>
        </p>
      </header>
      <form
        className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-3 lg:grid-cols-6"
        aria-label="Filter events"
        onSubmit={(ev) => {
          ev.preventDefault();
          setFilters({ ...draft });
        }}
      >
        <div className="grid gap-1">
          <Label htmlFor="ev-city">City</Label>
          <Input id="ev-city" value={draft.city ?? ''} maxLength={80} placeholder="Lagos" onChange={(e) => set('city', e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ev-from">From</Label>
          <Input id="ev-from" type="date" value={draft.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ev-to">To</Label>
          <Input id="ev-to" type="date" value={draft.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ev-cat">Category</Label>
          <select id="ev-cat" className="h-9 rounded-md border bg-background px-2 text-sm" value={draft.category ?? ''} onChange={(e) => set('category', e.target.value)}>
            <option value="">Any</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ev-price">Price</Label>
          <select id="ev-price" className="h-9 rounded-md border bg-background px-2 text-sm" value={draft.free ?? ''} onChange={(e) => set('free', e.target.value)}>
            <option value="">Any</option>
            <option value="true">Free</option>
            <option value="false">Paid</option>
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="ev-where">Where</Label>
          <select id="ev-where" className="h-9 rounded-md border bg-background px-2 text-sm" value={draft.online ?? ''} onChange={(e) => set('online', e.target.value)}>
            <option value="">In person or online</option>
            <option value="false">In person</option>
            <option value="true">Online</option>
          </select>
        </div>
        <div className="flex items-end gap-2 sm:col-span-3 lg:col-span-6">
          <Button type="submit">Show events</Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              const base = week ? { ...wk } : {};
              setDraft(base);
              setFilters(base);
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {q.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading events">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56 rounded-2xl" />
          ))}
        </div>
      ) : q.isError ? (
        <ErrorState title="The events could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState icon={<CalendarDays className="size-6" />} title="No events match" description="Try another city, more dates or any category." />
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map((e) => (
              <li key={e.id}>
                <EventCard e={e} />
              </li>
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['event', 'events']} />
        </>
      )}
    </>
  );
}

function useNow(active: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function EventDetail({ id }: { id: string }) {
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState('');
  const q = useQuery({ queryKey: eventsKeys.event(id, applied), queryFn: () => eventsApi.event(id, applied || undefined) });
  if (q.isPending) return <Skeleton className="h-96 rounded-2xl" aria-label="Loading the event" />;
  if (q.isError) return <ErrorState title="This event could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  const e = q.data;
  return (
    <>
      <Link to="/events" className="inline-flex w-fit items-center gap-1 text-sm underline-offset-4 hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> All events
      </Link>
      <div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
        <section className="grid content-start gap-4">
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="secondary">{categoryLabel(e.category)}</Badge>
            {e.online && <Badge variant="outline">Online</Badge>}
            {e.status === 'cancelled' && <Badge variant="destructive">Cancelled</Badge>}
          </div>
          <h1 className="text-3xl font-bold tracking-tight">{e.title}</h1>
          <p className="flex items-start gap-1.5 text-muted-foreground">
            <CalendarDays className="mt-1 size-4 shrink-0" aria-hidden /> {whenLabel(e.starts_at, e.ends_at, e.time_zone)}
          </p>
          <p className="flex items-start gap-1.5 text-muted-foreground">
            {e.online ? <Globe className="mt-1 size-4 shrink-0" aria-hidden /> : <MapPin className="mt-1 size-4 shrink-0" aria-hidden />}
            {e.online ? 'Online: the link comes with your ticket' : [e.venue, e.address, e.city].filter(Boolean).join(', ')}
          </p>
          <p className="whitespace-pre-line leading-relaxed">{e.description}</p>
          <p className="text-sm text-muted-foreground">
            Organised by <strong className="text-foreground">{e.organiser.name}</strong>.{' '}
            {e.refund_days > 0 ? `Full refund when you cancel until ${e.refund_days} day${e.refund_days === 1 ? '' : 's'} before the start.` : 'Full refund when you cancel before the start.'}
          </p>
        </section>
        <aside className="grid content-start gap-3">
          <Checkout event={e} />
          <form
            className="flex items-end gap-2"
            onSubmit={(ev) => {
              ev.preventDefault();
              setApplied(code.trim());
            }}
          >
            <div className="grid flex-1 gap-1">
              <Label htmlFor="unlock">Have a code?</Label>
              <Input id="unlock" value={code} maxLength={40} onChange={(ev) => setCode(ev.target.value)} />
            </div>
            <Button type="submit" variant="outline">
              Apply
            </Button>
          </form>
        </aside>
      </div>
    </>
  );
}

function Checkout({ event: e }: { event: TkEvent }) {
  const user = useAuthStore((s) => s.user);
  const qc = useQueryClient();
  const [qty, setQty] = useState<Record<string, number>>({});
  const [names, setNames] = useState<Record<string, string[]>>({});
  const [order, setOrder] = useState<TkOrder | null>(null);
  const keys = useRef({ reserve: newIdempotencyKey(), pay: newIdempotencyKey() });
  const now = useNow(order?.status === 'held');
  const currency = e.ticket_types[0]?.currency ?? 'NGN';
  const total = orderTotal(qty, e.ticket_types);
  const wallet = useQuery({ queryKey: eventsKeys.wallet(currency), queryFn: () => eventsApi.walletBalance(currency), enabled: !!user });
  const reserve = useMutation({
    mutationFn: () => eventsApi.reserve(e.id, keys.current.reserve, orderLines(qty, names, user?.username ?? 'Guest')),
    onSuccess: (o) => setOrder(o),
  });
  const pay = useMutation({
    mutationFn: (o: TkOrder) => eventsApi.pay(o.id, keys.current.pay),
    onSuccess: (o) => {
      setOrder(o);
      void qc.invalidateQueries({ queryKey: eventsKeys.all });
    },
  });
  if (!user)
    return (
      <div className="grid gap-3 rounded-2xl border bg-card p-5">
        <h2 className="text-lg font-semibold">Tickets</h2>
        <p className="text-sm text-muted-foreground">Sign in to buy tickets; they are kept in your account with their QR codes.</p>
        <Button asChild>
          <Link to={`/login?redirect=${encodeURIComponent(eventHref(e.id))}`}>Sign in to buy</Link>
        </Button>
      </div>
    );
  if (order?.status === 'paid')
    return (
      <div className="grid gap-3 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-950 dark:bg-emerald-950 dark:text-emerald-50" role="status">
        <h2 className="text-lg font-semibold">You’re going!</h2>
        <p className="text-sm">
          {order.tickets.length} ticket{order.tickets.length === 1 ? '' : 's'} paid{order.total > 0 ? ` (${formatMoney(order.total, order.currency)} from your wallet)` : ''}.
          {order.trip_id ? ' They were added to your trip.' : ''}
        </p>
        <Button asChild>
          <Link to={MY_TICKETS_PATH}>See my tickets</Link>
        </Button>
      </div>
    );
  if (order?.status === 'held') {
    const left = countdown(order.hold_until, now);
    const over = left === '0:00';
    return (
      <div className="grid gap-3 rounded-2xl border bg-card p-5">
        <h2 className="text-lg font-semibold">Pay for your tickets</h2>
        <p className="flex items-center gap-1.5 text-sm" aria-live="polite">
          <Timer className="size-4" aria-hidden /> {over ? 'The hold has expired.' : `Seats held for ${left}`}
        </p>
        <ul className="grid gap-1 text-sm">
          {order.tickets.map((t) => (
            <li key={t.id}>
              {t.type_name}: {t.attendee_name}
            </li>
          ))}
        </ul>
        <p className="font-semibold">Total {order.total === 0 ? 'free' : formatMoney(order.total, order.currency)}</p>
        {wallet.data != null && order.total > 0 && <p className="text-sm text-muted-foreground">Wallet balance {formatMoney(wallet.data, order.currency)}</p>}
        <FormAlert>{pay.error ? errorMessage(pay.error) : null}</FormAlert>
        <Button disabled={over || pay.isPending} onClick={() => pay.mutate(order)}>
          <WalletMinimal className="size-4" aria-hidden /> {order.total === 0 ? 'Confirm tickets' : 'Pay with wallet'}
        </Button>
        <p className="text-xs text-muted-foreground">Card payment for event tickets is not available yet; top up your wallet with a card first.</p>
      </div>
    );
  }
  return (
    <form
      className="grid gap-4 rounded-2xl border bg-card p-5"
      aria-label="Choose tickets"
      onSubmit={(ev) => {
        ev.preventDefault();
        reserve.mutate();
      }}
    >
      <h2 className="text-lg font-semibold">Tickets</h2>
      {e.ticket_types.length === 0 && <p className="text-sm text-muted-foreground">No tickets are on sale.</p>}
      {e.ticket_types.map((t) => {
        const n = qty[t.id] ?? 0;
        const max = Math.min(t.max_per_order, t.available);
        return (
          <fieldset key={t.id} className="grid gap-2 rounded-xl border p-3">
            <legend className="sr-only">{t.name}</legend>
            <div className="flex items-center justify-between gap-2">
              <div className="grid">
                <span className="font-medium">{t.name}</span>
                <span className="text-sm text-muted-foreground">
                  {t.price === 0 ? 'Free' : formatMoney(t.price, t.currency)} · {t.available > 0 ? `${t.available} left` : 'Sold out'}
                </span>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`qty-${t.id}`} className="sr-only">
                  How many {t.name}
                </Label>
                <select
                  id={`qty-${t.id}`}
                  className="h-9 rounded-md border bg-background px-2 text-sm"
                  value={n}
                  disabled={!t.on_sale || max <= 0}
                  onChange={(ev) => setQty((q) => ({ ...q, [t.id]: Number(ev.target.value) }))}
                >
                  {Array.from({ length: Math.max(0, max) + 1 }, (_, i) => (
                    <option key={i} value={i}>
                      {i}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {Array.from({ length: n }, (_, i) => (
              <div key={i} className="grid gap-1">
                <Label htmlFor={`att-${t.id}-${i}`}>Attendee {i + 1}</Label>
                <Input
                  id={`att-${t.id}-${i}`}
                  maxLength={80}
                  placeholder={i === 0 ? user.username : 'Full name'}
                  value={names[t.id]?.[i] ?? ''}
                  onChange={(ev) =>
                    setNames((m) => {
                      const list = [...(m[t.id] ?? [])];
                      list[i] = ev.target.value;
                      return { ...m, [t.id]: list };
                    })
                  }
                />
              </div>
            ))}
          </fieldset>
        );
      })}
      <FormAlert>{reserve.error ? errorMessage(reserve.error) : null}</FormAlert>
      <Button type="submit" disabled={total < 0 || Object.values(qty).every((n) => !n) || reserve.isPending || e.status !== 'on_sale'}>
        <Ticket className="size-4" aria-hidden /> Hold seats{total > 0 ? ` · ${formatMoney(total, currency)}` : ''}
      </Button>
      <p className="text-xs text-muted-foreground">Seats are held for 10 minutes while you pay.</p>
    </form>
  );
}
