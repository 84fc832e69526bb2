import { useAuthStore } from '@sojourn/session';
import { Button, Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { BedDouble, CarFront, HeartHandshake, Map, Plane, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Hero, HorizonArt, Section } from './section';

const AREAS = [
  { icon: BedDouble, title: 'Stays', text: 'Hotels and guesthouses chosen for comfort, location and honest reviews.' },
  { icon: Plane, title: 'Flights', text: 'Compare routes and fares, then keep every ticket with the rest of your trip.' },
  { icon: Map, title: 'Local guides', text: 'Walks, day trips and adventures led by people who live there.' },
  { icon: CarFront, title: 'Car rentals', text: 'Licensed rental companies with clear prices and pick-up times.' },
  { icon: HeartHandshake, title: 'Therapy and coaching', text: 'Licensed therapists and life coaches, by video or in person.' },
  { icon: Sparkles, title: 'Events and experiences', text: 'Retreats, meet-ups and workshops to share with others.' },
];

export default function HomePage() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  return (
    <>
      <Hero
        eyebrow="Sojourn"
        title="Plan the trip. Look after yourself on the way."
        art={<HorizonArt />}
        actions={
          signedIn ? (
            <Button asChild size="lg">
              <Link to="/user-dashboard">Go to your dashboard</Link>
            </Button>
          ) : (
            <>
              <Button asChild size="lg">
                <Link to="/register">Create a free account</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/Travel">Explore travel</Link>
              </Button>
            </>
          )
        }
      >
        Sojourn brings stays, flights, local guides and car rentals together with therapists and coaches, so the journey and the
        person making it are both taken care of.
      </Hero>
      <Section>
        <h2 className="mb-2 text-2xl font-semibold tracking-tight sm:text-3xl">Everything for the journey, in one account</h2>
        <p className="mb-8 max-w-2xl text-muted-foreground">Book with providers we have checked, pay once, and find every booking, receipt and message in your dashboard.</p>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {AREAS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-6 text-primary" aria-hidden />
                  <CardTitle as="h3" className="text-base">
                    {title}
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
      <Section className="pt-0">
        <div className="grid gap-6 rounded-2xl bg-primary p-8 text-primary-foreground sm:p-10 md:grid-cols-[1fr_auto] md:items-center">
          <div className="grid gap-2">
            <h2 className="font-display text-2xl font-semibold sm:text-3xl">Work with travellers?</h2>
            <p className="max-w-xl text-primary-foreground/85">
              Guides, rental companies, dealers, vendors, therapists and coaches each get their own Sojourn portal. Apply once and our team
              reviews your details.
            </p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to="/about#partners">How partnering works</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
