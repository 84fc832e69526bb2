import { Avatar, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, Check, Clock, Star, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { durationText, toursApi, toursKeys, type TourPage } from '../api';
import { MeetingMap } from '../map';
import { TOUR_PATHS, bookHref } from '../paths';
import { useTourStore } from '../store';

const dayFmt = (tz: string) => new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: tz });

export function policyLines(t: TourPage['tour']): string[] {
  const out = [
    t.free_cancel_hours > 0
      ? `Free cancellation until ${t.free_cancel_hours} hours before the start${t.late_cancel_fee_pct ? `; after that ${t.late_cancel_fee_pct}% is kept` : ''}.`
      : `Cancelling keeps ${t.late_cancel_fee_pct}% of the price.`,
  ];
  if (t.cutoff_hours > 0) out.push(`Bookings close ${t.cutoff_hours} hours before each departure.`);
  if (t.min_participants > 1)
    out.push(`Runs with at least ${t.min_participants} travellers: if a departure has fewer by the booking cut-off, it is cancelled and everyone is refunded in full.`);
  if (t.requires_confirmation) out.push('Request to book: the guide accepts within 24 hours, or the request is declined and refunded.');
  return out;
}

function Reviews({ providerId }: { providerId: string }) {
  const q = useQuery({ queryKey: toursKeys.reviews(providerId), queryFn: () => toursApi.reviews(providerId) });
  if (q.isPending) return <Skeleton className="h-24 w-full" />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return <p className="text-sm text-muted-foreground">No reviews yet.</p>;
  return (
    <ul className="grid gap-3">
      {q.data.map((r) => (
        <li key={r.id} className="grid gap-1 border-b pb-3 last:border-0">
          <p className="flex items-center gap-1 text-sm font-medium">
            <Star className="size-4 fill-current text-warning" aria-hidden /> {r.rating} / 5 · {r.author_name}
          </p>
          {r.text && <p className="text-sm">{r.text}</p>}
        </li>
      ))}
    </ul>
  );
}

