import { Badge, Card, CardContent, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { formatDate } from '@sojourn/util';
import type { VendorStore } from './api';

type Health = NonNullable<VendorStore['health']>;

/** The score's band: good (80+), fair (50-79) or poor. */
export function healthBand(score: number): { label: string; tone: 'success' | 'warning' | 'destructive' } {
  if (score >= 80) return { label: 'Good', tone: 'success' };
  if (score >= 50) return { label: 'Fair', tone: 'warning' };
  return { label: 'Poor', tone: 'destructive' };
}

/** A compact score for lists: "87 · Good", or "Not scored yet". */
export function HealthBadge({ health }: { health: VendorStore['health'] }) {
  if (!health) return <span className="text-sm text-muted-foreground">Not scored yet</span>;
  const b = healthBand(health.score);
  return (
    <Badge variant={b.tone === 'warning' ? 'soft' : b.tone}>
      {health.score} · {b.label}
    </Badge>
  );
}

/** The vendor health score with each factor and what to improve (shown to the vendor and to admins). */
export function HealthCard({ health, audience }: { health: VendorStore['health']; audience: 'vendor' | 'admin' }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Shop health</CardTitle>
        <CardDescription>
          {audience === 'vendor'
            ? 'From your paid orders of the last 90 days, recomputed every hour. A healthy shop ranks higher in search.'
            : 'From the store’s paid orders of the last 90 days, recomputed hourly; it weighs the store’s products in search.'}
        </CardDescription>
      </CardHeader>
      <CardContent>{health ? <Factors health={health} audience={audience} /> : <p className="text-sm text-muted-foreground">Not scored yet: the score appears within the hour after the first paid order.</p>}</CardContent>
    </Card>
  );
}

function Factors({ health, audience }: { health: Health; audience: 'vendor' | 'admin' }) {
  const b = healthBand(health.score);
  const fixes = health.factors.filter((f) => f.advice);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline gap-3">
        <p className="text-4xl font-semibold tabular-nums">
          {health.score}
          <span className="text-base font-normal text-muted-foreground"> / 100</span>
        </p>
        <HealthBadge health={health} />
        <p className="text-sm text-muted-foreground">
          {health.orders} paid {health.orders === 1 ? 'order' : 'orders'} in {health.window_days} days · updated {formatDate(health.computed_at)}
        </p>
      </div>
      <span className="sr-only">Health is {b.label.toLowerCase()}.</span>
      <ul className="grid gap-3 sm:grid-cols-3">
        {health.factors.map((f) => (
          <li key={f.key} className="rounded-md border p-3">
            <p className="text-sm font-medium">{f.label}</p>
            <p className="text-2xl font-semibold tabular-nums">{f.rate.toLocaleString('en-GB', { maximumFractionDigits: 1 })} %</p>
            <p className="text-xs text-muted-foreground">
              {f.count} of {f.of} {f.key === 'returns' ? 'delivered orders' : 'orders'} · scores 0 at {f.limit} % · {f.weight} % of the score
            </p>
          </li>
        ))}
      </ul>
      {fixes.length > 0 ? (
        <div className="grid gap-2">
          <h3 className="text-sm font-semibold">{audience === 'vendor' ? 'What to improve' : 'What the vendor is told to improve'}</h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm">
            {fixes.map((f) => (
              <li key={f.key}>
                <strong>{f.label}:</strong> {f.advice}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing to improve: no late shipments, cancellations, returns or slow review replies in the window.</p>
      )}
    </div>
  );
}
