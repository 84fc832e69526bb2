import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
import { toast } from 'react-toastify';
import {
  Avatar,
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  FormAlert,
  Label,
  LoadMore,
  RadioGroup,
  RadioGroupItem,
  Skeleton,
} from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Globe2, Languages, MapPin, MessageSquareReply, Timer } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { bookingsApi, directoryApi, packagesApi, wellnessKeys, type Offering, type Package, type ProviderProfile, type Slot } from '../api';
import { Rating, Stars, VerifiedBadge } from '../components/bits';
import { SlotPicker } from '../components/slot-picker';
import { formatLabel, policyText } from '../policy';
import { checkoutHref, type KindPaths } from '../paths';
import { useWellnessStore } from '../store';
import { dateKeyIn, dayIn, minutesText, timeIn, viewerTimeZone, weekStart, zoneLabel } from '../time';
import { refreshWallets } from '../wallet-refresh';

function responseText(min: number | null): string | null {
  if (min === null) return null;
  if (min < 60) return `Usually answers within ${Math.max(1, min)} minutes`;
  const h = Math.round(min / 60);
  return h < 48 ? `Usually answers within ${h} hour${h === 1 ? '' : 's'}` : `Usually answers within ${Math.round(h / 24)} days`;
}

function Profile({ p, paths, tz }: { p: ProviderProfile; paths: KindPaths; tz: string }) {
  const response = responseText(p.typical_response_minutes);
  return (
    <Card>
      <CardHeader className="gap-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Avatar src={p.avatar_url} name={p.display_name} size="xl" />
          <div className="grid gap-2">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{p.display_name}</h1>
            <p className="text-muted-foreground">{p.headline}</p>
            <div className="flex flex-wrap items-center gap-2">
              <VerifiedBadge verified={p.verified_licence} noun={paths.kind === 'therapist' ? 'licence' : 'credentials'} />
              <Rating average={p.rating.average} count={p.rating.count} />
            </div>
            <Button asChild size="sm" className="w-fit lg:hidden">
              <a href="#booking-panel">Book a session</a>
            </Button>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid gap-5">
        {p.media.length > 0 && (
          <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Photos">
            {p.media.map((m, i) => (
              <li key={m.id} className="shrink-0">
                <img src={m.url} alt={`${p.display_name} (${i + 1} of ${p.media.length})`} className="h-32 w-44 rounded-lg object-cover" loading="lazy" />
              </li>
            ))}
          </ul>
        )}
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="flex gap-2">
            <dt>
              <Languages className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Languages</span>
            </dt>
            <dd>{p.languages.join(', ') || 'Not given'}</dd>
          </div>
          <div className="flex gap-2">
            <dt>
              <Globe2 className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">Location and time zone</span>
            </dt>
            <dd>
              {[p.city, p.country].filter(Boolean).join(', ')}
              {p.time_zone && ` · works in ${zoneLabel(p.time_zone)}`}
            </dd>
          </div>
          {p.session_formats.map((f) => (
            <div key={f.kind} className="flex gap-2">
              <dt>
                <MapPin className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
                <span className="sr-only">Format</span>
              </dt>
              <dd>
                {formatLabel(f.kind)}
                {f.address ? ` at ${f.address}` : ''}
              </dd>
            </div>
          ))}
          {response && (
            <div className="flex gap-2">
              <dt>
                <Timer className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
                <span className="sr-only">Response time</span>
              </dt>
              <dd>{response}</dd>
            </div>
          )}
          {p.next_available_at && (
            <div className="flex gap-2">
              <dt>
                <Clock className="mt-0.5 size-4 text-muted-foreground" aria-hidden />
                <span className="sr-only">Next available</span>
              </dt>
              <dd>
                Next free: {dayIn(p.next_available_at, tz)}, {timeIn(p.next_available_at, tz)} ({zoneLabel(tz)})
              </dd>
            </div>
          )}
        </dl>
        {p.specialties.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
            {p.specialties.map((s) => (
              <li key={s}>
                <Badge variant="secondary">{s}</Badge>
              </li>
            ))}
          </ul>
        )}
        {p.bio && (
          <section aria-labelledby="about-h" className="grid gap-2">
            <h2 id="about-h" className="text-lg font-semibold">
              About
            </h2>
            {p.bio.split(/\n{2,}/).map((para, i) => (
              <p key={i} className="text-sm leading-relaxed">
                {para}
              </p>
            ))}
          </section>
        )}
      </CardContent>
    </Card>
  );
}

