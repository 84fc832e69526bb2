import { errorMessage } from '@sojourn/api-client';
import { useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  ErrorState,
  FormAlert,
  Skeleton,
} from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Coffee, DoorOpen, Heart, HeartHandshake, Lock, LogIn, MessageCircle, PauseCircle, Sparkles, ThumbsDown, ThumbsUp, Users, Video } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { frameEventId, speedApi, speedKeys, SPEED_STATE, type SpeedLive, type SpeedMet, type SpeedPerson } from '../api';
import { dateCallLoader, type DateCallProps } from '../call-slot';
import { nextRefetchAt, roundLabel, screenFor, type Screen } from '../logic';
import { conversationHref } from '../paths';
import { Countdown, PersonLine, PersonPhoto, personFacts, useNow } from './bits';

/** The fallback refresh while the event runs (the realtime event and the round's own clock do the real work). */
const FALLBACK_MS = 15_000;
const ACTIVE: Screen[] = ['before', 'check-in', 'waiting', 'date', 'break', 'changeover', 'paused', 'voting'];

/** The live state of an event: pushed by speed.state, refetched when the clock says it changes, after a reconnect and every 15 s as a fallback. */
function useLive(eventId: string) {
  const qc = useQueryClient();
  const key = speedKeys.live(eventId);
  const q = useQuery({
    queryKey: key,
    queryFn: () => speedApi.live(eventId),
    retry: false,
    refetchInterval: (query) => {
      const d = query.state.data;
      return d && ACTIVE.includes(screenFor(d, Date.now())) ? FALLBACK_MS : false;
    },
  });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: speedKeys.event(eventId) });
  };
  useRealtimeEvent(SPEED_STATE, (d) => {
    const id = frameEventId(d);
    if (!id || id === eventId) refresh();
  });
  useOnResume(refresh);
  const data = q.data;
  useEffect(() => {
    if (!data) return;
    const at = nextRefetchAt(data, Date.now());
    if (at === null) return;
    const t = setTimeout(() => void qc.invalidateQueries({ queryKey: key }), Math.min(Math.max(250, at - Date.now() + 400), 2 ** 31 - 1));
    return () => clearTimeout(t);
    // The key is derived from eventId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, qc, eventId]);
  return q;
}

function usePut(eventId: string) {
  const qc = useQueryClient();
  return (live: SpeedLive) => {
    qc.setQueryData(speedKeys.live(eventId), live);
    void qc.invalidateQueries({ queryKey: speedKeys.event(eventId) });
    void qc.invalidateQueries({ queryKey: speedKeys.tickets });
  };
}

/** The room for a confirmed ticket holder: check-in, waiting, the dates with their video and timer, votes, the matches. */
export function LiveRoom({ eventId }: { eventId: string }) {
  const q = useLive(eventId);
  const now = useNow(1000);
  if (q.isPending) return <Skeleton className="h-64 w-full rounded-2xl" />;
  if (q.isError || !q.data) return <ErrorState title="The event room could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  const live = q.data;
  const screen = screenFor(live, now);
  return (
    <section aria-labelledby="room-title" className="grid gap-4" data-testid="live-room" data-screen={screen}>
      <RoomScreen live={live} screen={screen} eventId={eventId} />
      {(screen === 'date' || screen === 'break' || screen === 'changeover' || screen === 'paused' || screen === 'voting' || screen === 'left') && live.met.length > 0 && (
        <MetList live={live} eventId={eventId} votingOpen={screen !== 'left' || live.event.status !== 'ended'} />
      )}
      {(screen === 'waiting' || screen === 'date' || screen === 'break' || screen === 'changeover' || screen === 'paused') && (
        <div className="flex justify-end">
          <LeaveButton eventId={eventId} />
        </div>
      )}
    </section>
  );
}

function Panel({ tone = 'plain', className, children }: { tone?: 'plain' | 'warm' | 'dark'; className?: string; children: ReactNode }) {
  return (
    <div
      className={cn(
        'grid gap-4 rounded-2xl border p-5 sm:p-8',
        tone === 'warm' && 'border-rose-200 bg-gradient-to-br from-rose-50 via-background to-amber-50 dark:border-rose-900/50 dark:from-rose-950/40 dark:to-amber-950/20',
        tone === 'dark' && 'border-neutral-800 bg-neutral-950 text-white',
        tone === 'plain' && 'bg-card',
        className,
      )}
    >
      {children}
    </div>
  );
}

function RoundBar({ live, label, to, seconds }: { live: SpeedLive; label: string; to?: string | null; seconds?: number | null }) {
  const { rounds } = live.event;
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border bg-card px-5 py-4">
      <div className="grid gap-1.5">
        <p className="text-sm font-semibold" data-testid="round-label">
          {roundLabel(live.round, rounds)}
        </p>
        <ol className="flex gap-1" aria-hidden>
          {Array.from({ length: rounds }, (_, i) => (
            <li key={i} className={cn('h-1.5 w-6 rounded-full sm:w-8', i + 1 < live.round ? 'bg-rose-400' : i + 1 === live.round ? 'bg-rose-600' : 'bg-muted')} />
          ))}
        </ol>
        <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Users className="size-3.5" aria-hidden /> {live.present} {live.present === 1 ? 'person' : 'people'} here
        </p>
      </div>
      <Countdown to={to ?? null} seconds={seconds ?? null} label={label} size="md" />
    </div>
  );
}

