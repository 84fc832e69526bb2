import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Avatar, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, Label, LoadMore, PageHeader, Progress, Skeleton, Textarea } from '@sojourn/ui';
import { countryName, formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquare, Star } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { licensed, practiceApi, practiceKeys, type Kind, type PracticeProfile, type Review } from '../api';
import { Checklist } from '../components/checklist';
import { PublishControl, suspendedInWords } from '../components/publish';
import { copyFor, type PracticeContext } from '../context';
import { FORMAT_LABELS, formatWhen } from '../format';
import { VerificationBadge } from './edit-profile';

const REPLY_MAX = 2000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`${rating} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star key={i} className={i <= rating ? 'size-4 fill-warning text-warning' : 'size-4 text-muted-foreground'} aria-hidden />
      ))}
    </span>
  );
}

function ReplyForm({ review }: { review: Review }) {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const t = text.trim();
  const reply = useMutation({
    mutationFn: () => practiceApi.reply(review.id, t),
    onSuccess: () => {
      toast.success('Reply posted under the review.');
      void qc.invalidateQueries({ queryKey: practiceKeys.reviews });
    },
  });
  const id = `reply-${review.id}`;
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (t && t.length <= REPLY_MAX) reply.mutate();
      }}
    >
      <Label htmlFor={id}>Your reply (public, once)</Label>
      <Textarea id={id} rows={3} maxLength={REPLY_MAX} value={text} onChange={(e) => setText(e.target.value)} />
      {reply.error && <FormAlert>{errorMessage(reply.error)}</FormAlert>}
      <div>
        <Button type="submit" size="sm" disabled={!t} loading={reply.isPending}>
          Post reply
        </Button>
      </div>
    </form>
  );
}

function Reviews({ kind }: { kind: Kind }) {
  const list = useInfiniteQuery({
    queryKey: practiceKeys.reviewsOf(kind),
    queryFn: ({ pageParam }) => practiceApi.reviews(kind, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const [replying, setReplying] = useState<string | null>(null);
  if (list.isPending) return <Skeleton className="h-24 w-full" />;
  if (list.error && !list.data) return <ErrorState title="Could not load your reviews" error={list.error} onRetry={() => void list.refetch()} />;
  const rows = list.data.pages.flatMap((p) => p.data);
  if (rows.length === 0) return <EmptyState title="No reviews yet" description="Clients can review a session once it is completed." icon={<MessageSquare className="size-6" />} />;
  return (
    <div className="grid gap-3">
      <ul className="grid gap-3" aria-label="Reviews">
        {rows.map((r) => (
          <li key={r.id} className="grid gap-2 rounded-lg border p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-2 font-semibold">
                {r.author_name} <Stars rating={r.rating} />
              </p>
              <span className="flex items-center gap-2 text-xs text-muted-foreground">
                {r.status === 'reported' && <Badge variant="warning">Reported: hidden until an admin decides</Badge>}
                {r.status === 'removed' && <Badge variant="destructive">Removed by an admin</Badge>}
                {formatWhen(r.created_at)}
              </span>
            </div>
            {r.text && <p className="whitespace-pre-wrap">{r.text}</p>}
            {r.reply ? (
              <div className="rounded-md bg-muted/60 p-3">
                <p className="text-xs font-medium text-muted-foreground">Your reply{r.replied_at ? `, ${formatWhen(r.replied_at)}` : ''}</p>
                <p className="whitespace-pre-wrap">{r.reply}</p>
              </div>
            ) : replying === r.id ? (
              <ReplyForm review={r} />
            ) : (
              r.status !== 'removed' && (
                <div>
                  <Button size="sm" variant="outline" onClick={() => setReplying(r.id)} aria-label={`Reply to ${r.author_name}'s review`}>
                    Reply
                  </Button>
                </div>
              )
            )}
          </li>
        ))}
      </ul>
      <LoadMore shown={rows.length} hasMore={Boolean(list.hasNextPage)} loading={list.isFetchingNextPage} failed={Boolean(list.error)} onLoadMore={() => void list.fetchNextPage()} noun={['review', 'reviews']} />
    </div>
  );
}

