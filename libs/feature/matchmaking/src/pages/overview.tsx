import { errorMessage } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, PageHeader, Progress as Bar, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, RotateCcw } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { matchmakingApi, matchmakingKeys, type MatchMe, type MatchQuestion } from '../api';
import { OptInButton } from '../opt-in';
import { HiddenPeople } from './hidden-people';
import { IMPORTANCE, MATCHMAKING_PATH, ONBOARD_PATH, STEPS, describeStep, progress, questionPath, resumePath, stepPath } from '../steps';

function Status({ me }: { me: MatchMe }) {
  const qc = useQueryClient();
  const set = (next: MatchMe) => {
    qc.setQueryData(matchmakingKeys.me, next);
    void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
  };
  const pause = useMutation({
    mutationFn: (paused: boolean) => matchmakingApi.pause(paused),
    onSuccess: (next) => {
      set(next);
      toast.success(next.paused ? 'Matchmaking paused: nobody sees you until you resume.' : 'Welcome back: matchmaking resumed.');
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  const optOut = useMutation({
    mutationFn: matchmakingApi.optOut,
    onSuccess: (next) => {
      set(next);
      toast.success('You left matchmaking. Your answers are kept if you come back.');
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Taking part
          <Badge variant={!me.opted_in ? 'secondary' : me.paused ? 'warning' : 'success'}>{!me.opted_in ? 'Not opted in' : me.paused ? 'Paused' : 'Active'}</Badge>
        </CardTitle>
        <CardDescription>
          {me.home ? `Others see your city only: ${me.home}.` : 'Others see your city only, never your exact location.'}
          {me.age !== null && ` Age ${me.age}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {!me.opted_in ? (
          <OptInButton removed={me.removed} then={resumePath(me) ?? MATCHMAKING_PATH} />
        ) : (
          <>
            <Button variant={me.paused ? 'default' : 'outline'} loading={pause.isPending} onClick={() => pause.mutate(!me.paused)}>
              {me.paused ? 'Resume matchmaking' : 'Pause matchmaking'}
            </Button>
            <Button variant="ghost" loading={optOut.isPending} onClick={() => optOut.mutate()}>
              Opt out
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Weights() {
  const qc = useQueryClient();
  const w = useQuery({ queryKey: matchmakingKeys.weights, queryFn: matchmakingApi.weights });
  const reset = useMutation({
    mutationFn: matchmakingApi.resetWeights,
    onSuccess: (next) => {
      qc.setQueryData(matchmakingKeys.weights, next);
      void qc.invalidateQueries({ queryKey: matchmakingKeys.candidates });
      toast.success('Learning reset: every part of your preferences counts as you set it.');
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>What your likes and passes taught us</CardTitle>
        <CardDescription>Each like or pass adjusts how much a part of your preferences counts. The reasons below say how.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {w.isPending ? (
          <Skeleton className="h-32 w-full" />
        ) : w.isError ? (
          <ErrorState title="We could not load what was learnt" error={w.error} onRetry={() => void w.refetch()} />
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {w.data.decisions === 0 ? 'Nothing learnt yet: like or pass on a few people first.' : `Learnt from ${w.data.decisions} ${w.data.decisions === 1 ? 'decision' : 'decisions'}.`}
            </p>
            <ul className="grid gap-3 sm:grid-cols-2">
              {w.data.weights.map((x) => (
                <li key={x.dimension} className="grid gap-1.5 rounded-lg border p-3">
                  <div className="flex items-center justify-between gap-2 text-sm">
                    <span className="font-medium">{x.label}</span>
                    <span className="tabular-nums text-muted-foreground">×{x.multiplier.toFixed(2)}</span>
                  </div>
                  {/* 0.5 … 2 on a bar: 1 sits a third of the way. */}
                  <Bar value={((x.multiplier - 0.5) / 1.5) * 100} label={`${x.label}: counts ${x.multiplier.toFixed(2)} times`} className="h-1.5" />
                  <p className="text-sm text-muted-foreground">{x.explanation ?? 'Counts as you set it.'}</p>
                </li>
              ))}
            </ul>
            <div>
              <Button variant="outline" loading={reset.isPending} onClick={() => reset.mutate()} disabled={w.data.decisions === 0 && w.data.weights.every((x) => x.multiplier === 1)}>
                <RotateCcw aria-hidden /> Reset learning
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function answerText(q: MatchQuestion): string {
  if (!q.answer) return 'Not answered yet';
  const l = (id: string) => q.options.find((o) => o.id === id)?.label ?? id;
  return `${l(q.answer.answer)}. Accepts: ${q.answer.accepted.map(l).join(', ')}. Matters: ${IMPORTANCE[q.answer.importance].toLowerCase()}.`;
}

function EditLink({ to, what }: { to: string; what: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className="shrink-0">
      <Link to={to} aria-label={`Edit ${what}`}>
        <Pencil aria-hidden /> Edit
      </Link>
    </Button>
  );
}

/** /user-preferences: taking part or not, pause, progress, every answer with its Edit link, and the learnt weights. */
export default function PreferencesOverviewPage() {
  const me = useQuery({ queryKey: matchmakingKeys.me, queryFn: matchmakingApi.me });
  const qs = useQuery({ queryKey: matchmakingKeys.questions, queryFn: matchmakingApi.questions });
  if (me.isPending) return <Skeleton className="mx-auto h-96 w-full max-w-4xl" />;
  if (me.isError) return <ErrorState title="We could not load your preferences" error={me.error} onRetry={() => void me.refetch()} />;
  const m = me.data;
  const p = progress(m, qs.data);
  const next = resumePath(m, qs.data);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Matchmaking preferences"
        description="What you look for, a little about you, and how much each answer matters."
        actions={
          <>
            {!m.opted_in && (
              <Button asChild variant="outline">
                <Link to={ONBOARD_PATH}>How matchmaking works</Link>
              </Button>
            )}
            <Button asChild>
              <Link to={MATCHMAKING_PATH}>Go to matchmaking</Link>
            </Button>
          </>
        }
      />
      <Status me={m} />
      <Card>
        <CardHeader>
          <CardTitle>Progress</CardTitle>
          <CardDescription>
            {p.done} of {p.total} answered.
            {p.missingSteps.length + p.missingQuestions.length === 0
              ? ' Everything is answered.'
              : ` Still missing: ${[...p.missingSteps.map((s) => s.title), ...p.missingQuestions.map((i) => `question ${i + 1}`)].join(', ')}.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Bar value={p.percent} label={`Preferences ${p.percent}% complete`} />
          {next && (
            <div>
              <Button asChild>
                <Link to={next}>{p.done === 0 ? 'Start' : 'Continue where you left off'}</Link>
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Your answers</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="divide-y">
            {STEPS.map((s, i) => {
              const st = m.steps.find((x) => x.step === s.step);
              return (
                <li key={s.step} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">
                      {i + 1}. {s.title}
                    </p>
                    <p className={st?.answered ? 'text-sm text-muted-foreground' : 'text-sm italic text-warning'}>{describeStep(s.step, st?.answered ? st.answer : null)}</p>
                  </div>
                  <EditLink to={stepPath(s.step)} what={s.title} />
                </li>
              );
            })}
          </ol>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Questions</CardTitle>
          <CardDescription>Your answer, the answers you accept from a match, and how much it matters.</CardDescription>
        </CardHeader>
        <CardContent>
          {qs.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : qs.isError ? (
            <ErrorState title="We could not load the questions" error={qs.error} onRetry={() => void qs.refetch()} />
          ) : (
            <ol className="divide-y">
              {qs.data.map((q, i) => (
                <li key={q.id} className="flex items-start justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium">{q.text}</p>
                    <p className={q.answer ? 'text-sm text-muted-foreground' : 'text-sm italic'}>{answerText(q)}</p>
                  </div>
                  <EditLink to={questionPath(i)} what={`question ${i + 1}`} />
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
      <Weights />
      <HiddenPeople />
    </div>
  );
}