function RoomScreen({ live, screen, eventId }: { live: SpeedLive; screen: Screen; eventId: string }) {
  const put = usePut(eventId);
  const checkIn = useMutation({ mutationFn: () => speedApi.checkIn(eventId), onSuccess: put });
  const e = live.event;
  switch (screen) {
    case 'before':
      return (
        <Panel tone="warm">
          <h2 id="room-title" className="text-xl font-semibold">
            You’re going
          </h2>
          <p className="text-muted-foreground">Check-in opens 15 minutes before the start. Come back then with your camera and microphone ready.</p>
          <Countdown to={e.check_in_opens_at} label="Check-in opens in" />
        </Panel>
      );
    case 'check-in':
      return (
        <Panel tone="warm" className="justify-items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-rose-600 text-white" aria-hidden>
            <LogIn className="size-7" />
          </span>
          <h2 id="room-title" className="text-2xl font-semibold">
            Check-in is open
          </h2>
          <p className="max-w-md text-muted-foreground">Check in now so the host can pair you for the first round. Find a quiet spot with good light; your browser will ask for your camera and microphone when your first date starts.</p>
          {e.status === 'scheduled' && <Countdown to={e.starts_at} label="Starts in" size="md" />}
          {checkIn.isError && <FormAlert>{errorMessage(checkIn.error)}</FormAlert>}
          <Button size="lg" loading={checkIn.isPending} onClick={() => checkIn.mutate()}>
            Check in
          </Button>
        </Panel>
      );
    case 'waiting':
      return (
        <Panel tone="warm" className="justify-items-center text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-rose-100 text-rose-700 dark:bg-rose-950 dark:text-rose-300" aria-hidden>
            <Sparkles className="size-7" />
          </span>
          <h2 id="room-title" className="text-2xl font-semibold">
            You’re checked in
          </h2>
          <p className="max-w-md text-muted-foreground" role="status">
            Waiting for the host to start. {live.present} {live.present === 1 ? 'person is' : 'people are'} here so far.
          </p>
          {new Date(e.starts_at).getTime() > Date.now() && <Countdown to={e.starts_at} label="Planned start in" size="md" />}
          <ul className="grid max-w-md gap-2 text-left text-sm text-muted-foreground">
            <li>• Each date lasts {Math.round(e.round_seconds / 60)} minutes; a bell moves everyone on.</li>
            <li>• After each date, say yes or no. Nobody ever sees your answer.</li>
            <li>• When two people both say yes, it’s a match and a conversation opens.</li>
          </ul>
        </Panel>
      );
    case 'date':
      return <DateScreen live={live} eventId={eventId} />;
    case 'break':
      return (
        <>
          <RoundBar live={live} label="Round ends in" to={live.round_ends_at} />
          <Panel className="justify-items-center text-center">
            <Coffee className="size-10 text-amber-600" aria-hidden />
            <h2 id="room-title" className="text-xl font-semibold">
              You sit this round out
            </h2>
            <p className="max-w-md text-muted-foreground">The numbers did not pair everyone this time. Stretch, get some water, and you’ll be paired again next round.</p>
          </Panel>
        </>
      );
    case 'changeover':
      return (
        <>
          <RoundBar live={live} label="Next date in" to={live.round_ends_at} />
          <Panel tone="warm" className="justify-items-center text-center">
            <h2 id="room-title" className="text-xl font-semibold">
              Time’s up. Next date coming up
            </h2>
            <p className="max-w-md text-muted-foreground">While you wait, say yes or no about the people you met below. You can change your mind until voting closes.</p>
          </Panel>
        </>
      );
    case 'paused':
      return (
        <>
          <RoundBar live={live} label="Left in this round" seconds={live.remaining_seconds ?? 0} />
          <Panel className="justify-items-center text-center">
            <PauseCircle className="size-10 text-amber-600" aria-hidden />
            <h2 id="room-title" className="text-xl font-semibold">
              The host paused the event
            </h2>
            <p className="max-w-md text-muted-foreground">The clock is stopped with {Math.ceil((live.remaining_seconds ?? 0) / 60)} min left in this round. Stay on this page; it carries on when the host resumes.</p>
          </Panel>
        </>
      );
    case 'voting':
      return (
        <Panel tone="warm" className="justify-items-center text-center">
          <HeartHandshake className="size-10 text-rose-600" aria-hidden />
          <h2 id="room-title" className="text-2xl font-semibold">
            The dates are over
          </h2>
          <p className="max-w-md text-muted-foreground">Last chance to say yes or no about the people you met. When voting closes, every mutual yes becomes a match.</p>
          {live.voting_closes_at && <Countdown to={live.voting_closes_at} label="Voting closes in" />}
        </Panel>
      );
    case 'ended':
      return <Matches live={live} />;
    case 'cancelled':
      return (
        <Panel>
          <h2 id="room-title" className="text-xl font-semibold">
            This event was cancelled
          </h2>
          {e.cancel_reason && <p className="text-muted-foreground">“{e.cancel_reason}”</p>}
          <p className="text-sm text-muted-foreground">If you paid, the full price is back in your Sojourn wallet.</p>
        </Panel>
      );
    case 'left':
      return (
        <Panel>
          <DoorOpen className="size-8 text-muted-foreground" aria-hidden />
          <h2 id="room-title" className="text-xl font-semibold">
            You left the event
          </h2>
          <p className="text-muted-foreground">
            {e.status === 'ended' ? 'The event has ended.' : 'Your votes about the people you met still count until voting closes, and you can change them below.'}
          </p>
          {e.status === 'ended' && live.matches.length > 0 && <MatchList live={live} />}
        </Panel>
      );
  }
}

