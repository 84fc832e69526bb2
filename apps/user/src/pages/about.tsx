import { PORTALS, portalOrigin } from '@sojourn/util';
import { Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { Hero, Prose, Section } from './section';

const PARTNERS = (['tour', 'car-rental', 'car-dealer', 'vendor', 'therapy', 'coach'] as const).map((id) => PORTALS[id]);

export default function AboutPage() {
  return (
    <>
      <Hero eyebrow="About us" title="A kinder way to travel">
        Sojourn started with a simple idea: the best trips look after the traveller as well as the itinerary.
      </Hero>
      <Section>
        <Prose>
          <p>
            Most travel sites stop at the booking. We think a journey is also the rest you take, the people you meet and the care you
            need along the way. So Sojourn puts stays, flights, local guides and car rentals next to therapists, life coaches and
            experiences, all under one account and one wallet.
          </p>
          <h2>What we promise</h2>
          <ul>
            <li>Every provider is reviewed by a person before they can take bookings.</li>
            <li>Prices are shown in full, in your currency, before you pay.</li>
            <li>Your personal data is yours; we explain exactly what we keep in our privacy policy.</li>
            <li>When something goes wrong, a real person answers.</li>
          </ul>
        </Prose>
      </Section>
      <Section id="partners" className="pt-0">
        <h2 className="mb-2 text-2xl font-semibold tracking-tight">Partner with Sojourn</h2>
        <p className="mb-6 max-w-2xl text-muted-foreground">
          Each kind of partner has a portal of its own. Open yours, create an account or sign in, and tell us about your work. We review
          applications within two working days.
        </p>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PARTNERS.map((p) => (
            <li key={p.id}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle as="h3" className="text-base">
                    <a className="hover:underline" href={`${portalOrigin(p.id, 'user', window.location)}${p.applyPath ?? '/'}`}>
                      {p.name}
                    </a>
                  </CardTitle>
                  <CardDescription>Apply to join as a {p.role?.replace('_', ' ')}.</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
