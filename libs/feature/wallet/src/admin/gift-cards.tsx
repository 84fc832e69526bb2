import { errorMessage, mediaUrl } from '@sojourn/api-client';
import {
  Badge,
  Button,
  DataTable,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormAlert,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gift, Plus } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { adminMoneyApi, adminMoneyKeys, type GiftCardProduct } from '../api';
import { ProductForm } from './product-form';

const PER_PAGE = 20;

export function amountsOf(p: GiftCardProduct): string {
  if (p.amount_type === 'custom' && p.min_amount && p.max_amount) return `${formatMoney(p.min_amount, p.currency)} – ${formatMoney(p.max_amount, p.currency)}`;
  return p.denominations.map((d) => formatMoney(d, p.currency)).join(', ');
}

function DeactivateButton({ product, onDone }: { product: GiftCardProduct; onDone: () => void }) {
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => adminMoneyApi.updateProduct(product.id, { active: false }),
    onSuccess: () => {
      toast.success(`${product.name} is off sale.`);
      setOpen(false);
      onDone();
    },
  });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Deactivate
      </Button>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Take {product.name} off sale?</DialogTitle>
          <DialogDescription>
            It disappears from the gift-card shop at once. Cards already bought keep working until they expire. You can put it back on sale later.
          </DialogDescription>
        </DialogHeader>
        <FormAlert>{mutation.error ? errorMessage(mutation.error) : null}</FormAlert>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Keep on sale</Button>
          </DialogClose>
          <Button variant="destructive" loading={mutation.isPending} onClick={() => mutation.mutate()}>
            Deactivate product
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export default function GiftCardProductsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const active = params.get('active') === 'true' || params.get('active') === 'false' ? (params.get('active') as 'true' | 'false') : '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [editing, setEditing] = useState<GiftCardProduct | 'new' | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminMoneyKeys.productsAll });

  const query = useQuery({
    queryKey: adminMoneyKeys.products(active, page),
    queryFn: () => adminMoneyApi.products({ page, per_page: PER_PAGE, active: active || undefined }),
    placeholderData: keepPreviousData,
  });
  const reactivate = useMutation({
    mutationFn: (p: GiftCardProduct) => adminMoneyApi.updateProduct(p.id, { active: true }),
    onSuccess: (p) => {
      toast.success(`${p.name} is on sale again.`);
      refresh();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });

  const save = async (body: Parameters<typeof adminMoneyApi.createProduct>[0], image: File | null) => {
    const saved = editing && editing !== 'new' ? await adminMoneyApi.updateProduct(editing.id, body) : await adminMoneyApi.createProduct(body);
    if (image) {
      try {
        await adminMoneyApi.uploadProductImage(saved.id, image);
      } catch (e) {
        toast.error(`${saved.name} was saved, but its image was not: ${errorMessage(e)}`);
      }
    }
    toast.success(editing === 'new' ? `${saved.name} created.` : `${saved.name} saved.`);
    setEditing(null);
    refresh();
  };

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Gift-card products"
        description="The gift cards members can buy: their design, the amounts on offer and whether they are on sale."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus aria-hidden /> New product
          </Button>
        }
      />
      <Select
        value={active || 'any'}
        onValueChange={(v) => setParams(Object.fromEntries(Object.entries({ active: v === 'any' ? '' : v, page: '1' }).filter(([, x]) => x)), { replace: true })}
      >
        <SelectTrigger aria-label="Filter by sale status" className="sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="any">All products</SelectItem>
          <SelectItem value="true">On sale</SelectItem>
          <SelectItem value="false">Off sale</SelectItem>
        </SelectContent>
      </Select>
      <DataTable
        caption="Gift-card products"
        responsive="cards"
        rows={query.data?.data}
        loading={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(p) => p.id}
        page={page}
        perPage={PER_PAGE}
        total={query.data?.meta.total ?? 0}
        onPageChange={(p) => setParams({ ...(active ? { active } : {}), page: String(p) }, { replace: true })}
        empty={{ title: 'No gift-card products', description: active ? 'None match this filter.' : 'Create the first one for the gift-card shop.' }}
        columns={[
          {
            key: 'product',
            header: 'Product',
            className: 'min-w-56',
            cell: (p) => (
              <span className="flex items-center gap-3">
                <span className="flex h-10 w-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted">
                  {p.image_url ? <img src={mediaUrl(p.image_url) ?? undefined} alt="" className="size-full object-cover" /> : <Gift className="size-4 text-muted-foreground" aria-hidden />}
                </span>
                <span className="grid min-w-0">
                  <span className="truncate font-medium">{p.name}</span>
                  <span className="truncate text-xs text-muted-foreground">{p.description}</span>
                </span>
              </span>
            ),
          },
          { key: 'amounts', header: 'Amounts', className: 'min-w-44', cell: amountsOf },
          { key: 'status', header: 'Status', cell: (p) => <Badge variant={p.active ? 'success' : 'secondary'}>{p.active ? 'On sale' : 'Off sale'}</Badge> },
          { key: 'updated', header: 'Updated', className: 'hidden whitespace-nowrap md:table-cell', cell: (p) => formatDate(p.updated_at) },
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            className: 'text-right',
            cell: (p) => (
              <span className="flex justify-end gap-2">
                <Button variant="ghost" size="sm" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                  Edit
                </Button>
                {p.active ? (
                  <DeactivateButton product={p} onDone={refresh} />
                ) : (
                  <Button variant="secondary" size="sm" loading={reactivate.isPending && reactivate.variables?.id === p.id} onClick={() => reactivate.mutate(p)}>
                    Put on sale
                  </Button>
                )}
              </span>
            ),
          },
        ]}
      />
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-xl">
          <DialogHeader>
            <DialogTitle>{editing === 'new' ? 'New gift-card product' : `Edit ${editing?.name ?? ''}`}</DialogTitle>
            <DialogDescription>Amounts are in whole currency units; Sojourn stores them in minor units.</DialogDescription>
          </DialogHeader>
          {editing !== null && <ProductForm product={editing === 'new' ? null : editing} onSave={save} onCancel={() => setEditing(null)} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
