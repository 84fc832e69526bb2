import { Button, Input, Label } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { ChevronRight } from 'lucide-react';
import * as React from 'react';
import type { Category, ProductFacets } from '../api';
import { MAX_PRICE_NAIRA, withFilter, type ProductFilters } from '../filters';

/** Finds a category and its ancestors (root first) in the tree. */
export function categoryTrail(roots: Category[], id: string | undefined): Category[] {
  if (!id) return [];
  const walk = (list: Category[], trail: Category[]): Category[] | null => {
    for (const c of list) {
      if (c.id === id) return [...trail, c];
      const found = walk(c.children, [...trail, c]);
      if (found) return found;
    }
    return null;
  };
  return walk(roots, []) ?? [];
}

function Group({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-2 border-t pt-4 first:border-t-0 first:pt-0">
      <legend className="mb-2 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

const count = (n: number | undefined) => (n === undefined ? '' : ` (${n.toLocaleString()})`);

function PriceRange({ idPrefix, filters, facets, onChange }: { idPrefix: string; filters: ProductFilters; facets?: ProductFacets | undefined; onChange: (f: ProductFilters) => void }) {
  const [min, setMin] = React.useState(filters.min_price?.toString() ?? '');
  const [max, setMax] = React.useState(filters.max_price?.toString() ?? '');
  React.useEffect(() => {
    setMin(filters.min_price?.toString() ?? '');
    setMax(filters.max_price?.toString() ?? '');
  }, [filters.min_price, filters.max_price]);
  const num = (s: string) => (s.trim() === '' ? undefined : Math.min(Number(s), MAX_PRICE_NAIRA));
  const lo = facets?.price.min ? Math.floor(facets.price.min.amount / 100) : undefined;
  const hi = facets?.price.max ? Math.ceil(facets.price.max.amount / 100) : undefined;
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(withFilter(filters, { min_price: num(min), max_price: num(max) }));
      }}
    >
      <div className="grid grid-cols-2 gap-2">
        <div className="grid gap-1">
          <Label htmlFor={`${idPrefix}-min`} className="text-xs">
            From (₦)
          </Label>
          <Input id={`${idPrefix}-min`} inputMode="numeric" placeholder={lo !== undefined ? lo.toLocaleString() : 'Min'} value={min} onChange={(e) => setMin(e.target.value.replace(/\D/g, '').slice(0, 11))} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={`${idPrefix}-max`} className="text-xs">
            To (₦)
          </Label>
          <Input id={`${idPrefix}-max`} inputMode="numeric" placeholder={hi !== undefined ? hi.toLocaleString() : 'Max'} value={max} onChange={(e) => setMax(e.target.value.replace(/\D/g, '').slice(0, 11))} />
        </div>
      </div>
      <Button type="submit" variant="outline" size="sm">
        Apply price
      </Button>
    </form>
  );
}

/**
 * The listing's facets: the category tree (the chosen category's ancestors and children), price range, rating, seller,
 * in stock and luxury, each with the count the search would give. Every choice goes to the address at once.
 */
export function FacetPanel({
  idPrefix,
  filters,
  facets,
  categories,
  onChange,
  hide = [],
}: {
  idPrefix: string;
  filters: ProductFilters;
  facets: ProductFacets | undefined;
  categories: Category[] | undefined;
  onChange: (f: ProductFilters) => void;
  /** Facets the page fixes itself (a storefront fixes the store, the luxury page the luxury tier). */
  hide?: ('store' | 'luxury')[];
}) {
  const [allStores, setAllStores] = React.useState(false);
  const trail = categoryTrail(categories ?? [], filters.category);
  const current = trail[trail.length - 1];
  const counts = new Map(facets?.categories.map((c) => [c.id, c.count]));
  // With the counts of this search, a category it has nothing in is left out (its count would be 0).
  const countOf = (c: Category) => (facets ? (counts.get(c.id) ?? 0) : c.product_count);
  const children = [...(current ? current.children : (categories ?? []))].filter((c) => countOf(c) > 0).sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  const set = (patch: Partial<ProductFilters>) => onChange(withFilter(filters, patch));
  const stores = facets?.stores ?? [];
  const shownStores = allStores ? stores : stores.slice(0, 8);
  const catLink = (c: Category | undefined, label: string, depth: number, active = false) => (
    <li key={c?.id ?? 'all'}>
      <button
        type="button"
        aria-current={active ? 'true' : undefined}
        className={cn('flex w-full items-center gap-1 rounded px-1 py-1 text-left text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring', active && 'font-semibold')}
        style={{ paddingLeft: `${0.25 + depth * 0.75}rem` }}
        onClick={() => set({ category: c?.id })}
      >
        {depth === 0 && !active && c && <ChevronRight className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />}
        <span className="min-w-0 flex-1 truncate">{label}</span>
        {c && <span className="shrink-0 text-xs text-muted-foreground">{countOf(c).toLocaleString()}</span>}
      </button>
    </li>
  );
  return (
    <div className="grid gap-4">
      <Group title="Category">
        <ul className="grid gap-0.5">
          {current && catLink(undefined, 'All categories', 0)}
          {trail.map((c, i) => catLink(c, c.name, i, i === trail.length - 1))}
          {children.map((c) => catLink(c, c.name, trail.length))}
        </ul>
        {children.length === 0 && !current && <p className="text-sm text-muted-foreground">No category has results.</p>}
      </Group>
      <Group title="Price">
        <PriceRange idPrefix={idPrefix} filters={filters} facets={facets} onChange={onChange} />
      </Group>
      <Group title="Rating">
        {[4, 3, 2, 1].map((r) => {
          const n = facets?.ratings.find((x) => x.min === r)?.count;
          return (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input type="radio" name={`${idPrefix}-rating`} className="size-4 accent-primary" checked={filters.min_rating === r} onChange={() => set({ min_rating: r })} />
              {r} {r === 1 ? 'star' : 'stars'} and up{count(n)}
            </label>
          );
        })}
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name={`${idPrefix}-rating`} className="size-4 accent-primary" checked={!filters.min_rating} onChange={() => set({ min_rating: undefined })} />
          Any rating
        </label>
      </Group>
      {!hide.includes('store') && stores.length > 0 && (
        <Group title="Seller">
          {shownStores.map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={filters.store === s.id} onChange={(e) => set({ store: e.target.checked ? s.id : undefined })} />
              <span className="min-w-0 flex-1 truncate">{s.name}</span>
              <span className="text-xs text-muted-foreground">{s.count.toLocaleString()}</span>
            </label>
          ))}
          {stores.length > 8 && (
            <Button variant="link" size="sm" className="justify-self-start" onClick={() => setAllStores((v) => !v)}>
              {allStores ? 'Fewer sellers' : `All ${stores.length} sellers`}
            </Button>
          )}
        </Group>
      )}
      <Group title="Availability">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={Boolean(filters.in_stock)} onChange={(e) => set({ in_stock: e.target.checked })} />
          In stock{count(facets?.in_stock)}
        </label>
        {!hide.includes('luxury') && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-primary" checked={Boolean(filters.luxury)} onChange={(e) => set({ luxury: e.target.checked })} />
            Verified luxury{count(facets?.luxury)}
          </label>
        )}
      </Group>
    </div>
  );
}
