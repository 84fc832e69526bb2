import { typedClient, unwrap, type components } from '@sojourn/api-client';
import { useQuery } from '@tanstack/react-query';

/** An airport with scheduled service (api/contract/airports.yaml). */
export type Airport = components['schemas']['Airport'];

const pub = () => typedClient(false);

export const airportsApi = {
  search: (q: string, limit = 8, signal?: AbortSignal) =>
    unwrap(pub().GET('/api/v1/airports', { params: { query: { q, limit } }, signal })).then((r) => r.data),
  get: (code: string) => unwrap(pub().GET('/api/v1/airports/{code}', { params: { path: { code } } })).then((r) => r.data),
};

/** A valid IATA code (three letters). */
export const isAirportCode = (code: string | null | undefined): code is string => !!code && /^[A-Za-z]{3}$/.test(code);

/** One airport by IATA code (undefined while loading or for an empty or unknown code). The data is static. */
export function useAirport(code: string | null | undefined) {
  const c = (code ?? '').toUpperCase();
  return useQuery({
    queryKey: ['airport', c],
    queryFn: () => airportsApi.get(c),
    enabled: isAirportCode(c),
    staleTime: Infinity,
    gcTime: 60 * 60 * 1000,
    retry: false,
  });
}

/** The autocomplete's answers for a query (the query is debounced by the caller). */
export function useAirportSearch(q: string, limit = 8) {
  const query = q.trim();
  return useQuery({
    queryKey: ['airports', query.toLowerCase(), limit],
    queryFn: ({ signal }) => airportsApi.search(query, limit, signal),
    enabled: query.length > 0 && query.length <= 64,
    staleTime: Infinity,
    placeholderData: (prev) => prev,
  });
}

/** "Murtala Muhammed International" from "Murtala Muhammed International Airport". */
export function shortName(name: string): string {
  return name.replace(/\s+Airport$/i, '').trim() || name;
}

/** "LOS · Murtala Muhammed International · Lagos, Nigeria". */
export function airportLabel(a: Pick<Airport, 'iata' | 'name' | 'city' | 'country_name'>): string {
  const place = [a.city, a.country_name].filter(Boolean).join(', ');
  return [a.iata, shortName(a.name), place].filter(Boolean).join(' · ');
}
