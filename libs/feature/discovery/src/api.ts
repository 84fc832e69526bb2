import { typedClient, unwrap, type components } from '@sojourn/api-client';

/** One card of the grid (api/contract/discovery.yaml). */
export type DiscoveryItem = components['schemas']['DiscoveryItem'];

/** The kinds the grid offers, in the order of its chips. */
export const KINDS = [
  { id: 'tour', label: 'Tours', badge: 'Tour' },
  { id: 'rental_car', label: 'Rental cars', badge: 'Rental car' },
  { id: 'car_for_sale', label: 'Cars for sale', badge: 'Car for sale' },
  { id: 'therapist', label: 'Therapists', badge: 'Therapist' },
  { id: 'coach', label: 'Life coaches', badge: 'Life coach' },
  { id: 'stay', label: 'Hotels', badge: 'Hotel' },
] as const;
export type Kind = (typeof KINDS)[number]['id'];

export const kindBadge = (kind: string) => KINDS.find((k) => k.id === kind)?.badge ?? kind;

/** The grid's filters; they live in the page's address. */
export interface GridFilters {
  kinds: Kind[];
  city?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const discoveryKeys = {
  grid: (f: GridFilters) => ['discover', f.kinds.join(','), f.city ?? '', f.from ?? '', f.to ?? ''] as const,
};

export const discoveryApi = {
  page: (f: GridFilters, cursor: string | undefined, limit: number) =>
    unwrap(
      typedClient(true).GET('/api/v1/discover', {
        params: {
          query: {
            ...(f.kinds.length ? { kind: f.kinds.join(',') } : {}),
            ...(f.city ? { city: f.city } : {}),
            ...(f.from && f.to ? { from: f.from, to: f.to } : {}),
            ...(cursor ? { cursor } : {}),
            limit,
          },
        },
      }),
    ),
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters from the address; anything malformed is left out rather than sent. */
export function filtersFromParams(p: URLSearchParams): { filters: GridFilters; problem: string | null } {
  const known = new Set<string>(KINDS.map((k) => k.id));
  const kinds = [...new Set((p.get('kind') ?? '').split(',').filter((k) => known.has(k)))] as Kind[];
  const city = (p.get('city') ?? '').trim();
  let from = p.get('from') ?? '';
  let to = p.get('to') ?? '';
  let problem: string | null = null;
  if (from || to) {
    const f = DATE.test(from) ? new Date(`${from}T00:00:00Z`) : null;
    const t = DATE.test(to) ? new Date(`${to}T00:00:00Z`) : null;
    if (!f || !t || Number.isNaN(f.getTime()) || Number.isNaN(t.getTime())) problem = 'Pick both dates.';
    else if (t < f) problem = 'The last day must not be before the first.';
    else if (t.getTime() - f.getTime() > 90 * 86_400_000) problem = 'Dates span at most 90 days.';
    if (problem) from = to = '';
  }
  return {
    filters: { kinds, city: city && city.length <= 80 ? city : undefined, from: from || undefined, to: to || undefined },
    problem,
  };
}

const UNIT: Record<string, string> = { person: ' a person', group: ' a group', day: ' a day', session: ' a session', night: ' a night' };

/** "From ₦25,000 a day". */
export function priceText(item: Pick<DiscoveryItem, 'price_from' | 'price_unit'>, format: (minor: number, currency: string) => string): string | null {
  if (!item.price_from) return null;
  const amount = format(item.price_from.amount, item.price_from.currency);
  return item.price_unit ? `From ${amount}${UNIT[item.price_unit] ?? ''}` : amount;
}