const loadedCall = (() => {
  let C: ComponentType<DateCallProps> | null = null;
  return () => {
    const l = dateCallLoader();
    if (!l) return null;
    C ??= lazy(l);
    return C;
  };
})();

function DateScreen({ live, eventId }: { live: SpeedLive; eventId: string }) {
  const partner = live.partner;
  const Call = useMemo(() => loadedCall(), []);
  if (!partner) return null;
  const vote = live.met.find((m) => m.partner.id === partner.id)?.vote ?? null;
  return (
    <>
      <RoundBar live={live} label="Time left" to={live.round_ends_at} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
        <div className="grid content-start gap-2">
          <h2 id="room-title" className="sr-only">
            Your date with {partner.display_name}
          </h2>
          {live.room_id && Call ? (
            <Suspense fallback={<Skeleton className="aspect-video w-full rounded-2xl" />}>
              <Call key={live.room_id} roomId={live.room_id} partnerName={partner.display_name} />
            </Suspense>
          ) : (
            <div className="flex aspect-video items-center justify-center rounded-2xl bg-neutral-900 p-6 text-center text-white">
              <span className="inline-flex items-center gap-2">
                <Video aria-hidden /> {live.room_id ? 'Video is not available here.' : 'Setting up your video room…'}
              </span>
            </div>
          )}
        </div>
        <aside className="grid content-start gap-4 rounded-2xl border bg-card p-5" aria-label="Your partner">
          <div className="flex items-center gap-4">
            <PersonPhoto person={partner} size="lg" />
            <div className="grid min-w-0 gap-0.5">
              <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">You’re talking to</p>
              <p className="truncate text-xl font-semibold" data-testid="partner-name">
                {partner.display_name}
              </p>
              <p className="text-sm text-muted-foreground">{personFacts(partner) || 'Details not shared'}</p>
            </div>
          </div>
          <VoteButtons eventId={eventId} person={partner} vote={vote} question={`Would you like to see ${partner.display_name} again?`} />
        </aside>
      </div>
    </>
  );
}

