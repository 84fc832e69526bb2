import { mediaUrl } from '@sojourn/api-client';
import { Badge, Button, DataTable, Input, Label, PageHeader } from '@sojourn/ui';
import { formatDate } from '@sojourn/util';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminStoreApi, adminStoreKeys, type VendorStore } from '../../api';
import { HealthBadge } from '../../health';
import { adminVendorHref } from '../../paths';

/** `/admin-dashboard/shop-vendor` and `/admin-dashboard/vendors`: every store, newest first, with its health and status. */
export default function AdminVendorsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.slice(0, 100) ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const [text, setText] = useState(q);
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== q) setParams(text.trim() ? { q: text.trim() } : {}, { replace: true });
    }, 300);
    return () => clearTimeout(t);
    // Only typing starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const list = useQuery({ queryKey: adminStoreKeys.list(q, page), queryFn: () => adminStoreApi.stores(q, page), placeholderData: keepPreviousData });
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Shop vendors" description="Every store on Sojourn: its health, its products and whether it is trading. Open one to suspend it, set its review or see its commission and payouts." />
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor="vendor-search">Search stores</Label>
        <Input id="vendor-search" type="search" placeholder="Store name" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
      </div>
      <DataTable<VendorStore>
        caption="Stores"
        responsive="cards"
        rows={list.data?.data}
        rowKey={(s) => s.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={q ? { title: `No store matches “${q}”`, description: 'Try another part of its name.' } : { title: 'No stores yet', description: 'Vendors’ stores appear here once they set up their shop.' }}
        columns={[
          {
            key: 'store',
            header: 'Store',
            cell: (s) => (
              <span className="flex min-w-48 items-center gap-3">
                {s.logo_url ? <img src={mediaUrl(s.logo_url) ?? ''} alt="" className="size-10 shrink-0 rounded-full object-cover" /> : <Store className="size-8 shrink-0 text-muted-foreground" aria-hidden />}
                <span className="grid">
                  <Link to={adminVendorHref(s.id)} className="font-medium hover:underline">
                    {s.name}
                  </Link>
                  <span className="text-xs text-muted-foreground">{[s.city, s.country].filter(Boolean).join(', ')}</span>
                </span>
              </span>
            ),
          },
          { key: 'health', header: 'Health', cell: (s) => <HealthBadge health={s.health} /> },
          {
            key: 'status',
            header: 'Status',
            cell: (s) => (s.suspended ? <Badge variant="destructive">Suspended</Badge> : s.review_all ? <Badge variant="soft">Every product reviewed</Badge> : <Badge variant="success">Trading</Badge>),
          },
          { key: 'products', header: 'Products', cell: (s) => <span className="tabular-nums">{s.product_count}</span> },
          { key: 'orders', header: 'Orders (90 days)', cell: (s) => <span className="tabular-nums">{s.health ? s.health.orders : '–'}</span> },
          { key: 'since', header: 'Since', cell: (s) => formatDate(s.created_at) },
          {
            key: 'open',
            header: <span className="sr-only">Actions</span>,
            cell: (s) => (
              <Button size="sm" variant="outline" asChild>
                <Link to={adminVendorHref(s.id)} aria-label={`Open ${s.name}`}>
                  Open
                </Link>
              </Button>
            ),
          },
        ]}
        page={page}
        perPage={20}
        total={list.data?.meta.total ?? 0}
        onPageChange={(p) => setParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) }, { replace: true })}
      />
    </div>
  );
}
