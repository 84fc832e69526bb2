import { mediaUrl, type Profile } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ErrorState,
  FormAlert,
  ProfileLayout,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@sojourn/ui';
import { ROLE_LABELS, countryName, fieldLabel, formatDate, sortRoles } from '@sojourn/util';
import { Link, useSearchParams } from 'react-router';
import { AvatarUploader } from '../components/avatar-uploader';
import { CompletenessCard } from '../components/completeness-card';
import { GENDERS, ProfileForm } from '../components/profile-form';
import { useMe, useProfile } from '../hooks';
import { safeRedirect } from '../links';
import { usePortal } from '../portal-context';

const TABS = ['overview', 'edit', 'photo'] as const;
type Tab = (typeof TABS)[number];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children || <span className="text-muted-foreground">Not added yet</span>}</dd>
    </div>
  );
}

function Overview({ profile, professional }: { profile: Profile; professional: boolean }) {
  const gender = GENDERS.find((g) => g.value === profile.gender)?.label ?? profile.gender;
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">About</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <p className="whitespace-pre-line text-sm">{profile.bio || <span className="text-muted-foreground">No bio yet.</span>}</p>
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Detail label="Display name">{profile.display_name}</Detail>
            <Detail label="Phone">{profile.phone}</Detail>
            <Detail label="Date of birth">{formatDate(profile.date_of_birth)}</Detail>
            <Detail label="Gender">{gender}</Detail>
            <Detail label="City">{profile.city}</Detail>
            <Detail label="Country">{countryName(profile.country)}</Detail>
            <Detail label="Languages">{profile.languages?.join(', ')}</Detail>
            <Detail label="Interests">{profile.interests?.join(', ')}</Detail>
          </dl>
        </CardContent>
      </Card>
      {professional && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Professional details</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-3">
              <Detail label={fieldLabel('business_name')}>{profile.business_name}</Detail>
              <Detail label={fieldLabel('licence_number')}>{profile.licence_number}</Detail>
              <Detail label="Specialties">{profile.specialties?.join(', ')}</Detail>
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

export default function ProfilePage() {
  const portal = usePortal();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'overview';
  const focusField = params.get('field');
  const storedUser = useAuthStore((s) => s.user);
  const me = useMe();
  const profileQuery = useProfile();
  const user = me.data ?? storedUser;
  const professional = portal.id !== 'user' || Boolean(user?.roles.some((r) => r !== 'user'));

  const setTab = (next: Tab, field?: string) => {
    const p = new URLSearchParams(params);
    p.set('tab', next);
    if (field) p.set('field', field);
    else p.delete('field');
    setParams(p, { replace: true });
  };
  const pickField = (field: string) => setTab(field === 'avatar_url' ? 'photo' : 'edit', field === 'avatar_url' ? undefined : field);

  if (profileQuery.isError) {
    return <ErrorState title="We could not load your profile" error={profileQuery.error} onRetry={() => void profileQuery.refetch()} />;
  }
  if (!profileQuery.data || !user) {
    return (
      <div className="mx-auto grid max-w-5xl gap-6" aria-busy>
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  const profile = profileQuery.data;
  const name = profile.display_name || user.username;
  const returnTo = params.get('complete') ? safeRedirect(params.get('redirect'), portal.homePath) : null;

  return (
    <ProfileLayout
      name={name}
      avatarUrl={mediaUrl(profile.avatar_url)}
      subtitle={
        <>
          @{user.username} · {user.email}
          {profile.city || profile.country ? ` · ${[profile.city, countryName(profile.country)].filter(Boolean).join(', ')}` : ''}
        </>
      }
      badges={
        <>
          {sortRoles(user.roles).map((r) => (
            <Badge key={r} variant={r === 'user' ? 'secondary' : 'soft'}>
              {ROLE_LABELS[r]}
            </Badge>
          ))}
          {user.email_verified ? (
            <Badge variant="success">Email verified</Badge>
          ) : (
            <Badge variant="warning">
              Email not verified
            </Badge>
          )}
        </>
      }
      actions={
        tab !== 'edit' && (
          <Button variant="outline" onClick={() => setTab('edit')}>
            Edit profile
          </Button>
        )
      }
    >
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 content-start gap-4">
          {returnTo && (
            <FormAlert tone="info">
              Complete your profile to continue. When it reaches 100%, <Link to={returnTo} className="font-semibold underline">go back to where you were</Link>.
            </FormAlert>
          )}
          {!user.email_verified && (
            <FormAlert tone="info">
              Confirm your email address to secure your account. <Link to="/verification" className="font-semibold underline">Verify now</Link>
            </FormAlert>
          )}
          <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
            <TabsList>
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="edit">Edit profile</TabsTrigger>
              <TabsTrigger value="photo">Photo</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <Overview profile={profile} professional={professional} />
            </TabsContent>
            <TabsContent value="edit">
              <ProfileForm
                profile={profile}
                username={profile.username ?? user.username}
                showProfessional={professional}
                focusField={focusField}
                onSaved={() => setTab('overview')}
              />
            </TabsContent>
            <TabsContent value="photo">
              <AvatarUploader currentUrl={profile.avatar_url} />
            </TabsContent>
          </Tabs>
        </div>
        <aside className="grid content-start gap-4">
          <CompletenessCard onPickField={pickField} />
          <Card>
            <CardContent className="grid gap-1 pt-5 text-sm sm:pt-6">
              <p className="font-medium">Member since {formatDate(user.created_at)}</p>
              <Link to={portal.settingsPath} className="text-primary hover:underline">
                Password and sign-in settings
              </Link>
            </CardContent>
          </Card>
        </aside>
      </div>
    </ProfileLayout>
  );
}
