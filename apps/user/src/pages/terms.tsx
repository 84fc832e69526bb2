import { Link } from 'react-router';
import { Hero, Prose, Section } from './section';

export default function TermsPage() {
  return (
    <>
      <Hero eyebrow="Legal" title="Terms of use">
        The agreement between you and Sojourn when you use our websites and portals.
      </Hero>
      <Section>
        <Prose>
          <h2>1. Your account</h2>
          <p>
            You must be at least 13 years old to create an account, and 18 to book paid services. Keep your password to yourself and tell
            us at once if you think someone else has used your account. You are responsible for what happens under your account.
          </p>
          <h2>2. Bookings</h2>
          <p>
            When you book a stay, flight, tour, rental, session or product, your contract for that service is with the provider. Sojourn
            handles the payment and passes the booking on. Each listing shows the provider’s cancellation and refund terms before you pay.
          </p>
          <h2>3. Providers</h2>
          <p>
            Providers apply for a role and are approved by Sojourn before they can take bookings. They must keep their licences valid and
            their details accurate. We may suspend a provider whose details are false or who breaks these terms.
          </p>
          <h2>4. Acceptable use</h2>
          <ul>
            <li>Do not post anything unlawful, hateful or misleading.</li>
            <li>Do not try to get around our security, rate limits or payment flow.</li>
            <li>Do not collect other members’ personal data.</li>
          </ul>
          <h2>5. Content you share</h2>
          <p>
            You keep the rights to the reviews, photos and stories you post. You allow Sojourn to show them on the platform for as long as
            they stay published.
          </p>
          <h2>6. Suspension and closing accounts</h2>
          <p>
            We may suspend an account that breaks these terms; we will tell you why. You may close your account at any time by{' '}
            <Link to="/contact" className="text-primary underline">
              contacting us
            </Link>
            .
          </p>
          <h2>7. Changes</h2>
          <p>We will tell you by email at least 30 days before changes to these terms take effect.</p>
        </Prose>
      </Section>
    </>
  );
}
