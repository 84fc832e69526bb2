import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { tripKeys, tripsApi, type TripItem, type TripView } from '../api';
import { ConflictList, ItemStatus, KIND_LABELS, KindIcon, itemKey } from '../components/bits';
import { ChangePickupDialog } from '../components/change-pickup';
import { AddToTrip, BookHere, DeleteTrip, RenameTrip } from '../components/trip-actions';
import { tripDates } from '../components/upcoming-trips-card';
import { dayLabel, localDate, localWhen, zoneLabel } from '../time';

function When({ item }: { item: TripItem }) {
  const sameZone = item.start_zone === item.end_zone;
  const sameDay = localDate(item.starts_local) === localDate(item.ends_local);
  return (
    <span className="text-sm tabular-nums">
      {localWhen(item.starts_local)}
      {sameZone ? '' : ` ${zoneLabel(item.start_zone, item.starts_at)}`} to {sameDay ? item.ends_local.slice(11, 16) : localWhen(item.ends_local)}{' '}
      <span className="text-muted-foreground">{zoneLabel(item.end_zone, item.ends_at)}</span>
    </span>
  );
}

function ItemCard({ trip, item }: { trip: TripView; item: TripItem }) {
  const qc = useQueryClient();
  const set = (v: TripView) => {
    qc.setQueryData(tripKeys.one(trip.id), v);
    void qc.invalidateQueries({ queryKey: tripKeys.all });
  };
  const remove = useMutation({ mutationFn: () => tripsApi.removeItem(trip.id, item.kind, item.ref_id), onSuccess: set });
  const mine = trip.conflicts.filter((c) => c.items.some((r) => itemKey(r) === itemKey(item)));
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4" data-testid={`trip-item-${item.kind}`}>
      <div className="flex flex-wrap items-start gap-3">
        <KindIcon kind={item.kind} className="mt-0.5" />
        <div className="grid min-w-0 flex-1 gap-1">
          <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{KIND_LABELS[item.kind]}</span>
          <h3 className="font-semibold">{item.title}</h3>
          {item.subtitle && <p className="text-sm text-muted-foreground">{item.subtitle}</p>}
          <When item={item} />
          {item.segments.length > 0 && (
            <ol className="grid gap-1 text-sm">
              {item.segments.map((s, i) => (
                <li key={i}>
                  {s.label && <span className="font-medium">{s.label} · </span>}
                  {s.from.iata || s.from.city} {localWhen(s.departs_local)} → {s.to.iata || s.to.city} {localWhen(s.arrives_local)}{' '}
                  <span className="text-muted-foreground">{zoneLabel(s.to_zone, s.arrives_at)}</span>
                </li>
              ))}
            </ol>
          )}
        </div>
        <ItemStatus status={item.status} />
      </div>
      {mine.length > 0 && <ConflictList conflicts={mine} items={trip.items} compact />}
      <div className="flex flex-wrap gap-2">
        {item.kind === 'rental' && (item.status === 'confirmed' || item.status === 'pending') && new Date(item.starts_at) > new Date() && (
          <ChangePickupDialog
            item={item}
            onMove={async (startsAt) => {
              await tripsApi.moveRental(item.ref_id, startsAt);
              await qc.invalidateQueries({ queryKey: tripKeys.all });
              void qc.invalidateQueries({ queryKey: ['rentals'] });
            }}
          />
        )}
        {item.link && (
          <Button asChild size="sm" variant="ghost">
            <Link to={item.link}>
              <ExternalLink aria-hidden /> Open the booking
            </Link>
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => remove.mutate()} loading={remove.isPending} aria-label={`Remove ${item.title} from the trip`}>
          <Trash2 aria-hidden /> Remove from trip
        </Button>
      </div>
      <FormAlert>{remove.error ? errorMessage(remove.error) : null}</FormAlert>
    </li>
  );
}

export default function TripPage() {
  const { id = '' } = useParams();
  const q = useQuery({ queryKey: tripKeys.one(id), queryFn: () => tripsApi.get(id) });
  const days = useMemo(() => {
    const m = new Map<string, TripItem[]>();
    for (const i of q.data?.items ?? []) m.set(i.day, [...(m.get(i.day) ?? []), i]);
    return [...m.entries()];
  }, [q.data]);
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        <ErrorState title="We could not load this trip" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const t = q.data;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title={t.name}
        description={`${tripDates(t)}${t.cities.length ? ` · ${t.cities.join(', ')}` : ''} · times in each place's local time`}
        actions={
          <div className="flex flex-wrap gap-2">
            <RenameTrip trip={t} />
            <DeleteTrip trip={t} />
          </div>
        }
      />
      {t.conflicts.length > 0 ? (
        <section aria-labelledby="conflicts-h" className="grid gap-2">
          <h2 id="conflicts-h" className="text-lg font-semibold">
            {t.conflicts.length === 1 ? '1 thing to check' : `${t.conflicts.length} things to check`}
          </h2>
          <ConflictList conflicts={t.conflicts} items={t.items} />
        </section>
      ) : t.items.length > 1 ? (
        <p className="text-sm text-muted-foreground" role="status">
          No conflicts between these bookings.
        </p>
      ) : null}
      {t.items.length === 0 ? (
        <EmptyState title="Nothing in this trip yet" description="Add bookings you already have, or book a stay, a car or a tour." />
      ) : (
        <ol className="grid gap-6" aria-label="Timeline">
          {days.map(([d, items]) => (
            <li key={d} className="grid gap-3">
              <h2 className="text-base font-semibold">{dayLabel(d)}</h2>
              <ul className="grid gap-3">
                {items.map((i) => (
                  <ItemCard key={itemKey(i)} trip={t} item={i} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <BookHere trip={t} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Add to trip</CardTitle>
        </CardHeader>
        <CardContent>
          <AddToTrip trip={t} />
        </CardContent>
      </Card>
    </div>
  );
}
