import { SHOP_LISTING_PATH } from './paths';

export const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'rating'] as const;
export type Sort = (typeof SORTS)[number];

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  price_asc: 'Lowest price',
  price_desc: 'Highest price',
  rating: 'Best rated',
};

/**
 * A product search as the address keeps it (/shop/Listing?q=…&category=…). Prices are whole naira in the address, so
 * a shared link reads as people think (`min_price=5000` is ₦5,000); the API takes minor units (`apiQuery`).
 */
export interface ProductFilters {
  q?: string;
  category?: string;
  min_price?: number;
  max_price?: number;
  min_rating?: number;
  store?: string;
  in_stock?: boolean;
  luxury?: boolean;
  sort?: Sort;
}

/** The most a price filter may name, in naira (the API's bound on money, 10 billion naira). */
export const MAX_PRICE_NAIRA = 10_000_000_000;
const MAX_Q = 120;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

const whole = (v: string | null, max: number): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) return undefined;
  return Math.min(Math.floor(n), max);
};

/** Reads the filters from the address, dropping what is malformed rather than failing the page. */
export function filtersFromParams(p: URLSearchParams): ProductFilters {
  const f: ProductFilters = {};
  // eslint-disable-next-line no-control-regex
  const q = (p.get('q') ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim().slice(0, MAX_Q);
  if (q) f.q = q;
  for (const k of ['category', 'store'] as const) {
    const v = p.get(k);
    if (v && ID.test(v)) f[k] = v;
  }
  let min = whole(p.get('min_price'), MAX_PRICE_NAIRA);
  let max = whole(p.get('max_price'), MAX_PRICE_NAIRA);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (min) f.min_price = min;
  if (max !== undefined) f.max_price = max;
  const rating = whole(p.get('min_rating'), 5);
  if (rating) f.min_rating = rating;
  if (p.get('in_stock') === 'true') f.in_stock = true;
  if (p.get('luxury') === 'true') f.luxury = true;
  const sort = p.get('sort');
  if (sort && (SORTS as readonly string[]).includes(sort)) f.sort = sort as Sort;
  return f;
}

/** The sort the page shows when the address names none: by relevance for a search, else newest first. */
export function effectiveSort(f: ProductFilters): Sort {
  if (f.sort === 'relevance' && !f.q) return 'newest';
  return f.sort ?? (f.q ? 'relevance' : 'newest');
}

const ORDER: (keyof ProductFilters)[] = ['q', 'category', 'min_price', 'max_price', 'min_rating', 'store', 'in_stock', 'luxury', 'sort'];

/** Writes the filters back in a stable order, leaving out what is unset and the default sort. */
export function filtersToParams(f: ProductFilters): URLSearchParams {
  const out = new URLSearchParams();
  for (const k of ORDER) {
    const v = f[k];
    if (v === undefined || v === '' || v === false) continue;
    if (k === 'sort' && v === (f.q ? 'relevance' : 'newest')) continue;
    out.set(k, String(v));
  }
  return out;
}

/** The listing's address for these filters. */
export function listingHref(f: ProductFilters): string {
  const qs = filtersToParams(f).toString();
  return qs ? `${SHOP_LISTING_PATH}?${qs}` : SHOP_LISTING_PATH;
}

/** Changes some filters; a change of the search or of any facet keeps the sort but starts the list again. */
export function withFilter(f: ProductFilters, patch: Partial<ProductFilters>): ProductFilters {
  const next: ProductFilters = { ...f, ...patch };
  for (const k of Object.keys(next) as (keyof ProductFilters)[]) {
    const v = next[k];
    if (v === undefined || v === '' || v === false || (typeof v === 'number' && Number.isNaN(v))) delete next[k];
  }
  if (next.sort === 'relevance' && !next.q) delete next.sort;
  return next;
}

/** How many facets narrow the list (the search words and the sort are not facets): the mobile button's count. */
export function facetCount(f: ProductFilters): number {
  return (['category', 'store', 'min_rating', 'in_stock', 'luxury'] as const).filter((k) => f[k] !== undefined).length + (f.min_price !== undefined || f.max_price !== undefined ? 1 : 0);
}

/** The query the API takes: prices in minor units (kobo), booleans as the strings the contract names. */
export function apiQuery(f: ProductFilters) {
  return {
    q: f.q,
    category: f.category,
    min_price: f.min_price !== undefined ? f.min_price * 100 : undefined,
    max_price: f.max_price !== undefined ? f.max_price * 100 : undefined,
    min_rating: f.min_rating,
    store: f.store,
    in_stock: f.in_stock ? true : undefined,
    luxury: f.luxury ? true : undefined,
    sort: effectiveSort(f),
  };
}

/** A shelf that shows many sellers: at most `perStore` products of one store, in the list's order, up to `max`. */
export function diversify<T extends { store: { id: string } }>(list: T[], perStore: number, max: number): T[] {
  const seen = new Map<string, number>();
  const out: T[] = [];
  for (const p of list) {
    const n = seen.get(p.store.id) ?? 0;
    if (n >= perStore) continue;
    seen.set(p.store.id, n + 1);
    out.push(p);
    if (out.length === max) break;
  }
  return out;
}
