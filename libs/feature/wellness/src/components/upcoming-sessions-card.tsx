import { Avatar, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { CalendarDays } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { bookingsApi, wellnessKeys } from '../api';
import { bookingHref, CALENDAR_PATH, COACH_PATHS, THERAPY_PATHS } from '../paths';
import { useWellnessStore } from '../store';
import { dayIn, timeIn, viewerTimeZone, zoneLabel } from '../time';
import { StatusBadge } from './bits';

/** The user dashboard's next three sessions (GET /bookings?status=upcoming), each opening its booking. */
export default function UpcomingSessionsCard({ className }: { className?: string }) {
  const tz = useMemo(viewerTimeZone, []);
  const q = useQuery({ queryKey: [...wellnessKeys.list('upcoming'), 'dashboard'], queryFn: () => bookingsApi.list('upcoming', undefined, 3).then((r) => r.data) });
  const therapy = useWellnessStore((s) => s.therapyPreference);
  const coaching = useWellnessStore((s) => s.lifeCoachPreference);
  const firstCoach = coaching && !therapy;
  return (
    <Card className={className}>
      <CardHeader>
        <CalendarDays className="size-6 text-primary" aria-hidden />
        <CardTitle as="h2" className="text-base">
          Upcoming sessions
        </CardTitle>
        <CardDescription>Times in {zoneLabel(tz)}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {q.isPending ? (
          <Skeleton className="h-20 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load your sessions" error={q.error} onRetry={() => void q.refetch()} className="py-4" />
        ) : q.data.length === 0 ? (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">Nothing booked yet.</p>
            <div className="flex flex-wrap gap-2">
              <Button asChild size="sm" variant={firstCoach ? 'outline' : 'default'}>
                <Link to={THERAPY_PATHS.list}>Find a therapist</Link>
              </Button>
              <Button asChild size="sm" variant={firstCoach ? 'default' : 'outline'}>
                <Link to={COACH_PATHS.list}>Find a coach</Link>
              </Button>
            </div>
          </div>
        ) : (
          <>
            <ul className="grid gap-2">
              {q.data.map((b) => (
                <li key={b.id}>
                  <Link to={bookingHref(b.id)} className="flex items-center gap-3 rounded-md p-1.5 hover:bg-muted">
                    <Avatar src={b.provider.avatar_url || null} name={b.provider.display_name} size="sm" />
                    <span className="grid flex-1 gap-0.5 text-sm">
                      <span className="font-medium">{b.title}</span>
                      <span className="text-muted-foreground">
                        {dayIn(b.start, tz)}, {timeIn(b.start, tz)} · {b.provider.display_name}
                      </span>
                    </span>
                    <StatusBadge status={b.status} />
                  </Link>
                </li>
              ))}
            </ul>
            <Button asChild variant="outline" size="sm" className="w-fit">
              <Link to={CALENDAR_PATH}>Open your calendar</Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}
