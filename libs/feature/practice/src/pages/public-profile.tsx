import { isApiError, mediaUrl } from '@sojourn/api-client';
import { Avatar, Badge, Button, Card, CardContent, CardHeader, CardTitle, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { countryName, formatMoney, portalOrigin } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { licensed, practiceApi, practiceKeys, type PracticeOffering, type PracticeProfile, type PublicProfile } from '../api';
import { copyFor, type PracticeContext } from '../context';
import { FORMAT_LABELS, formatWhen, policyInWords } from '../format';

/** The public shape, from the provider's own profile (for a draft, which the public address does not show yet). */
function asPublic(p: PracticeProfile): PublicProfile {
  return {
    id: p.id,
    kind: p.kind,
    display_name: p.display_name,
    avatar_url: p.avatar_url,
    headline: p.headline,
    specialties: p.specialties,
    languages: p.languages,
    formats: p.formats.map((f) => f.kind),
    city: p.city,
    country: p.country,
    time_zone: p.time_zone,
    price_range: p.price_range,
    rating: p.rating,
    verified: p.credentials.verification === 'verified',
    next_available_at: p.next_available_at,
    typical_response_minutes: p.typical_response_minutes,
    bio: p.bio,
    session_formats: p.formats,
    intro_video_url: p.intro_video_url,
    media: p.media,
    verified_licence: p.credentials.verification === 'verified',
  };
}

function ProfileView({ p, offerings, kind }: { p: PublicProfile; offerings: PracticeOffering[]; kind: string }) {
  const place = [p.city, p.country ? countryName(p.country) : ''].filter(Boolean).join(', ');
  return (
    <article className="grid gap-6" aria-label={`${p.display_name}'s public profile`}>
      <Card>
        <CardHeader className="gap-4 sm:flex-row sm:items-start">
          <Avatar src={mediaUrl(p.avatar_url)} name={p.display_name} size="lg" />
          <div className="grid gap-1.5">
            <h2 className="flex flex-wrap items-center gap-2 text-xl font-semibold">
              {p.display_name}
              {p.verified_licence && (
                <Badge variant="success">
                  <BadgeCheck className="size-3.5" aria-hidden /> {licensed(kind) ? 'Verified licence' : 'Verified credential'}
                </Badge>
              )}
            </h2>
            <p className="text-muted-foreground">{p.headline}</p>
            <p className="text-sm text-muted-foreground">
              {[place, p.languages.join(', '), p.rating.count > 0 ? `★ ${p.rating.average.toFixed(1)} (${p.rating.count})` : 'New on Sojourn'].filter(Boolean).join(' · ')}
            </p>
            {p.next_available_at && <p className="text-sm">Next available: {formatWhen(p.next_available_at)}</p>}
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          {p.specialties.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Specialties">
              {p.specialties.map((s) => (
                <li key={s}>
                  <Badge variant="soft">{s}</Badge>
                </li>
              ))}
            </ul>
          )}
          {p.bio && <p className="whitespace-pre-wrap text-sm leading-relaxed">{p.bio}</p>}
          <p className="text-sm">
            <span className="font-medium">Sessions: </span>
            {p.session_formats.map((f) => (f.kind === 'in_person' && f.address ? `in person at ${f.address}` : FORMAT_LABELS[f.kind].toLowerCase())).join(', ') || '—'}
          </p>
          {p.intro_video_url && (
            <p className="text-sm">
              <a href={p.intro_video_url} target="_blank" rel="noreferrer noopener" className="text-primary underline-offset-4 hover:underline">
                Watch the intro video <ExternalLink className="inline size-3.5" aria-hidden />
              </a>
            </p>
          )}
          {p.media.length > 0 && (
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Photos">
              {p.media.map((m, i) => (
                <li key={m.id}>
                  <img src={mediaUrl(m.url) ?? ''} alt={`${p.display_name}'s practice, ${i + 1} of ${p.media.length}`} className="aspect-[4/3] w-full rounded-md object-cover" loading="lazy" />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
        </CardHeader>
        <CardContent>
          {offerings.length === 0 ? (
            <p className="text-sm text-muted-foreground">No bookable sessions.</p>
          ) : (
            <ul className="grid gap-3">
              {offerings.map((o) => (
                <li key={o.id} className="grid gap-1 rounded-lg border p-4 text-sm">
                  <p className="font-semibold">
                    {o.title} <span className="font-normal text-muted-foreground">· {formatMoney(o.price.amount, o.price.currency)} · {o.duration_min} min · {FORMAT_LABELS[o.format]}</span>
                  </p>
                  {o.description && <p className="line-clamp-2 text-muted-foreground">{o.description}</p>}
                  <p className="text-xs text-muted-foreground">{policyInWords(o).replace('Clients can', 'You can').replace('you keep', `${p.display_name.split(' ')[0]} keeps`).replace('they get', 'you get')}</p>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </article>
  );
}

/** The public profile as clients see it (a preview while it is a draft), with a link to it on the user portal. */
export default function PublicProfilePage({ ctx }: { ctx: PracticeContext }) {
  const copy = copyFor(ctx.kind);
  const own = useQuery({ queryKey: practiceKeys.profile(ctx.kind), queryFn: () => practiceApi.profile(ctx.kind) });
  const id = own.data?.id ?? '';
  const listed = own.data?.listed ?? false;
  const pub = useQuery({ queryKey: practiceKeys.publicProfile(id), queryFn: () => practiceApi.publicProfile(id), enabled: Boolean(id) && listed });
  const pubOfferings = useQuery({ queryKey: [...practiceKeys.publicProfile(id), 'offerings'], queryFn: () => practiceApi.publicOfferings(id), enabled: Boolean(id) && listed });
  const ownOfferings = useQuery({ queryKey: practiceKeys.offerings(ctx.kind), queryFn: () => practiceApi.offerings(ctx.kind), enabled: Boolean(id) && !listed });
  const userUrl = id ? `${portalOrigin('user', ctx.portal.id, window.location)}${ctx.publicUrl(id)}` : '';
  const loading = own.isPending || (listed ? pub.isPending || pubOfferings.isPending : ownOfferings.isPending);
  const error = own.error ?? (listed ? (pub.error && !(isApiError(pub.error) && pub.error.status === 404) ? pub.error : pubOfferings.error) : ownOfferings.error);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Your public profile"
        description={`Exactly what clients see when they look for a ${copy.role}.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={ctx.paths.editProfile}>Edit</Link>
            </Button>
            {listed && userUrl && (
              <Button asChild>
                <a href={userUrl} target="_blank" rel="noreferrer noopener">
                  Open on Sojourn <ExternalLink className="size-4" aria-hidden />
                </a>
              </Button>
            )}
          </>
        }
      />
      {loading ? (
        <Skeleton className="h-96 w-full" />
      ) : error || !own.data ? (
        <ErrorState title="Could not load your public profile" error={error} onRetry={() => void own.refetch()} />
      ) : (
        <>
          {!listed && (
            <FormAlert tone="info">
              This is a preview: your profile is not in the directory yet, so clients cannot open it. <Link to={ctx.paths.profile} className="underline">See what is left to publish</Link>.
            </FormAlert>
          )}
          <ProfileView
            p={listed && pub.data ? pub.data : asPublic(own.data)}
            offerings={listed ? (pubOfferings.data ?? []) : (ownOfferings.data ?? []).filter((o) => o.active)}
            kind={ctx.kind}
          />
        </>
      )}
    </div>
  );
}
