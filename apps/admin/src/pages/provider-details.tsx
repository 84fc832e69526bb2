import { mediaUrl } from '@sojourn/api-client';
import { AdminFleetSection } from '@sojourn/feature-rentals';
import { Avatar, Badge, Button, EmptyState, ErrorState, LoadMore, PageHeader, Skeleton } from '@sojourn/ui';
import { countryName, formatDate, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { adminBookingKeys, adminBookingsApi } from '../api/bookings';
import {
  KIND_PLURAL,
  KIND_LABEL,
  KIND_SINGULAR,
  adminPracticeApi,
  adminPracticeKeys,
  adminReviewsApi,
  isKind,
  providerDetailPath,
  type AdminProviderDetail,
  type PracticeOffering,
} from '../api/practice';
import { Facts, Section, when } from '../components/detail-parts';
import { LicenceSection } from '../components/licence-review';
import { ProviderBookings } from '../components/provider-bookings';
import { RatingText, StatusBadge, VerificationBadge } from '../components/provider-table';
import { ReportedReview, ReviewBody } from '../components/review-moderation';
import { SuspendDialog } from '../components/suspend-dialog';

const FORMAT_LABELS: Record<PracticeOffering['format'], string> = { video: 'Video', in_person: 'In person', phone: 'Phone' };
const MISSING_LABELS: Record<string, string> = {
  headline: 'headline',
  bio: 'bio',
  photo: 'photo',
  specialties: 'specialties',
  languages: 'languages',
  location: 'city and country',
  time_zone: 'time zone',
  formats: 'session formats',
  offering: 'an active offering',
  weekly_hours: 'weekly hours',
  verified_licence: 'a verified licence',
};

function OfferingsSection({ offerings }: { offerings: PracticeOffering[] }) {
  return (
    <Section title="Offerings" description={`${offerings.filter((o) => o.active).length} of ${offerings.length} bookable now.`}>
      {offerings.length === 0 ? (
        <p className="text-sm text-muted-foreground">No offerings yet.</p>
      ) : (
        <ul className="divide-y text-sm">
          {offerings.map((o) => (
            <li key={o.id} className="grid gap-1 py-3">
              <span className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{o.title}</span>
                <span className="font-semibold tabular-nums">{formatMoney(o.price.amount, o.price.currency)}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                {FORMAT_LABELS[o.format]} · {o.duration_min} min · {o.capacity === 1 ? 'one-to-one' : `up to ${o.capacity} people`}
                {o.requires_confirmation ? ' · provider confirms each request' : ''} · free cancellation until {o.free_cancel_hours} h before
                {o.late_cancel_fee_pct > 0 ? `, then ${o.late_cancel_fee_pct}% fee` : ''}
              </span>
              {!o.active && (
                <Badge variant="outline" className="w-fit">
                  Not bookable
                </Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The reported reviews of this provider, found in the admin queue (which has no provider filter). */
function ReportedReviews({ id }: { id: string }) {
  const PER = 100;
  const q = useQuery({ queryKey: adminPracticeKeys.reviews('reported', 0), queryFn: () => adminReviewsApi.queue({ status: 'reported', page: 1, per_page: PER }) });
  const mine = q.data?.data.filter((r) => r.provider_id === id) ?? [];
  const more = (q.data?.meta.total ?? 0) > PER;
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">Reported, waiting for a decision</h3>
      {q.isLoading ? (
        <Skeleton className="h-20 w-full" />
      ) : q.error ? (
        <ErrorState title="Could not load the reported reviews" error={q.error} onRetry={() => void q.refetch()} />
      ) : mine.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reported reviews{more ? ` among the ${PER} newest reports` : ''}.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Reported reviews">
          {mine.map((r) => (
            <li key={r.id}>
              <ReportedReview review={r} />
            </li>
          ))}
        </ul>
      )}
      {more && (
        <Button asChild variant="link" className="w-fit px-0">
          <Link to="/admin-dashboard/reviews">See the whole reported-review queue</Link>
        </Button>
      )}
    </div>
  );
}

function VisibleReviews({ p }: { p: AdminProviderDetail }) {
  const listed = p.listed;
  const q = useInfiniteQuery({
    queryKey: adminPracticeKeys.visible(p.id),
    queryFn: ({ pageParam }) => adminReviewsApi.ofProvider(p.id, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    enabled: listed,
  });
  const rows = q.data?.pages.flatMap((x) => x.data) ?? [];
  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold">Shown on the profile</h3>
      {!listed ? (
        <p className="text-sm text-muted-foreground">Reviews shown to clients are listed here while the profile is in the directory; it is not at the moment.</p>
      ) : q.isLoading ? (
        <Skeleton className="h-20 w-full" />
      ) : q.error ? (
        <ErrorState title="Could not load the reviews" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reviews shown yet.</p>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Reviews shown on the profile">
            {rows.map((r) => (
              <li key={r.id}>
                <ReviewBody review={r} />
              </li>
            ))}
          </ul>
          <LoadMore
            shown={rows.length}
            hasMore={Boolean(q.hasNextPage)}
            loading={q.isFetchingNextPage}
            failed={q.isFetchNextPageError}
            onLoadMore={() => void q.fetchNextPage()}
            noun={['review', 'reviews']}
          />
        </>
      )}
    </div>
  );
}

/** A booking named without its provider (the payments screen links one): open it on its provider's page. */
function BookingRedirect({ booking }: { booking: string }) {
  const navigate = useNavigate();
  const q = useQuery({ queryKey: adminBookingKeys.detail(booking), queryFn: () => adminBookingsApi.get(booking) });
  useEffect(() => {
    if (q.data) navigate(`${providerDetailPath({ id: q.data.provider_id, kind: q.data.kind })}&booking=${encodeURIComponent(booking)}`, { replace: true });
  }, [q.data, booking, navigate]);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6" aria-busy={!q.error}>
      {q.error ? (
        <>
          <PageHeader title="Booking" />
          <ErrorState title="Could not find this booking" error={q.error} onRetry={() => void q.refetch()} />
        </>
      ) : (
        <>
          <Skeleton className="h-10 w-64" />
          <Skeleton className="h-40 w-full" />
        </>
      )}
    </div>
  );
}

export default function ProviderDetailsPage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id') ?? '';
  const booking = params.get('booking');
  const openBooking = (b: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (b) next.set('booking', b);
        else next.delete('booking');
        return next;
      },
      { replace: true },
    );
  const query = useQuery({ queryKey: adminPracticeKeys.detail(id), queryFn: () => adminPracticeApi.provider(id), enabled: id !== '' });
  const p = query.data;
  const kind = p && isKind(p.kind) ? p.kind : null;
  const listPath = kind === 'coach' ? '/admin-dashboard/lifeCoach' : kind === 'therapist' ? '/admin-dashboard/therapist' : '/admin-dashboard/providers';
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={listPath}>
        <ArrowLeft aria-hidden /> {kind ? `All ${KIND_PLURAL[kind].toLowerCase()}` : 'All providers'}
      </Link>
    </Button>
  );
  if (!id && booking) return <BookingRedirect booking={booking} />;
  if (!id) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        <PageHeader title="Provider details" />
        <EmptyState title="No provider chosen" description="Open a provider from the providers list to see their profile, licence and reviews." action={back} />
      </div>
    );
  }
  if (query.isLoading) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (query.error || !p) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        {back}
        <ErrorState title="Could not load this provider" error={query.error} onRetry={() => void query.refetch()} />
      </div>
    );
  }
  const formats = p.formats.map((f) => (f.kind === 'in_person' && f.address ? `In person at ${f.address}` : FORMAT_LABELS[f.kind]));
  const photos = p.media.filter((m) => m.kind === 'photo');
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar src={mediaUrl(p.avatar_url)} name={p.display_name} size="lg" />
        <div className="grid min-w-0 flex-1 gap-2">
          <PageHeader title={p.display_name} description={p.headline || `A ${kind ? KIND_SINGULAR[kind] : p.kind} without a headline yet`} />
          <span className="flex flex-wrap gap-2">
            <Badge variant="soft">{kind ? KIND_LABEL[kind] : p.kind}</Badge>
            <StatusBadge status={p.status} listed={p.listed} />
            <VerificationBadge verification={p.credentials.verification} />
          </span>
        </div>
        <div className="sm:self-center">
          <SuspendDialog p={p} />
        </div>
      </div>
      {p.status === 'suspended' && (
        <p className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          <span className="font-semibold">Suspended {when(p.suspended_at)}.</span> {p.suspension_reason ? `Reason given to the provider: “${p.suspension_reason}”` : 'No reason was recorded.'}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <LicenceSection p={p} />
        <Section title="Account" description="The member account behind this profile.">
          <Facts
            rows={[
              [
                'Member',
                <Link key="u" className="underline underline-offset-4" to={`/admin-dashboard/userDetails?id=${encodeURIComponent(p.user.id)}`}>
                  {p.user.username}
                </Link>,
              ],
              ['Email', p.user.email],
              ['Account', <Badge key="s" variant={p.user.status === 'active' ? 'success' : 'destructive'}>{p.user.status === 'active' ? 'Active' : 'Suspended'}</Badge>],
              ['Profile created', formatDate(p.created_at)],
              ...(p.published_at ? ([['Published', when(p.published_at)]] as [string, React.ReactNode][]) : []),
              ...(p.suspended_at ? ([['Suspended', when(p.suspended_at)]] as [string, React.ReactNode][]) : []),
              ...(p.suspension_reason ? ([['Suspension reason', `“${p.suspension_reason}”`]] as [string, React.ReactNode][]) : []),
            ]}
          />
        </Section>
        <Section title="Activity" description="From the profile; the bookings themselves are listed below.">
          <Facts
            rows={[
              ['Rating', <RatingText key="r" average={p.rating.average} count={p.rating.count} />],
              ['Price range', p.price_range ? `${formatMoney(p.price_range.min, p.price_range.currency)} – ${formatMoney(p.price_range.max, p.price_range.currency)}` : 'No active offering'],
              ['Next free slot', p.next_available_at ? when(p.next_available_at) : 'None in the coming weeks'],
              [
                'Typical response',
                p.typical_response_minutes === null
                  ? 'Not enough answered requests yet'
                  : p.typical_response_minutes < 60
                    ? `${p.typical_response_minutes} min`
                    : `${Math.round(p.typical_response_minutes / 60)} h`,
              ],
            ]}
          />
        </Section>
        <Section title="Profile" description={`${p.completeness}% complete.`}>
          <Facts
            rows={[
              ['Based in', [p.city, p.country ? countryName(p.country) : ''].filter(Boolean).join(', ') || 'Not given'],
              ['Time zone', p.time_zone || 'Not given'],
              ['Specialties', p.specialties.join(', ') || 'None listed'],
              ['Languages', p.languages.join(', ') || 'None listed'],
              ['Session formats', formats.join(' · ') || 'None chosen'],
              ...(p.intro_video_url
                ? ([
                    [
                      'Intro video',
                      <a key="v" href={p.intro_video_url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 underline underline-offset-4">
                        Watch <ExternalLink className="size-3.5" aria-hidden />
                        <span className="sr-only">(opens in a new tab)</span>
                      </a>,
                    ],
                  ] as [string, React.ReactNode][])
                : []),
              ...(p.missing.length ? ([['Still missing', p.missing.map((m) => MISSING_LABELS[m] ?? m).join(', ')]] as [string, React.ReactNode][]) : []),
              ...(p.status === 'draft' && p.publish_missing.length
                ? ([['Publishing needs', p.publish_missing.map((m) => MISSING_LABELS[m] ?? m).join(', ')]] as [string, React.ReactNode][])
                : []),
            ]}
          />
          {p.bio && <p className="mt-4 whitespace-pre-line break-words text-sm">{p.bio}</p>}
          {photos.length > 0 && (
            <ul className="mt-4 grid grid-cols-3 gap-2" aria-label="Photos">
              {photos.map((m, i) => (
                <li key={m.id}>
                  <img src={mediaUrl(m.url) ?? undefined} alt={`${p.display_name}, gallery ${i + 1} of ${photos.length}`} className="aspect-square w-full rounded-md object-cover" loading="lazy" />
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>
      {p.kind === 'car_rental' ? (
        <Suspense fallback={<Skeleton className="h-40 w-full" />}>
          <AdminFleetSection providerId={p.id} />
        </Suspense>
      ) : (
        <>
          <ProviderBookings providerId={p.id} open={booking} onOpen={openBooking} />
          <OfferingsSection offerings={p.offerings} />
        </>
      )}
      <Section title="Reviews" description="A reported review stays hidden and out of the rating until you restore or remove it.">
        <div className="grid gap-6">
          <ReportedReviews id={p.id} />
          <VisibleReviews p={p} />
        </div>
      </Section>
    </div>
  );
}
