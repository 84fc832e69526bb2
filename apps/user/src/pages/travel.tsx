import { Button, Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { BedDouble, CarFront, Map, Plane } from 'lucide-react';
import { Link } from 'react-router';
import { Hero, HorizonArt, Section } from './section';

const ITEMS = [
  { icon: BedDouble, title: 'Stay somewhere that feels right', text: 'From city hotels to quiet guesthouses, each with reviews from people who stayed there.' },
  { icon: Plane, title: 'Fly without the tab juggling', text: 'Search routes, compare fares and keep your tickets beside the rest of the trip.' },
  { icon: Map, title: 'See it with a local', text: 'Licensed guides lead walking tours, food trails and day trips in their own cities.' },
  { icon: CarFront, title: 'Drive on your own schedule', text: 'Rent from checked companies with the full price, insurance and pick-up point shown up front.' },
];

export default function TravelPage() {
  return (
    <>
      <Hero
        eyebrow="Travel"
        title="Trips planned around you"
        art={<HorizonArt variant="travel" />}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/register">Start planning</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/Wellness">Add wellness to your trip</Link>
            </Button>
          </>
        }
      >
        Stays, flights, guides and cars from providers we have checked, booked with one account and paid from one wallet.
      </Hero>
      <Section>
        <ul className="grid gap-4 sm:grid-cols-2">
          {ITEMS.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <Icon className="size-6 text-primary" aria-hidden />
                  <CardTitle as="h2" className="text-base">
                    {title}
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
