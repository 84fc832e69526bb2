import { isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Progress, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { CarFront } from 'lucide-react';
import { Link } from 'react-router';
import { companyApi, rentalKeys } from '../../api';
import { StatusBadge } from '../../components/bits';
import { when } from '../../format';
import { COMPANY_PATHS, companyBookingHref } from '../../paths';

function Stat({ label, value, hint, to }: { label: string; value: React.ReactNode; hint?: string; to?: string }) {
  const body = (
    <Card className="h-full p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
  return to ? (
    <Link to={to} className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {body}
    </Link>
  ) : (
    body
  );
}

/** The car-rental portal's home: the fleet's use over the next 30 days and what needs doing. */
export default function DashboardPage() {
  const q = useQuery({ queryKey: rentalKeys.dashboard, queryFn: companyApi.dashboard, retry: (n, e) => !(isApiError(e) && e.status === 404) && n < 2 });
  const next = useQuery({ queryKey: rentalKeys.bookings({ status: 'confirmed', limit: 5 }), queryFn: () => companyApi.bookings({ status: 'confirmed' }, undefined, 5), enabled: q.isSuccess });
  const due = useQuery({ queryKey: rentalKeys.bookings({ status: 'returned', limit: 5 }), queryFn: () => companyApi.bookings({ status: 'returned' }, undefined, 5), enabled: q.isSuccess });
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      </div>
    );
  }
  if (q.isError) {
    if (isApiError(q.error) && q.error.status === 404) {
      return (
        <div className="mx-auto grid w-full max-w-3xl gap-6">
          <PageHeader title="Welcome to Sojourn Car Rentals" />
          <EmptyState
            icon={<CarFront className="size-6" />}
            title="Set up your rental company"
            description="Your company details, operating licence, a branch and your first car: renters can book once your licence is verified."
            action={
              <Button asChild>
                <Link to={COMPANY_PATHS.onboarding}>Start the set-up</Link>
              </Button>
            }
          />
        </div>
      );
    }
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        <PageHeader title="Dashboard" />
        <ErrorState title="We could not load your dashboard" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const d = q.data;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Dashboard"
        description="Your fleet over the next 30 days."
        actions={
          <Button asChild>
            <Link to={COMPANY_PATHS.car}>Add a car</Link>
          </Button>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Utilisation</CardTitle>
          <CardDescription>Share of your published cars&apos; days booked in the next 30 days.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2">
          <p className="text-3xl font-semibold tabular-nums">{d.utilisation_pct}%</p>
          <Progress value={d.utilisation_pct} label="Fleet utilisation over the next 30 days" />
        </CardContent>
      </Card>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Cars" value={d.cars} hint={`${d.published_cars} published`} to={COMPANY_PATHS.offerings} />
        <Stat label="Branches" value={d.branches} to={COMPANY_PATHS.branches} />
        <Stat label="Pick-ups coming" value={d.upcoming_pickups} to={`${COMPANY_PATHS.bookings}?status=confirmed`} />
        <Stat label="On the road" value={d.on_the_road} to={`${COMPANY_PATHS.bookings}?status=picked_up`} />
        <Stat label="Deposits to settle" value={d.awaiting_settlement} to={`${COMPANY_PATHS.bookings}?status=returned`} />
        <Stat label="Revenue this month" value={formatMoney(d.month_revenue.amount, d.month_revenue.currency, { compact: true })} to={COMPANY_PATHS.earnings} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {[
          { title: 'Next pick-ups', q: next, empty: 'No confirmed rental waiting for its pick-up.' },
          { title: 'Returned, deposit to settle', q: due, empty: 'Every returned car is settled.' },
        ].map(({ title, q: l, empty }) => (
          <Card key={title}>
            <CardHeader>
              <CardTitle as="h2">{title}</CardTitle>
            </CardHeader>
            <CardContent>
              {l.isPending ? (
                <Skeleton className="h-24 w-full" />
              ) : l.isError ? (
                <ErrorState title="We could not load these rentals" error={l.error} onRetry={() => void l.refetch()} />
              ) : l.data.data.length === 0 ? (
                <p className="text-sm text-muted-foreground">{empty}</p>
              ) : (
                <ul className="divide-y">
                  {l.data.data.map((b) => (
                    <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                      <span className="grid">
                        <Link to={companyBookingHref(b.id)} className="font-medium hover:underline">
                          {b.car.make} {b.car.model} · {b.renter.display_name || b.driver.name}
                        </Link>
                        <span className="text-muted-foreground">{when(b.status === 'returned' ? b.end : b.start)}</span>
                      </span>
                      <StatusBadge status={b.status} />
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
