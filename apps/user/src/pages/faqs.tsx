import { Accordion, AccordionContent, AccordionItem, AccordionTrigger, Button } from '@sojourn/ui';
import { Link } from 'react-router';
import { Hero, Section } from './section';

const FAQS = [
  { q: 'Is a Sojourn account free?', a: 'Yes. Creating an account, saving trips and messaging providers costs nothing. You pay only for what you book.' },
  { q: 'Why do I need to verify my email?', a: 'Verification proves the address is yours, so booking confirmations, receipts and password resets reach you and nobody else.' },
  { q: 'I did not receive the verification email.', a: 'Check your spam folder first. Then open Settings and choose “Resend verification email”. Each new email replaces the previous link.' },
  { q: 'How do I reset my password?', a: 'On the sign-in page choose “Forgot password?” and enter your email. The link we send works once and expires after a short time.' },
  { q: 'How are providers checked?', a: 'Every guide, rental company, dealer, vendor, therapist and coach applies through their portal. A member of our team reviews licences and details before approving them.' },
  { q: 'Can I use one account as a traveller and as a provider?', a: 'Yes. Apply for a provider role from that provider’s portal with the same account. Once approved, the portal opens for you.' },
  { q: 'Why was I signed out?', a: 'For your safety Sojourn signs you out after 30 minutes without activity, and everywhere at once if you change your password or choose “Sign out everywhere”.' },
  { q: 'How do I delete my account?', a: 'Write to us from the contact page using the email on your account and we will delete it and tell you what records the law requires us to keep.' },
];

export default function FaqsPage() {
  return (
    <>
      <Hero eyebrow="Help" title="Frequently asked questions">
        Quick answers about accounts, bookings and providers. Cannot find yours? We are a message away.
      </Hero>
      <Section className="max-w-3xl">
        <Accordion type="single" collapsible className="rounded-xl border bg-card px-5">
          {FAQS.map((f, i) => (
            <AccordionItem key={f.q} value={`q${i}`} className={i === FAQS.length - 1 ? 'border-b-0' : undefined}>
              <AccordionTrigger>{f.q}</AccordionTrigger>
              <AccordionContent>{f.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <p className="text-muted-foreground">Still need help?</p>
          <Button asChild variant="outline">
            <Link to="/contact">Contact us</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
