import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { toursApi, toursKeys } from '../api';

const iso = (d: Date) => d.toISOString().slice(0, 10);

export default function GuideDeparturesPage() {
  const today = new Date();
  const from = iso(today);
  const to = iso(new Date(today.getTime() + 60 * 86400000));
  const q = useQuery({ queryKey: toursKeys.sessions(from, to), queryFn: () => toursApi.sessions(from, to) });
  return (
    <div className="grid gap-6">
      <PageHeader title="Upcoming departures" description="Every departure with a booking in the next 60 days: seats sold and left, and who is coming." />
      {q.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState title="No departures booked yet" description="When travellers book one of your tours, the departure appears here with their names." />
      ) : (
        q.data.map((s) => {
          const when = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: s.time_zone }).format(new Date(s.start));
          const short = s.min_participants > 1 && s.seats_sold < s.min_participants;
          return (
            <Card key={s.session_key}>
              <CardHeader>
                <CardTitle as="h2">{s.title}</CardTitle>
                <CardDescription>{when}</CardDescription>
                <p className="flex flex-wrap gap-2 text-sm">
                  <Badge variant="secondary">{s.seats_sold} sold</Badge>
                  {s.seats_held > 0 && <Badge variant="outline">{s.seats_held} held</Badge>}
                  <Badge variant={s.seats_left === 0 ? 'success' : 'outline'}>{s.seats_left === 0 ? 'Full' : `${s.seats_left} left of ${s.capacity}`}</Badge>
                  {short && <Badge variant="warning">Needs {s.min_participants - s.seats_sold} more to run</Badge>}
                </p>
              </CardHeader>
              <CardContent>
                <table className="w-full text-sm">
                  <caption className="sr-only">Travellers on {s.title}, {when}</caption>
                  <thead>
                    <tr className="text-left text-muted-foreground">
                      <th scope="col" className="py-1 font-medium">Booked by</th>
                      <th scope="col" className="py-1 font-medium">Travellers</th>
                      <th scope="col" className="py-1 font-medium">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {s.bookings.map((b) => (
                      <tr key={b.id} className="border-t align-top">
                        <td className="py-2">{b.client?.display_name || b.client?.username}</td>
                        <td className="py-2">
                          {b.seats} {b.attendees.length > 0 && <span className="text-muted-foreground">({b.attendees.join(', ')})</span>}
                        </td>
                        <td className="py-2">{b.status.replace(/_/g, ' ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
          );
        })
      )}
    </div>
  );
}
