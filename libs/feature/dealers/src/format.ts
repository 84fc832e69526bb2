import type { Car, CarListingInput } from './api';

export const BODIES: Record<NonNullable<CarListingInput['body']>, string> = {
  sedan: 'Sedan',
  hatchback: 'Hatchback',
  suv: 'SUV',
  pickup: 'Pickup',
  coupe: 'Coupe',
  convertible: 'Convertible',
  wagon: 'Estate',
  van: 'Van',
  minivan: 'Minivan',
};
export const FUELS: Record<NonNullable<CarListingInput['fuel']>, string> = {
  petrol: 'Petrol',
  diesel: 'Diesel',
  hybrid: 'Hybrid',
  plug_in_hybrid: 'Plug-in hybrid',
  electric: 'Electric',
  lpg: 'LPG',
};
export const TRANSMISSIONS: Record<NonNullable<CarListingInput['transmission']>, string> = { automatic: 'Automatic', manual: 'Manual' };
export const DRIVETRAINS: Record<NonNullable<CarListingInput['drivetrain']>, string> = {
  fwd: 'Front-wheel drive',
  rwd: 'Rear-wheel drive',
  awd: 'All-wheel drive',
  '4wd': 'Four-wheel drive',
};
export const CONDITIONS: Record<NonNullable<CarListingInput['condition']>, string> = {
  new: 'New',
  foreign_used: 'Foreign used',
  locally_used: 'Locally used',
  certified: 'Certified pre-owned',
};

/** A label of one of the maps above, or the raw value. */
export function label(map: Record<string, string>, v: string | undefined | null): string {
  return (v && map[v]) || v || '';
}

export function km(n: number): string {
  return `${new Intl.NumberFormat('en-NG').format(n)} km`;
}

export function carTitle(c: { year: number; make: string; model: string; trim?: string }): string {
  return [c.year, c.make, c.model, c.trim].filter(Boolean).join(' ');
}

export function daysLabel(d: number): string {
  if (d === 0) return 'Listed today';
  return d === 1 ? '1 day on market' : `${d} days on market`;
}

export const RATINGS: Record<Car['market']['rating'], { label: string; tone: string }> = {
  great: { label: 'Great price', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100' },
  good: { label: 'Good price', tone: 'bg-lime-100 text-lime-900 dark:bg-lime-950 dark:text-lime-100' },
  fair: { label: 'Fair price', tone: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100' },
  high: { label: 'High price', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  not_enough_data: { label: 'Not enough comparable cars', tone: 'bg-muted text-foreground' },
};

export const STATUS_LABEL: Record<string, string> = {
  available: 'For sale',
  reserved: 'Reserved',
  sold: 'Sold',
  awaiting_payment: 'Waiting for card payment',
  held: 'Deposit held',
  expired: 'Lapsed',
  released: 'Released',
  completed: 'Sale completed',
  new: 'New',
  contacted: 'Contacted',
  closed: 'Closed',
  confirmed: 'Confirmed',
  cancelled_by_user: 'Cancelled by the buyer',
  cancelled_by_provider: 'Cancelled by you',
  no_show: 'No-show',
};

export function when(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}

export function day(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}
