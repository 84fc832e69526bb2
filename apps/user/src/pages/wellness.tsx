import { Button, Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { Brain, HeartHandshake, Sunrise, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Hero, HorizonArt, Section } from './section';

const ITEMS = [
  { icon: HeartHandshake, title: 'Licensed therapists', text: 'Talk to a therapist whose licence we have checked, about anxiety, grief, relationships and more.' },
  { icon: Brain, title: 'Life coaching', text: 'Work with a coach on a career change, confidence or the next chapter of your life.' },
  { icon: Video, title: 'Sessions wherever you are', text: 'Meet by secure video from home or your hotel room, or in person when you are nearby.' },
  { icon: Sunrise, title: 'Retreats and experiences', text: 'Join yoga mornings, mindful walks and retreats that make a trip restorative.' },
];

export default function WellnessPage() {
  return (
    <>
      <Hero
        eyebrow="Wellness"
        title="Care that travels with you"
        art={<HorizonArt variant="wellness" />}
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/register">Find your practitioner</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/faqs">How it works</Link>
            </Button>
          </>
        }
      >
        Therapists, life coaches and restorative experiences, available at home and on the road.
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
