import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, FormAlert, inputClass, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { cn, portalOrigin } from '@sojourn/util';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { adminCatalogApi, catalogKeys, flattenCategories } from '../../api';
import { CategoryDialog, type CategoryAction } from '../../components/category-dialog';
import { ProductGrid } from '../../components/product-card';
import { listingHref } from '../../filters';
import { useProductSearch } from '../../hooks';
import { ADMIN_PRODUCTS_PATH } from '../../paths';

function InCategory({ id }: { id: string }) {
  const s = useProductSearch({ category: id, sort: 'newest' }, 8);
  return (
    <ProductGrid
      products={s.products}
      loading={s.isPending}
      error={s.error}
      onRetry={() => void s.refetch()}
      empty={{ title: 'Nothing on sale here yet', description: 'Products vendors file here show once they are approved.' }}
      className="md:grid-cols-4"
    />
  );
}

/**
 * Adding a product, category first. The catalogue API lets vendors alone create products (each belongs to the
 * vendor's own shop), so an admin prepares where it goes: choose the category, or add it (under any other), then see
 * what is already on sale there; the vendor files the product under it and it reaches the moderation queue.
 */
export default function AdminAddProductPage() {
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const chosen = params.get('category') ?? '';
  const tree = useQuery({ queryKey: catalogKeys.adminCategories, queryFn: adminCatalogApi.categories });
  const flat = useMemo(() => flattenCategories(tree.data ?? []), [tree.data]);
  const [action, setAction] = useState<CategoryAction | null>(null);
  const current = flat.find((f) => f.cat.id === chosen);
  const choose = (id: string) => setParams(id ? { category: id } : {}, { replace: true });
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Add a product" description="Start with where the product belongs: choose its category, or add a new one." />
      <FormAlert tone="info">
        Products belong to a vendor’s shop, so vendors create them in their product editor; Sojourn’s team cannot list one on a shop’s behalf. Prepare the category here, and review the product in the{' '}
        <Link to={ADMIN_PRODUCTS_PATH} className="font-medium underline">
          moderation queue
        </Link>{' '}
        once the vendor submits it.
      </FormAlert>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">1. The category</CardTitle>
          <CardDescription>Shoppers browse by it; vendors choose it in their editor.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {tree.isPending ? (
            <Skeleton className="h-10 max-w-md" />
          ) : tree.error ? (
            <ErrorState title="The categories could not be loaded" error={tree.error} onRetry={() => void tree.refetch()} />
          ) : (
            <div className="flex flex-wrap items-end gap-3">
              <div className="grid min-w-64 flex-1 gap-1.5 sm:max-w-md">
                <Label htmlFor="add-category">Category</Label>
                <select id="add-category" className={cn(inputClass, 'appearance-auto')} value={chosen} onChange={(e) => choose(e.target.value)}>
                  <option value="">Choose a category</option>
                  {flat.map(({ cat, depth }) => (
                    <option key={cat.id} value={cat.id}>
                      {`${'\u00a0\u00a0'.repeat(depth)}${cat.name}`}
                    </option>
                  ))}
                </select>
              </div>
              <Button variant="outline" onClick={() => setAction({ mode: 'add', parent: current?.cat ?? null })}>
                <Plus aria-hidden /> {current ? `New category under ${current.cat.name}` : 'New top-level category'}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
      {current && (
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">2. Ready for products: {current.trail}</CardTitle>
            <CardDescription>
              {current.cat.product_count.toLocaleString()} {current.cat.product_count === 1 ? 'product is' : 'products are'} on sale here. Vendors choose “{current.cat.name}” in their editor; what they submit waits for you in the moderation queue.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <a href={`${portalOrigin('user', 'admin', window.location)}${listingHref({ category: current.cat.id })}`} target="_blank" rel="noreferrer">
                  <ExternalLink aria-hidden /> See it in the shop
                </a>
              </Button>
              <Button asChild variant="outline">
                <Link to={ADMIN_PRODUCTS_PATH}>Open the moderation queue</Link>
              </Button>
            </div>
            <InCategory id={current.cat.id} />
          </CardContent>
        </Card>
      )}
      {action && (
        <CategoryDialog
          action={action}
          tree={tree.data ?? []}
          onClose={() => setAction(null)}
          onDone={(message, created) => {
            toast.success(message);
            setAction(null);
            void qc.invalidateQueries({ queryKey: catalogKeys.adminCategories });
            void qc.invalidateQueries({ queryKey: catalogKeys.categories });
            if (created) choose(created.id);
          }}
        />
      )}
    </div>
  );
}
