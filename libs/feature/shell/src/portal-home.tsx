import { mediaUrl } from '@sojourn/api-client';
import { CompletenessCard, useMe } from '@sojourn/feature-account';
import { useAuthStore } from '@sojourn/session';
import { Avatar, Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, PageHeader } from '@sojourn/ui';
import { ROLE_LABELS, formatDate, sortRoles } from '@sojourn/util';
import { Link, useNavigate } from 'react-router';
import { usePortalConfig } from './config-context';

/** Who is signed in: avatar, name, email, roles and verification, with shortcuts to profile and settings. */
export function SignedInCard() {
  const { portal } = usePortalConfig();
  const me = useMe();
  const stored = useAuthStore((s) => s.user);
  const user = me.data ?? stored;
  if (!user) return null;
  const name = user.profile?.display_name || user.username;
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 pt-5 sm:flex-row sm:items-center sm:pt-6">
        <Avatar src={mediaUrl(user.profile?.avatar_url)} name={name} size="lg" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="text-sm text-muted-foreground">Signed in as</p>
          <p className="truncate text-lg font-semibold">{name}</p>
          <p className="break-words text-sm text-muted-foreground">
            {user.email} · member since {formatDate(user.created_at)}
          </p>
          <div className="flex flex-wrap gap-1.5 pt-1">
            {sortRoles(user.roles).map((r) => (
              <Badge key={r} variant={r === 'user' ? 'secondary' : 'soft'}>
                {ROLE_LABELS[r]}
              </Badge>
            ))}
            {user.email_verified ? <Badge variant="success">Email verified</Badge> : <Badge variant="warning">Email not verified</Badge>}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={portal.profilePath}>Profile</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link to={portal.settingsPath}>Settings</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

export default function PortalHome() {
  const { portal, home } = usePortalConfig();
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title={home.title} description={home.intro} />
      <SignedInCard />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="offers" className="grid content-start gap-3">
          <h2 id="offers" className="text-lg font-semibold">
            What you will run from {portal.name}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {home.offers.map((o) => (
              <li key={o.title}>
                <Card className="h-full">
                  <CardHeader>
                    <CardTitle as="h3" className="text-base">
                      {o.title}
                    </CardTitle>
                    <CardDescription>{o.description}</CardDescription>
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </section>
        <aside className="grid content-start gap-4">
          <CompletenessCard onPickField={(f) => navigate(`${portal.profilePath}?tab=${f === 'avatar_url' ? 'photo' : 'edit'}&field=${f}`)} />
        </aside>
      </div>
    </div>
  );
}
