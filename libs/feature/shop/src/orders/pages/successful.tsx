import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Hourglass, XCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { orderKeys, shopperApi } from '../api';
import { cartKeys } from '../cart';
import { useCheckoutStore } from '../checkout-store';
import { StatusBadge } from '../components/bits';
import { NEXT_STEP, estimateText, itemsText, money, when } from '../format';
import { SHOP_PATHS, orderHref } from '../paths';

/** `/shop/Successful?id=<order group>` (or `?group=` back from Paystack): the order group placed, its packages, and what happens next. */
export default function SuccessfulPage() {
  const [params] = useSearchParams();
  // `group` is where Paystack's return lands (the shop's callback path); `id` is the wallet checkout's own link.
  const id = params.get('group') ?? params.get('id') ?? '';
  const q = useQuery({
    queryKey: orderKeys.group(id),
    queryFn: () => shopperApi.group(id),
    enabled: id !== '',
    // Back from the card payment: Paystack's webhook may settle it a moment later, so look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'awaiting_payment' && query.state.data.pay_with === 'card' ? 3000 : false),
  });
  const qc = useQueryClient();
  const resetCheckout = useCheckoutStore((st) => st.reset);
  const placed = q.data?.id;
  // Back from Paystack: the order exists, so the checkout's choices are done with and the cart is read afresh.
  useEffect(() => {
    if (!placed) return;
    resetCheckout();
    void qc.invalidateQueries({ queryKey: cartKeys.cart });
  }, [placed, resetCheckout, qc]);
  if (id && q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!id || q.isError || !q.data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <ErrorState title="We could not find this order" error={q.error ?? new Error('No order was named.')} onRetry={id ? () => void q.refetch() : undefined} />
        <Button asChild variant="outline" className="w-fit">
          <Link to={SHOP_PATHS.orders}>My orders</Link>
        </Button>
      </div>
    );
  }
  const g = q.data;
  const paid = g.status === 'paid';
  const waiting = g.status === 'awaiting_payment';
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <Card>
        <CardHeader className="items-start gap-3">
          {paid ? <CheckCircle2 className="size-10 text-success" aria-hidden /> : waiting ? <Hourglass className="size-10 text-primary" aria-hidden /> : <XCircle className="size-10 text-destructive" aria-hidden />}
          <CardTitle as="h1" className="text-2xl">
            {paid ? 'Thank you, your order is placed' : waiting ? 'Waiting for your card payment' : 'This order was not paid'}
          </CardTitle>
          <CardDescription className="text-base" role="status">
            {paid
              ? `Order ${g.number}: ${money(g.total)} paid ${g.pay_with === 'card' ? 'by card' : 'from your wallet'}. ${g.orders.length === 1 ? 'One seller sends your package' : `${g.orders.length} sellers each send their own package`}; you can follow each below.`
              : waiting
                ? `Order ${g.number}. We are waiting for Paystack to confirm your payment of ${money(g.total)}${g.pay_by ? `; the items are held until ${when(g.pay_by)}` : ''}. This page updates by itself.`
                : `Order ${g.number} was not paid in time, so nothing was charged and the items went back on sale.`}
          </CardDescription>
        </CardHeader>
      </Card>
      <section aria-labelledby="pk-h" className="grid gap-3">
        <h2 id="pk-h" className="text-lg font-semibold">
          {g.orders.length === 1 ? 'Your package' : `Your ${g.orders.length} packages`}
        </h2>
        {g.orders.map((o) => (
          <Card key={o.id}>
            <CardContent className="grid gap-2 pt-5 sm:pt-6">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-semibold">
                  <Link to={orderHref(o.id)} className="hover:underline">
                    {o.store.name}
                  </Link>{' '}
                  <span className="text-sm font-normal text-muted-foreground">· {o.number}</span>
                </p>
                <StatusBadge status={o.status} />
              </div>
              <p className="text-sm text-muted-foreground">
                {itemsText(o.lines.reduce((n, l) => n + l.quantity, 0))} · {money(o.total)} · {o.shipping_method.label} · {estimateText(o.delivery_estimate)}
              </p>
              <p className="text-sm">{NEXT_STEP[o.status]}</p>
            </CardContent>
          </Card>
        ))}
      </section>
      {paid && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">What happens next</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              <li>Each seller prepares and ships their package, with a tracking number you see on the order.</li>
              <li>When a package arrives, confirm it on the order; you can ask to return items within the seller&apos;s return window.</li>
              <li>The seller is paid only after that; until then your money is held safely by Sojourn.</li>
            </ol>
          </CardContent>
        </Card>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={SHOP_PATHS.orders}>My orders</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={SHOP_PATHS.home}>Keep shopping</Link>
        </Button>
      </div>
    </div>
  );
}
