import { mediaUrl } from '@sojourn/api-client';
import { Button, DataTable, Input, inputClass, Label, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { cn, formatDate } from '@sojourn/util';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FolderTree, Plus, ShoppingBag } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminCatalogApi, catalogKeys, STATUS_LABEL, type AdminProductQuery, type AdminProductRow, type ProductStatus } from '../../api';
import { Price } from '../../components/bits';
import { CertificateBadge, StatusBadge } from '../../components/status';
import { ADMIN_ADD_PRODUCT_PATH, ADMIN_CATEGORIES_PATH } from '../../paths';
import { ProductReview } from './review';

type Tab = 'queue' | 'certificates' | 'catalogue';
const TABS: { value: Tab; label: string }[] = [
  { value: 'queue', label: 'Moderation queue' },
  { value: 'certificates', label: 'Certificates to check' },
  { value: 'catalogue', label: 'Catalogue' },
];
const STATUSES: ProductStatus[] = ['draft', 'pending_review', 'published', 'rejected', 'archived'];

/** Admins' products: the moderation queue, the luxury certificates to check, and the whole catalogue (numbered pages). */
export default function AdminProductsPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = (['queue', 'certificates', 'catalogue'] as const).find((t) => t === params.get('tab')) ?? 'queue';
  const status = STATUSES.find((s) => s === params.get('status')) ?? '';
  const q = params.get('q')?.slice(0, 200) ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const open = params.get('id');
  const [text, setText] = useState(q);
  const update = (next: Record<string, string>) => {
    const merged = { tab, status, q, page: String(page), id: open ?? '', ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([k, v]) => v !== '' && !(k === 'page' && v === '1') && !(k === 'tab' && v === 'queue'))), { replace: true });
  };
  useEffect(() => {
    const t = setTimeout(() => {
      if (text.trim() !== q) update({ q: text.trim(), page: '1' });
    }, 300);
    return () => clearTimeout(t);
    // Only typing starts the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  const query: AdminProductQuery = {
    status: tab === 'queue' ? 'pending_review' : tab === 'catalogue' ? status : '',
    certificate: tab === 'certificates' ? 'pending' : '',
    q,
    page,
  };
  const list = useQuery({ queryKey: catalogKeys.adminProducts(query), queryFn: () => adminCatalogApi.products(query), placeholderData: keepPreviousData });
  const openRow = (id: string) => {
    const np = new URLSearchParams(params);
    np.set('id', id);
    setParams(np);
  };
  const table = (
    <DataTable<AdminProductRow>
      caption={TABS.find((t) => t.value === tab)?.label ?? 'Products'}
      responsive="cards"
      rows={list.data?.data}
      rowKey={(r) => r.id}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      empty={
        tab === 'queue'
          ? { title: 'Nothing waiting for review', description: 'Products vendors submit for review show here, oldest first.' }
          : tab === 'certificates'
            ? { title: 'No certificates to check', description: 'Luxury certificates vendors upload show here.' }
            : { title: 'No products match', description: 'Try another search or status.' }
      }
      columns={[
        {
          key: 'product',
          header: 'Product',
          cell: (r) => (
            <span className="flex min-w-56 items-center gap-3">
              {r.thumb_url ? <img src={mediaUrl(r.thumb_url) ?? ''} alt="" className="size-12 shrink-0 rounded object-cover" /> : <ShoppingBag className="size-10 shrink-0 text-muted-foreground" aria-hidden />}
              <span className="grid min-w-0">
                <span className="font-medium">{r.title}</span>
                <span className="text-xs text-muted-foreground">{r.store_name}</span>
              </span>
            </span>
          ),
        },
        {
          key: 'status',
          header: 'Status',
          cell: (r) => (
            <span className="flex flex-wrap gap-1">
              <StatusBadge status={r.status} />
              <CertificateBadge status={r.certificate_status} />
            </span>
          ),
        },
        { key: 'price', header: 'Price', cell: (r) => <Price amount={r.price.amount} currency={r.price.currency} onRequest={r.price_on_request} from={r.max_price.amount > r.price.amount} className="text-sm" /> },
        { key: 'submitted', header: tab === 'catalogue' ? 'Created' : 'Submitted', cell: (r) => formatDate(tab === 'catalogue' ? r.created_at : (r.submitted_at ?? r.created_at)) },
        {
          key: 'open',
          header: <span className="sr-only">Actions</span>,
          cell: (r) => (
            <Button size="sm" variant={tab === 'catalogue' ? 'outline' : 'default'} onClick={() => openRow(r.id)} aria-label={`${tab === 'catalogue' ? 'Open' : 'Review'} ${r.title}`}>
              {tab === 'catalogue' ? 'Open' : 'Review'}
            </Button>
          ),
        },
      ]}
      page={page}
      perPage={20}
      total={list.data?.meta.total ?? 0}
      onPageChange={(p) => update({ page: String(p) })}
    />
  );
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Products"
        description="Approve vendors’ products before they go on sale, check luxury certificates, and look after the catalogue."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={ADMIN_CATEGORIES_PATH}>
                <FolderTree aria-hidden /> Categories
              </Link>
            </Button>
            <Button asChild>
              <Link to={ADMIN_ADD_PRODUCT_PATH}>
                <Plus aria-hidden /> Add product
              </Link>
            </Button>
          </div>
        }
      />
      <Tabs value={tab} onValueChange={(v) => update({ tab: v, page: '1', status: '' })}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <TabsList className="h-auto flex-wrap justify-start">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <div className="flex flex-wrap gap-3">
            {tab === 'catalogue' && (
              <div className="grid gap-1.5">
                <Label htmlFor="admin-status">Status</Label>
                <select id="admin-status" className={cn(inputClass, 'appearance-auto')} value={status} onChange={(e) => update({ status: e.target.value, page: '1' })}>
                  <option value="">Every status</option>
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABEL[s]}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="admin-q">Search</Label>
              <Input id="admin-q" type="search" maxLength={200} placeholder="Title, brand or shop" value={text} onChange={(e) => setText(e.target.value)} />
            </div>
          </div>
        </div>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.value === tab && table}
          </TabsContent>
        ))}
      </Tabs>
      {open && (
        <ProductReview
          id={open}
          onClose={() => {
            const np = new URLSearchParams(params);
            np.delete('id');
            setParams(np);
          }}
        />
      )}
    </div>
  );
}
