import { errorMessage } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, PageHeader, Skeleton } from '@sojourn/ui';
import { ShoppingBag, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { useCart, useCartLines, type ServerCartItem } from '../cart';
import { CheckoutSteps, Sums, Thumb } from '../components/bits';
import { QuantityStepper } from '../components/quantity-stepper';
import { PROBLEM_TEXT, groupBySeller, lineTitle, maxQuantity, money } from '../format';
import { SHOP_PATHS, productHref } from '../paths';

function Line({ item, lines }: { item: ServerCartItem; lines: ReturnType<typeof useCartLines> }) {
  const busy = (lines.setQuantity.isPending && lines.setQuantity.variables?.variantId === item.variant_id) || (lines.remove.isPending && lines.remove.variables === item.variant_id);
  const name = lineTitle(item);
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] gap-3 py-4 first:pt-0 last:pb-0 sm:grid-cols-[4rem_minmax(0,1fr)_auto]">
      <Thumb src={item.photo_url} alt={name} />
      <div className="grid min-w-0 gap-1">
        <Link to={productHref(item.product_id)} className="font-medium hover:underline">
          {item.title}
        </Link>
        {item.variant_title && <p className="text-sm text-muted-foreground">{item.variant_title}</p>}
        <p className="text-sm text-muted-foreground">
          {money(item.unit_price)} each
          {item.available > 0 && item.available <= 5 ? ` · only ${item.available} left` : ''}
        </p>
        {item.problem && (
          <p className="text-sm font-medium text-destructive" role="status">
            {PROBLEM_TEXT[item.problem]}
          </p>
        )}
      </div>
      <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:grid sm:justify-items-end">
        <p className="font-semibold tabular-nums">{money(item.line_total)}</p>
        <div className="flex items-center gap-2">
          {item.problem !== 'out_of_stock' && item.problem !== 'unavailable' && (
            <QuantityStepper
              value={item.quantity}
              max={maxQuantity(item)}
              label={name}
              disabled={busy}
              onChange={(quantity) => lines.setQuantity.mutate({ variantId: item.variant_id, quantity })}
            />
          )}
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} disabled={busy} onClick={() => lines.remove.mutate(item.variant_id)}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}

/** `/shop/Cart`: the one cart across sellers, grouped by seller, with quantities checked against stock. */
export default function CartPage() {
  const { cart, isLoading, error, refetch } = useCart();
  const lines = useCartLines();
  const failed = lines.setQuantity.error ?? lines.remove.error;
  const header = <PageHeader title="Your cart" description="Everything you picked, from every seller. Each seller sends their own package." />;
  if (isLoading) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4" aria-busy>
        {header}
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (error || !cart) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        {header}
        <ErrorState title="We could not load your cart" error={error} onRetry={refetch} />
      </div>
    );
  }
  if (cart.items.length === 0) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        {header}
        <EmptyState
          icon={<ShoppingBag className="size-6" />}
          title="Your cart is empty"
          description="Find travel gear, wellness goods and gifts from independent sellers."
          action={
            <Button asChild>
              <Link to={SHOP_PATHS.home}>Browse the shop</Link>
            </Button>
          }
        />
      </div>
    );
  }
  const groups = groupBySeller(cart.items);
  const problems = cart.items.filter((i) => i.problem).length;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <CheckoutSteps current={0} />
      {header}
      <FormAlert>{failed ? errorMessage(failed) : null}</FormAlert>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid gap-4">
          {groups.map((g) => (
            <Card key={g.store.id}>
              <CardHeader className="pb-3">
                <CardTitle as="h2" className="text-base">
                  Sold by {g.store.name}
                </CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y">
                  {g.items.map((it) => (
                    <Line key={it.variant_id} item={it} lines={lines} />
                  ))}
                </ul>
              </CardContent>
            </Card>
          ))}
        </div>
        <Card className="lg:sticky lg:top-4">
          <CardHeader className="pb-3">
            <CardTitle as="h2">Summary</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4">
            <Sums rows={[[`${cart.count} ${cart.count === 1 ? 'item' : 'items'} from ${groups.length} ${groups.length === 1 ? 'seller' : 'sellers'}`, cart.subtotal]]} total={['Subtotal', cart.subtotal]} />
            <p className="text-xs text-muted-foreground">Shipping is chosen per seller at delivery. Prices are checked again before you pay.</p>
            {problems > 0 && (
              <p className="text-sm text-destructive" role="status">
                {problems === 1 ? 'One line needs' : `${problems} lines need`} your attention before you can check out.
              </p>
            )}
            {problems > 0 ? (
              <Button size="lg" disabled>
                Checkout
              </Button>
            ) : (
              <Button asChild size="lg">
                <Link to={SHOP_PATHS.checkout}>Checkout</Link>
              </Button>
            )}
            <Button asChild variant="ghost">
              <Link to={SHOP_PATHS.home}>Keep shopping</Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
