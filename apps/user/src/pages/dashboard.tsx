import { CompletenessCard, IncompleteProfileBanner, missingFieldPath, sectionOrder, useMe, usePersonalisation } from '@sojourn/feature-account';
import { SignedInCard } from '@sojourn/feature-shell';
import { WalletSummaryCard } from '@sojourn/feature-wallet';
import { UpcomingTripsCard } from '@sojourn/feature-travel';
import { UpcomingSessionsCard } from '@sojourn/feature-wellness';
import { selectDisplayName, useAuthStore } from '@sojourn/session';
import { Button, Card, CardDescription, CardHeader, CardTitle, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { PORTALS, portalOrigin, rolePortals } from '@sojourn/util';
import { Car, Compass, HeartHandshake, Leaf, ShieldCheck, ShoppingBag } from 'lucide-react';
import { Suspense, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';

export default function DashboardPage() {
  const name = useAuthStore(selectDisplayName);
  const me = useMe();
  const user = me.data ?? useAuthStore.getState().user;
  const navigate = useNavigate();
  const providerPortals = rolePortals(user?.roles ?? []);
  // What the person said they are here for (the onboarding) orders the sections; earlier accounts get the default.
  const personalisation = usePersonalisation();
  const intents = personalisation.data?.intents ?? [];
  const order = sectionOrder(intents);
  const sections: Record<string, ReactNode> = {
    travel: <TravelSection />,
    wellness: <WellnessSection />,
    shopping: <ShopSection />,
    meeting_people: <MeetSection />,
  };

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
      <IncompleteProfileBanner />
      <SignedInCard />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid content-start gap-4 sm:grid-cols-2">
          <WalletSummaryCard className="sm:col-span-2" />
          {order.map((key, i) => (
            <section key={key} aria-labelledby={`section-${key}`} className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
              <h2 id={`section-${key}`} className="flex items-center gap-2 text-lg font-semibold sm:col-span-2">
                {SECTION_TITLES[key]}
                {i === 0 && intents.length > 0 && <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">For you</span>}
              </h2>
              {sections[key]}
            </section>
          ))}
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
          <CompletenessCard onPickField={(f) => navigate(missingFieldPath(f))} />
        </aside>
      </div>
    </div>
  );
}

const SECTION_TITLES: Record<string, string> = {
  travel: 'Travel',
  wellness: 'Wellness',
  shopping: 'Shop',
  meeting_people: 'Meet people',
};

function TravelSection() {
  return (
    <>
      <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl sm:col-span-2" />}>
        <UpcomingTripsCard className="sm:col-span-2" />
      </Suspense>
      <Card>
        <CardHeader>
          <Compass className="size-6 text-primary" aria-hidden />
          <CardTitle as="h3" className="text-base">
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
          <Car className="size-6 text-primary" aria-hidden />
          <CardTitle as="h3" className="text-base">
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
    </>
  );
}

function WellnessSection() {
  return (
    <>
      <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl sm:col-span-2" />}>
        <UpcomingSessionsCard className="sm:col-span-2" />
      </Suspense>
      <Card className="sm:col-span-2">
        <CardHeader>
          <Leaf className="size-6 text-primary" aria-hidden />
          <CardTitle as="h3" className="text-base">
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
    </>
  );
}

function ShopSection() {
  return (
    <Card className="sm:col-span-2">
      <CardHeader>
        <ShoppingBag className="size-6 text-primary" aria-hidden />
        <CardTitle as="h3" className="text-base">
          Shop independent makers
        </CardTitle>
        <CardDescription>Clothing, art, wellness goods and travel gear from vendors across Africa.</CardDescription>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button asChild variant="outline" className="w-fit">
            <Link to="/shop">Browse the shop</Link>
          </Button>
          <Button asChild variant="ghost" className="w-fit">
            <Link to="/shop/wishlist">My wishlist</Link>
          </Button>
        </div>
      </CardHeader>
    </Card>
  );
}

function MeetSection() {
  return (
    <Card className="sm:col-span-2">
      <CardHeader>
        <HeartHandshake className="size-6 text-primary" aria-hidden />
        <CardTitle as="h3" className="text-base">
          Meet people like you
        </CardTitle>
        <CardDescription>Company for your next trip, friends who share your way of living, and maybe more.</CardDescription>
        <div className="mt-2 flex flex-wrap gap-2">
          <Button asChild variant="outline" className="w-fit">
            <Link to="/matchmaking">See your matches</Link>
          </Button>
          <Button asChild variant="ghost" className="w-fit">
            <Link to="/user-preferences">Your preferences</Link>
          </Button>
        </div>
      </CardHeader>
    </Card>
  );
}
