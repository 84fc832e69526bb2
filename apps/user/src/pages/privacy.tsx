import { Link } from 'react-router';
import { Hero, Prose, Section } from './section';

export default function PrivacyPage() {
  return (
    <>
      <Hero eyebrow="Legal" title="Privacy policy">
        What we collect, why we collect it, and the choices you have.
      </Hero>
      <Section>
        <Prose>
          <h2>What we collect</h2>
          <ul>
            <li>Account details: your email, username and password (stored only as a secure hash).</li>
            <li>Profile details you choose to add, such as your name, photo, city, languages and interests.</li>
            <li>Bookings, payments and messages with providers, so we can deliver what you booked.</li>
            <li>Basic technical data such as your browser type and the time of each request, to keep the service secure.</li>
          </ul>
          <h2>Why we use it</h2>
          <p>
            To run your account and bookings, to let providers serve you, to prevent fraud and abuse, and, only if you agree, to send you
            news and offers.
          </p>
          <h2>Who we share it with</h2>
          <p>
            The providers you book with receive what they need to serve you. Payment processors receive what they need to take a payment.
            We never sell your personal data.
          </p>
          <h2>How long we keep it</h2>
          <p>
            For as long as your account is open, and afterwards only what the law requires us to keep, such as records of payments.
          </p>
          <h2>Your choices</h2>
          <p>
            You can see and change your profile at any time. You can ask for a copy of your data or for your account to be deleted by{' '}
            <Link to="/contact" className="text-primary underline">
              contacting us
            </Link>
            .
          </p>
          <h2>Storage on your device</h2>
          <p>
            Sojourn stores your sign-in session and display preferences in your browser’s local storage so you stay signed in. Signing
            out removes the session.
          </p>
        </Prose>
      </Section>
    </>
  );
}
