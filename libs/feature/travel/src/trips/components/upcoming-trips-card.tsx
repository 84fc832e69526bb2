import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Luggage } from 'lucide-react';
import { Link } from 'react-router';
import { tripKeys, tripsApi, type Trip } from '../api';
import { TRIP_PATHS, tripHref } from '../paths';
import { dayLabel } from '../time';

export function tripDates(t: Trip): string {
  if (!t.starts_at || !t.ends_at) return 'No bookings yet';
  const a = t.starts_at.slice(0, 10);
  const b = t.ends_at.slice(0, 10);
  return a === b ? dayLabel(a) : `${dayLabel(a, a.slice(0, 4) !== b.slice(0, 4))} to ${dayLabel(b)}`;
}

/** The user's next trips (GET /trips/upcoming): the dashboard's and the travel hub's card. */
export function UpcomingTripsCard({ className, limit = 3 }: { className?: string; limit?: number }) {
  const q = useQuery({ queryKey: tripKeys.upcoming(limit), queryFn: () => tripsApi.upcoming(limit) });
  return (
    <Card className={className}>
      <CardHeader>
        <Luggage className="size-6 text-primary" aria-hidden />
        <CardTitle as="h2" className="text-base">
          Upcoming trips
        </CardTitle>
        <CardDescription>Every booking of a journey in one timeline, with clashes flagged.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {q.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load your trips" error={q.error} onRetry={() => void q.refetch()} className="py-4" />
        ) : q.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No trips coming up. Book a stay, a flight, a car or a tour and it joins a trip.</p>
        ) : (
          <ul className="grid gap-2">
            {q.data.map((t) => (
              <li key={t.id}>
                <Link to={tripHref(t.id)} className="flex items-center gap-3 rounded-md p-1.5 hover:bg-muted">
                  <span className="grid flex-1 gap-0.5 text-sm">
                    <span className="font-medium">{t.name}</span>
                    <span className="text-muted-foreground">
                      {tripDates(t)}
                      {t.cities.length > 0 ? ` · ${t.cities.join(', ')}` : ''}
                    </span>
                  </span>
                  {t.conflict_count > 0 && (
                    <span className="flex items-center gap-1 text-xs font-medium text-destructive">
                      <AlertTriangle className="size-4" aria-hidden />
                      {t.conflict_count} to check
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Button asChild size="sm" variant="outline" className="w-fit">
          <Link to={TRIP_PATHS.list}>All trips</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

export default UpcomingTripsCard;
