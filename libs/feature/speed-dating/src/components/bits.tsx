import { Badge } from '@sojourn/ui';
import { cn, initials } from '@sojourn/util';
import { Cake, Clock, MapPin, Timer, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { SpeedEvent, SpeedPerson, SpeedStatus } from '../api';
import { audienceLabel, durationLabel, eventWhen, formatClock, secondsUntil, spokenClock, statusBadge, viewerZone } from '../logic';

/** The time now, ticking every `ms` while mounted. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/**
 * A countdown to `to` (or a fixed number of seconds, e.g. a paused round's remainder): the clock large, its words for
 * screen readers. The visible clock is hidden from them (it changes every second); the spoken words change once a minute.
 */
export function Countdown({ to, seconds, label, size = 'lg', className }: { to?: string | null; seconds?: number | null; label: string; size?: 'lg' | 'md'; className?: string }) {
  const now = useNow();
  const left = seconds ?? secondsUntil(to, now) ?? 0;
  const spoken = left >= 60 ? spokenClock(Math.ceil(left / 60) * 60) : left > 10 ? 'less than a minute' : spokenClock(left);
  return (
    <div className={cn('grid justify-items-center gap-0.5', className)} data-testid="countdown">
      <span className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{label}</span>
      <span aria-hidden className={cn('font-mono font-semibold tabular-nums tracking-tight', size === 'lg' ? 'text-4xl sm:text-5xl' : 'text-2xl', left <= 10 && seconds == null && 'text-destructive')}>
        {formatClock(left)}
      </span>
      <span className="sr-only">
        {label}: {spoken}
      </span>
    </div>
  );
}

/** The shared warning badge's amber is too light for small text on tinted rows and cards here: a darker amber passes AA. */
export const toneClass = (tone: string) => (tone === 'warning' ? 'text-amber-800 dark:text-amber-200' : undefined);

export function StatusBadge({ status }: { status: SpeedStatus }) {
  const b = statusBadge(status);
  return (
    <Badge variant={b.tone} className={toneClass(b.tone)} data-testid="event-status">
      {status === 'live' && <span className="size-1.5 animate-pulse rounded-full bg-current" aria-hidden />}
      {b.label}
    </Badge>
  );
}

/** A person's photo or initials, round. */
export function PersonPhoto({ person, size = 'md', className }: { person: Pick<SpeedPerson, 'display_name' | 'avatar_url'>; size?: 'sm' | 'md' | 'lg' | 'xl'; className?: string }) {
  const box = { sm: 'size-9 text-sm', md: 'size-12 text-base', lg: 'size-20 text-2xl', xl: 'size-28 text-4xl' }[size];
  if (person.avatar_url) return <img src={person.avatar_url} alt="" className={cn('shrink-0 rounded-full object-cover ring-2 ring-background', box, className)} />;
  return (
    <span aria-hidden className={cn('flex shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-200 to-amber-100 font-semibold text-rose-900 ring-2 ring-background', box, className)}>
      {initials(person.display_name)}
    </span>
  );
}

/** "29 · Lagos". */
export function personFacts(p: Pick<SpeedPerson, 'age' | 'city'>): string {
  return [p.age != null ? String(p.age) : null, p.city].filter(Boolean).join(' · ');
}

/** The event's start in its zone and, when different, the viewer's. */
export function EventWhen({ event, className }: { event: Pick<SpeedEvent, 'starts_at' | 'time_zone'>; className?: string }) {
  const w = eventWhen(event.starts_at, event.time_zone, viewerZone());
  return (
    <span className={cn('grid', className)}>
      <span>{w.event}</span>
      {w.viewer && <span className="text-xs text-muted-foreground">{w.viewer}</span>}
    </span>
  );
}

/** Rounds × minutes, ages and audience as small facts with icons. */
export function EventFacts({ event, className }: { event: SpeedEvent; className?: string }) {
  const facts = [
    { icon: Timer, text: `${event.rounds} × ${durationLabel(event.round_seconds)} dates` },
    { icon: Cake, text: `Ages ${event.age_min}–${event.age_max}` },
    { icon: Users, text: audienceLabel(event.audience) },
    { icon: Clock, text: `About ${Math.max(1, Math.round((new Date(event.ends_at).getTime() - new Date(event.starts_at).getTime()) / 60000))} min in all` },
  ];
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-1.5 text-sm text-muted-foreground', className)}>
      {facts.map((f) => (
        <li key={f.text} className="inline-flex items-center gap-1.5">
          <f.icon className="size-4 shrink-0 text-rose-600 dark:text-rose-400" aria-hidden />
          {f.text}
        </li>
      ))}
    </ul>
  );
}

/** A person met or to meet: photo, name, age and city. */
export function PersonLine({ person, extra }: { person: SpeedPerson; extra?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <PersonPhoto person={person} />
      <div className="grid min-w-0">
        <span className="truncate font-medium">{person.display_name}</span>
        <span className="inline-flex items-center gap-1 text-sm text-muted-foreground">
          {person.city && <MapPin className="size-3.5" aria-hidden />}
          {personFacts(person) || 'Details not shared'}
        </span>
        {extra}
      </div>
    </div>
  );
}
