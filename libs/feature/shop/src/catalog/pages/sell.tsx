import { Button, Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { PORTALS, portalOrigin } from '@sojourn/util';
import { BadgeCheck, ClipboardCheck, Gem, PackageCheck, Store, Truck, WalletCards } from 'lucide-react';
import { Link } from 'react-router';
import { SHOP_LISTING_PATH } from '../paths';

const STEPS = [
  { icon: ClipboardCheck, title: 'Apply in the vendor portal', text: 'Sign in with your Sojourn account (or create one) and apply to sell. We look at every application before a shop opens.' },
  { icon: Store, title: 'Set up your storefront', text: 'Your shop’s name, logo, address, return policy and the shipping methods you offer, with their fees and delivery times.' },
  { icon: PackageCheck, title: 'List your products', text: 'Photos, options such as size and colour, a price and stock for each variant. Your first products are reviewed before they go live.' },
  { icon: Truck, title: 'Ship what sells', text: 'Each order names your part of the basket only. Mark it shipped with the carrier and tracking number; the buyer follows the parcel.' },
  { icon: WalletCards, title: 'Get paid to your wallet', text: 'The buyer’s payment is held safely until delivery and the return window have passed, then released to your Sojourn wallet, less the platform’s commission.' },
];

const WHY = [
  { icon: BadgeCheck, title: 'Buyers who are already travelling', text: 'Sojourn’s members book trips, stays and wellness here; the shop sits beside the plans they are making.' },
  { icon: Gem, title: 'A tier for luxury goods', text: 'Upload an authenticity certificate: once our team verifies it, the product carries the verified badge and ships insured, signed for on receipt.' },
];

/** The public "Sell on Sojourn" page: what selling here involves and the way to apply (the vendor portal's register page). */
export default function SellOnSojournPage() {
  const apply = `${portalOrigin('vendor', 'user', window.location)}${PORTALS.vendor.applyPath ?? PORTALS.vendor.homePath}`;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-6 sm:px-6 lg:px-8">
      <header className="grid gap-4 rounded-2xl border bg-[radial-gradient(ellipse_at_top_right,var(--portal-soft),transparent_60%)] p-6 sm:p-10">
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Sell on Sojourn</p>
        <h1 className="font-display text-3xl font-semibold leading-tight tracking-tight sm:text-4xl">Open a shop where travellers shop</h1>
        <p className="max-w-2xl text-lg text-muted-foreground">
          Travel gear, wellness goods and fine things from independent sellers, in one basket. You keep your storefront, your prices and your stock; Sojourn takes care of
          checkout, payment and keeping the money safe until the buyer has their parcel.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild size="lg">
            <a href={apply}>Apply to sell</a>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={SHOP_LISTING_PATH}>See the shop</Link>
          </Button>
        </div>
      </header>
      <section aria-labelledby="sell-steps" className="grid gap-4">
        <h2 id="sell-steps" className="text-2xl font-semibold">
          How it works
        </h2>
        <ol className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title}>
              <Card className="h-full">
                <CardHeader>
                  <span className="flex items-center gap-2 text-sm font-semibold text-primary">
                    <Icon className="size-5" aria-hidden /> Step {i + 1}
                  </span>
                  <CardTitle as="h3" className="text-base">
                    {title}
                  </CardTitle>
                  <CardDescription>{text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ol>
      </section>
      <section aria-labelledby="sell-why" className="grid gap-4">
        <h2 id="sell-why" className="text-2xl font-semibold">
          Why sell here
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {WHY.map(({ icon: Icon, title, text }) => (
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
      </section>
      <section aria-labelledby="sell-apply" className="grid justify-items-start gap-3 rounded-2xl border p-6 sm:p-8">
        <h2 id="sell-apply" className="text-xl font-semibold">
          Ready to apply?
        </h2>
        <p className="max-w-2xl text-muted-foreground">
          The application asks who you are and what you sell. Once it is approved, the vendor portal opens on your dashboard, where you set up your storefront and list
          your first product.
        </p>
        <Button asChild>
          <a href={apply}>Apply in the vendor portal</a>
        </Button>
      </section>
    </div>
  );
}
