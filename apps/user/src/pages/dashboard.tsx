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

type CardLink = { to: string; label: string };

/** A dashboard card: an icon, a title, a line on what it is for and one or two ways in (the first is the main one). */
function ActionCard({ icon: Icon, title, description, links, wide = false }: { icon: typeof Compass; title: string; description: string; links: CardLink[]; wide?: boolean }) {
  return (
    <Card className={wide ? 'sm:col-span-2' : undefined}>
      <CardHeader>
        <Icon className="size-6 text-primary" aria-hidden />
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
        <div className="mt-2 flex flex-wrap gap-2">
          {links.map((l, i) => (
            <Button key={l.to} asChild variant={i === 0 ? 'outline' : 'ghost'} className="w-fit">
              <Link to={l.to}>{l.label}</Link>
            </Button>
          ))}
        </div>
      </CardHeader>
    </Card>
  );
}

function TravelSection() {
  return (
    <>
      <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl sm:col-span-2" />}>
        <UpcomingTripsCard className="sm:col-span-2" />
      </Suspense>
      <ActionCard icon={Compass} title="Plan a trip" description="Stays, flights, guides and cars from providers we have checked." links={[{ to: '/booking', label: 'Plan travel' }]} />
      <ActionCard
        icon={Car}
        title="Buying a car"
        description="Cars from verified dealers, free test drives, and cars you reserved with a refundable deposit."
        links={[
          { to: '/cars', label: 'Cars for sale' },
          { to: '/cars/reservations', label: 'My car reservations' },
        ]}
      />
    </>
  );
}

function WellnessSection() {
  return (
    <>
      <Suspense fallback={<Skeleton className="h-40 w-full rounded-xl sm:col-span-2" />}>
        <UpcomingSessionsCard className="sm:col-span-2" />
      </Suspense>
      <ActionCard
        wide
        icon={Leaf}
        title="Look after yourself"
        description="Therapists and life coaches, by video or in person."
        links={[
          { to: '/user-therapy', label: 'Find a therapist' },
          { to: '/user-coach', label: 'Find a coach' },
        ]}
      />
    </>
  );
}

function ShopSection() {
  return (
    <ActionCard
      wide
      icon={ShoppingBag}
      title="Shop independent makers"
      description="Clothing, art, wellness goods and travel gear from vendors across Africa."
      links={[
        { to: '/shop', label: 'Browse the shop' },
        { to: '/shop/wishlist', label: 'My wishlist' },
      ]}
    />
  );
}

function MeetSection() {
  return (
    <ActionCard
      wide
      icon={HeartHandshake}
      title="Meet people like you"
      description="Company for your next trip, friends who share your way of living, and maybe more."
      links={[
        { to: '/matchmaking', label: 'See your matches' },
        { to: '/user-preferences', label: 'Your preferences' },
      ]}
    />
  );
}
