import { errorMessage, isApiError, mediaUrl } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, DataTable, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { formatDate, formatMoney, portalOrigin } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Pencil } from 'lucide-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { catalogKeys, vendorCatalogApi, type Product, type ProductVariant } from '../../api';
import { Price } from '../../components/bits';
import { CertificateBadge, StatusBadge } from '../../components/status';
import { productHref, VENDOR_PRODUCTS_PATH, vendorEditHref, vendorSubmittedHref } from '../../paths';

/** The address of a product in the shop (the user portal). */
export function shopUrl(id: string): string {
  return `${portalOrigin('user', 'vendor', window.location)}${productHref(id)}`;
}

const NEXT: Record<Product['status'], string> = {
  draft: 'A draft: only you see it. Submit it when it is ready.',
  pending_review: 'Waiting for Sojourn’s team to review it. You hear from us as soon as they decide.',
  published: 'On sale in the shop.',
  rejected: 'Not published: change what the team asked for and submit it again.',
  archived: 'Archived: off the shop. Move it back to draft to change it and submit it again.',
};

/** One product in the vendor's console: status, stock per variant, photos and its actions. */
export default function VendorProductPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({ queryKey: catalogKeys.vendorProduct(id), queryFn: () => vendorCatalogApi.product(id), enabled: Boolean(id) });
  const done = (p: Product) => {
    qc.setQueryData(catalogKeys.vendorProduct(p.id), p);
    void qc.invalidateQueries({ queryKey: catalogKeys.vendor });
  };
  const submit = useMutation({ mutationFn: () => vendorCatalogApi.submit(id), onSuccess: done });
  const archive = useMutation({
    mutationFn: () => vendorCatalogApi.archive(id),
    onSuccess: (p) => {
      done(p);
      toast.success(`${p.title} is archived and off the shop.`);
    },
  });
  const toDraft = useMutation({
    mutationFn: async () => {
      const r = await vendorCatalogApi.bulk([id], 'draft');
      if (r.failed[0]) throw new Error(r.failed[0].message);
      return vendorCatalogApi.product(id);
    },
    onSuccess: (p) => {
      done(p);
      toast.success(`${p.title} is a draft again.`);
    },
  });
  const p = q.data;
  if (!id || (isApiError(q.error) && q.error.status === 404)) return <ErrorState title="This product is not in your shop" error={new Error('It may belong to another shop, or the link is incomplete.')} />;
  if (q.error) return <ErrorState title="The product could not be loaded" error={q.error} onRetry={() => void q.refetch()} />;
  if (!p) return <Skeleton className="mx-auto h-96 w-full max-w-5xl" />;
  const totalStock = p.variants.reduce((n, v) => n + (v.stock ?? 0), 0);
  const totalSold = p.variants.reduce((n, v) => n + (v.sold ?? 0), 0);
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title={p.title}
        description={NEXT[p.status]}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={vendorEditHref(p.id)}>
                <Pencil aria-hidden /> Edit
              </Link>
            </Button>
            {p.status === 'archived' && (
              <Button variant="outline" loading={toDraft.isPending} onClick={() => toDraft.mutate()}>
                Back to draft
              </Button>
            )}
            {(p.status === 'draft' || p.status === 'rejected') && (
              <Button
                loading={submit.isPending}
                onClick={() =>
                  submit.mutate(undefined, {
                    onSuccess: (np) => {
                      if (np.status !== p.status) void navigate(vendorSubmittedHref(np.id));
                    },
                  })
                }
              >
                Submit for review
              </Button>
            )}
            {p.status !== 'archived' && (
              <Button variant="outline" loading={archive.isPending} onClick={() => archive.mutate()}>
                Archive
              </Button>
            )}
            {p.status === 'published' && (
              <Button asChild variant="ghost">
                <a href={shopUrl(p.id)} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden /> View in the shop
                </a>
              </Button>
            )}
          </div>
        }
      />
      {(submit.error || archive.error || toDraft.error) && <FormAlert>{errorMessage(submit.error ?? archive.error ?? toDraft.error)}</FormAlert>}
      {p.status === 'rejected' && p.rejection_reason && <FormAlert>Our team’s reason: {p.rejection_reason}</FormAlert>}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
        {[
          { label: 'Status', value: <StatusBadge status={p.status} /> },
          { label: 'Price', value: <Price amount={p.price.amount} currency={p.price.currency} onRequest={p.price_on_request} from={p.max_price.amount > p.price.amount} /> },
          { label: 'In stock', value: totalStock.toLocaleString() },
          { label: 'Sold', value: totalSold.toLocaleString() },
        ].map((f) => (
          <Card key={f.label}>
            <CardContent className="grid gap-1 pt-5 sm:pt-6">
              <span className="text-sm text-muted-foreground">{f.label}</span>
              <span className="text-lg font-semibold">{f.value}</span>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Stock per variant</CardTitle>
        </CardHeader>
        <CardContent>
          <DataTable<ProductVariant>
            caption="Variants"
            responsive="cards"
            rows={p.variants}
            rowKey={(v) => v.id}
            empty={{ title: 'No variants' }}
            columns={[
              { key: 'variant', header: 'Variant', cell: (v) => <span className="font-medium">{v.title || 'Single variant'}</span> },
              { key: 'sku', header: 'SKU', cell: (v) => v.sku || '—' },
              { key: 'price', header: 'Price', cell: (v) => (p.price_on_request ? 'On request' : formatMoney(v.price.amount, v.price.currency)) },
              { key: 'stock', header: 'Stock', cell: (v) => (v.stock ?? 0).toLocaleString() },
              { key: 'reserved', header: 'In open orders', cell: (v) => (v.reserved ?? 0).toLocaleString() },
              { key: 'available', header: 'Available', cell: (v) => <span className={v.available === 0 ? 'font-medium text-destructive' : ''}>{v.available.toLocaleString()}</span> },
              { key: 'sold', header: 'Sold', cell: (v) => (v.sold ?? 0).toLocaleString() },
            ]}
            more={{ hasMore: false, loading: false, onLoadMore: () => undefined, noun: ['variant', 'variants'] }}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Photos</CardTitle>
        </CardHeader>
        <CardContent>
          {p.photos.length ? (
            <ul className="flex flex-wrap gap-3">
              {p.photos.map((ph, i) => (
                <li key={ph.id}>
                  <img src={mediaUrl(ph.thumb_url) ?? ''} alt={`View ${i + 1}${i === 0 ? ' (cover)' : ''}`} className="size-28 rounded-md border object-cover" />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">
              No photos yet.{' '}
              <Link to={vendorEditHref(p.id)} className="text-primary underline">
                Add them in the editor
              </Link>
              .
            </p>
          )}
        </CardContent>
      </Card>
      {p.luxury_requested && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Authenticity certificate</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2 text-sm">
            {p.certificate ? (
              <>
                <p className="flex flex-wrap items-center gap-2">
                  <CertificateBadge status={p.certificate.status} /> Uploaded {formatDate(p.certificate.created_at)}
                </p>
                {p.certificate.status === 'rejected' && p.certificate.note && <p>Our team’s note: {p.certificate.note}</p>}
              </>
            ) : (
              <p>No certificate yet: the product shows without the verified badge until one is uploaded and verified.</p>
            )}
          </CardContent>
        </Card>
      )}
      <p className="text-sm text-muted-foreground">
        Created {formatDate(p.created_at)} · last changed {formatDate(p.updated_at)}
        {p.published_at ? ` · published ${formatDate(p.published_at)}` : ''}.{' '}
        <Link to={VENDOR_PRODUCTS_PATH} className="text-primary underline">
          All your products
        </Link>
      </p>
    </div>
  );
}
