import { errorMessage } from '@sojourn/api-client';
import { useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import { Badge, Button, DataTable, ErrorState, FormAlert, ReasonDialog, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Coffee, Flag, Heart, Pause, Pencil, Play, Vote } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { frameEventId, speedApi, speedKeys, SPEED_STATE, type SpeedEventAdmin, type SpeedParticipant, type SpeedRound } from '../api';
import { EventFacts, EventWhen, PersonPhoto, StatusBadge } from '../components/bits';
import { groupLabel, hostActions, priceLabel, roundLabel, startBlocker, type HostAction } from '../logic';
import { ADMIN_SPEED_DATING_PATH, eventHref } from '../paths';

const time = (iso: string | null) => (iso ? new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso)) : '—');

/** /admin-dashboard/speed-dating/:id: the host console (status, round, the host's buttons), participants, rotation, counts. */
export default function AdminSpeedEventPage() {
  const { id = '' } = useParams();
  const qc = useQueryClient();
  const key = speedKeys.adminEvent(id);
  const q = useQuery({
    queryKey: key,
    queryFn: () => speedApi.adminEvent(id),
    retry: false,
    // While the event runs the console refreshes every 5 s (check-ins every 10 s before it starts), besides the speed.state pushes.
    refetchInterval: (query) => {
      const s = query.state.data?.event.status;
      return s === 'live' || s === 'paused' || s === 'voting' ? 5000 : s === 'scheduled' ? 10_000 : false;
    },
  });
  useRealtimeEvent(SPEED_STATE, (d) => {
    const e = frameEventId(d);
    if (!e || e === id) void qc.invalidateQueries({ queryKey: key });
  });
  useOnResume(() => void qc.invalidateQueries({ queryKey: key }));

  if (q.isPending)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        <Skeleton className="h-64" />
      </div>
    );
  if (q.isError || !q.data)
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        <ErrorState title="This event could not be loaded" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  const a = q.data;
  const e = a.event;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-1.5">
            <StatusBadge status={e.status} />
            <Badge variant="outline">{priceLabel(e)}</Badge>
          </div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{e.title}</h1>
          <EventWhen event={e} className="text-sm" />
          <EventFacts event={e} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={eventHref(e.id)} target="_blank" rel="noreferrer" reloadDocument>
              Members’ page
            </Link>
          </Button>
          {e.status === 'scheduled' && (
            <Button asChild variant="outline" size="sm">
              <Link to={`${ADMIN_SPEED_DATING_PATH}/${encodeURIComponent(e.id)}/edit`}>
                <Pencil aria-hidden /> Edit
              </Link>
            </Button>
          )}
        </div>
      </header>
      {e.status === 'cancelled' && <FormAlert>Cancelled{e.cancel_reason ? `: ${e.cancel_reason}` : '.'} Every ticket was refunded to its holder’s wallet.</FormAlert>}
      <Console a={a} />
      <Participants a={a} />
      <Schedule rounds={a.schedule} current={e.status === 'live' || e.status === 'paused' ? e.current_round : 0} />
    </div>
  );
}

function Stat({ label, value, icon: Icon }: { label: string; value: ReactNode; icon: typeof Heart }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-background p-3">
      <Icon className="size-5 text-rose-600 dark:text-rose-400" aria-hidden />
      <div className="grid">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="text-lg font-semibold tabular-nums">{value}</span>
      </div>
    </div>
  );
}

