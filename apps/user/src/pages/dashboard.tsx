import { CompletenessCard, useMe } from '@sojourn/feature-account';
import { SignedInCard } from '@sojourn/feature-shell';
import { WalletSummaryCard } from '@sojourn/feature-wallet';
import { UpcomingTripsCard } from '@sojourn/feature-travel';
import { UpcomingSessionsCard } from '@sojourn/feature-wellness';
import { selectDisplayName, useAuthStore } from '@sojourn/session';
import { Button, Card, CardDescription, CardHeader, CardTitle, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { PORTALS, portalOrigin, rolePortals } from '@sojourn/util';
import { Car, Compass, Leaf, ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { Link, useNavigate } from 'react-router';

export default function DashboardPage() {
  const name = useAuthStore(selectDisplayName);
  const me = useMe();
  const user = me.data ?? useAuthStore.getState().user;
  const navigate = useNavigate();
  const providerPortals = rolePortals(user?.roles ?? []);

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title={`Welcome, ${name}`} description="Your trips, care and account, all in one place." />
      {user && !user.email_verified && (
        <FormAlert tone="info">
          Please confirm your email address so booking confirmations reach you.{' '}
          <Link to="/verification" className="font-semibold underline">
            Verify your email
          </Link>
        </FormAlert>
      )}
      <SignedInCard />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <WalletSummaryCard className="sm:col-span-2" />
          <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl sm:col-span-2" />}>
            <UpcomingSessionsCard className="sm:col-span-2" />
          </Suspense>
          <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl sm:col-span-2" />}>
            <UpcomingTripsCard className="sm:col-span-2" />
          </Suspense>
          <Card>
            <CardHeader>
              <Compass className="size-6 text-primary" aria-hidden />
              <CardTitle as="h2" className="text-base">
                Plan a trip
              </CardTitle>
              <CardDescription>Stays, flights, guides and cars from providers we have checked.</CardDescription>
              <Button asChild variant="outline" className="mt-2 w-fit">
                <Link to="/booking">Plan travel</Link>
              </Button>
            </CardHeader>
          </Card>
          <Card>
            <CardHeader>
              <Leaf className="size-6 text-primary" aria-hidden />
              <CardTitle as="h2" className="text-base">
                Look after yourself
              </CardTitle>
              <CardDescription>Therapists and life coaches, by video or in person.</CardDescription>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button asChild variant="outline" className="w-fit">
                  <Link to="/user-therapy">Find a therapist</Link>
                </Button>
                <Button asChild variant="ghost" className="w-fit">
                  <Link to="/user-coach">Find a coach</Link>
                </Button>
              </div>
            </CardHeader>
          </Card>
          <Card className="sm:col-span-2">
            <CardHeader>
              <Car className="size-6 text-primary" aria-hidden />
              <CardTitle as="h2" className="text-base">
                Buying a car
              </CardTitle>
              <CardDescription>Cars from verified dealers, free test drives, and cars you reserved with a refundable deposit.</CardDescription>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button asChild variant="outline" className="w-fit">
                  <Link to="/cars">Cars for sale</Link>
                </Button>
                <Button asChild variant="ghost" className="w-fit">
                  <Link to="/cars/reservations">My car reservations</Link>
                </Button>
              </div>
            </CardHeader>
          </Card>
          {providerPortals.length > 0 && (
            <Card className="sm:col-span-2">
              <CardHeader>
                <ShieldCheck className="size-6 text-primary" aria-hidden />
                <CardTitle as="h2" className="text-base">
                  Your portals
                </CardTitle>
                <CardDescription>Your account also works in these Sojourn portals.</CardDescription>
                <div className="mt-2 flex flex-wrap gap-2">
                  {providerPortals.map((p) => (
                    <Button key={p} asChild variant="outline" size="sm">
                      <a href={`${portalOrigin(p, 'user', window.location)}${PORTALS[p].homePath}`}>{PORTALS[p].name}</a>
                    </Button>
                  ))}
                </div>
              </CardHeader>
            </Card>
          )}
        </div>
        <aside className="grid content-start gap-4">
          <CompletenessCard onPickField={(f) => navigate(`/profile?tab=${f === 'avatar_url' ? 'photo' : 'edit'}&field=${f}`)} />
        </aside>
      </div>
    </div>
  );
}
