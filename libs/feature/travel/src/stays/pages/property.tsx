import { errorMessage, isApiError, mediaUrl } from '@sojourn/api-client';
import { Badge, Button, EmptyState, ErrorState, FormAlert, Input, Label, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, BedDouble, Clock, MapPin, Phone } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { stayApi, stayKeys, stayPublicApi, type Stay, type StayRate } from '../api';
import { BookingPanel } from '../components/booking-panel';
import { StayConfirmation } from '../components/confirmation';
import { Stars, scoreWord } from '../components/property-card';
import { RoomRates } from '../components/rates';
import { isoDay, queryFromParams, stayResultsHref } from '../paths';

function Gallery({ photos, name }: { photos: string[]; name: string }) {
  const [i, setI] = useState(0);
  if (!photos.length) return null;
  return (
    <div className="grid gap-2">
      <img src={mediaUrl(photos[i]) ?? ''} alt={`${name} (${i + 1} of ${photos.length})`} className="aspect-[16/9] w-full rounded-xl object-cover" width={960} height={540} />
      <div className="flex gap-2 overflow-x-auto" role="group" aria-label="Photos">
        {photos.map((p, n) => (
          <button key={p} type="button" onClick={() => setI(n)} aria-label={`Show picture ${n + 1}`} aria-pressed={n === i} className="shrink-0 rounded-md outline-offset-2 aria-pressed:ring-2 aria-pressed:ring-primary">
            <img src={mediaUrl(p) ?? ''} alt="" className="h-16 w-24 rounded-md object-cover" loading="lazy" width={96} height={64} />
          </button>
        ))}
      </div>
    </div>
  );
}

/** /booking/hotel/:id: the property, its rooms and rates for the dates in the address, the quote and booking; with ?stay= the booking's confirmation. */
export default function PropertyPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const stayId = params.get('stay');
  const { query, problem } = useMemo(() => queryFromParams(params), [params]);
  const property = useQuery({ queryKey: stayKeys.property(id, query), queryFn: () => stayPublicApi.property(id, query), enabled: !stayId && problem === null && id !== '' });
  const [quote, setQuote] = useState<Stay | null>(null);
  const [busyRate, setBusyRate] = useState<string | null>(null);
  const [quoteProblem, setQuoteProblem] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (quote) panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [quote]);
  const setParam = (k: string, v: string) =>
    setParams(
      (p) => {
        p.set(k, v);
        return p;
      },
      { replace: true },
    );

  if (stayId) {
    return (
      <div className="mx-auto grid max-w-3xl gap-4">
        <Link to="/booking/hotel" className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Find another hotel
        </Link>
        <StayConfirmation id={stayId} />
      </div>
    );
  }
  const reserve = async (r: StayRate) => {
    setBusyRate(r.id);
    setQuoteProblem(null);
    try {
      setQuote(await stayApi.quote(r.id, r.price.amount));
    } catch (e) {
      setQuoteProblem(isApiError(e) && e.status === 409 ? 'That room was just taken for these dates. Choose another room.' : errorMessage(e));
      void property.refetch();
    } finally {
      setBusyRate(null);
    }
  };
  const p = property.data;
  const back = stayResultsHref({ ...query, city: p?.city ?? query.city });
  return (
    <div className="grid gap-6">
      <Link to={back} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to the results
      </Link>
      {problem ? (
        <FormAlert>{problem}</FormAlert>
      ) : property.isPending ? (
        <Skeleton className="h-96 w-full rounded-xl" />
      ) : property.isError ? (
        isApiError(property.error) && property.error.status === 404 ? (
          <EmptyState icon={<BedDouble className="size-6" />} title="No room left for these dates" description="This hotel has nothing free for your dates and guests. Try other dates." />
        ) : (
          <ErrorState title="We could not load this hotel" error={property.error} onRetry={() => void property.refetch()} />
        )
      ) : (
        p && (
          <>
            <header className="grid gap-2">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{p.name}</h1>
              <div className="flex flex-wrap items-center gap-3 text-sm">
                <Stars n={p.stars} />
                <span>
                  <span className="rounded-md bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground">{p.review_score.toFixed(1)}</span> {scoreWord(p.review_score)} · {p.review_count.toLocaleString()} reviews
                </span>
                <span className="flex items-center gap-1 text-muted-foreground">
                  <MapPin className="size-4" aria-hidden /> {p.address}, {p.city}
                </span>
              </div>
            </header>
            <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr]">
              <Gallery photos={p.photos} name={p.name} />
              <div className="grid content-start gap-4">
                <p className="text-sm leading-relaxed">{p.description}</p>
                <p className="flex items-center gap-2 text-sm">
                  <Clock className="size-4 text-muted-foreground" aria-hidden /> Check-in from {p.check_in_after}, check-out by {p.check_out_before} (local time, {p.time_zone})
                </p>
                {p.phone && (
                  <p className="flex items-center gap-2 text-sm">
                    <Phone className="size-4 text-muted-foreground" aria-hidden /> {p.phone}
                  </p>
                )}
                <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
                  {p.amenities.map((a) => (
                    <li key={a.type}>
                      <Badge variant="secondary">{a.label}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            </div>
            <section aria-labelledby="stay-dates" className="grid gap-3 rounded-xl border p-4 sm:grid-cols-4 sm:items-end">
              <h2 id="stay-dates" className="text-lg font-semibold sm:col-span-4">
                Your dates and guests
              </h2>
              <div className="grid gap-1.5">
                <Label htmlFor="pp-in">Check-in</Label>
                <Input id="pp-in" type="date" min={isoDay(new Date())} value={query.check_in} onChange={(e) => e.target.value && setParam('check_in', e.target.value)} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="pp-out">Check-out</Label>
                <Input id="pp-out" type="date" min={query.check_in} value={query.check_out} onChange={(e) => e.target.value && setParam('check_out', e.target.value)} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="pp-rooms">Rooms</Label>
                <Input id="pp-rooms" type="number" min={1} max={4} value={query.rooms} onChange={(e) => setParam('rooms', e.target.value)} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="pp-adults">Guests</Label>
                <Input id="pp-adults" type="number" min={1} max={8} value={query.adults} onChange={(e) => setParam('adults', e.target.value)} />
              </div>
            </section>
            <div className="grid gap-6 lg:grid-cols-[1.6fr_1fr] lg:items-start">
              <section aria-labelledby="stay-rooms" className="grid gap-3">
                <h2 id="stay-rooms" className="text-lg font-semibold">
                  Rooms for {p.nights} {p.nights === 1 ? 'night' : 'nights'}
                </h2>
                <FormAlert>{quoteProblem}</FormAlert>
                {p.room_types.map((room) => (
                  <RoomRates key={room.name} room={room} busyRate={busyRate} onReserve={(r) => void reserve(r)} />
                ))}
              </section>
              <div ref={panel} className="lg:sticky lg:top-4">
                {quote ? (
                  <BookingPanel quote={quote} tripId={query.trip} onClose={() => setQuote(null)} />
                ) : (
                  <div className="rounded-xl border border-dashed p-6 text-sm text-muted-foreground">
                    Choose a room and rate: we re-check the price with the hotel and show it, with the cancellation policy, before you pay.
                    <Button asChild variant="link" className="px-0">
                      <Link to={back}>Compare other hotels</Link>
                    </Button>
                  </div>
                )}
              </div>
            </div>
          </>
        )
      )}
    </div>
  );
}
