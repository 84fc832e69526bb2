import { errorMessage, isApiError } from '@sojourn/api-client';
import {
  Badge,
  Button,
  CursorList,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
  EmptyState,
  ErrorState,
  FormAlert,
  Label,
  PageHeader,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
  cursorQuery,
} from '@sojourn/ui';
import { cn, initials } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, EyeOff, Flag, Heart, HeartCrack, MapPin, MessageCircle, MoreHorizontal, PauseCircle, SlidersHorizontal, Sparkles, UserX, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { matchmakingApi, matchmakingKeys, type Match, type MatchCandidate, type MatchMe, type MatchPerson, type MatchReportReason } from '../api';
import { ChoiceGroup, PersonLine } from '../fields';
import { ONBOARD_PATH, PREFERENCES_PATH, REPORT_REASONS, gate, resumePath, stepPath } from '../steps';

const MESSAGES = '/messaging';
/** The conversation of a match (`?c=` opens it; without one, `?to=` finds or starts it). */
export const conversationHref = (m: Pick<Match, 'conversation_id' | 'person'>) =>
  m.conversation_id ? `${MESSAGES}?c=${encodeURIComponent(m.conversation_id)}` : `${MESSAGES}?to=${encodeURIComponent(m.person.id)}`;

/** The photo, or the initials on a tinted square when there is none. */
function Photo({ person }: { person: MatchPerson }) {
  if (person.avatar_url) return <img src={person.avatar_url} alt={person.display_name} className="aspect-[3/2] w-full rounded-t-xl object-cover" loading="lazy" />;
  return (
    <div className="flex aspect-[3/2] w-full items-center justify-center rounded-t-xl bg-accent text-5xl font-semibold text-accent-foreground" role="img" aria-label={`${person.display_name} (no photo)`}>
      {initials(person.display_name)}
    </div>
  );
}

type Safety = 'hide' | 'block' | 'report';

function ReportDialog({ person, open, onOpenChange, onDone }: { person: MatchPerson; open: boolean; onOpenChange: (o: boolean) => void; onDone: () => void }) {
  const [reason, setReason] = useState<MatchReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [problem, setProblem] = useState('');
  const send = useMutation({
    mutationFn: () => matchmakingApi.report(person.id, reason as MatchReportReason, details.trim()),
    onSuccess: () => {
      toast.success(`Thank you. The moderators will look at it, and you will not see ${person.display_name} again.`);
      onOpenChange(false);
      onDone();
    },
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report {person.display_name}</DialogTitle>
          <DialogDescription>The moderators see your report; {person.display_name} does not learn who sent it.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!reason) return setProblem('Choose a reason.');
            setProblem('');
            send.mutate();
          }}
        >
          <ChoiceGroup legend="Reason" name="reason" options={REPORT_REASONS} value={reason} onChange={(x) => setReason(x as MatchReportReason)} error={problem || undefined} />
          <div className="grid gap-1.5">
            <Label htmlFor="report-details">Details (optional)</Label>
            <Textarea id="report-details" value={details} maxLength={1000} rows={3} onChange={(e) => setDetails(e.target.value)} />
          </div>
          {send.isError && <FormAlert>{errorMessage(send.error)}</FormAlert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" loading={send.isPending}>
              Send report
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  action,
  onConfirm,
  pending,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  title: string;
  description: string;
  action: string;
  onConfirm: () => void;
  pending: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" loading={pending} onClick={onConfirm}>
            {action}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Hide, block and report one person; `onGone` when they leave the list. */
function SafetyMenu({ person, onGone, onBack }: { person: MatchPerson; onGone: () => void; onBack: () => void }) {
  const [open, setOpen] = useState<Safety | null>(null);
  const qc = useQueryClient();
  const act = useMutation({
    mutationFn: (what: 'hide' | 'block') => (what === 'hide' ? matchmakingApi.hide(person.id) : matchmakingApi.block(person.id)),
    onSuccess: (_x, what) => {
      void qc.invalidateQueries({ queryKey: matchmakingKeys.hidden });
      if (what === 'block') toast.success(`${person.display_name} is blocked.`);
      else
        // The toast offers the way back at once; later, /user-preferences lists the people hidden.
        toast.success(
          ({ closeToast }) => (
            <span className="flex flex-wrap items-center gap-2">
              {person.display_name} is hidden: neither of you sees the other here.
              <button
                type="button"
                className="rounded-md border border-current px-2.5 py-1 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
                onClick={() => {
                  closeToast();
                  matchmakingApi
                    .unhide(person.id)
                    .then(() => {
                      onBack();
                      void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
                    })
                    .catch((e: unknown) => toast.error(errorMessage(e)));
                }}
              >
                Undo
              </button>
            </span>
          ),
        );
      setOpen(null);
      onGone();
      void qc.invalidateQueries({ queryKey: matchmakingKeys.matches });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`More about ${person.display_name}`}>
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setOpen('hide')}>
            <EyeOff className="size-4" aria-hidden /> Hide
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('block')}>
            <Ban className="size-4" aria-hidden /> Block
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setOpen('report')}>
            <Flag className="size-4" aria-hidden /> Report
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <ConfirmDialog
        open={open === 'hide'}
        onOpenChange={(o) => setOpen(o ? 'hide' : null)}
        title={`Hide ${person.display_name}?`}
        description="Neither of you will see the other in matchmaking again."
        action="Hide"
        pending={act.isPending}
        onConfirm={() => act.mutate('hide')}
      />
      <ConfirmDialog
        open={open === 'block'}
        onOpenChange={(o) => setOpen(o ? 'block' : null)}
        title={`Block ${person.display_name}?`}
        description="They cannot see you, message you or find you anywhere on Sojourn. You can unblock them from Friends."
        action="Block"
        pending={act.isPending}
        onConfirm={() => act.mutate('block')}
      />
      <ReportDialog person={person} open={open === 'report'} onOpenChange={(o) => setOpen(o ? 'report' : null)} onDone={onGone} />
    </>
  );
}

