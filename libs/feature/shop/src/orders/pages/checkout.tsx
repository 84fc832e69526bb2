import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { CheckoutSteps, Sums, Thumb } from '../components/bits';
import { PackageCard } from '../components/package-card';
import { PROBLEM_TEXT, groupBySeller, lineTitle, money } from '../format';
import { SHOP_PATHS } from '../paths';
import { useCheckout } from '../use-checkout';

/** `/shop/Checkout`: the cart reviewed as the packages it becomes, one per seller, before delivery is chosen. */
export default function CheckoutPage() {
  const { cart, addresses, address, quote } = useCheckout();
  const header = <PageHeader title="Review your order" description="Your cart is split into one package per seller; each is sent and tracked on its own." />;
  if (cart.isLoading || addresses.isPending || (address && quote.isPending)) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy>
        <CheckoutSteps current={1} />
        {header}
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  const err = cart.error ?? addresses.error ?? quote.error;
  if (err || !cart.cart) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        <CheckoutSteps current={1} />
        {header}
        <ErrorState
          title="We could not prepare your checkout"
          error={err}
          onRetry={() => {
            cart.refetch();
            void addresses.refetch();
            void quote.refetch();
          }}
        />
      </div>
    );
  }
  if (cart.cart.items.length === 0) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        {header}
        <EmptyState
          icon={<ShoppingBag className="size-6" />}
          title="Nothing to check out"
          description="Your cart is empty."
          action={
            <Button asChild>
              <Link to={SHOP_PATHS.home}>Browse the shop</Link>
            </Button>
          }
        />
      </div>
    );
  }
  const problems = cart.cart.items.filter((i) => i.problem);
  const q = quote.data;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <CheckoutSteps current={1} />
      {header}
      {problems.length > 0 && (
        <div role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 px-4 py-3 text-sm">
          <p className="font-medium">Some lines cannot be bought as they are:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((i) => (
              <li key={i.variant_id}>
                {lineTitle(i)}: {PROBLEM_TEXT[i.problem!]}
              </li>
            ))}
          </ul>
          <Link to={SHOP_PATHS.cart} className="mt-2 inline-block font-medium text-primary underline">
            Fix them in your cart
          </Link>
        </div>
      )}
      {q && address ? (
        <>
          {q.packages.map((p, i) => (
            <PackageCard key={p.store.id} p={p} index={i} count={q.packages.length} />
          ))}
          <Card>
            <CardContent className="grid gap-2 pt-5 sm:pt-6">
              <Sums
                rows={[
                  ['Items', q.subtotal],
                  ['Shipping', q.shipping_total],
                ]}
                total={['Total', q.total]}
              />
              <p className="text-xs text-muted-foreground">Shipping as quoted to {address.city}; you choose the address and each seller&apos;s method next.</p>
            </CardContent>
          </Card>
        </>
      ) : (
        groupBySeller(cart.cart.items).map((g, i, all) => {
          const sub = g.items.reduce((n, it) => n + it.line_total.amount, 0);
          return (
            <Card key={g.store.id}>
              <CardHeader className="pb-3">
                <CardTitle as="h2" className="text-base">
                  Package {i + 1} of {all.length} · {g.store.name}
                </CardTitle>
              </CardHeader>
              <CardContent className="grid gap-3">
                <ul className="divide-y">
                  {g.items.map((it) => (
                    <li key={it.variant_id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
                      <Thumb src={it.photo_url} alt={lineTitle(it)} className="size-12" />
                      <span className="min-w-0 flex-1 text-sm">
                        <span className="block font-medium">{it.title}</span>
                        <span className="text-muted-foreground">
                          {it.variant_title ? `${it.variant_title} · ` : ''}
                          {it.quantity} × {money(it.unit_price)}
                        </span>
                      </span>
                      <span className="text-sm tabular-nums">{money(it.line_total)}</span>
                    </li>
                  ))}
                </ul>
                <p className="flex justify-between border-t pt-2 text-sm">
                  <span className="text-muted-foreground">Items (shipping chosen next)</span>
                  <span className="font-medium tabular-nums">{money({ amount: sub, currency: cart.cart!.subtotal.currency })}</span>
                </p>
              </CardContent>
            </Card>
          );
        })
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button asChild variant="outline">
          <Link to={SHOP_PATHS.cart}>Back to cart</Link>
        </Button>
        {problems.length > 0 ? (
          <Button disabled>Continue to delivery</Button>
        ) : (
          <Button asChild>
            <Link to={SHOP_PATHS.delivery}>Continue to delivery</Link>
          </Button>
        )}
      </div>
    </div>
  );
}