function Console({ a }: { a: SpeedEventAdmin }) {
  const qc = useQueryClient();
  const e = a.event;
  const can = hostActions(e.status);
  const act = useMutation({
    mutationFn: (what: Exclude<HostAction, 'cancel'>) => speedApi[what](e.id),
    onSuccess: (r, what) => {
      qc.setQueryData(speedKeys.adminEvent(e.id), r);
      void qc.invalidateQueries({ queryKey: speedKeys.admin });
      toast.success(
        what === 'start' ? 'Round 1 has begun.' : what === 'pause' ? 'Paused.' : what === 'resume' ? 'Resumed.' : what === 'next' ? (r.event.status === 'voting' ? 'The last round is over: voting is open.' : `Bell rung: round ${r.event.current_round}.`) : 'The event has ended: voting is open.',
      );
    },
  });
  const checkedIn = a.participants.filter((p) => p.checked_in_at && !p.left_at).length;
  const confirmed = a.participants.filter((p) => p.status === 'confirmed').length;
  const running = e.status === 'live' || e.status === 'paused';
  const blocker = startBlocker(e, confirmed, checkedIn, Date.now());
  const btn = (what: Exclude<HostAction, 'cancel'>, label: string, Icon: typeof Play, variant: 'default' | 'outline' | 'destructive' = 'outline') => (
    <Button variant={variant} disabled={!can[what] || act.isPending || (what === 'start' && blocker !== null)} loading={act.isPending && act.variables === what} onClick={() => act.mutate(what)}>
      <Icon aria-hidden /> {label}
    </Button>
  );
  return (
    <section aria-labelledby="console-title" className="grid gap-5 rounded-2xl border bg-card p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <h2 id="console-title" className="text-lg font-semibold">
            Host console
          </h2>
          <p className="text-3xl font-bold tracking-tight" data-testid="console-round">
            {e.status === 'scheduled' ? 'Not started' : e.status === 'voting' ? 'Voting' : e.status === 'ended' ? 'Ended' : e.status === 'cancelled' ? 'Cancelled' : roundLabel(e.current_round, e.rounds)}
          </p>
          {e.status === 'scheduled' && (
            <p className="text-sm text-muted-foreground">
              {checkedIn} checked in of {confirmed} confirmed. {blocker ?? 'Everyone checked in can start meeting: start when you are ready.'}
            </p>
          )}
        </div>
        {running && (
          <p className="max-w-xs text-sm text-muted-foreground">
            {e.status === 'paused' ? 'Paused: the round’s remaining time is kept until you resume.' : `Each round lasts ${Math.round(e.round_seconds / 60)} min; the bell rings by itself when it is up.`}
          </p>
        )}
      </div>
      {e.status === 'voting' && <p className="text-sm text-muted-foreground">The rounds are over. Voting closes 10 minutes after the last round, or as soon as everyone present has voted on everyone they met; the matches are made then.</p>}
      {e.status === 'ended' && <p className="text-sm text-muted-foreground">The event is over and its matches are made.</p>}
      {(e.status === 'scheduled' || e.status === 'live' || e.status === 'paused') && (
        <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Host controls">
          {btn('start', 'Start', Play, 'default')}
          {e.status === 'paused' ? btn('resume', 'Resume', Play) : btn('pause', 'Pause', Pause)}
          {btn('next', 'Next round', Bell)}
          {btn('end', 'End', Flag, 'destructive')}
          {can.cancel && (
            <ReasonDialog
              triggerLabel="Cancel event"
              title="Cancel this event?"
              description="Every ticket is refunded in full to its holder’s Sojourn wallet (card payments too), and every holder is told, with your reason."
              tooShort="Write a reason of at least 3 characters: every ticket holder reads it."
              confirmLabel="Cancel event and refund"
              onConfirm={(reason) => speedApi.cancel(e.id, reason).then((r) => qc.setQueryData(speedKeys.adminEvent(e.id), r))}
              onDone={() => {
                void qc.invalidateQueries({ queryKey: speedKeys.admin });
                toast.success('The event is cancelled and every ticket refunded.');
              }}
            />
          )}
        </div>
      )}
      {act.isError && <FormAlert>{errorMessage(act.error)}</FormAlert>}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Tickets confirmed" value={`${confirmed} / ${e.capacity}`} icon={Flag} />
        <Stat label="Checked in" value={checkedIn} icon={Play} />
        <Stat label="Votes cast" value={<span data-testid="votes-cast">{a.votes_cast}</span>} icon={Vote} />
        <Stat label="Matches made" value={<span data-testid="matches-made">{a.matches_made}</span>} icon={Heart} />
      </div>
    </section>
  );
}