function Overview({ ctx, p }: { ctx: PracticeContext; p: PracticeProfile }) {
  const place = [p.city, p.country ? countryName(p.country) : ''].filter(Boolean).join(', ');
  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-4">
          <Avatar src={mediaUrl(p.avatar_url)} name={p.display_name} size="lg" />
          <div className="grid gap-1">
            <CardTitle>{p.display_name}</CardTitle>
            <CardDescription>{p.headline || 'No headline yet'}</CardDescription>
            <div className="flex flex-wrap gap-1.5">
              <Badge variant={p.status === 'published' ? 'success' : p.status === 'suspended' ? 'destructive' : 'secondary'}>
                {p.status === 'published' ? 'Published' : p.status === 'suspended' ? 'Suspended' : 'Draft'}
              </Badge>
              {(licensed(ctx.kind) || p.credentials.verification !== 'none') && <VerificationBadge profile={p} />}
            </div>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to={ctx.paths.editProfile}>Edit profile</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={ctx.paths.publicProfile}>Public view</Link>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {p.status === 'suspended' && <FormAlert>{suspendedInWords(p)}</FormAlert>}
        {p.credentials.verification === 'rejected' && (
          <FormAlert>
            Your {licensed(ctx.kind) ? 'licence' : 'credential'} was not verified
            {p.credentials.verification_note ? `: “${p.credentials.verification_note}”` : '.'}{' '}
            <Link to={`${ctx.paths.editProfile}#licence_number`} className="font-medium underline underline-offset-4">
              Correct it or add a clearer document
            </Link>
          </FormAlert>
        )}
        <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label="Specialties">{p.specialties.join(', ') || '—'}</Fact>
          <Fact label="Languages">{p.languages.join(', ') || '—'}</Fact>
          <Fact label="Where">{place || '—'}</Fact>
          <Fact label="Time zone">{p.time_zone.replace(/_/g, ' ') || 'Not set'}</Fact>
          <Fact label="Formats">{p.formats.map((f) => (f.kind === 'in_person' && f.address ? `In person (${f.address})` : FORMAT_LABELS[f.kind])).join(', ') || '—'}</Fact>
          <Fact label="Prices">{p.price_range ? `${formatMoney(p.price_range.min, p.price_range.currency)} – ${formatMoney(p.price_range.max, p.price_range.currency)}` : 'No offerings yet'}</Fact>
          <Fact label="Rating">{p.rating.count > 0 ? `${p.rating.average.toFixed(1)} from ${p.rating.count} review${p.rating.count === 1 ? '' : 's'}` : 'No reviews yet'}</Fact>
          <Fact label="Typical response">{p.typical_response_minutes === null ? 'Not enough requests yet' : p.typical_response_minutes < 60 ? `Within ${p.typical_response_minutes} minutes` : `Within ${Math.round(p.typical_response_minutes / 60)} hours`}</Fact>
          <Fact label="Next available">{p.next_available_at ? formatWhen(p.next_available_at) : 'No open slot'}</Fact>
          <Fact label="Photos">
            {p.media.length} · <Link to={ctx.paths.media} className="text-primary underline-offset-4 hover:underline">manage</Link>
          </Fact>
          <Fact label="Hours">
            <Link to={ctx.paths.schedule} className="text-primary underline-offset-4 hover:underline">
              Weekly hours and overrides
            </Link>
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

/** The practice profile: an overview, completeness and what is left, publishing, and reviews with replies. */
export default function ProfilePage({ ctx }: { ctx: PracticeContext }) {
  const copy = copyFor(ctx.kind);
  const profile = useQuery({ queryKey: practiceKeys.profile(ctx.kind), queryFn: () => practiceApi.profile(ctx.kind) });
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Practice profile" description={`How clients see you as a ${copy.role}. Your account details (name, email, password) are under your account menu.`} />
      {profile.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : profile.error ? (
        <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="grid min-w-0 gap-6">
            <Overview ctx={ctx} p={profile.data} />
            <Card>
              <CardHeader>
                <CardTitle>Reviews</CardTitle>
                <CardDescription>What clients wrote after their sessions. You can reply once to each, publicly.</CardDescription>
              </CardHeader>
              <CardContent>
                <Reviews kind={ctx.kind} />
              </CardContent>
            </Card>
          </div>
          <Card>
            <CardHeader>
              <CardTitle>Completeness</CardTitle>
              <CardDescription>{profile.data.completeness}% complete</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Progress value={profile.data.completeness} label="Profile completeness" />
              <Checklist profile={profile.data} ctx={ctx} />
              <PublishControl ctx={ctx} profile={profile.data} />
            </CardContent>
          </Card>
        </div>
      )}
    </div>
  );
}