function Offerings({ offerings, onPick }: { offerings: Offering[]; onPick: (id: string) => void }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sessions and prices</CardTitle>
      </CardHeader>
      <CardContent>
        {offerings.length === 0 ? (
          <EmptyState title="No sessions on offer right now" description="Please check again later." />
        ) : (
          <ul className="grid gap-3">
            {offerings.map((o) => (
              <li key={o.id} className="grid gap-2 rounded-lg border p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="grid gap-0.5">
                    <h3 className="font-semibold">{o.title}</h3>
                    <p className="text-sm text-muted-foreground">
                      {minutesText(o.duration_min)} · {formatLabel(o.format)}
                      {o.capacity > 1 ? ` · group of up to ${o.capacity}` : ''}
                    </p>
                  </div>
                  <p className="text-lg font-semibold tabular-nums">{formatMoney(o.price.amount, o.price.currency)}</p>
                </div>
                {o.description && <p className="text-sm">{o.description}</p>}
                <p className="text-sm text-muted-foreground">{policyText(o)}</p>
                {o.requires_confirmation && (
                  <p className="text-sm text-muted-foreground">The provider confirms each request; if they do not answer within 24 hours you get a full refund.</p>
                )}
                <Button variant="outline" size="sm" className="w-fit" onClick={() => onPick(o.id)}>
                  Choose a time for {o.title}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Packages({ packages }: { packages: Package[] }) {
  const qc = useQueryClient();
  const [buying, setBuying] = useState<Package | null>(null);
  const [key, setKey] = useState(() => newIdempotencyKey('package'));
  const buy = useMutation({
    mutationFn: (p: Package) => packagesApi.buy(p.id, 'wallet', key),
    onSuccess: (r) => {
      toast.success(`${r.purchase.title}: ${r.purchase.credits_remaining} sessions are yours until ${formatDate(r.purchase.valid_until)}.`);
      setBuying(null);
      setKey(newIdempotencyKey('package'));
      void qc.invalidateQueries({ queryKey: wellnessKeys.myPackages });
      void refreshWallets(qc);
    },
  });
  if (packages.length === 0) return null;
  const short = isApiError(buy.error) && buy.error.code === 'insufficient_funds';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Packages</CardTitle>
        <CardDescription>Buy several sessions at once for less. Each booking uses one credit; unused credits can be refunded.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {packages.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 rounded-lg border p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="grid gap-0.5">
                <h3 className="font-semibold">{p.title}</h3>
                <p className="text-sm text-muted-foreground">
                  {p.sessions} × {p.offering_title}, valid {p.valid_days} days
                  {p.savings_pct > 0 ? ` · save ${p.savings_pct}%` : ''}
                </p>
              </div>
              <div className="flex items-center gap-3">
                <p className="font-semibold tabular-nums">{formatMoney(p.price, p.currency)}</p>
                <Button size="sm" variant="outline" onClick={() => (buy.reset(), setBuying(p))}>
                  Buy with wallet
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
      <Dialog open={Boolean(buying)} onOpenChange={(o) => !o && setBuying(null)}>
        <DialogContent>
          {buying && (
            <>
              <DialogHeader>
                <DialogTitle>Buy {buying.title}?</DialogTitle>
                <DialogDescription>
                  {formatMoney(buying.price, buying.currency)} is taken from your {buying.currency} wallet now. You get {buying.sessions} credits for {buying.offering_title}, valid for{' '}
                  {buying.valid_days} days.
                </DialogDescription>
              </DialogHeader>
              {buy.error && (
                <FormAlert>
                  {short ? (
                    <>
                      Your wallet does not hold enough.{' '}
                      <Link to="/user-wallet?topup=1" className="font-semibold underline">
                        Top up your wallet
                      </Link>
                    </>
                  ) : (
                    errorMessage(buy.error)
                  )}
                </FormAlert>
              )}
              <DialogFooter>
                <Button variant="outline" onClick={() => setBuying(null)}>
                  Not now
                </Button>
                <Button loading={buy.isPending} onClick={() => buy.mutate(buying)}>
                  Pay {formatMoney(buying.price, buying.currency)}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function Reviews({ providerId }: { providerId: string }) {
  const q = useInfiniteQuery({
    queryKey: wellnessKeys.reviews(providerId),
    queryFn: ({ pageParam }) => directoryApi.reviews(providerId, pageParam, 5),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reviews</CardTitle>
        <CardDescription>From people who completed a session.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError && rows.length === 0 ? (
          <ErrorState title="We could not load the reviews" error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <EmptyState title="No reviews yet" description="Reviews appear here after completed sessions." />
        ) : (
          <>
            <ul className="grid gap-4">
              {rows.map((r) => (
                <li key={r.id} className="grid gap-1.5 border-b pb-4 last:border-b-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <Stars rating={r.rating} />
                    <span className="text-sm font-medium">{r.author_name}</span>
                    <span className="text-xs text-muted-foreground">{formatDate(r.created_at)}</span>
                  </div>
                  {r.text && <p className="text-sm">{r.text}</p>}
                  {r.reply && (
                    <div className="ml-4 flex gap-2 rounded-md bg-muted p-3 text-sm">
                      <MessageSquareReply className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                      <p>
                        <span className="font-medium">Reply: </span>
                        {r.reply}
                      </p>
                    </div>
                  )}
                </li>
              ))}
            </ul>
            <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['review', 'reviews']} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BookingPanel({ provider, offerings, paths, tz, offeringId, setOfferingId }: { provider: ProviderProfile; offerings: Offering[]; paths: KindPaths; tz: string; offeringId: string | null; setOfferingId: (id: string) => void }) {
  const navigate = useNavigate();
  const select = useWellnessStore((s) => s.select);
  const [week, setWeek] = useState(() => weekStart(dateKeyIn(new Date(), tz)));
  const [slot, setSlot] = useState<Slot | null>(null);
  const offering = offerings.find((o) => o.id === offeringId) ?? null;
  useEffect(() => setSlot(null), [offeringId]);
  const hold = useMutation({
    mutationFn: () => bookingsApi.hold(offering!.id, slot!.start),
    onSuccess: (b) => navigate(checkoutHref(paths.kind, b.id)),
  });
  const taken = isApiError(hold.error) && hold.error.status === 409;

  if (offerings.length === 0) return null;
  return (
    <Card className="lg:sticky lg:top-20">
      <CardHeader>
        <CardTitle>Book a session</CardTitle>
        <CardDescription>Choose a session and a time. We hold it for you for 10 minutes while you check out.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Session</legend>
          <RadioGroup
            value={offeringId ?? ''}
            onValueChange={(v) => {
              setOfferingId(v);
              select(paths.kind, { id: provider.id, name: provider.display_name, avatarUrl: provider.avatar_url, headline: provider.headline, offeringId: v });
            }}
            className="grid gap-2"
          >
            {offerings.map((o) => (
              <div key={o.id} className="flex items-start gap-2 rounded-md border p-3">
                <RadioGroupItem value={o.id} id={`off-${o.id}`} className="mt-0.5" />
                <Label htmlFor={`off-${o.id}`} className="grid flex-1 cursor-pointer gap-0.5 font-normal">
                  <span className="font-medium">{o.title}</span>
                  <span className="text-xs text-muted-foreground">
                    {minutesText(o.duration_min)} · {formatLabel(o.format)} · {formatMoney(o.price.amount, o.price.currency)}
                  </span>
                </Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        {offering ? (
          <>
            <SlotPicker
              offeringId={offering.id}
              tz={tz}
              week={week}
              onWeekChange={(w) => (setWeek(w), setSlot(null))}
              selected={slot?.start ?? null}
              onSelect={(s) => (hold.reset(), setSlot(s))}
              maxAdvanceDays={offering.max_advance_days}
            />
            {hold.error && (
              <FormAlert>{taken ? 'Someone has just taken that time. Please choose another.' : errorMessage(hold.error)}</FormAlert>
            )}
            <Button disabled={!slot} loading={hold.isPending} onClick={() => hold.mutate()}>
              {slot ? `Hold ${slot.start_time} on ${dayIn(slot.start, tz)} and continue` : 'Choose a time to continue'}
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Choose a session to see its free times.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function ProviderDetailsPage({ paths }: { paths: KindPaths }) {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const tz = useMemo(viewerTimeZone, []);
  const profile = useQuery({ queryKey: wellnessKeys.provider(id), queryFn: () => directoryApi.provider(id), enabled: Boolean(id) });
  const offerings = useQuery({ queryKey: wellnessKeys.offerings(id), queryFn: () => directoryApi.offerings(id), enabled: Boolean(id) });
  const packages = useQuery({ queryKey: wellnessKeys.packages(id), queryFn: () => directoryApi.packages(id), enabled: Boolean(id) });
  const offeringParam = params.get('offering');
  const active = offerings.data ?? [];
  const offeringId = active.some((o) => o.id === offeringParam) ? offeringParam : (active[0]?.id ?? null);
  const setOfferingId = (v: string) =>
    setParams(
      (p) => {
        p.set('offering', v);
        return p;
      },
      { replace: true },
    );

  // The way back follows the profile's own kind: a dealership's profile (opened from a test drive) leads to the cars.
  const crumb =
    profile.data?.kind === 'car_dealer'
      ? { to: '/cars', label: 'Cars for sale' }
      : { to: paths.list, label: paths.kind === 'therapist' ? 'Find a therapist' : 'Find a life coach' };
  const back = (
    <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
      <Link to={crumb.to} className="hover:underline">
        {crumb.label}
      </Link>
      {profile.data && <span aria-current="page"> / {profile.data.display_name}</span>}
    </nav>
  );

  if (!id) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        {back}
        <EmptyState title={`No ${paths.noun} chosen`} description={`Open a ${paths.noun} from the list to see their profile.`} />
      </div>
    );
  }
  if (profile.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-4" aria-busy>
        {back}
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  }
  if (profile.isError) {
    const missing = isApiError(profile.error) && profile.error.status === 404;
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        {back}
        {missing ? (
          <EmptyState title={`This ${paths.noun} is not listed`} description="The profile may have been unpublished. Choose someone else from the list." />
        ) : (
          <ErrorState title="We could not load this profile" error={profile.error} onRetry={() => void profile.refetch()} />
        )}
      </div>
    );
  }
  const p = profile.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      {back}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        <div className="grid gap-6">
          <Profile p={p} paths={paths} tz={tz} />
          {offerings.isError ? (
            <ErrorState title="We could not load the sessions" error={offerings.error} onRetry={() => void offerings.refetch()} />
          ) : offerings.isPending ? (
            <Skeleton className="h-40 w-full rounded-xl" />
          ) : (
            <Offerings
              offerings={active}
              onPick={(oid) => {
                setOfferingId(oid);
                document.getElementById('booking-panel')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              }}
            />
          )}
          {packages.data && <Packages packages={packages.data.filter((x) => x.active)} />}
          <Reviews providerId={p.id} />
        </div>
        <div id="booking-panel" className="scroll-mt-20">
          {offerings.data && <BookingPanel provider={p} offerings={active} paths={paths} tz={tz} offeringId={offeringId} setOfferingId={setOfferingId} />}
        </div>
      </div>
    </div>
  );
}
