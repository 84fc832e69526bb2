import { Badge, Card } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { BedDouble, Car, CarFront, Compass, HeartHandshake, MapPin, Sparkles, Star } from 'lucide-react';
import { Link } from 'react-router';
import { kindBadge, priceText, type DiscoveryItem } from './api';

const ICONS: Record<string, typeof Car> = { tour: Compass, rental_car: CarFront, car_for_sale: Car, therapist: HeartHandshake, coach: Sparkles, stay: BedDouble };

function Photo({ item }: { item: DiscoveryItem }) {
  const Icon = ICONS[item.kind] ?? Compass;
  const round = item.kind === 'therapist' || item.kind === 'coach';
  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden bg-muted">
      {item.photo_url ? (
        <img
          src={item.photo_url}
          alt=""
          loading="lazy"
          decoding="async"
          className={cn('size-full', round ? 'object-cover object-top' : 'object-cover')}
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted-foreground">
          <Icon className="size-10" aria-hidden />
        </div>
      )}
    </div>
  );
}

/** A card of the grid: the whole card opens the item's own page. */
export function GridCard({ item }: { item: DiscoveryItem }) {
  const place = [item.city, item.country].filter(Boolean).join(', ');
  const price = priceText(item, (m, c) => formatMoney(m, c, { compact: true }));
  return (
    <li>
      <Card className="group relative flex h-full flex-col overflow-hidden p-0 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
        <Photo item={item} />
        <div className="flex flex-1 flex-col gap-1.5 p-4">
          <div className="flex items-center justify-between gap-2">
            <Badge variant="secondary">{kindBadge(item.kind)}</Badge>
            {item.rating && (
              <span className="flex items-center gap-1 text-sm" aria-label={`Rated ${item.rating.average.toFixed(1)} out of 5 from ${item.rating.count} reviews`}>
                <Star className="size-4 fill-current text-warning" aria-hidden />
                <span className="tabular-nums">{item.rating.average.toFixed(1)}</span>
                <span className="text-muted-foreground">({item.rating.count})</span>
              </span>
            )}
          </div>
          <h2 className="text-base font-semibold leading-snug">
            <Link to={item.link} className="after:absolute after:inset-0 focus-visible:outline-none">
              {item.title}
            </Link>
          </h2>
          {item.subtitle && <p className="line-clamp-2 text-sm text-muted-foreground">{item.subtitle}</p>}
          {place && (
            <p className="flex items-center gap-1 text-sm text-muted-foreground">
              <MapPin className="size-4 shrink-0" aria-hidden />
              {place}
            </p>
          )}
          {price && <p className="mt-auto pt-2 text-sm font-semibold tabular-nums">{price}</p>}
        </div>
      </Card>
    </li>
  );
}
