import { mediaUrl, errorMessage } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, Input, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart, Link2, ShoppingCart, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { productHref } from '../../catalog/paths';
import { useAddToCart } from '../../orders/cart';
import { money } from '../../orders/format';
import { sharedWishlistUrl, wishlistApi, wishlistKeys, type Wishlist, type WishlistItem } from '../api';

/** What changed since the item was saved: its price (down or up) and whether it is in stock. */
export function ItemFacts({ it }: { it: WishlistItem }) {
  const diff = it.price.amount - it.saved_price.amount;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-semibold">{money(it.price)}</span>
      {diff < 0 && <Badge variant="success">Down {money({ ...it.price, amount: -diff })} since saved</Badge>}
      {diff > 0 && <Badge variant="warning">Up {money({ ...it.price, amount: diff })} since saved</Badge>}
      {!it.purchasable ? (
        <Badge variant="destructive">Not for sale now</Badge>
      ) : it.available > 0 ? (
        <span className="text-muted-foreground">{it.available} in stock</span>
      ) : (
        <Badge variant="destructive">Sold out</Badge>
      )}
    </p>
  );
}

function ItemRow({ list, it }: { list: Wishlist; it: WishlistItem }) {
  const qc = useQueryClient();
  const cart = useAddToCart();
  const done = () => void qc.invalidateQueries({ queryKey: wishlistKeys.lists });
  const alerts = useMutation({ mutationFn: (b: { alert_price?: boolean; alert_stock?: boolean }) => wishlistApi.setAlerts(list.id, it.id, b), onSuccess: done, onError: (e) => toast.error(errorMessage(e)) });
  const remove = useMutation({ mutationFn: () => wishlistApi.removeItem(list.id, it.id), onSuccess: done, onError: (e) => toast.error(errorMessage(e)) });
  const title = it.variant_title ? `${it.title} (${it.variant_title})` : it.title;
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-3 border-b pb-4 last:border-0 sm:grid-cols-[4rem_minmax(0,1fr)_auto]">
      {it.photo_url ? <img src={mediaUrl(it.photo_url) ?? undefined} alt="" className="size-16 rounded-md object-cover" /> : <div className="size-16 rounded-md bg-muted" aria-hidden />}
      <div className="grid min-w-0 gap-1">
        <Link to={productHref(it.product_id)} className="font-medium hover:underline">
          {title}
        </Link>
        <ItemFacts it={it} />
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={it.alert_price} disabled={alerts.isPending} onChange={(e) => alerts.mutate({ alert_price: e.target.checked })} />
            Mail me if the price drops
          </label>
          <label className="inline-flex items-center gap-2">
            <input type="checkbox" className="size-4" checked={it.alert_stock} disabled={alerts.isPending} onChange={(e) => alerts.mutate({ alert_stock: e.target.checked })} />
            Mail me when it is back in stock
          </label>
        </div>
      </div>
      <div className="col-span-2 flex justify-end gap-2 sm:col-span-1">
        <Button
          size="sm"
          disabled={!it.purchasable || it.available <= 0}
          loading={cart.isPending}
          aria-label={`Add ${title} to the cart`}
          onClick={() =>
            cart
              .add({ variantId: it.variant_id, quantity: 1 })
              .then(() => toast.success('Added to your cart.'))
              .catch((e: unknown) => toast.error(errorMessage(e)))
          }
        >
          <ShoppingCart aria-hidden /> Add to cart
        </Button>
        <Button size="sm" variant="ghost" onClick={() => remove.mutate()} loading={remove.isPending} aria-label={`Remove ${title} from ${list.name}`}>
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

function ListCard({ list }: { list: Wishlist }) {
  const qc = useQueryClient();
  const done = () => void qc.invalidateQueries({ queryKey: wishlistKeys.lists });
  const share = useMutation({ mutationFn: (shared: boolean) => wishlistApi.update(list.id, { shared }), onSuccess: done, onError: (e) => toast.error(errorMessage(e)) });
  const del = useMutation({ mutationFn: () => wishlistApi.remove(list.id), onSuccess: done, onError: (e) => toast.error(errorMessage(e)) });
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(sharedWishlistUrl(token));
      toast.success('Link copied. Anyone with it can see this list.');
    } catch {
      toast.info(sharedWishlistUrl(token));
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">
          {list.name} <span className="text-sm font-normal text-muted-foreground">({list.items.length})</span>
        </CardTitle>
        <div className="flex flex-wrap gap-2">
          {list.share_token ? (
            <>
              <Button size="sm" variant="outline" onClick={() => void copy(list.share_token ?? '')}>
                <Link2 aria-hidden /> Copy share link
              </Button>
              <Button size="sm" variant="ghost" onClick={() => share.mutate(false)} loading={share.isPending}>
                Stop sharing
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" onClick={() => share.mutate(true)} loading={share.isPending}>
              <Link2 aria-hidden /> Share
            </Button>
          )}
          {!list.is_default && (
            <Button size="sm" variant="ghost" onClick={() => del.mutate()} loading={del.isPending} aria-label={`Delete the list ${list.name}`}>
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {list.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing here yet: tap Save on a product to keep it here.</p>
        ) : (
          <ul className="grid gap-4">
            {list.items.map((it) => (
              <ItemRow key={it.id} list={list} it={it} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function NewList() {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () => wishlistApi.create(name.trim()),
    onSuccess: () => {
      setName('');
      void qc.invalidateQueries({ queryKey: wishlistKeys.lists });
    },
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) create.mutate();
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor="new-list">New list</Label>
        <Input id="new-list" value={name} maxLength={60} placeholder="Gifts for Mum" onChange={(e) => setName(e.target.value)} />
      </div>
      <Button type="submit" variant="outline" disabled={!name.trim()} loading={create.isPending}>
        Create
      </Button>
      {create.error && <FormAlert>{errorMessage(create.error)}</FormAlert>}
    </form>
  );
}

/** /shop/wishlist: the shopper's lists, their items with what changed, alerts, sharing and adding to the cart. */
export default function WishlistPage() {
  const q = useQuery({ queryKey: wishlistKeys.lists, queryFn: wishlistApi.lists });
  const empty = q.data?.every((l) => l.items.length === 0);
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title="Wishlist" description="What you saved, with the price and stock now. Turn on an alert and we mail you when the price drops or it is back." />
      <NewList />
      {q.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : q.isError ? (
        <ErrorState title="We could not load your wishlists" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <>
          {empty && <EmptyState icon={<Heart className="size-6" />} title="Your wishlist is empty" description="Tap Save on any product in the shop to keep it here." />}
          {q.data.map((l) => (
            <ListCard key={l.id} list={l} />
          ))}
        </>
      )}
    </div>
  );
}