/** Yes / No about one person: a toggle pair that shows the saved answer. */
function VoteButtons({ eventId, person, vote, question, compact }: { eventId: string; person: SpeedPerson; vote: SpeedMet['vote']; question?: string; compact?: boolean }) {
  const put = usePut(eventId);
  const m = useMutation({ mutationFn: (yes: boolean) => speedApi.vote(eventId, person.id, yes), onSuccess: put });
  const pending = m.isPending ? m.variables : undefined;
  const shown = pending === undefined ? vote : pending ? 'yes' : 'no';
  return (
    <div className="grid gap-2">
      {question && <p className="font-medium">{question}</p>}
      <div role="group" aria-label={`Your vote on ${person.display_name}`} className={cn('grid grid-cols-2 gap-2', compact && 'flex')}>
        <Button
          variant={shown === 'yes' ? 'default' : 'outline'}
          size={compact ? 'sm' : 'default'}
          aria-pressed={shown === 'yes'}
          onClick={() => m.mutate(true)}
          disabled={m.isPending}
          className={cn(shown === 'yes' && 'bg-rose-600 text-white hover:bg-rose-700')}
        >
          <ThumbsUp aria-hidden /> Yes
        </Button>
        <Button variant={shown === 'no' ? 'secondary' : 'outline'} size={compact ? 'sm' : 'default'} aria-pressed={shown === 'no'} onClick={() => m.mutate(false)} disabled={m.isPending}>
          <ThumbsDown aria-hidden /> No
        </Button>
      </div>
      {!compact && (
        <p className="inline-flex items-start gap-1.5 text-xs text-muted-foreground">
          <Lock className="mt-0.5 size-3.5 shrink-0" aria-hidden /> Private: {person.display_name} never sees your answer. A yes from both of you makes a match.
        </p>
      )}
      {m.isError && <FormAlert>{errorMessage(m.error)}</FormAlert>}
    </div>
  );
}

function MetList({ live, eventId, votingOpen }: { live: SpeedLive; eventId: string; votingOpen: boolean }) {
  const current = live.phase === 'date' ? live.partner?.id : undefined;
  const rows = [...live.met].filter((m) => m.partner.id !== current).sort((a, b) => b.round - a.round);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby="met-title" className="grid gap-3 rounded-2xl border bg-card p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="met-title" className="text-lg font-semibold">
          People you met
        </h2>
        <p className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Lock className="size-3.5" aria-hidden /> Your votes are private{votingOpen ? ' and can change until voting closes' : ''}.
        </p>
      </div>
      <ul className="divide-y">
        {rows.map((m) => (
          <li key={`${m.round}-${m.partner.id}`} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="met-person">
            <PersonLine person={m.partner} extra={<span className="text-xs text-muted-foreground">Round {m.round}</span>} />
            {votingOpen ? (
              <VoteButtons eventId={eventId} person={m.partner} vote={m.vote} compact />
            ) : (
              <span className="text-sm text-muted-foreground">{m.vote === 'yes' ? 'You said yes' : m.vote === 'no' ? 'You said no' : 'No vote'}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function MatchList({ live }: { live: SpeedLive }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your matches">
      {live.matches.map((m) => (
        <li key={m.match_id} className="flex items-center justify-between gap-3 rounded-xl border bg-card p-4" data-testid="speed-match">
          <PersonLine person={m.person} />
          <Button asChild size="sm">
            <Link to={conversationHref(m)} aria-label={`Message ${m.person.display_name}`}>
              <MessageCircle aria-hidden /> <span className="hidden sm:inline">Message</span>
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function Matches({ live }: { live: SpeedLive }) {
  const n = live.matches.length;
  return (
    <Panel tone="warm">
      <div className="grid justify-items-center gap-2 text-center">
        <Heart className="size-10 fill-rose-500 text-rose-500" aria-hidden />
        <h2 id="room-title" className="text-2xl font-semibold">
          {n === 0 ? 'No matches this time' : n === 1 ? 'You have a match!' : `You have ${n} matches!`}
        </h2>
        <p className="max-w-md text-muted-foreground">
          {n === 0
            ? 'Nobody you said yes to said yes back this time. Thanks for coming: there is another event soon.'
            : 'You and each of them both said yes. A conversation is open: say hello while the evening is fresh.'}
        </p>
      </div>
      {n > 0 && <MatchList live={live} />}
      <p className="text-center text-sm text-muted-foreground">
        Your matches are also in{' '}
        <Link to="/matchmaking?tab=matches" className="font-medium underline underline-offset-4">
          Matchmaking
        </Link>
        .
      </p>
    </Panel>
  );
}

function LeaveButton({ eventId }: { eventId: string }) {
  const put = usePut(eventId);
  const m = useMutation({ mutationFn: () => speedApi.leave(eventId), onSuccess: put });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <DoorOpen aria-hidden /> Leave the event
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave the event?</DialogTitle>
          <DialogDescription>You won’t be paired again tonight, and your current date ends for both of you. Your votes still count until voting closes.</DialogDescription>
        </DialogHeader>
        {m.isError && <FormAlert>{errorMessage(m.error)}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Stay</Button>
          </DialogClose>
          <Button variant="destructive" loading={m.isPending} onClick={() => m.mutate()}>
            Leave
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
