import { mediaUrl } from '@sojourn/api-client';
import { Avatar, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, FormAlert, PageHeader, Progress, Skeleton } from '@sojourn/ui';
import { countryName, formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { Link } from 'react-router';
import { licensed, practiceApi, practiceKeys, type PracticeProfile } from '../api';
import { Checklist } from '../components/checklist';
import { PracticeReviews } from '../components/reviews';
import { PublishControl, suspendedInWords } from '../components/publish';
import { copyFor, type PracticeContext } from '../context';
import { FORMAT_LABELS, formatWhen } from '../format';
import { VerificationBadge } from './edit-profile';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="break-words">{children}</dd>
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
                <PracticeReviews kind={ctx.kind} />
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
