import { errorMessage, isApiError, mediaUrl } from '@sojourn/api-client';
import { Button, Card, CardContent, DataTable, FormAlert, Input, Label, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Plus, ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { catalogKeys, STATUS_LABEL, vendorCatalogApi, type BulkAction, type ProductCard, type ProductStatus } from '../../api';
import { Price } from '../../components/bits';
import { StatusBadge } from '../../components/status';
import { VENDOR_EDITOR_PATH, vendorProductHref } from '../../paths';
import { VENDOR_ONBOARDING_PATH } from '../../../store/paths';

const TABS: (ProductStatus | '')[] = ['', 'draft', 'pending_review', 'published', 'rejected', 'archived'];
const isStatus = (s: string | null): s is ProductStatus => Boolean(s) && TABS.includes(s as ProductStatus);

const ACTIONS: { action: BulkAction; label: string; done: string }[] = [
  { action: 'submit', label: 'Submit / publish', done: 'submitted' },
  { action: 'archive', label: 'Archive', done: 'archived' },
  { action: 'draft', label: 'Back to draft', done: 'moved back to draft' },
];

/** Variants running out, so the vendor restocks before the product sells out. */
function LowStock() {
  const low = useQuery({ queryKey: catalogKeys.lowStock, queryFn: () => vendorCatalogApi.lowStock(5) });
  if (!low.data?.length) return null;
  return (
    <Card>
      <CardContent className="grid gap-2 pt-5 sm:pt-6">
        <h2 className="flex items-center gap-2 font-semibold">
          <AlertTriangle className="size-4 text-warning" aria-hidden /> Running low
        </h2>
        <ul className="grid gap-1 text-sm">
          {low.data.slice(0, 5).map((v) => (
            <li key={v.variant_id} className="flex flex-wrap justify-between gap-x-3">
              <Link to={vendorProductHref(v.product_id)} className="hover:underline">
                {v.product_title}
                {v.variant_title ? ` · ${v.variant_title}` : ''}
              </Link>
              <span className={v.available === 0 ? 'font-medium text-destructive' : 'text-muted-foreground'}>{v.available === 0 ? 'Sold out' : `${v.available} left`}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The vendor's products: status tabs, a search, bulk submit / archive / back to draft, "Load more". */
export default function VendorProductsPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: ProductStatus | '' = isStatus(raw) ? raw : '';
  const q = params.get('q')?.slice(0, 200) ?? '';
  const [text, setText] = useState(q);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [failed, setFailed] = useState<{ id: string; message: string }[]>([]);
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== q) setParams({ ...(status ? { status } : {}), ...(text.trim() ? { q: text.trim() } : {}) }, { replace: true });
    }, 300);
    return () => clearTimeout(t);
    // Only typing starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  useEffect(() => setPicked(new Set()), [status, q]);
  const list = useInfiniteQuery({
    queryKey: catalogKeys.vendorProducts(status, q),
    queryFn: ({ pageParam }) => vendorCatalogApi.products(status, q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const store = useQuery({ queryKey: catalogKeys.vendorStore, queryFn: vendorCatalogApi.store, retry: false });
  const noStore = isApiError(store.error) && store.error.status === 404;
  const rows = list.data?.pages.flatMap((p) => p.data);
  const titles = new Map(rows?.map((r) => [r.id, r.title]));
  const bulk = useMutation({
    mutationFn: ({ action }: { action: BulkAction; done: string }) => vendorCatalogApi.bulk([...picked], action),
    onSuccess: (r, { done }) => {
      setFailed(r.failed);
      if (r.updated.length) toast.success(`${r.updated.length} ${r.updated.length === 1 ? 'product' : 'products'} ${done}.`);
      setPicked(new Set(r.failed.map((f) => f.id)));
      void qc.invalidateQueries({ queryKey: catalogKeys.vendor });
    },
  });
  const toggle = (id: string, on: boolean) =>
    setPicked((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });
  const allOn = Boolean(rows?.length) && rows!.every((r) => picked.has(r.id));
  const table = (
    <DataTable<ProductCard>
      caption="Your products"
      responsive="cards"
      rows={rows}
      rowKey={(p) => p.id}
      loading={list.isFetching && !list.isFetchingNextPage}
      error={!rows ? list.error : undefined}
      onRetry={() => void list.refetch()}
      empty={q ? { title: `No product matches “${q}”`, description: 'Try other words.' } : { title: status ? `No ${STATUS_LABEL[status as ProductStatus].toLowerCase()} products` : 'No products yet', description: 'Add your first product: photos, options and a price for each variant.' }}
      columns={[
        {
          key: 'product',
          header: (
            <label className="flex items-center gap-2">
              <input type="checkbox" className="size-4 accent-primary" checked={allOn} disabled={!rows?.length} onChange={(e) => setPicked(e.target.checked ? new Set(rows?.map((r) => r.id)) : new Set())} />
              Product
            </label>
          ),
          cell: (p) => (
            <span className="flex min-w-56 items-center gap-3">
              <input type="checkbox" className="size-4 shrink-0 accent-primary" aria-label={`Select ${p.title}`} checked={picked.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />
              {p.thumb_url ? <img src={mediaUrl(p.thumb_url) ?? ''} alt="" className="size-12 shrink-0 rounded object-cover" /> : <ShoppingBag className="size-10 shrink-0 text-muted-foreground" aria-hidden />}
              <span className="grid min-w-0">
                <Link to={vendorProductHref(p.id)} className="font-medium hover:underline">
                  {p.title}
                </Link>
                {p.brand && <span className="text-xs text-muted-foreground">{p.brand}</span>}
              </span>
            </span>
          ),
        },
        { key: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} /> },
        { key: 'price', header: 'Price', cell: (p) => <Price amount={p.price.amount} compareAt={p.compare_at?.amount} currency={p.price.currency} onRequest={p.price_on_request} from={p.max_price.amount > p.price.amount} className="text-sm" /> },
        { key: 'stock', header: 'Stock', cell: (p) => (p.in_stock ? 'In stock' : <span className="text-destructive">Out of stock</span>) },
        {
          key: 'edit',
          header: <span className="sr-only">Actions</span>,
          cell: (p) => (
            <Button asChild size="sm" variant="outline">
              <Link to={`${VENDOR_EDITOR_PATH}?id=${encodeURIComponent(p.id)}`} aria-label={`Edit ${p.title}`}>
                Edit
              </Link>
            </Button>
          ),
        },
      ]}
      more={{ hasMore: list.hasNextPage, loading: list.isFetchingNextPage, failed: Boolean(list.error && rows), onLoadMore: () => void list.fetchNextPage(), noun: ['product', 'products'] }}
    />
  );
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Products"
        description="Your catalogue: drafts, products in review, what is on sale and what you archived."
        actions={
          <Button asChild>
            <Link to={VENDOR_EDITOR_PATH}>
              <Plus aria-hidden /> Add a product
            </Link>
          </Button>
        }
      />
      {noStore && (
        <FormAlert tone="info">
          Your storefront is not set up yet. Set up its name, address, returns and delivery options before you add products: buyers see them beside each product.{' '}
          <Link to={VENDOR_ONBOARDING_PATH} className="font-medium underline">
            Set up your shop
          </Link>
        </FormAlert>
      )}
      <LowStock />
      <Tabs value={status || 'all'} onValueChange={(v) => setParams({ ...(v !== 'all' ? { status: v } : {}), ...(q ? { q } : {}) }, { replace: true })}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <TabsList className="h-auto flex-wrap justify-start">
            {TABS.map((t) => (
              <TabsTrigger key={t || 'all'} value={t || 'all'}>
                {t ? STATUS_LABEL[t] : 'All'}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="grid w-full gap-1.5 sm:w-64">
            <Label htmlFor="products-q">Search your products</Label>
            <Input id="products-q" type="search" maxLength={200} value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        </div>
        {picked.size > 0 && (
          <div role="region" aria-label="Bulk actions" className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border bg-muted/50 p-3">
            <span className="text-sm font-medium">{picked.size} selected</span>
            {ACTIONS.map((a) => (
              <Button key={a.action} size="sm" variant={a.action === 'archive' ? 'outline' : 'default'} loading={bulk.isPending && bulk.variables?.action === a.action} onClick={() => bulk.mutate(a)}>
                {a.label}
              </Button>
            ))}
            <Button size="sm" variant="ghost" onClick={() => setPicked(new Set())}>
              Clear selection
            </Button>
          </div>
        )}
        {bulk.error && <FormAlert>{errorMessage(bulk.error)}</FormAlert>}
        {failed.length > 0 && (
          <div className="mt-4">
            <FormAlert>
              {failed.length === 1 ? 'One product could not move:' : `${failed.length} products could not move:`}
              <ul className="ml-4 list-disc">
                {failed.map((f) => (
                  <li key={f.id}>
                    {titles.get(f.id) ?? 'A product'}: {f.message}
                  </li>
                ))}
              </ul>
            </FormAlert>
          </div>
        )}
        {TABS.map((t) => (
          <TabsContent key={t || 'all'} value={t || 'all'}>
            {(t || 'all') === (status || 'all') && table}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
