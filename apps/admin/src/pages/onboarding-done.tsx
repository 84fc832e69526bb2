import { mediaUrl } from '@sojourn/api-client';
import { useMe } from '@sojourn/feature-account';
import { Avatar, Button, Skeleton } from '@sojourn/ui';
import { Link } from 'react-router';
import { ONBOARDING_STEPS, OnboardingFrame } from '../components/onboarding-frame';

export default function OnboardingDonePage() {
  const me = useMe();
  const u = me.data;
  const name = u?.profile?.display_name || u?.username || '';
  return (
    <OnboardingFrame step={3} title="You're all set" description="This is how you appear to colleagues and in the audit log. You can change both later in your profile.">
      {me.isLoading || !u ? (
        <Skeleton className="h-20 w-full" />
      ) : (
        <div className="flex items-center gap-4 rounded-lg border p-4">
          <Avatar src={mediaUrl(u.profile?.avatar_url)} name={name} size="lg" />
          <div className="grid min-w-0">
            <p className="truncate text-lg font-semibold">{name}</p>
            <p className="truncate text-sm text-muted-foreground">{u.email}</p>
          </div>
        </div>
      )}
      {u && !u.profile?.avatar_url && (
        <p className="text-sm text-muted-foreground">
          No photo yet.{' '}
          <Link className="underline underline-offset-4" to={ONBOARDING_STEPS[1]}>
            Choose one
          </Link>
        </p>
      )}
      <Button asChild className="w-fit">
        <Link to="/admin-dashboard">Go to the overview</Link>
      </Button>
    </OnboardingFrame>
  );
}
