import { SetupWizardCard } from '../components/setup-wizard';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Progress, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { isApiError } from '@sojourn/api-client';
import { useQuery } from '@tanstack/react-query';
import { Banknote, CalendarClock, CalendarDays, Inbox, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { practiceApi, practiceKeys } from '../api';
import { AppointmentCard } from '../components/appointment-card';
import { Checklist } from '../components/checklist';
import { missingInWords, suspendedInWords } from '../components/publish';
import { copyFor, type PracticeContext } from '../context';
import { formatWhen, zoneName } from '../format';

function Stat({ icon, label, value, note, loading }: { icon: ReactNode; label: string; value: string; note?: ReactNode; loading: boolean }) {
  return (
    <Card>
      <CardHeader className="gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <span className="flex size-8 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
            {icon}
          </span>
          {label}
        </p>
        {loading ? <Skeleton className="h-8 w-32" /> : <p className="text-2xl font-semibold tracking-tight">{value}</p>}
        {note && <div className="text-sm text-muted-foreground">{loading ? <Skeleton className="h-4 w-40" /> : note}</div>}
      </CardHeader>
    </Card>
  );
}

/** The provider's home: today's sessions, requests to answer, this month's earnings, next free slot, what to do next. */
export default function DashboardPage({ ctx }: { ctx: PracticeContext }) {
  const copy = copyFor(ctx.kind);
  const dash = useQuery({ queryKey: practiceKeys.dashboardOf(ctx.kind), queryFn: () => practiceApi.dashboard(ctx.kind) });
  const profile = useQuery({ queryKey: practiceKeys.profile(ctx.kind), queryFn: () => practiceApi.profile(ctx.kind) });
  // The API answers 404 until the provider has a practice profile: a new provider sees the setup prompt, not an error.
  const fresh = isApiError(dash.error) && dash.error.status === 404;
  const d = dash.data;
  const clientHref = (id: string) => `${ctx.paths.client}?id=${encodeURIComponent(id)}`;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Dashboard"
        description={`Your ${copy.practice} today. Times in ${zoneName()}.`}
        actions={
          <>
            <Button asChild variant="outline">
              <Link to={ctx.paths.calendar}>Open calendar</Link>
            </Button>
            <Button asChild>
              <Link to={ctx.paths.appointments}>All appointments</Link>
            </Button>
          </>
        }
      />

      <SetupWizardCard ctx={ctx} />
      {(fresh || (profile.data && profile.data.status !== 'published')) && (
        <Card className="border-primary/40 bg-accent/40">
          <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="grid gap-1">
              <CardTitle>{profile.data?.status === 'suspended' ? 'Your profile is suspended' : 'Your profile is not in the directory yet'}</CardTitle>
              <CardDescription>
                {!profile.data
                  ? `Set up your practice: your profile, a first offering and your hours. Then clients can find and book you.`
                  : profile.data.status === 'suspended'
                  ? suspendedInWords(profile.data)
                  : `Clients can find and book you once you publish. ${profile.data.publish_missing.length > 0 ? `Still needed: ${missingInWords(profile.data.publish_missing)}.` : 'Everything is ready: publish it from the setup page.'}`}
              </CardDescription>
            </div>
            {profile.data?.status !== 'suspended' && (
              <Button asChild>
                <Link to={ctx.paths.onboarding}>Finish setting up</Link>
              </Button>
            )}
          </CardHeader>
        </Card>
      )}

      {fresh ? null : dash.error && !d ? (
        <ErrorState title="Could not load your dashboard" error={dash.error} onRetry={() => void dash.refetch()} />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Stat
            icon={<Banknote className="size-4" />}
            label="Earned this month"
            loading={dash.isPending}
            value={d ? formatMoney(d.month_earnings.amount, d.month_earnings.currency) : ''}
            note={
              <Link to={ctx.paths.earnings} className="text-primary underline-offset-4 hover:underline">
                Earnings and payouts
              </Link>
            }
          />
          <Stat
            icon={<CalendarClock className="size-4" />}
            label="Next free slot"
            loading={dash.isPending}
            value={d?.next_free_slot ? formatWhen(d.next_free_slot) : 'None open'}
            note={
              d?.next_free_slot ? (
                'The first time a client can book now.'
              ) : (
                <Link to={ctx.paths.schedule} className="text-primary underline-offset-4 hover:underline">
                  Open more hours
                </Link>
              )
            }
          />
          <Stat
            icon={<CalendarDays className="size-4" />}
            label="Upcoming sessions"
            loading={dash.isPending}
            value={String(d?.upcoming ?? 0)}
            note={`${d?.completed_this_month ?? 0} completed this month`}
          />
          <Stat
            icon={<Users className="size-4" />}
            label="Clients"
            loading={dash.isPending}
            value={String(d?.clients ?? 0)}
            note={d && d.provider_cancellations > 0 ? `You cancelled ${d.provider_cancellations} session${d.provider_cancellations === 1 ? '' : 's'}` : 'People who booked you'}
          />
        </div>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid min-w-0 gap-6">
          <Card>
            <CardHeader className="flex-row items-center justify-between gap-2">
              <CardTitle className="flex items-center gap-2">
                Requests waiting for you
                {d && d.requests_waiting > 0 && <Badge variant="warning">{d.requests_waiting}</Badge>}
              </CardTitle>
              {d && d.requests_waiting > d.requests.length && (
                <Link to={`${ctx.paths.bookings}?tab=requests`} className="text-sm text-primary underline-offset-4 hover:underline">
                  See all {d.requests_waiting}
                </Link>
              )}
            </CardHeader>
            <CardContent>
              {dash.isPending ? (
                <Skeleton className="h-20 w-full" />
              ) : !d || d.requests.length === 0 ? (
                <EmptyState title="No requests to answer" description="When an offering needs your confirmation, new bookings wait here for Confirm or Decline." icon={<Inbox className="size-6" />} />
              ) : (
                <ul className="grid gap-3" aria-label="Requests waiting for confirmation">
                  {d.requests.map((b) => (
                    <AppointmentCard key={b.id} booking={b} clientHref={clientHref(b.client.id)} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Today’s sessions</CardTitle>
              <CardDescription>{d ? `Today in ${zoneName(d.time_zone)}, your practice's time zone.` : ' '}</CardDescription>
            </CardHeader>
            <CardContent>
              {dash.isPending ? (
                <Skeleton className="h-20 w-full" />
              ) : !d || d.today.length === 0 ? (
                <EmptyState title="No sessions today" description="Enjoy the space, or open extra hours from your calendar." icon={<CalendarDays className="size-6" />} />
              ) : (
                <ul className="grid gap-3" aria-label="Today's sessions">
                  {d.today.map((b) => (
                    <AppointmentCard key={b.id} booking={b} clientHref={clientHref(b.client.id)} />
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>What to do next</CardTitle>
            <CardDescription>
              {profile.data ? `Your profile is ${profile.data.completeness}% complete. Complete profiles are shown first in the directory.` : 'Checking your profile…'}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {profile.isPending ? (
              <Skeleton className="h-32 w-full" />
            ) : profile.error ? (
              <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
            ) : (
              <>
                <Progress value={profile.data.completeness} label="Profile completeness" />
                {profile.data.missing.length === 0 ? (
                  <p className="text-sm">Nothing left to fill in. Keep your hours current so clients find open times.</p>
                ) : (
                  <Checklist profile={profile.data} ctx={ctx} limit={6} />
                )}
                <Link to={ctx.paths.profile} className="text-sm text-primary underline-offset-4 hover:underline">
                  Your practice profile
                </Link>
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
