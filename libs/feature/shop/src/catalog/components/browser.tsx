import { inputClass, Input, Label } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { effectiveSort, filtersFromParams, filtersToParams, SORT_LABELS, SORTS, withFilter, type ProductFilters, type Sort } from '../filters';
import { useProductSearch } from '../hooks';
import { ProductGrid } from './product-card';

/**
 * Products under a fixed filter (a store, the luxury tier) with a search within, the sort and "in stock only", all in
 * the address, and "Load more".
 */
export function ProductBrowser({ fixed, idPrefix, searchLabel, empty }: { fixed: ProductFilters; idPrefix: string; searchLabel: string; empty: { title: string; description?: string } }) {
  const [params, setParams] = useSearchParams();
  const own = useMemo(() => filtersFromParams(params), [params]);
  const filters = useMemo(() => ({ ...withFilter(own, {}), ...fixed }), [own, fixed]);
  const [text, setText] = useState(own.q ?? '');
  useEffect(() => setText(own.q ?? ''), [own.q]);
  const search = useProductSearch(filters);
  const write = (f: ProductFilters) => {
    const next = filtersToParams({ ...f, store: undefined, luxury: undefined });
    // Keep the page's own parameters (?id=).
    for (const [k, v] of params) if (!next.has(k) && !['q', 'category', 'min_price', 'max_price', 'min_rating', 'in_stock', 'sort', 'store', 'luxury'].includes(k)) next.set(k, v);
    setParams(next, { replace: true });
  };
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== (own.q ?? '')) write(withFilter(own, { q: text.trim() }));
    }, 300);
    return () => clearTimeout(t);
    // Only typing starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor={`${idPrefix}-q`}>{searchLabel}</Label>
          <Input id={`${idPrefix}-q`} type="search" maxLength={120} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${idPrefix}-sort`}>Sort by</Label>
          <select id={`${idPrefix}-sort`} className={cn(inputClass, 'w-auto appearance-auto')} value={effectiveSort(own)} onChange={(e) => write(withFilter(own, { sort: e.target.value as Sort }))}>
            {SORTS.filter((s) => s !== 'relevance' || own.q).map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <label className="flex h-10 items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={Boolean(own.in_stock)} onChange={(e) => write(withFilter(own, { in_stock: e.target.checked }))} />
          In stock only
        </label>
      </div>
      <ProductGrid
        showStore={!fixed.store}
        products={search.products}
        loading={search.isPending}
        error={search.error}
        onRetry={() => void search.refetch()}
        empty={own.q || own.in_stock ? { title: own.q ? `Nothing here matches “${own.q}”` : 'Nothing in stock here right now', description: 'Clear the search to see everything.' } : empty}
        hasMore={search.hasNextPage}
        loadingMore={search.isFetchingNextPage}
        onLoadMore={() => void search.fetchNextPage()}
      />
    </div>
  );
}
