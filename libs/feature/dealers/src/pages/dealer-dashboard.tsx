import { isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { dealersApi, dealersKeys } from '../api';
import { BranchesCard } from '../branches';
import { DealerReviewsInbox } from '../reviews';

/** The dealer's home: cars by status, views, enquiries, days on market, test drives, held deposits, the rating, the branches (editable) and the reviews with replies. */
export default function DealerDashboardPage() {
  const d = useQuery({ queryKey: dealersKeys.dashboard, queryFn: dealersApi.dashboard, retry: (n, e) => !(isApiError(e) && e.status === 404) && n < 2 });
  const figures = d.data
    ? ([
        ['Cars for sale', d.data.available],
        ['Reserved', d.data.reserved],
        ['Sold', d.data.sold],
        ['Views of your cars', d.data.views],
        ['Enquiries', d.data.leads],
        ['New enquiries', d.data.new_leads],
        ['Average days on market', d.data.avg_days_on_market],
        ['Upcoming test drives', d.data.upcoming_test_drives],
        ['Deposits held', d.data.held_reservations],
        ['Rating', d.data.rating.count > 0 ? `${d.data.rating.average.toFixed(1)} / 5 (${d.data.rating.count})` : 'No reviews yet'],
      ] as const)
    : [];
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Your dealership" description="How your cars are doing with buyers." />
      {d.isPending ? (
        <Skeleton className="h-48" />
      ) : d.error && isApiError(d.error) && d.error.status === 404 ? (
        <EmptyState
          title="Set up your dealership first"
          description="Add your dealership's profile and licence, and your opening hours for test drives; then list your first car."
          action={
            <Button asChild>
              <Link to="/car-dealer/profile/dealership">Set up your dealership</Link>
            </Button>
          }
        />
      ) : d.error ? (
        <ErrorState title="Your figures could not be loaded" error={d.error} onRetry={() => void d.refetch()} />
      ) : (
        <>
          <dl className="grid gap-4 sm:grid-cols-3">
            {figures.map(([k, v]) => (
              // A <dl> may hold <div> groups of <dt> and <dd>, so each figure's card is one div.
              <div key={k} className="grid gap-1 rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
                <dt className="text-sm text-muted-foreground">{k}</dt>
                <dd className="text-2xl font-semibold">{v}</dd>
              </div>
            ))}
          </dl>
          <div className="flex flex-wrap gap-3">
            <Button asChild>
              <Link to="/car-dealer/offerings">Manage your cars</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/car-dealer/bookings">Test drives and reservations</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/car-dealer/clients">Enquiries</Link>
            </Button>
          </div>
          <BranchesCard />
          <Card>
            <CardHeader>
              <CardTitle as="h2">Reviews</CardTitle>
              <CardDescription>Buyers review your dealership after a test drive. Each review can have one public reply, shown under it on your cars’ pages.</CardDescription>
            </CardHeader>
            <CardContent>
              <DealerReviewsInbox />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
