import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { adminAccountKeys, adminAccountsApi } from '@sojourn/feature-account';
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
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  LoadMore,
  PageHeader,
  Skeleton,
  Textarea,
} from '@sojourn/ui';
import { countryName, formatDate, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import {
  KIND_PLURAL,
  KIND_LABEL,
  KIND_SINGULAR,
  adminPracticeApi,
  adminPracticeKeys,
  adminReviewsApi,
  isKind,
  type AdminProviderDetail,
  type PracticeOffering,
} from '../api/practice';
import { RatingText, StatusBadge, VerificationBadge } from '../components/provider-table';
import { ReportedReview, ReviewBody } from '../components/review-moderation';

/** A moment in the viewer's own time zone, the zone named. */
const dateTime = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' });
const when = (v: string | null | undefined) => (v ? dateTime.format(new Date(v)) : '');

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

function Section({ title, description, children, id }: { title: string; description?: string; children: React.ReactNode; id?: string }) {
  return (
    <Card id={id}>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="mb-2 break-words sm:mb-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

function useRefresh(id: string) {
  const queryClient = useQueryClient();
  return (next?: AdminProviderDetail) => {
    if (next) queryClient.setQueryData(adminPracticeKeys.detail(id), next);
    void queryClient.invalidateQueries({ queryKey: adminPracticeKeys.all });
  };
}

/** Verifying shows the badge publicly and lets a therapist publish, so it asks first. */
function VerifyDialog({ p }: { p: AdminProviderDetail }) {
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(p.id);
  const verify = useMutation({
    mutationFn: () => adminPracticeApi.decide(p.id, 'verified', ''),
    onSuccess: (next) => {
      toast.success(`${p.display_name}'s licence is verified.`);
      setOpen(false);
      refresh(next);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" onClick={() => setOpen(true)}>
        Verify licence
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Verify {p.display_name}'s licence?</DialogTitle>
          <DialogDescription>
            Licence {p.credentials.licence_number} from {p.credentials.issuing_body}. Their profile shows a verified badge
            {p.kind === 'therapist' ? ' and they can publish once the rest of their profile is ready' : ''}. The decision is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button loading={verify.isPending} onClick={() => verify.mutate()}>
            Verify licence
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const rejectSchema = z.object({
  note: z
    .string()
    .trim()
    .min(3, 'Tell the provider what is wrong, in at least 3 characters; they see this note.')
    .max(500, 'Keep the note within 500 characters.')
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'Remove the control characters from the note.'),
});

function RejectDialog({ p }: { p: AdminProviderDetail }) {
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(p.id);
  const form = useForm<z.infer<typeof rejectSchema>>({ resolver: zodResolver(rejectSchema), defaultValues: { note: '' } });
  const reject = useMutation({
    mutationFn: (note: string) => adminPracticeApi.decide(p.id, 'rejected', note),
    onSuccess: (next) => {
      toast.success(`${p.display_name}'s licence is rejected.`);
      setOpen(false);
      form.reset();
      refresh(next);
    },
    onError: (e) => form.setError('note', { message: errorMessage(e) }),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        Reject licence
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject {p.display_name}'s licence?</DialogTitle>
          <DialogDescription>
            They see your note and can correct the licence, which brings it back to this queue.
            {p.kind === 'therapist' && p.status === 'published' ? ' A published therapist goes back to draft and leaves the directory.' : ''} The decision is
            recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(({ note }) => reject.mutate(note))} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="note"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Note to the provider</FormLabel>
                  <FormControl>
                    <Textarea rows={4} maxLength={500} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" variant="destructive" loading={reject.isPending}>
                Reject licence
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** Suspend (out of the directory, no new bookings) or reinstate, confirmed first. */
function SuspendDialog({ p }: { p: AdminProviderDetail }) {
  const suspended = p.status === 'suspended';
  const [open, setOpen] = useState(false);
  const refresh = useRefresh(p.id);
  const mutation = useMutation({
    mutationFn: () => (suspended ? adminPracticeApi.reinstate(p.id) : adminPracticeApi.suspend(p.id, '')),
    onSuccess: (next) => {
      toast.success(suspended ? `${p.display_name} is reinstated.` : `${p.display_name} is suspended.`);
      setOpen(false);
      refresh(next);
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant={suspended ? 'secondary' : 'outline'} onClick={() => setOpen(true)}>
        {suspended ? 'Reinstate' : 'Suspend'}
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{suspended ? `Reinstate ${p.display_name}?` : `Suspend ${p.display_name}?`}</DialogTitle>
          <DialogDescription>
            {suspended
              ? 'Their profile returns to the directory if it is published and complete, and clients can book them again.'
              : 'Their profile leaves the directory and their public page at once, so nobody can book them. Their account, bookings already made and reviews are kept.'}{' '}
            The change is recorded in the audit log.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={suspended ? 'default' : 'destructive'} loading={mutation.isPending} onClick={() => mutation.mutate()}>
            {suspended ? 'Reinstate provider' : 'Suspend provider'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function LicenceSection({ p }: { p: AdminProviderDetail }) {
  const c = p.credentials;
  const admin = useQuery({
    queryKey: adminAccountKeys.user(p.verified_by ?? ''),
    queryFn: () => adminAccountsApi.user(p.verified_by!).then((r) => r.data),
    enabled: Boolean(p.verified_by),
    staleTime: 5 * 60_000,
  });
  const by = admin.data ? admin.data.profile?.display_name || admin.data.username : null;
  if (c.verification === 'none' || !c.licence_number) {
    return (
      <Section title="Licence" description={p.kind === 'therapist' ? 'A therapist needs a verified licence to publish.' : undefined}>
        <p className="text-sm text-muted-foreground">
          {p.kind === 'therapist'
            ? 'No licence given yet. It appears here for a decision as soon as they save one.'
            : 'No credential given. Coaches publish without one; if they add one it waits here for a decision.'}
        </p>
      </Section>
    );
  }
  return (
    <Section
      id="licence"
      title="Licence"
      description="Check the number with the issuing body's public register before deciding. The provider sees a rejection note."
    >
      <Facts
        rows={[
          ['State', <VerificationBadge key="v" verification={c.verification} />],
          ['Licence number', <span key="n" className="font-mono">{c.licence_number}</span>],
          ['Issuing body', c.issuing_body],
          ...(c.verified_at
            ? ([[c.verification === 'rejected' ? 'Rejected' : 'Decided', `${when(c.verified_at)}${by ? ` by ${by}` : ''}`]] as [string, React.ReactNode][])
            : []),
          ...(c.verification_note ? ([['Note', `“${c.verification_note}”`]] as [string, React.ReactNode][]) : []),
        ]}
      />
      <div className="mt-4 flex flex-wrap gap-2">
        {c.verification !== 'verified' && <VerifyDialog p={p} />}
        {c.verification !== 'rejected' && <RejectDialog p={p} />}
      </div>
    </Section>
  );
}

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

export default function ProviderDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
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
            ]}
          />
        </Section>
        <Section title="Activity" description="From the profile; bookings themselves are not listed for admins yet.">
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
      <OfferingsSection offerings={p.offerings} />
      <Section title="Reviews" description="A reported review stays hidden and out of the rating until you restore or remove it.">
        <div className="grid gap-6">
          <ReportedReviews id={p.id} />
          <VisibleReviews p={p} />
        </div>
      </Section>
    </div>
  );
}