function CandidateCard({
  c,
  onDecide,
  pending,
  onGone,
  onBack,
}: {
  c: MatchCandidate;
  onDecide: (d: 'like' | 'pass') => void;
  pending: 'like' | 'pass' | null;
  onGone: () => void;
  onBack: () => void;
}) {
  const p = c.person;
  return (
    <article className="flex h-full flex-col rounded-xl border bg-card shadow-sm" aria-labelledby={`cand-${p.id}`} data-testid="candidate">
      <Photo person={p} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={`cand-${p.id}`} tabIndex={-1} className="truncate rounded-sm text-lg font-semibold focus-visible:outline-2 focus-visible:outline-ring">
              {p.display_name}
              {p.age !== null && <span className="font-normal text-muted-foreground">, {p.age}</span>}
            </h2>
            <p className="text-sm text-muted-foreground">{p.place}</p>
            {c.distance && (
              <p className="flex items-center gap-1 text-sm text-muted-foreground">
                <MapPin className="size-3.5 shrink-0" aria-hidden /> {c.distance}
              </p>
            )}
          </div>
          <SafetyMenu person={p} onGone={onGone} onBack={onBack} />
        </div>
        <p className="flex items-center gap-2">
          <Badge variant="soft" className="px-3 py-1 text-sm" data-testid="accuracy">
            {c.accuracy}% match
          </Badge>
        </p>
        {c.why.length > 0 && (
          <ul className="grid gap-1 text-sm" aria-label={`Why ${p.display_name} is suggested`}>
            {c.why.map((w) => (
              <li key={w} className="flex gap-2">
                <Sparkles className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
                <span>{w}</span>
              </li>
            ))}
          </ul>
        )}
        {c.shared.interests.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Shared interests">
            {c.shared.interests.map((i) => (
              <li key={i}>
                <Badge variant="outline">{i}</Badge>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto grid grid-cols-2 gap-2 pt-2">
          <Button variant="outline" loading={pending === 'pass'} disabled={pending !== null} onClick={() => onDecide('pass')} aria-label={`Pass on ${p.display_name}`}>
            <X aria-hidden /> Pass
          </Button>
          <Button loading={pending === 'like'} disabled={pending !== null} onClick={() => onDecide('like')} aria-label={`Like ${p.display_name}`}>
            <Heart aria-hidden /> Like
          </Button>
        </div>
      </div>
    </article>
  );
}

function MatchDialog({ match, onClose }: { match: Match | null; onClose: () => void }) {
  return (
    <Dialog open={match !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        {match && (
          <>
            <DialogHeader>
              <DialogTitle>It&rsquo;s a match!</DialogTitle>
              <DialogDescription>
                You and {match.person.display_name} like each other ({match.accuracy}% match). Say hello.
              </DialogDescription>
            </DialogHeader>
            <PersonLine person={match.person} size="lg" />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Keep looking
              </Button>
              <Button asChild>
                <Link to={conversationHref(match)}>
                  <MessageCircle aria-hidden /> Send a message
                </Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Candidates() {
  const qc = useQueryClient();
  const q = useInfiniteQuery({ ...cursorQuery(matchmakingKeys.candidates, matchmakingApi.candidates) });
  const [gone, setGone] = useState<Set<string>>(() => new Set());
  const [match, setMatch] = useState<Match | null>(null);
  const [limited, setLimited] = useState('');
  const list = useRef<HTMLUListElement>(null);
  const goneOne = (id: string) => {
    const cards = Array.from(list.current?.querySelectorAll<HTMLElement>('[data-candidate]') ?? []);
    const at = cards.findIndex((el) => el.dataset.candidate === id);
    setGone((s) => new Set(s).add(id));
    // Keyboard and screen reader users carry on with the next person (the one that takes this card's place).
    requestAnimationFrame(() => {
      const rest = Array.from(list.current?.querySelectorAll<HTMLElement>('[data-candidate]') ?? []);
      rest[Math.min(Math.max(at, 0), rest.length - 1)]?.querySelector<HTMLElement>('h2')?.focus();
    });
  };
  const decide = useMutation({
    mutationFn: ({ id, d }: { id: string; d: 'like' | 'pass' }) => (d === 'like' ? matchmakingApi.like(id) : matchmakingApi.pass(id)),
    onSuccess: (r, { id }) => {
      goneOne(id);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.weights });
      if (r.matched && r.match) {
        setMatch(r.match);
        void qc.invalidateQueries({ queryKey: matchmakingKeys.matches });
      }
    },
    onError: (e, { id }) => {
      if (isApiError(e) && e.status === 429) return setLimited(errorMessage(e));
      if (isApiError(e) && e.status === 409) {
        // Already decided, or the caller paused elsewhere: drop the card and look again.
        goneOne(id);
        void qc.invalidateQueries({ queryKey: matchmakingKeys.me });
      }
      toast.error(errorMessage(e));
    },
  });
  const rows = (q.data?.pages.flatMap((p) => p.data) ?? []).filter((c) => !gone.has(c.person.id));
  if (q.isPending) return <Skeleton className="h-96 w-full" />;
  if (q.isError) return <ErrorState title="We could not load people to meet" error={q.error} onRetry={() => void q.refetch()} />;
  return (
    <div className="grid gap-4">
      {limited && (
        <FormAlert>
          {limited} You have used today&rsquo;s likes; you can still pass, and like again tomorrow.
        </FormAlert>
      )}
      {rows.length === 0 && !q.hasNextPage ? (
        <EmptyState
          icon={<SlidersHorizontal className="size-6" />}
          title="Nobody new to suggest right now"
          description="Try widening the distance or the age range, or loosening a dealbreaker. New people join every day."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline">
                <Link to={stepPath('distance')}>Widen distance</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={stepPath('age')}>Change age range</Link>
              </Button>
            </div>
          }
        />
      ) : (
        <>
          <ul ref={list} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="People to meet">
            {rows.map((c, i) => (
              // Phones show one card at a time (the first still undecided); wider screens show the grid.
              <li key={c.person.id} data-candidate={c.person.id} className={cn(i > 0 && 'hidden md:block')}>
                <CandidateCard
                  c={c}
                  pending={decide.isPending && decide.variables.id === c.person.id ? decide.variables.d : null}
                  onDecide={(d) => decide.mutate({ id: c.person.id, d })}
                  onGone={() => goneOne(c.person.id)}
                  onBack={() =>
                    setGone((s) => {
                      const n = new Set(s);
                      n.delete(c.person.id);
                      return n;
                    })
                  }
                />
              </li>
            ))}
          </ul>
          <div className="flex flex-col items-center gap-3">
            <p className={cn('text-sm', q.isFetchNextPageError ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
              {q.isFetchNextPageError
                ? 'We could not load more people; check your connection and try again.'
                : `${rows.length} ${rows.length === 1 ? 'person' : 'people'} to see${q.hasNextPage ? ' so far' : ''}`}
            </p>
            {q.hasNextPage && (
              <Button variant="outline" loading={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
                {q.isFetchNextPageError ? 'Try again' : 'Load more'}
              </Button>
            )}
          </div>
        </>
      )}
      <MatchDialog match={match} onClose={() => setMatch(null)} />
    </div>
  );
}

function MatchRow({ m }: { m: Match }) {
  const qc = useQueryClient();
  const [confirm, setConfirm] = useState(false);
  const unmatch = useMutation({
    mutationFn: () => matchmakingApi.unmatch(m.id),
    onSuccess: () => {
      toast.success(`You unmatched ${m.person.display_name}.`);
      setConfirm(false);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.matches });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4" data-testid="match">
      <PersonLine person={m.person}>
        <p className="text-sm">
          <Badge variant="soft">{m.accuracy}% match</Badge>
        </p>
      </PersonLine>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <Link to={conversationHref(m)} aria-label={`Message ${m.person.display_name}`}>
            <MessageCircle aria-hidden /> Message
          </Link>
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirm(true)} aria-label={`Unmatch ${m.person.display_name}`}>
          <HeartCrack aria-hidden /> Unmatch
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title={`Unmatch ${m.person.display_name}?`}
        description="Your conversation stays and says the match ended. Neither of you will see the other in matchmaking again."
        action="Unmatch"
        pending={unmatch.isPending}
        onConfirm={() => unmatch.mutate()}
      />
    </div>
  );
}

function Matches() {
  const q = useInfiniteQuery({ ...cursorQuery(matchmakingKeys.matches, matchmakingApi.matches) });
  return (
    <div className="grid gap-4">
      <CursorList query={q} rowKey={(m) => m.id} noun={['match', 'matches']} empty={{ icon: <Heart className="size-6" />, title: 'No matches yet', description: 'When someone you like likes you back, they appear here.' }}>
        {(m) => <MatchRow m={m} />}
      </CursorList>
    </div>
  );
}

/** What stands between the person and their candidates. */
function Gate({ me }: { me: MatchMe }) {
  const qc = useQueryClient();
  const resume = useMutation({
    mutationFn: () => matchmakingApi.pause(false),
    onSuccess: (next) => {
      qc.setQueryData(matchmakingKeys.me, next);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  switch (gate(me)) {
    case 'removed':
      return <EmptyState icon={<UserX className="size-6" />} title="You cannot take part in matchmaking" description="A moderator removed you from matchmaking after a report. Your matches and conversations stay." />;
    case 'not-opted-in':
      return (
        <EmptyState
          icon={<Heart className="size-6" />}
          title="Meet people who travel and live like you"
          description="Opt in, answer a few short questions, and see people who fit, each with a match accuracy and why."
          action={
            <Button asChild>
              <Link to={ONBOARD_PATH}>Get started</Link>
            </Button>
          }
        />
      );
    case 'paused':
      return (
        <EmptyState
          icon={<PauseCircle className="size-6" />}
          title="Your matchmaking is paused"
          description="Nobody sees you and you see nobody new. Your matches stay."
          action={
            <Button loading={resume.isPending} onClick={() => resume.mutate()}>
              Resume matchmaking
            </Button>
          }
        />
      );
    case 'incomplete':
      return (
        <EmptyState
          icon={<SlidersHorizontal className="size-6" />}
          title="A few preferences to go"
          description="Finish your preferences so we know whom to suggest."
          action={
            <Button asChild>
              <Link to={resumePath(me) ?? PREFERENCES_PATH}>Continue</Link>
            </Button>
          }
        />
      );
    case 'ready':
      return <Candidates />;
  }
}

/** /matchmaking: candidates (one at a time on phones, a grid wider), like or pass, the matches, and safety. */
export default function MatchmakingPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'matches' ? 'matches' : 'people';
  const me = useQuery({ queryKey: matchmakingKeys.me, queryFn: matchmakingApi.me });
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Matchmaking"
        description="People whose answers fit yours, best first, with the reasons."
        actions={
          <Button asChild variant="outline">
            <Link to={PREFERENCES_PATH}>
              <SlidersHorizontal aria-hidden /> Preferences
            </Link>
          </Button>
        }
      />
      {me.data && me.data.opted_in && !me.data.complete && gate(me.data) === 'ready' && (
        <FormAlert tone="info">
          Answer the remaining questions to make your match accuracy sharper.{' '}
          <Link to={resumePath(me.data) ?? PREFERENCES_PATH} className="font-medium underline underline-offset-4">
            Continue
          </Link>
        </FormAlert>
      )}
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'matches' ? { tab: v } : {}, { replace: true })}>
        <TabsList>
          <TabsTrigger value="people">People</TabsTrigger>
          <TabsTrigger value="matches">Matches</TabsTrigger>
        </TabsList>
        <TabsContent value="people" className="pt-4">
          {me.isPending ? <Skeleton className="h-96 w-full" /> : me.isError ? <ErrorState title="We could not load matchmaking" error={me.error} onRetry={() => void me.refetch()} /> : <Gate me={me.data} />}
        </TabsContent>
        <TabsContent value="matches" className="pt-4">
          <Matches />
        </TabsContent>
      </Tabs>
    </div>
  );
}
