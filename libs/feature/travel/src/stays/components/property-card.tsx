import { mediaUrl } from '@sojourn/api-client';
import { Badge } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { MapPin, Star } from 'lucide-react';
import { Link } from 'react-router';
import type { StayPropertyCard } from '../api';

export function Stars({ n }: { n: number }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-amber-500" aria-label={`${n}-star hotel`} role="img">
      {Array.from({ length: n }, (_, i) => (
        <Star key={i} className="size-3.5 fill-current" aria-hidden />
      ))}
    </span>
  );
}

export function scoreWord(s: number): string {
  return s >= 9 ? 'Exceptional' : s >= 8.5 ? 'Excellent' : s >= 8 ? 'Very good' : s >= 7 ? 'Good' : 'Pleasant';
}

/** One search result: photo, name, stars, score, place and the cheapest price for the stay. */
export function PropertyCard({ p, href }: { p: StayPropertyCard; href: string }) {
  return (
    <article className="grid overflow-hidden rounded-xl border bg-card sm:grid-cols-[14rem_1fr]">
      <img src={mediaUrl(p.photo) ?? ''} alt={`${p.name}, ${p.city}`} className="aspect-[16/10] h-full w-full object-cover sm:aspect-auto" loading="lazy" width={640} height={420} />
      <div className="grid gap-3 p-4 sm:grid-cols-[1fr_auto]">
        <div className="grid content-start gap-1.5">
          <h2 className="text-lg font-semibold leading-tight">
            <Link to={href} className="hover:underline">
              {p.name}
            </Link>
          </h2>
          <Stars n={p.stars} />
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5" aria-hidden /> {p.address} · {p.distance_km.toFixed(1)} km from the centre
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-label="Amenities">
            {p.amenities.slice(0, 5).map((a) => (
              <li key={a.type}>
                <Badge variant="secondary">{a.label}</Badge>
              </li>
            ))}
          </ul>
          {p.free_cancellation && <p className="text-sm font-medium text-emerald-700 dark:text-emerald-400">Free cancellation available</p>}
        </div>
        <div className="grid content-between gap-2 text-left sm:text-right">
          <p className="text-sm">
            <span className="rounded-md bg-primary px-1.5 py-0.5 font-semibold text-primary-foreground">{p.review_score.toFixed(1)}</span>{' '}
            <span className="font-medium">{scoreWord(p.review_score)}</span>
            <span className="block text-xs text-muted-foreground">{p.review_count.toLocaleString()} reviews</span>
          </p>
          <div>
            <p className="text-xs text-muted-foreground">
              {p.nights} {p.nights === 1 ? 'night' : 'nights'}, from
            </p>
            <p className="text-xl font-bold tabular-nums">{formatMoney(p.price.amount, p.price.currency)}</p>
            <p className="text-xs text-muted-foreground">{formatMoney(p.nightly.amount, p.nightly.currency)} a night, taxes included</p>
          </div>
        </div>
      </div>
    </article>
  );
}
