import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { catalogApi, catalogKeys, PAGE_SIZE } from './api';
import { listingHref, type ProductFilters } from './filters';
import { productHref } from './paths';
import type { SuggestionItem } from './components/search-box';

/** A product search with "Load more" over the keyset cursor; the last results stay shown while new filters load. */
export function useProductSearch(filters: ProductFilters, limit = PAGE_SIZE) {
  const q = useInfiniteQuery({
    queryKey: [...catalogKeys.search(filters), limit],
    queryFn: ({ pageParam }) => catalogApi.search(filters, pageParam, limit),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  return { ...q, products: q.data?.pages.flatMap((p) => p.data) };
}

export function useFacets(filters: ProductFilters) {
  return useQuery({ queryKey: catalogKeys.facets(filters), queryFn: () => catalogApi.facets(filters), placeholderData: keepPreviousData });
}

export function useCategories() {
  return useQuery({ queryKey: catalogKeys.categories, queryFn: catalogApi.categories, staleTime: 5 * 60_000 });
}

const KIND_HINT = { product: 'Product', brand: 'Brand', category: 'Category' } as const;

/** The API's suggestions as the search box lists them: a product opens, a category or brand searches. */
export async function suggestItems(q: string): Promise<SuggestionItem[]> {
  const list = await catalogApi.suggest(q);
  return list.map((s, i) => ({
    key: `${s.kind}-${s.id || s.text}-${i}`,
    label: s.text,
    hint: KIND_HINT[s.kind],
    href: s.kind === 'product' ? productHref(s.id) : s.kind === 'category' ? listingHref({ category: s.id }) : listingHref({ q: s.text }),
  }));
}
