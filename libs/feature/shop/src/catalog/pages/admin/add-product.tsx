import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, DataTable, FormAlert, Input, Label, PageHeader } from '@sojourn/ui';
import { portalOrigin } from '@sojourn/util';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { adminCatalogApi, catalogKeys, type Product, type VendorStore } from '../../api';
import { StoreLogo } from '../../components/bits';
import { PhotoManager } from '../../components/photo-manager';
import { ADMIN_CATEGORIES_PATH, ADMIN_PRODUCTS_PATH, productHref } from '../../paths';
import { Editor } from '../vendor/editor';

const adminPhotos = { add: adminCatalogApi.addPhoto };

function StorePicker({ onPick }: { onPick: (s: VendorStore) => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    const t = setTimeout(() => {
      setQ(text.trim());
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [text]);
  const list = useQuery({ queryKey: catalogKeys.adminStores(q, page), queryFn: () => adminCatalogApi.stores(q, page), placeholderData: keepPreviousData });
  return (
    <div className="grid gap-4">
      <div className="grid max-w-sm gap-1.5">
        <Label htmlFor="store-q">Find the shop</Label>
        <Input id="store-q" type="search" maxLength={100} placeholder="Shop name" value={text} onChange={(e) => setText(e.target.value)} />
      </div>
      <DataTable<VendorStore>
        caption="Shops"
        responsive="cards"
        rows={list.data?.data}
        rowKey={(s) => s.id}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        empty={{ title: q ? `No shop is called “${q}”` : 'No shops yet', description: 'Vendors open their shops from the vendor portal.' }}
        columns={[
          {
            key: 'shop',
            header: 'Shop',
            cell: (s) => (
              <span className="flex items-center gap-3">
                <StoreLogo url={s.logo_url} name={s.name} className="size-10" />
                <span className="grid">
                  <span className="font-medium">{s.name}</span>
                  <span className="text-xs text-muted-foreground">{[s.city, s.country].filter(Boolean).join(', ')}</span>
                </span>
              </span>
            ),
          },
          { key: 'products', header: 'Products', cell: (s) => s.product_count.toLocaleString() },
          { key: 'state', header: 'State', cell: (s) => (s.suspended ? 'Suspended' : s.review_all ? 'Every product reviewed' : 'Open') },
          {
            key: 'pick',
            header: <span className="sr-only">Choose</span>,
            cell: (s) => (
              <Button size="sm" disabled={s.suspended} onClick={() => onPick(s)} aria-label={`Add a product to ${s.name}`}>
                Choose
              </Button>
            ),
          },
        ]}
        page={page}
        perPage={10}
        total={list.data?.meta.total ?? 0}
        onPageChange={setPage}
      />
    </div>
  );
}

/** An admin adds a product to a chosen shop: it is published at once and the shop's vendor owns it; photos follow. */
export default function AdminAddProductPage() {
  const [store, setStore] = useState<VendorStore | null>(null);
  const [made, setMade] = useState<Product | null>(null);
  const [round, setRound] = useState(0);
  const again = () => {
    setMade(null);
    setRound((r) => r + 1);
  };
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Add a product" description="Add a product to a vendor’s shop: it goes on sale at once, and the shop’s vendor owns and manages it from then on." />
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">1. The shop</CardTitle>
          {store && <CardDescription>The product goes on sale in {store.name}, with its delivery options and return policy.</CardDescription>}
        </CardHeader>
        <CardContent>
          {store ? (
            <div className="flex flex-wrap items-center gap-3">
              <StoreLogo url={store.logo_url} name={store.name} className="size-10" />
              <span className="font-medium">{store.name}</span>
              {!made && (
                <Button variant="outline" size="sm" onClick={() => setStore(null)}>
                  Choose another shop
                </Button>
              )}
            </div>
          ) : (
            <StorePicker onPick={setStore} />
          )}
        </CardContent>
      </Card>
      {store && !made && (
        <section aria-labelledby="add-step-2" className="grid gap-4">
          <h2 id="add-step-2" className="text-lg font-semibold">
            2. The product
          </h2>
          <p className="text-sm text-muted-foreground">
            Missing a category?{' '}
            <Link to={ADMIN_CATEGORIES_PATH} className="text-primary underline">
              Add it to the tree
            </Link>{' '}
            first.
          </p>
          <Editor key={`${store.id}-${round}`} product={null} admin={{ storeId: store.id, storeName: store.name, onCreated: setMade }} />
        </section>
      )}
      {store && made && (
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-lg">
              <CheckCircle2 className="size-5 text-success" aria-hidden /> 3. {made.title} is on sale
            </CardTitle>
            <CardDescription>Add its photos: the first one is the cover shoppers see.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5">
            <PhotoManager product={made} onChange={setMade} calls={adminPhotos} />
            <FormAlert tone="info">{store.name}’s vendor sees it among their products and manages its stock, price and photos from now on.</FormAlert>
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a href={`${portalOrigin('user', 'admin', window.location)}${productHref(made.id)}`} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden /> View in the shop
                </a>
              </Button>
              <Button asChild variant="outline">
                <Link to={`${ADMIN_PRODUCTS_PATH}?tab=catalogue&id=${encodeURIComponent(made.id)}`}>Open in the catalogue</Link>
              </Button>
              <Button onClick={again}>Add another to {store.name}</Button>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