export default function TourDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const select = useTourStore((s) => s.select);
  const travellers = useTourStore((s) => s.travellers);
  const q = useQuery({ queryKey: toursKeys.tour(id), queryFn: () => toursApi.tour(id), enabled: id !== '' });
  if (!id) return <EmptyState title="No tour chosen" action={<Button asChild><Link to={TOUR_PATHS.search}>Find a tour</Link></Button>} />;
  if (q.isPending) return <Skeleton className="h-96 w-full" />;
  if (q.isError) return <ErrorState title="This tour could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  const { tour: t, guide: g, departures, time_zone: tz } = q.data;
  const pick = () => select({ id: g.id, name: g.display_name, avatarUrl: g.avatar_url, tourId: t.id, tourTitle: t.title });
  const fmt = dayFmt(tz);
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_340px]">
      <div className="grid gap-6">
        <header className="grid gap-2">
          <p className="text-sm text-muted-foreground">
            <Link to={TOUR_PATHS.search} className="underline underline-offset-2">
              Tours
            </Link>{' '}
            · {t.city}
          </p>
          <h1 className="text-2xl font-bold sm:text-3xl">{t.title}</h1>
          <p className="flex flex-wrap gap-2 text-sm">
            <Badge variant="secondary">
              <Clock className="mr-1 size-3" aria-hidden /> {durationText(t.duration_min)}
            </Badge>
            <Badge variant="secondary">{t.private ? `Private, up to ${t.capacity}` : `Shared, ${t.capacity} seats`}</Badge>
            <Badge variant="secondary">{t.languages.join(', ')}</Badge>
            {t.kid_friendly && <Badge variant="secondary">Kid-friendly</Badge>}
            {t.accessible && <Badge variant="secondary">Step-free access</Badge>}
          </p>
        </header>
        {t.photos.length > 0 && (
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {t.photos.slice(0, 6).map((p, i) => (
              <img key={p.id} src={p.url} alt={`${t.title}, view ${i + 1}`} className={`h-36 w-full rounded-lg object-cover ${i === 0 ? 'col-span-2 h-56 sm:row-span-2' : ''}`} />
            ))}
          </div>
        )}
        {t.description && <p className="whitespace-pre-line">{t.description}</p>}
        <Card>
          <CardHeader>
            <CardTitle as="h2">Itinerary</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-3">
              {t.itinerary.map((s, i) => (
                <li key={i} className="grid grid-cols-[2rem_1fr] gap-2">
                  <span className="flex size-7 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground" aria-hidden>
                    {i + 1}
                  </span>
                  <div>
                    <p className="font-medium">
                      {s.title} {s.duration_min > 0 && <span className="text-sm font-normal text-muted-foreground">· {durationText(s.duration_min)}</span>}
                    </p>
                    {s.description && <p className="text-sm text-muted-foreground">{s.description}</p>}
                  </div>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Included</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm">
                {t.included.length === 0 && <li className="text-muted-foreground">Nothing listed.</li>}
                {t.included.map((x) => (
                  <li key={x} className="flex gap-2">
                    <Check className="size-4 text-success" aria-hidden /> {x}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Not included</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm">
                {t.excluded.length === 0 && <li className="text-muted-foreground">Nothing listed.</li>}
                {t.excluded.map((x) => (
                  <li key={x} className="flex gap-2">
                    <X className="size-4 text-muted-foreground" aria-hidden /> {x}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Meeting point</CardTitle>
          </CardHeader>
          <CardContent>
            <MeetingMap lat={t.meeting_point.lat} lng={t.meeting_point.lng} address={t.meeting_point.address} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Reviews of {g.display_name}</CardTitle>
          </CardHeader>
          <CardContent>
            <Reviews providerId={g.id} />
          </CardContent>
        </Card>
      </div>
      <aside className="grid content-start gap-4">
        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-xl tabular-nums">
              {formatMoney(t.price.amount, t.price.currency)} <span className="text-sm font-normal text-muted-foreground">{t.pricing === 'per_person' ? 'per person' : 'per group'}</span>
            </CardTitle>
            <CardDescription>Departures in the next 30 days ({tz.replace('_', ' ')} time)</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {departures.length === 0 ? (
              <p className="text-sm text-muted-foreground">No departures with seats left in the next 30 days.</p>
            ) : (
              <ul className="grid max-h-80 gap-2 overflow-auto">
                {departures.slice(0, 20).map((d) => (
                  <li key={d.start}>
                    <Link
                      to={bookHref(t.id, d.start, travellers)}
                      onClick={pick}
                      className="flex items-center justify-between rounded-md border px-3 py-2 text-sm hover:bg-accent focus-visible:outline-2"
                    >
                      <span>
                        {fmt.format(new Date(d.start))} · {d.start_time}
                      </span>
                      <span className="text-muted-foreground">{t.private ? 'available' : `${d.seats_left} seats left`}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <Button asChild className="mt-2">
              <Link to={bookHref(t.id, undefined, travellers)} onClick={pick}>
                Book this tour
              </Link>
            </Button>
            <ul className="mt-2 grid list-disc gap-1 pl-4 text-xs text-muted-foreground">
              {policyLines(t).map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center gap-3">
            <Avatar src={g.avatar_url} name={g.display_name} size="lg" />
            <div className="grid gap-0.5">
              <CardTitle as="h2" className="flex items-center gap-1">
                {g.display_name} {g.verified && <BadgeCheck className="size-4 text-primary" aria-label="Verified licence" />}
              </CardTitle>
              <CardDescription>{g.headline}</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            {g.rating.count > 0 && (
              <p className="flex items-center gap-1">
                <Star className="size-4 fill-current text-warning" aria-hidden /> {g.rating.average.toFixed(1)} from {g.rating.count} reviews
              </p>
            )}
            <p>Speaks {g.languages.join(', ') || t.languages.join(', ')}</p>
            {g.bio && <p className="line-clamp-4 text-muted-foreground">{g.bio}</p>}
            <Button asChild variant="outline" className="mt-2">
              <a href={`/messaging?about=tour:${encodeURIComponent(t.id)}`}>Message the guide</a>
            </Button>
          </CardContent>
        </Card>
      </aside>
    </div>
  );
}