function Participants({ a }: { a: SpeedEventAdmin }) {
  return (
    <div className="grid gap-3">
      <h2 id="people-title" className="text-lg font-semibold">
        Participants
      </h2>
      <DataTable<SpeedParticipant>
        caption="Participants"
        responsive="cards"
        rows={a.participants}
        rowKey={(p) => p.ticket_id}
        empty={{ title: 'No tickets yet', description: 'People who get a ticket appear here.' }}
        columns={[
          {
            key: 'person',
            header: 'Person',
            cell: (p) => (
              <span className="flex min-w-40 items-center gap-2">
                <PersonPhoto person={p.person} size="sm" />
                <span className="grid">
                  <span className="font-medium">{p.person.display_name}</span>
                  <span className="text-xs text-muted-foreground">{[p.person.age, p.person.city].filter((x) => x != null && x !== '').join(' · ')}</span>
                </span>
              </span>
            ),
          },
          { key: 'group', header: 'Group', cell: (p) => groupLabel(p.group) },
          { key: 'ticket', header: 'Ticket', cell: (p) => <Badge variant={p.status === 'confirmed' ? 'success' : 'secondary'}>{p.status.replace(/_/g, ' ')}</Badge> },
          { key: 'in', header: 'Checked in', cell: (p) => (p.checked_in_at ? time(p.checked_in_at) : 'No') },
          { key: 'left', header: 'Left', cell: (p) => (p.left_at ? time(p.left_at) : '—') },
          { key: 'dates', header: 'Dates', cell: (p) => <span className="tabular-nums">{p.dates}</span> },
          { key: 'breaks', header: 'Breaks', cell: (p) => <span className="tabular-nums">{p.breaks}</span> },
        ]}
        more={{ hasMore: false, loading: false, onLoadMore: () => undefined, noun: ['participant', 'participants'] }}
      />
    </div>
  );
}

function Schedule({ rounds: all, current }: { rounds: SpeedRound[]; current: number }) {
  // Planned rounds after the last one with a date are not run: the event goes to voting once everyone met everyone
  // they can meet.
  const lastWithDates = all.reduce((n, r) => (r.pairs.length > 0 || !r.planned ? r.round : n), 0);
  const rounds = all.filter((r) => r.round <= lastWithDates);
  const skipped = all.length - rounds.length;
  return (
    <section aria-labelledby="rotation-title" className="grid gap-3">
      <div className="grid gap-1">
        <h2 id="rotation-title" className="text-lg font-semibold">
          Rotation
        </h2>
        <p className="text-sm text-muted-foreground">Planned rounds may still change when people leave or arrive late.</p>
      </div>
      {rounds.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">The rotation appears once there are tickets to pair.</p>
      ) : (
        <ol className="grid gap-3 md:grid-cols-2">
          {rounds.map((r) => (
            <li key={r.round} className={cn('grid gap-2 rounded-xl border bg-card p-4', r.round === current && !r.planned && 'border-rose-400 ring-1 ring-rose-300')} data-testid="rotation-round">
              <div className="flex items-center justify-between gap-2">
                <h3 className="font-semibold">Round {r.round}</h3>
                {r.planned ? <Badge variant="outline">Planned</Badge> : r.round === current ? <Badge variant="success">Now</Badge> : <Badge variant="secondary">Done</Badge>}
              </div>
              <ul className="grid gap-1 text-sm">
                {r.pairs.map((p) => (
                  <li key={`${p.a.id}-${p.b.id}`} className="flex items-center gap-2">
                    <Heart className="size-3.5 text-rose-500" aria-hidden />
                    <span>
                      {p.a.display_name} <span className="text-muted-foreground">with</span> {p.b.display_name}
                    </span>
                  </li>
                ))}
                {r.breaks.map((b) => (
                  <li key={b.id} className="flex items-center gap-2 text-muted-foreground">
                    <Coffee className="size-3.5" aria-hidden /> {b.display_name} sits out
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {skipped > 0 && rounds.length > 0 && (
        <p className="rounded-xl border border-dashed p-4 text-sm text-muted-foreground" data-testid="rotation-ends-early">
          {skipped === 1 ? 'The last round has' : `The last ${skipped} rounds have`} no new pairs that fit each other, so voting opens after round {lastWithDates}. Late arrivals
          can still add dates.
        </p>
      )}
    </section>
  );
}
