import { SignedInCard } from '@sojourn/feature-shell';
import { Button, Card, CardDescription, CardHeader, CardTitle, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, ClipboardCheck, MessageSquareWarning, Users } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { useEffect } from 'react';
import { ONBOARDING_SKIPPED, ONBOARDING_STEPS } from '../components/onboarding-frame';
import { adminAccountKeys, adminAccountsApi, useMe } from '@sojourn/feature-account';
import { MoneyFigures } from '../components/money-figures';
import { adminPracticeApi, adminPracticeKeys, adminReviewsApi } from '../api/practice';

function Count({ value, loading }: { value: number | undefined; loading: boolean }) {
  if (loading) return <Skeleton className="h-9 w-16" />;
  return <p className="text-3xl font-semibold tabular-nums">{value ?? '–'}</p>;
}

export default function OverviewPage() {
  // A new admin without a name yet is walked through name and photo first (unless they skipped it this session).
  const me = useMe();
  const navigate = useNavigate();
  useEffect(() => {
    if (me.data && !me.data.profile?.display_name && !sessionStorage.getItem(ONBOARDING_SKIPPED)) navigate(ONBOARDING_STEPS[0], { replace: true });
  }, [me.data, navigate]);
  const pending = useQuery({ queryKey: adminAccountKeys.applications('pending', 1), queryFn: () => adminAccountsApi.applications({ status: 'pending', page: 1, per_page: 20 }) });
  const suspended = useQuery({ queryKey: adminAccountKeys.users('', '', 'suspended', 1), queryFn: () => adminAccountsApi.users({ status: 'suspended', page: 1, per_page: 20 }) });
  const licences = useQuery({
    queryKey: adminPracticeKeys.pendingCount(''),
    queryFn: () => adminPracticeApi.providers({ verification: 'pending', page: 1, per_page: 1 }),
  });
  const reported = useQuery({ queryKey: adminPracticeKeys.reviews('reported', 1), queryFn: () => adminReviewsApi.queue({ status: 'reported', page: 1, per_page: 20 }) });
  const all = useQuery({ queryKey: adminAccountKeys.users('', '', '', 1), queryFn: () => adminAccountsApi.users({ page: 1, per_page: 20 }) });
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Overview" description="What needs the team's attention today." />
      <SignedInCard />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardDescription>Applications waiting</CardDescription>
            <Count value={pending.data?.meta.total} loading={pending.isLoading} />
            <Button asChild variant="outline" size="sm" className="mt-2 w-fit">
              <Link to="/admin-dashboard/applications">
                <ClipboardCheck aria-hidden /> Review queue
              </Link>
            </Button>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Licences waiting</CardDescription>
            <Count value={licences.data?.meta.total} loading={licences.isLoading} />
            <Button asChild variant="outline" size="sm" className="mt-2 w-fit">
              <Link to="/admin-dashboard/providers?verification=pending">
                <BadgeCheck aria-hidden /> Check licences
              </Link>
            </Button>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Reviews reported</CardDescription>
            <Count value={reported.data?.meta.total} loading={reported.isLoading} />
            <Button asChild variant="outline" size="sm" className="mt-2 w-fit">
              <Link to="/admin-dashboard/reviews">
                <MessageSquareWarning aria-hidden /> Moderate reviews
              </Link>
            </Button>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Members</CardDescription>
            <Count value={all.data?.meta.total} loading={all.isLoading} />
            <Button asChild variant="outline" size="sm" className="mt-2 w-fit">
              <Link to="/admin-dashboard/users">
                <Users aria-hidden /> All users
              </Link>
            </Button>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardDescription>Suspended accounts</CardDescription>
            <Count value={suspended.data?.meta.total} loading={suspended.isLoading} />
            <Button asChild variant="outline" size="sm" className="mt-2 w-fit">
              <Link to="/admin-dashboard/users?status=suspended">Show suspended</Link>
            </Button>
          </CardHeader>
        </Card>
      </div>
      <MoneyFigures />
      <Card>
        <CardHeader>
          <CardTitle as="h2">How reviews work</CardTitle>
          <CardDescription>
            Check each applicant's details against public registers where a licence is given. Approving grants the role at once and opens that
            portal to them; rejecting needs a reason, which the applicant sees and can answer by applying again.
          </CardDescription>
        </CardHeader>
      </Card>
    </div>
  );
}
