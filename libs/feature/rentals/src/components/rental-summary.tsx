import { Card, CardContent, CardHeader, CardTitle } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import type { RentalBooking, RentalBranch } from '../api';
import { hoursOn, hoursText, reference, when } from '../format';
import { Breakdown, CarPhoto, Specs } from './bits';

function Branch({ title, b, at }: { title: string; b: RentalBranch; at: string }) {
  const hours = hoursOn(b.hours, new Date(at));
  return (
    <div className="grid gap-0.5 text-sm">
      <p className="font-semibold">{title}</p>
      <p className="text-base font-medium">{when(at)}</p>
      <p>
        {b.name}, {b.address}, {b.city}
      </p>
      <p className="text-muted-foreground">Open that day: {hours === 'closed' ? 'closed' : hours}</p>
      <p className="text-muted-foreground">Hours: {hoursText(b.hours)}</p>
      {b.phone && (
        <p>
          <a href={`tel:${b.phone}`} className="underline underline-offset-4">
            {b.phone}
          </a>
        </p>
      )}
    </div>
  );
}

/** Everything the counter asks for: reference, branch addresses and hours, times, driver, extras and amounts. */
export function RentalSummary({ b, viewer = 'renter' }: { b: RentalBooking; viewer?: 'renter' | 'company' }) {
  const extras = b.breakdown.lines.filter((l) => l.kind === 'extra');
  const m = (v: number) => formatMoney(v, b.total.currency);
  return (
    <div className="grid gap-4">
      <Card>
        <CardContent className="grid gap-4 pt-6 sm:grid-cols-[10rem_minmax(0,1fr)]">
          <CarPhoto car={b.car} />
          <div className="grid content-start gap-2">
            <p className="text-xs uppercase tracking-wide text-muted-foreground">
              Booking reference <span className="font-mono text-base font-semibold text-foreground">{reference(b.id)}</span>
            </p>
            <h2 className="text-lg font-semibold">
              {b.car.make} {b.car.model} <span className="font-normal text-muted-foreground">{b.car.year}</span>
            </h2>
            {viewer === 'renter' && <p className="text-sm">{b.car.company.name}</p>}
            <Specs car={b.car} />
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Pick-up and drop-off</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <Branch title="Pick up" b={b.pickup_branch} at={b.start} />
          <Branch title="Drop off" b={b.dropoff_branch} at={b.end} />
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Driver</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-1 text-sm">
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Name</dt>
                <dd className="text-right font-medium">{b.driver.name}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Date of birth</dt>
                <dd className="text-right">{b.driver.birth_date}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-muted-foreground">Licence</dt>
                <dd className="text-right font-mono">{b.driver.licence_number}</dd>
              </div>
              {b.driver.phone && (
                <div className="flex justify-between gap-3">
                  <dt className="text-muted-foreground">Phone</dt>
                  <dd className="text-right">{b.driver.phone}</dd>
                </div>
              )}
            </dl>
            {viewer === 'renter' && <p className="mt-3 text-xs text-muted-foreground">Bring the driving licence and an identity document to the counter.</p>}
            <p className="mt-3 text-sm">
              <span className="text-muted-foreground">Extras: </span>
              {extras.length ? extras.map((x) => x.label).join(', ') : 'none'}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">
              {b.days} day{b.days === 1 ? '' : 's'}, paid {m(b.paid.amount)}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <Breakdown b={b.breakdown} totalLabel={b.paid.amount > 0 ? 'Total paid' : 'Total'} />
            {b.refunded.amount > 0 && <p className="text-sm">Refunded to your wallet: {m(b.refunded.amount)}</p>}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
