import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import {
  Badge,
  Button,
  CursorList,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  EmptyState,
  ErrorState,
  FormAlert,
  LoadMore,
  Skeleton,
  cursorQuery,
} from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CalendarHeart, CreditCard, Heart, Lock, MessageCircle, Ticket, Video, WalletMinimal } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { speedApi, speedKeys, type SpeedEvent, type SpeedTicket } from '../api';
import { EventFacts, EventWhen, StatusBadge, toneClass } from '../components/bits';
import { LiveRoom } from '../components/live-room';
import { cannotBuyHelp, durationLabel, priceLabel, refundable, seatLines, ticketBadge } from '../logic';
import { eventHref, SPEED_DATING_PATH } from '../paths';

const dayParts = (iso: string, zone: string) => {
  const f = (o: Intl.DateTimeFormatOptions) => {
    try {
      return new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...o }).format(new Date(iso));
    } catch {
      return new Intl.DateTimeFormat('en-GB', o).format(new Date(iso));
    }
  };
  return { day: f({ day: 'numeric' }), month: f({ month: 'short' }), weekday: f({ weekday: 'short' }) };
};

/** /speed-dating: the events and the caller's tickets; ?event=<id> (or /speed-dating/<id>) is one event, its ticket and its live room. */
export default function SpeedDatingPage() {
  const [params] = useSearchParams();
  const { id: pathId } = useParams();
  const id = params.get('event') ?? pathId ?? null;
  return <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-6 sm:px-6 lg:px-8">{id ? <EventPage id={id} /> : <Browse />}</div>;
}

// ---------------------------------------------------------------------------------------------------------------
// The events

function Hero() {
  return (
    <header className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-rose-600 via-rose-500 to-amber-500 px-6 py-10 text-white shadow-sm sm:px-10 sm:py-14">
      <div className="relative z-10 grid max-w-2xl gap-4">
        <p className="inline-flex w-fit items-center gap-1.5 rounded-full bg-white/20 px-3 py-1 text-xs font-semibold uppercase tracking-wider backdrop-blur">
          <Video className="size-3.5" aria-hidden /> Live video events
        </p>
        <h1 className="text-3xl font-bold tracking-tight sm:text-5xl">Speed dating</h1>
        <p className="text-base text-white/95 sm:text-lg">
          One evening, several short video dates with people whose preferences fit yours. Say yes or no after each one, privately. When you both say yes, it’s a match.
        </p>
      </div>
      <Heart className="absolute -bottom-10 -right-8 size-56 fill-white/10 text-white/20 sm:size-72" aria-hidden />
    </header>
  );
}

