import { Badge, Button, inputClass, Label, PageHeader, Sheet, SheetContent, SheetDescription, SheetTitle } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { SlidersHorizontal, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FacetPanel, categoryTrail } from '../components/facets';
import { ProductGrid } from '../components/product-card';
import { ShopSearchBox } from '../components/search-box';
import { effectiveSort, facetCount, filtersFromParams, filtersToParams, listingHref, SORT_LABELS, SORTS, withFilter, type ProductFilters, type Sort } from '../filters';
import { suggestItems, useCategories, useFacets, useProductSearch } from '../hooks';

/** The chips of the filters in force, each removable. */
function ActiveFilters({ filters, names, onChange }: { filters: ProductFilters; names: { category?: string | undefined; store?: string | undefined }; onChange: (f: ProductFilters) => void }) {
  const chips: { key: string; label: string; patch: Partial<ProductFilters> }[] = [];
  if (filters.q) chips.push({ key: 'q', label: `“${filters.q}”`, patch: { q: undefined } });
  if (filters.category) chips.push({ key: 'category', label: names.category ?? 'Category', patch: { category: undefined } });
  if (filters.min_price !== undefined || filters.max_price !== undefined) {
    const lo = filters.min_price !== undefined ? formatMoney(filters.min_price * 100) : '';
    const hi = filters.max_price !== undefined ? formatMoney(filters.max_price * 100) : '';
    chips.push({ key: 'price', label: lo && hi ? `${lo} – ${hi}` : lo ? `From ${lo}` : `Up to ${hi}`, patch: { min_price: undefined, max_price: undefined } });
  }
  if (filters.min_rating) chips.push({ key: 'rating', label: `${filters.min_rating}+ stars`, patch: { min_rating: undefined } });
  if (filters.store) chips.push({ key: 'store', label: names.store ?? 'One seller', patch: { store: undefined } });
  if (filters.in_stock) chips.push({ key: 'in_stock', label: 'In stock', patch: { in_stock: undefined } });
  if (filters.luxury) chips.push({ key: 'luxury', label: 'Verified luxury', patch: { luxury: undefined } });
  if (!chips.length) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Filters in use">
      {chips.map((c) => (
        <li key={c.key}>
          <Badge variant="soft" className="gap-1 py-1 pl-2.5 pr-1">
            {c.label}
            <button type="button" className="rounded-full p-0.5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring" aria-label={`Remove ${c.label}`} onClick={() => onChange(withFilter(filters, c.patch))}>
              <X className="size-3" aria-hidden />
            </button>
          </Badge>
        </li>
      ))}
      <li>
        <Button variant="link" size="sm" onClick={() => onChange({ sort: filters.sort })}>
          Clear all
        </Button>
      </li>
    </ul>
  );
}

/** The shop's results: search words, every facet and the sort live in the address; facets beside (a sheet on a phone); "Load more". */
export default function ListingPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [sheet, setSheet] = useState(false);
  const search = useProductSearch(filters);
  const facets = useFacets(filters);
  const categories = useCategories();
  const go = (f: ProductFilters) => setParams(filtersToParams(f), { replace: false });
  const trail = categoryTrail(categories.data ?? [], filters.category);
  const category = trail[trail.length - 1];
  const storeName = facets.data?.stores.find((s) => s.id === filters.store)?.name ?? search.products?.find((p) => p.store.id === filters.store)?.store.name;
  const sort = effectiveSort(filters);
  const total = facets.data?.total;
  const n = facetCount(filters);
  const title = filters.q ? `Results for “${filters.q}”` : category ? category.name : 'All products';
  const panel = (prefix: string) => <FacetPanel idPrefix={prefix} filters={filters} facets={facets.data} categories={categories.data} onChange={go} />;
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-5 px-4 py-6 sm:px-6 lg:px-8">
      <div className="flex items-center gap-2">
        <ShopSearchBox id="shop-q" className="flex-1" initial={filters.q ?? ''} suggest={suggestItems} searchHref={(q) => listingHref(withFilter(filters, { q }))} size="lg" />
      </div>
      <PageHeader title={title} description={total !== undefined ? `${total.toLocaleString()} ${total === 1 ? 'product' : 'products'}` : undefined} />
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <aside aria-label="Filters" className="hidden h-fit rounded-xl border bg-card p-4 lg:block">
          {panel('facet')}
        </aside>
        <section aria-label="Products" className="grid content-start gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Button variant="outline" className="lg:hidden" onClick={() => setSheet(true)}>
              <SlidersHorizontal aria-hidden /> Filters{n ? ` (${n})` : ''}
            </Button>
            <div className="ml-auto flex items-center gap-2">
              <Label htmlFor="shop-sort">Sort by</Label>
              <select id="shop-sort" className={cn(inputClass, 'w-auto appearance-auto')} value={sort} onChange={(e) => go(withFilter(filters, { sort: e.target.value as Sort }))}>
                {SORTS.filter((s) => s !== 'relevance' || filters.q).map((s) => (
                  <option key={s} value={s}>
                    {SORT_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <ActiveFilters filters={filters} names={{ category: category?.name, store: storeName }} onChange={go} />
          <ProductGrid
            products={search.products}
            loading={search.isPending}
            error={search.error}
            onRetry={() => void search.refetch()}
            empty={{
              title: filters.q ? `Nothing matches “${filters.q}”` : 'No products match these filters',
              description: n ? 'Remove a filter or widen the price range.' : 'Try other words, or browse the categories.',
              action: n || filters.q ? (
                <Button variant="outline" onClick={() => go({})}>
                  Show every product
                </Button>
              ) : undefined,
            }}
            hasMore={search.hasNextPage}
            loadingMore={search.isFetchingNextPage}
            onLoadMore={() => void search.fetchNextPage()}
          />
        </section>
      </div>
      <Sheet open={sheet} onOpenChange={setSheet}>
        <SheetContent side="left" className="w-[88%] max-w-sm overflow-y-auto">
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Each choice updates the results at once.</SheetDescription>
          {panel('sheet')}
          <Button onClick={() => setSheet(false)}>{total !== undefined ? `Show ${total.toLocaleString()} ${total === 1 ? 'product' : 'products'}` : 'Show products'}</Button>
        </SheetContent>
      </Sheet>
    </div>
  );
}
