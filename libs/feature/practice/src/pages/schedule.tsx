import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, FormAlert, Input, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Interval, type PracticeSchedule } from '../api';
import { IntervalsEditor, intervalProblem } from '../components/intervals';
import { OverrideForm, OverrideList } from '../components/overrides';
import type { PracticeContext } from '../context';
import { WEEKDAYS, WEEKDAY_LABELS, type Weekday, zoneName } from '../format';

type Week = Record<Weekday, Interval[]>;

export function WeeklyEditor({ ctx, schedule }: { ctx: PracticeContext; schedule: PracticeSchedule }) {
  const qc = useQueryClient();
  const [week, setWeek] = useState<Week>(() => Object.fromEntries(WEEKDAYS.map((d) => [d, schedule.weekly[d] ?? []])) as Week);
  const [daily, setDaily] = useState(String(schedule.daily_limit));
  const [weekly, setWeekly] = useState(String(schedule.weekly_limit));
  const problems = WEEKDAYS.map((d) => [d, intervalProblem(week[d])] as const).filter(([, p]) => p);
  const dailyBad = !/^\d+$/.test(daily) || Number(daily) > 50;
  const weeklyBad = !/^\d+$/.test(weekly) || Number(weekly) > 300;
  const save = useMutation({
    mutationFn: () => practiceApi.saveSchedule(ctx.kind, { weekly: week, daily_limit: Number(daily), weekly_limit: Number(weekly) }),
    onSuccess: (s) => {
      qc.setQueryData(practiceKeys.schedule(ctx.kind), s);
      void qc.invalidateQueries({ queryKey: practiceKeys.profile(ctx.kind) });
      void qc.invalidateQueries({ queryKey: practiceKeys.dashboard });
      toast.success('Weekly hours saved. Clients see the new times now.');
    },
  });
  const total = WEEKDAYS.reduce((sum, d) => sum + week[d].reduce((m, i) => m + minutes(i.end) - minutes(i.start), 0), 0);
  return (
    <form
      className="grid gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (problems.length === 0 && !dailyBad && !weeklyBad) save.mutate();
      }}
    >
      <ul className="grid gap-4">
        {WEEKDAYS.map((d) => {
          const problem = intervalProblem(week[d]);
          return (
            <li key={d} className="grid gap-2 border-b pb-4 last:border-b-0 sm:grid-cols-[8rem_minmax(0,1fr)]">
              <p className="pt-2 font-medium">{WEEKDAY_LABELS[d]}</p>
              <div className="grid gap-1">
                {week[d].length === 0 && <p className="text-sm text-muted-foreground">Closed</p>}
                <IntervalsEditor label={WEEKDAY_LABELS[d]} intervals={week[d]} onChange={(next) => setWeek({ ...week, [d]: next })} />
                {problem && (
                  <p className="text-sm text-destructive" role="alert">
                    {problem}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-muted-foreground">
        {Math.round((total / 60) * 10) / 10} open hours a week, in {schedule.time_zone ? zoneName(schedule.time_zone) : 'your time zone (not set yet)'}.
      </p>
      <fieldset className="grid gap-4 rounded-md border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">Limits</legend>
        <div className="grid gap-1.5">
          <Label htmlFor="daily-limit">Most bookings in a day</Label>
          <Input id="daily-limit" inputMode="numeric" className="max-w-28" value={daily} onChange={(e) => setDaily(e.target.value.trim())} aria-invalid={dailyBad || undefined} aria-describedby="daily-limit-hint" />
          <p id="daily-limit-hint" className={dailyBad ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
            0 for no limit; at most 50.
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="weekly-limit">Most bookings in a week</Label>
          <Input id="weekly-limit" inputMode="numeric" className="max-w-28" value={weekly} onChange={(e) => setWeekly(e.target.value.trim())} aria-invalid={weeklyBad || undefined} aria-describedby="weekly-limit-hint" />
          <p id="weekly-limit-hint" className={weeklyBad ? 'text-sm text-destructive' : 'text-xs text-muted-foreground'}>
            0 for no limit; at most 300.
          </p>
        </div>
      </fieldset>
      {save.error && <FormAlert>{errorMessage(save.error)}</FormAlert>}
      <div>
        <Button type="submit" loading={save.isPending} disabled={problems.length > 0 || dailyBad || weeklyBad}>
          Save weekly hours
        </Button>
      </div>
    </form>
  );
}

function minutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** Weekly hours (several ranges a day), daily and weekly limits, and date overrides. */
export default function SchedulePage({ ctx }: { ctx: PracticeContext }) {
  const schedule = useQuery({ queryKey: practiceKeys.schedule(ctx.kind), queryFn: () => practiceApi.schedule(ctx.kind) });
  const [adding, setAdding] = useState(false);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Hours and availability"
        description="When clients can book you each week, how many sessions you take, and the dates that differ."
        actions={
          <Button asChild variant="outline">
            <Link to={ctx.paths.calendar}>See it on the calendar</Link>
          </Button>
        }
      />
      {schedule.data && !schedule.data.time_zone && (
        <FormAlert tone="info">
          Choose your time zone on <Link to={`${ctx.paths.editProfile}#time_zone`} className="underline">your profile</Link> first: your hours are read in it.
        </FormAlert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Card>
          <CardHeader>
            <CardTitle>Weekly hours</CardTitle>
            <CardDescription>Several ranges a day are fine, e.g. 09:00–12:00 and 13:00–17:00.</CardDescription>
          </CardHeader>
          <CardContent>
            {schedule.isPending ? (
              <Skeleton className="h-96 w-full" />
            ) : schedule.error ? (
              <ErrorState title="Could not load your hours" error={schedule.error} onRetry={() => void schedule.refetch()} />
            ) : (
              <WeeklyEditor key={JSON.stringify(schedule.data)} ctx={ctx} schedule={schedule.data} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="gap-3">
            <CardTitle>Date overrides</CardTitle>
            <CardDescription>Days off, or different hours on one date. They replace that day's weekly hours.</CardDescription>
            {!adding && (
              <div>
                <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
                  <CalendarPlus className="size-4" aria-hidden /> Add an override
                </Button>
              </div>
            )}
          </CardHeader>
          <CardContent className="grid gap-4">
            {adding && <OverrideForm kind={ctx.kind} timeZone={schedule.data?.time_zone ?? ''} onDone={() => setAdding(false)} />}
            <OverrideList kind={ctx.kind} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
