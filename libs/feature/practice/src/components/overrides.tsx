import { errorMessage } from '@sojourn/api-client';
import { Button, DatePicker, EmptyState, ErrorState, FormAlert, Label, RadioGroup, RadioGroupItem, Skeleton, parseIsoDate, toIsoDate } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Interval, type Kind, type PracticeOverride } from '../api';
import { addDays, formatDay } from '../format';
import { IntervalsEditor, intervalProblem } from './intervals';

export function useOverrideMutations(kind: Kind) {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: practiceKeys.overridesAll(kind) });
    void qc.invalidateQueries({ queryKey: practiceKeys.dashboard });
  };
  const remove = useMutation({
    mutationFn: (o: PracticeOverride) => practiceApi.removeOverride(o.id),
    onSuccess: () => {
      toast.success('Override removed; the usual weekly hours apply again.');
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return { remove, refresh };
}

export const describeOverride = (o: Pick<PracticeOverride, 'blocked' | 'intervals'>) =>
  o.blocked ? 'Day off: no bookings' : o.intervals.length === 0 ? 'No hours' : `Open ${o.intervals.map((i) => `${i.start}–${i.end}`).join(', ')}`;

/** Add a date override: a day off, or hours replacing that weekday's. */
export function OverrideForm({ kind, date: initialDate, timeZone, onDone }: { kind: Kind; date?: string; timeZone: string; onDone: () => void }) {
  const today = toIsoDate(new Date());
  const [date, setDate] = useState(initialDate ?? today);
  const [mode, setMode] = useState<'blocked' | 'hours'>('blocked');
  const [intervals, setIntervals] = useState<Interval[]>([{ start: '09:00', end: '17:00' }]);
  const { refresh } = useOverrideMutations(kind);
  const problem = mode === 'hours' ? intervalProblem(intervals) ?? (intervals.length === 0 ? 'Add at least one time range, or choose a day off.' : null) : null;
  const add = useMutation({
    mutationFn: () => practiceApi.addOverride(kind, mode === 'blocked' ? { date, blocked: true, intervals: [] } : { date, blocked: false, intervals }),
    onSuccess: () => {
      toast.success(`${formatDay(`${date}T12:00:00Z`, 'UTC')}: ${mode === 'blocked' ? 'day off saved' : 'hours saved'}.`);
      refresh();
      onDone();
    },
  });
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problem) add.mutate();
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="override-date">Date</Label>
        <DatePicker id="override-date" value={date} onChange={(d) => d && setDate(d)} min={parseIsoDate(today) ?? undefined} max={parseIsoDate(addDays(today, 400)) ?? undefined} />
      </div>
      <RadioGroup value={mode} onValueChange={(v) => setMode(v as 'blocked' | 'hours')} aria-label="What changes that day" className="grid gap-2">
        <div className="flex items-center gap-2">
          <RadioGroupItem value="blocked" id="override-blocked" />
          <Label htmlFor="override-blocked">Day off (no bookings at all)</Label>
        </div>
        <div className="flex items-center gap-2">
          <RadioGroupItem value="hours" id="override-hours" />
          <Label htmlFor="override-hours">Different hours that day</Label>
        </div>
      </RadioGroup>
      {mode === 'hours' && <IntervalsEditor label="Hours that day" intervals={intervals} onChange={setIntervals} />}
      <p className="text-xs text-muted-foreground">Hours are in your practice's time zone, {timeZone || 'not set yet'}.</p>
      {problem && <p className="text-sm text-destructive">{problem}</p>}
      {add.error && <FormAlert>{errorMessage(add.error)}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={add.isPending} disabled={Boolean(problem)}>
          Save override
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Upcoming overrides with a remove button each. */
export function OverrideList({ kind }: { kind: Kind }) {
  const from = toIsoDate(new Date());
  const to = addDays(from, 365);
  const list = useQuery({ queryKey: practiceKeys.overrides(kind, from, to), queryFn: () => practiceApi.overrides(kind, from, to) });
  const { remove } = useOverrideMutations(kind);
  if (list.isPending) return <Skeleton className="h-16 w-full" />;
  if (list.error) return <ErrorState title="Could not load your overrides" error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) return <EmptyState title="No overrides ahead" description="Add a day off or different hours for a particular date." />;
  return (
    <ul className="grid gap-2" aria-label="Date overrides">
      {list.data.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3 text-sm">
          <span>
            <span className="font-medium">{formatDay(`${o.date}T12:00:00Z`, 'UTC')}</span>
            <span className="text-muted-foreground"> · {describeOverride(o)}</span>
          </span>
          <Button size="sm" variant="ghost" loading={remove.isPending && remove.variables?.id === o.id} onClick={() => remove.mutate(o)} aria-label={`Remove the override of ${formatDay(`${o.date}T12:00:00Z`, 'UTC')}`}>
            <Trash2 className="size-4" aria-hidden /> Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}
