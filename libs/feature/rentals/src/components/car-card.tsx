import { Badge, Button, Card } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { BadgeCheck, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { RentalCar } from '../api';
import { carHref, type TripParams } from '../paths';
import { CarPhoto, Specs, categoryLabel } from './bits';

export function CarCard({ car, trip, showCompany = true }: { car: RentalCar; trip?: TripParams; showCompany?: boolean }) {
  const href = carHref(car.id, trip);
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 overflow-hidden p-0">
        <CarPhoto car={car} className="rounded-none" />
        <div className="flex flex-1 flex-col gap-2 px-4 pb-4">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge variant="secondary">{categoryLabel(car.category)}</Badge>
            {car.one_way_allowed && <Badge variant="outline">One-way allowed</Badge>}
          </div>
          <h2 className="text-base font-semibold leading-tight">
            <Link to={href} className="hover:underline">
              {car.make} {car.model} <span className="font-normal text-muted-foreground">{car.year}</span>
            </Link>
          </h2>
          {showCompany && (
            <p className="flex flex-wrap items-center gap-1 text-sm">
              {car.company.name}
              {car.company.verified && <BadgeCheck className="size-4 text-success" aria-label="Verified licence" />}
            </p>
          )}
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-4" aria-hidden />
            {car.city}
          </p>
          <Specs car={car} />
          <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-2">
            <p>
              <span className="text-lg font-semibold tabular-nums">{formatMoney(car.day_rate.amount, car.day_rate.currency, { compact: true })}</span>
              <span className="text-sm text-muted-foreground"> a day</span>
              {car.deposit.amount > 0 && (
                <span className="block text-xs text-muted-foreground">Deposit {formatMoney(car.deposit.amount, car.deposit.currency, { compact: true })}</span>
              )}
            </p>
            <Button asChild size="sm">
              <Link to={href} aria-label={`View and book the ${car.make} ${car.model}`}>
                View and book
              </Link>
            </Button>
          </div>
        </div>
      </Card>
    </li>
  );
}