function HowItWorks({ compact }: { compact?: boolean }) {
  const steps = [
    { icon: Ticket, title: 'Get a ticket', text: 'Pick an event for your age and who you’d like to meet. Seats are balanced between groups.' },
    { icon: Video, title: 'Meet on video', text: 'Check in 15 minutes early. The host rings a bell for every round; each date is a few minutes.' },
    { icon: Lock, title: 'Vote in private', text: 'After each date, say yes or no. Nobody ever sees your answer.' },
    { icon: MessageCircle, title: 'Match and talk', text: 'A yes from both of you is a match, with a conversation ready to start.' },
  ];
  return (
    <ol className={cn('grid gap-4', compact ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-4')}>
      {steps.map((s, i) => (
        <li key={s.title} className="flex gap-3 rounded-2xl border bg-card p-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300" aria-hidden>
            <s.icon className="size-5" />
          </span>
          <div className="grid content-start gap-0.5">
            <p className="font-semibold">
              <span className="sr-only">Step {i + 1}: </span>
              {s.title}
            </p>
            <p className="text-sm text-muted-foreground">{s.text}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function EventCard({ e }: { e: SpeedEvent }) {
  const d = dayParts(e.starts_at, e.time_zone);
  const seats = seatLines(e);
  const t = e.my_ticket && e.my_ticket.status !== 'cancelled' && e.my_ticket.status !== 'refunded' ? ticketBadge(e.my_ticket) : null;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-xs transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md" data-testid="speed-event">
      <div className="flex items-start gap-4 p-5">
        <div className="grid w-16 shrink-0 justify-items-center rounded-xl bg-rose-50 py-2 text-rose-700 dark:bg-rose-950/60 dark:text-rose-300" aria-hidden>
          <span className="text-xs font-semibold uppercase">{d.weekday}</span>
          <span className="text-2xl font-bold leading-tight">{d.day}</span>
          <span className="text-xs font-semibold uppercase">{d.month}</span>
        </div>
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge status={e.status} />
            {t && <Badge variant={t.tone} className={toneClass(t.tone)}>{t.label}</Badge>}
          </div>
          <h2 className="text-lg font-semibold leading-snug">
            <Link to={eventHref(e.id)} className="after:absolute after:inset-0 focus-visible:outline-none">
              {e.title}
            </Link>
          </h2>
          <EventWhen event={e} className="text-sm" />
        </div>
      </div>
      <div className="grid flex-1 content-start gap-3 px-5 pb-4">
        <EventFacts event={e} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t bg-muted/30 px-5 py-3">
        <span className="text-lg font-semibold">{priceLabel(e)}</span>
        <ul className="flex flex-wrap justify-end gap-1.5 text-xs">
          {seats.map((s) => (
            <li key={s.group} className={cn('rounded-full px-2 py-0.5 font-medium', s.full ? 'bg-muted text-muted-foreground' : 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300')}>
              {s.text}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}

function EventGrid() {
  const q = useInfiniteQuery({ ...cursorQuery(speedKeys.events, (c) => speedApi.events(c)) });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  if (q.isPending)
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading events">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-64 rounded-2xl" />
        ))}
      </div>
    );
  if (q.isError) return <ErrorState title="The events could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  if (rows.length === 0)
    return <EmptyState icon={<CalendarHeart className="size-6" />} title="No events scheduled right now" description="New evenings are added every few weeks. Meanwhile, matchmaking suggests people whose preferences fit yours." action={<Button asChild variant="outline"><Link to="/matchmaking">Open matchmaking</Link></Button>} />;
  return (
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
  );
}

function TicketRow({ t }: { t: SpeedTicket }) {
  const b = t.event_status === 'ended' && t.status === 'confirmed' && t.checked_in_at ? { label: 'Attended', tone: 'secondary' as const } : ticketBadge(t);
  const when = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(t.starts_at));
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4" data-testid="speed-ticket">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300" aria-hidden>
          <Ticket className="size-5" />
        </span>
        <div className="grid min-w-0">
          <Link to={eventHref(t.event_id)} className="truncate font-medium underline-offset-4 hover:underline">
            {t.event_title}
          </Link>
          <span className="text-sm text-muted-foreground">
            {when} · {t.pay_with === 'free' || t.price.amount === 0 ? 'Free' : formatMoney(t.price.amount, t.price.currency)}
          </span>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {t.event_status && t.event_status !== 'scheduled' && <StatusBadge status={t.event_status} />}
        <Badge variant={b.tone} className={toneClass(b.tone)}>{b.label}</Badge>
      </div>
    </div>
  );
}

function MyTickets() {
  const q = useInfiniteQuery({ ...cursorQuery(speedKeys.tickets, (c) => speedApi.tickets(c)) });
  return (
    <section aria-labelledby="tickets-title" className="grid gap-4">
      <h2 id="tickets-title" className="text-xl font-semibold tracking-tight">
        My tickets
      </h2>
      <CursorList query={q} rowKey={(t) => t.id} noun={['ticket', 'tickets']} empty={{ icon: <Ticket className="size-6" />, title: 'No tickets yet', description: 'Your tickets appear here once you book an event.' }}>
        {(t) => <TicketRow t={t} />}
      </CursorList>
    </section>
  );
}

function Browse() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  return (
    <>
      <Hero />
      <section aria-labelledby="how-title" className="grid gap-4">
        <h2 id="how-title" className="text-xl font-semibold tracking-tight">
          How it works
        </h2>
        <HowItWorks />
      </section>
      <section aria-labelledby="events-title" className="grid gap-4">
        <h2 id="events-title" className="text-xl font-semibold tracking-tight">
          Upcoming events
        </h2>
        <EventGrid />
      </section>
      {signedIn ? (
        <MyTickets />
      ) : (
        <p className="rounded-2xl border bg-card p-5 text-sm text-muted-foreground">
          <Link to={`/login?redirect=${encodeURIComponent(SPEED_DATING_PATH)}`} className="font-medium text-foreground underline underline-offset-4">
            Sign in
          </Link>{' '}
          to get a ticket and see your tickets. Tickets need a matchmaking profile, so we can pair you with people whose preferences fit.
        </p>
      )}
    </>
  );
}

// ---------------------------------------------------------------------------------------------------------------
// One event

function EventPage({ id }: { id: string }) {
  const q = useQuery({ queryKey: speedKeys.event(id), queryFn: () => speedApi.event(id), retry: false });
  const back = (
    <Link to={SPEED_DATING_PATH} className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline">
      <ArrowLeft className="size-4" aria-hidden /> All events
    </Link>
  );
  if (q.isPending)
    return (
      <>
        {back}
        <Skeleton className="h-48 rounded-3xl" />
      </>
    );
  if (q.isError || !q.data)
    return (
      <>
        {back}
        <ErrorState title="This event is not available" error={q.error} onRetry={() => void q.refetch()} />
      </>
    );
  const e = q.data;
  const t = e.my_ticket;
  const holder = t?.status === 'confirmed';
  const running = e.status === 'live' || e.status === 'paused' || e.status === 'voting' || e.status === 'ended';
  const inRoom = holder && (running || !!t.checked_in_at || Date.now() >= new Date(e.check_in_opens_at).getTime());
  // In the room while the dates run, the header steps back so the date itself fills the screen.
  const compact = inRoom && (e.status === 'live' || e.status === 'paused');
  return (
    <>
      {back}
      <header className={cn('grid rounded-3xl border bg-gradient-to-br from-rose-50 via-background to-amber-50 dark:from-rose-950/40 dark:to-amber-950/20', compact ? 'gap-1 p-4 sm:px-6' : 'gap-3 p-6 sm:p-8')}>
        <div className="flex flex-wrap gap-1.5">
          <StatusBadge status={e.status} />
          {t && t.status !== 'cancelled' && t.status !== 'refunded' && <Badge variant={ticketBadge(t).tone} className={toneClass(ticketBadge(t).tone)}>{ticketBadge(t).label}</Badge>}
        </div>
        <h1 className={cn('font-bold tracking-tight', compact ? 'text-xl sm:text-2xl' : 'text-2xl sm:text-4xl')}>{e.title}</h1>
        {!compact && (
          <>
            <EventWhen event={e} className="text-base font-medium" />
            <EventFacts event={e} />
          </>
        )}
      </header>
      {inRoom ? (
        <>
          <LiveRoom eventId={e.id} />
          {e.status === 'scheduled' && !t.checked_in_at && <Details e={e} />}
        </>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <Details e={e} />
          <aside className="grid content-start gap-4 lg:sticky lg:top-20">
            <TicketPanel e={e} />
          </aside>
        </div>
      )}
    </>
  );
}

function Details({ e }: { e: SpeedEvent }) {
  return (
    <div className="grid content-start gap-6">
      {e.status === 'cancelled' && (
        <FormAlert>
          This event was cancelled{e.cancel_reason ? `: ${e.cancel_reason}` : '.'} Every ticket is refunded in full to its holder’s Sojourn wallet.
        </FormAlert>
      )}
      {e.description && (
        <section aria-labelledby="about-title" className="grid gap-2">
          <h2 id="about-title" className="text-lg font-semibold">
            About this evening
          </h2>
          <p className="whitespace-pre-line text-muted-foreground">{e.description}</p>
        </section>
      )}
      <section aria-labelledby="works-title" className="grid gap-3">
        <h2 id="works-title" className="text-lg font-semibold">
          How it works
        </h2>
        <ul className="grid gap-2 text-sm">
          <li className="rounded-xl border bg-card p-4">
            <span className="font-medium">{e.rounds} rounds of {durationLabel(e.round_seconds)}.</span> <span className="text-muted-foreground">Each round is a one-to-one video date; {durationLabel(e.changeover_seconds)} between rounds to catch your breath. If the numbers are uneven you may sit a round out.</span>
          </li>
          <li className="rounded-xl border bg-card p-4">
            <span className="font-medium">Private yes or no.</span> <span className="text-muted-foreground">After each date, say whether you’d like to see them again. Nobody ever learns your answer, and you can change it until voting closes.</span>
          </li>
          <li className="rounded-xl border bg-card p-4">
            <span className="font-medium">Mutual yes = match.</span> <span className="text-muted-foreground">When voting closes, every pair who both said yes becomes a match with a conversation open in Messages.</span>
          </li>
          <li className="rounded-xl border bg-card p-4">
            <span className="font-medium">Check in 15 minutes early.</span> <span className="text-muted-foreground">Bring a quiet room, good light and a working camera and microphone.</span>
          </li>
        </ul>
      </section>
    </div>
  );
}

function SeatList({ e }: { e: SpeedEvent }) {
  return (
    <ul className="grid gap-1.5 text-sm">
      {e.seats.map((s) => {
        const left = Math.max(0, s.capacity - s.taken);
        return (
          <li key={s.group} className="grid gap-1">
            <span className="flex justify-between">
              <span>{s.group === 'everyone' ? 'Seats' : s.group === 'women' ? 'Women' : 'Men'}</span>
              <span className={cn('font-medium', left === 0 && 'text-muted-foreground')}>{left === 0 ? 'Full' : `${left} of ${s.capacity} left`}</span>
            </span>
            <span className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden>
              <span className="block h-full rounded-full bg-rose-500" style={{ width: `${Math.min(100, (s.taken / Math.max(1, s.capacity)) * 100)}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function TicketPanel({ e }: { e: SpeedEvent }) {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const t = e.my_ticket;
  const live = t && (t.status === 'confirmed' || t.status === 'pending_payment');
  return (
    <div className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-2xl font-bold">{priceLabel(e)}</span>
        <span className="text-sm text-muted-foreground">per person</span>
      </div>
      <SeatList e={e} />
      {live ? (
        <YourTicket e={e} t={t} />
      ) : e.status !== 'scheduled' ? (
        <p className="text-sm text-muted-foreground">{e.status === 'cancelled' ? 'This event was cancelled.' : 'Ticket sales have closed for this event.'}</p>
      ) : !signedIn ? (
        <Button asChild size="lg">
          <Link to={`/login?redirect=${encodeURIComponent(here)}`}>Sign in to get a ticket</Link>
        </Button>
      ) : e.can_buy ? (
        <Buy e={e} />
      ) : (
        <CannotBuy reason={e.cannot_buy_reason} here={here} />
      )}
    </div>
  );
}

function CannotBuy({ reason, here }: { reason: string | null; here: string }) {
  const help = cannotBuyHelp(reason, here);
  return (
    <div className="grid gap-3 rounded-xl bg-muted/50 p-4 text-sm" role="status">
      <p>{reason ?? 'Tickets are not available to you for this event.'}</p>
      {help && (
        <Button asChild variant="outline" size="sm" className="w-fit">
          <Link to={help.href}>{help.label}</Link>
        </Button>
      )}
    </div>
  );
}

function Buy({ e }: { e: SpeedEvent }) {
  const qc = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const free = e.price.amount === 0;
  const [payWith, setPayWith] = useState<'wallet' | 'card'>('wallet');
  const wallet = useQuery({ queryKey: speedKeys.wallet(e.price.currency), queryFn: () => speedApi.walletBalance(e.price.currency), enabled: !free });
  const buy = useMutation({
    mutationFn: (how: 'wallet' | 'card') => {
      if (!keys.current.has(how)) keys.current.set(how, newIdempotencyKey('speed-ticket'));
      return speedApi.buy(e.id, keys.current.get(how)!, how);
    },
    onSuccess: (r) => {
      if (r.payment) {
        window.location.assign(r.payment.authorization_url);
        return;
      }
      void qc.invalidateQueries({ queryKey: speedKeys.all });
    },
  });
  const price = formatMoney(e.price.amount, e.price.currency);
  const balance = wallet.data ?? null;
  const short = !free && payWith === 'wallet' && balance !== null && balance < e.price.amount;
  return (
    <div className="grid gap-3">
      {!free && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Pay with</legend>
          {(['wallet', 'card'] as const).map((how) => (
            <label key={how} className={cn('flex cursor-pointer items-center gap-3 rounded-xl border p-3 text-sm', payWith === how && 'border-rose-500 bg-rose-50/60 dark:bg-rose-950/30')}>
              <input type="radio" name="pay-with" value={how} checked={payWith === how} onChange={() => setPayWith(how)} className="accent-rose-600" />
              {how === 'wallet' ? <WalletMinimal className="size-4" aria-hidden /> : <CreditCard className="size-4" aria-hidden />}
              <span className="grid">
                <span className="font-medium">{how === 'wallet' ? 'Wallet' : 'Card'}</span>
                <span className="text-xs text-muted-foreground">
                  {how === 'card' ? 'Pay on Paystack’s secure page' : wallet.isPending ? 'Checking your balance…' : balance === null ? 'Activate your wallet first' : `Balance ${formatMoney(balance, e.price.currency)}`}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {short && (
        <FormAlert tone="info">
          Your wallet is short of {price}.{' '}
          <Link to="/user-wallet" className="underline underline-offset-4">
            Top up your wallet
          </Link>{' '}
          or pay by card.
        </FormAlert>
      )}
      {buy.isError && <FormAlert>{errorMessage(buy.error)}</FormAlert>}
      <Button size="lg" loading={buy.isPending} disabled={short || (!free && payWith === 'wallet' && balance === null && !wallet.isPending)} onClick={() => buy.mutate(free ? 'wallet' : payWith)}>
        <Ticket aria-hidden /> {free ? 'Get a free ticket' : payWith === 'card' ? `Pay ${price} by card` : `Pay ${price} from wallet`}
      </Button>
      <p className="text-xs text-muted-foreground">Cancel up to 24 hours before the start for a full refund to your Sojourn wallet.</p>
    </div>
  );
}

function YourTicket({ e, t }: { e: SpeedEvent; t: SpeedTicket }) {
  const qc = useQueryClient();
  const cancel = useMutation({ mutationFn: () => speedApi.cancelTicket(e.id), onSuccess: () => void qc.invalidateQueries({ queryKey: speedKeys.all }) });
  const paid = t.price.amount > 0 && t.pay_with !== 'free';
  const refund = refundable(e.starts_at, Date.now());
  return (
    <div className="grid gap-3">
      {t.status === 'pending_payment' ? (
        <FormAlert tone="info">Waiting for your card payment. Your seat is held while the payment is pending; if it fails, the seat goes back on sale.</FormAlert>
      ) : (
        <FormAlert tone="success">You’re going! Check-in opens 15 minutes before the start, right here on this page.</FormAlert>
      )}
      {e.status === 'scheduled' && (
        <Dialog>
          <DialogTrigger asChild>
            <Button variant="outline">Cancel my ticket</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Cancel your ticket?</DialogTitle>
              <DialogDescription>
                {!paid
                  ? 'Your seat goes back on sale for someone else.'
                  : refund
                    ? `It’s more than 24 hours before the start, so the full ${formatMoney(t.price.amount, t.price.currency)} goes to your Sojourn wallet${t.pay_with === 'card' ? ' (card payments are refunded to the wallet too)' : ''}.`
                    : 'It’s less than 24 hours before the start, so this ticket is not refunded.'}
              </DialogDescription>
            </DialogHeader>
            {cancel.isError && <FormAlert>{errorMessage(cancel.error)}</FormAlert>}
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Keep my ticket</Button>
              </DialogClose>
              <Button variant="destructive" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                Cancel ticket
              </Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      )}
      {paid && <p className="text-xs text-muted-foreground">Full refund to your Sojourn wallet if you cancel at least 24 hours before the start; none after that.</p>}
    </div>
  );
}
