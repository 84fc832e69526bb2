import { errorMessage, isApiError, newIdempotencyKey, type components } from '@sojourn/api-client';
import { fetchWallet } from '@sojourn/session';
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, Label, PageHeader, RadioGroup, RadioGroupItem, Skeleton } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { orderKeys, shopperApi, type PayWith } from '../api';
import { cartKeys } from '../cart';
import { useCheckoutStore } from '../checkout-store';
import { AddressLines, CheckoutSteps, Sums } from '../components/bits';
import { PackageCard } from '../components/package-card';
import { money } from '../format';
import { SHOP_PATHS, successHref } from '../paths';
import { useCheckout } from '../use-checkout';

/** What a refused checkout tells the shopper, by the API's error code. */
export function checkoutProblem(e: unknown): { text: string; requote: boolean; toCart: boolean } {
  const code = isApiError(e) ? String(e.code) : '';
  if (code === 'price_changed') return { text: 'A price or shipping fee changed since this summary was made. Check the new total below, then pay again.', requote: true, toCart: false };
  if (code === 'out_of_stock') return { text: 'Some items sold out while you were checking out. Adjust your cart, then try again.', requote: true, toCart: true };
  if (code === 'insufficient_funds') return { text: 'Your wallet does not hold enough for this order: top it up, or pay by card.', requote: false, toCart: false };
  return { text: errorMessage(e), requote: isApiError(e) && e.status === 409, toCart: false };
}

/** `/shop/Payment`: the order summary per seller, the total, and paying once, from the wallet or by card. */
export default function PaymentPage() {
  const { cart, address, shipping, addresses, quote } = useCheckout();
  const payWith = useCheckoutStore((s) => s.payWith);
  const setPayWith = useCheckoutStore((s) => s.setPayWith);
  const seenTotal = useCheckoutStore((s) => s.seenTotal);
  const setSeenTotal = useCheckoutStore((s) => s.setSeenTotal);
  const resetCheckout = useCheckoutStore((s) => s.reset);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<{ text: string; toCart: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per exact order (address, methods, way to pay, total): a retry replays its answer, a changed order is new.
  const keys = useRef(new Map<string, string>());
  const q = quote.data;
  const currency = (q?.total.currency ?? 'NGN') as components['schemas']['Currency'];
  const wallet = useQuery({ queryKey: orderKeys.wallet(currency), queryFn: () => shopperApi.wallet(currency) });
  const balance = wallet.data?.balance ?? null;
  const short = q ? balance === null || balance < q.total.amount : false;
  const header = <PageHeader title="Payment" description="Check the order once more and pay for every package at once." />;

  if (cart.isLoading || addresses.isPending || (address && quote.isPending)) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4" aria-busy>
        <CheckoutSteps current={3} />
        {header}
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const err = cart.error ?? addresses.error ?? quote.error;
  if (err || !cart.cart) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        <CheckoutSteps current={3} />
        {header}
        <ErrorState title="We could not prepare your payment" error={err} onRetry={() => void quote.refetch()} />
      </div>
    );
  }
  if (cart.cart.items.length === 0 || !address || !q) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        {header}
        <EmptyState
          icon={<ShoppingBag className="size-6" />}
          title={cart.cart.items.length === 0 ? 'Nothing to pay for' : 'Choose the delivery first'}
          description={cart.cart.items.length === 0 ? 'Your cart is empty.' : 'Pick the address and shipping for each package, then come back here.'}
          action={
            <Button asChild>
              <Link to={cart.cart.items.length === 0 ? SHOP_PATHS.home : SHOP_PATHS.delivery}>{cart.cart.items.length === 0 ? 'Browse the shop' : 'Choose the delivery'}</Link>
            </Button>
          }
        />
      </div>
    );
  }
  const changed = seenTotal !== null && seenTotal !== q.total.amount;
  const blocked = q.problems.length > 0;

  const pay = async () => {
    setProblem(null);
    setBusy(true);
    const body = { address_id: address.id, shipping, pay_with: payWith, expected_total: q.total.amount };
    const sig = JSON.stringify(body);
    if (!keys.current.has(sig)) keys.current.set(sig, newIdempotencyKey('shop-checkout'));
    try {
      const res = await shopperApi.checkout(body, keys.current.get(sig)!);
      if (res.payment) {
        // Paystack's page takes the card and sends the browser back to the confirmation, which waits for the payment.
        window.location.assign(res.payment.authorization_url);
        return;
      }
      resetCheckout();
      await Promise.all([qc.invalidateQueries({ queryKey: cartKeys.cart }), qc.invalidateQueries({ queryKey: orderKeys.all }), qc.invalidateQueries({ queryKey: ['wallet'] })]);
      fetchWallet().catch(() => undefined);
      navigate(successHref(res.group.id));
    } catch (e) {
      const p = checkoutProblem(e);
      setProblem({ text: p.text, toCart: p.toCart });
      if (p.requote) {
        await Promise.all([quote.refetch(), qc.invalidateQueries({ queryKey: cartKeys.cart })]);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <CheckoutSteps current={3} />
      {header}
      {changed && (
        <div role="alert" className="rounded-md border border-primary/40 bg-primary/5 px-4 py-3 text-sm">
          <p className="font-medium">The total changed since you chose the delivery.</p>
          <p>
            It was {formatMoney(seenTotal, q.total.currency)} and is now {money(q.total)}: a seller changed a price or a fee. Review the packages below before you pay.
          </p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setSeenTotal(q.total.amount)}>
            I have seen the new total
          </Button>
        </div>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="grid gap-4">
          {q.packages.map((p, i) => (
            <PackageCard key={p.store.id} p={p} index={i} count={q.packages.length} />
          ))}
        </div>
        <div className="grid gap-4 lg:sticky lg:top-4">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle as="h2">Order total</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <Sums
                rows={[
                  [`Items from ${q.packages.length} ${q.packages.length === 1 ? 'seller' : 'sellers'}`, q.subtotal],
                  ['Shipping', q.shipping_total],
                ]}
                total={['Total', q.total]}
              />
              <div className="grid gap-1">
                <p className="text-sm font-medium">Delivering to</p>
                <AddressLines a={address} />
                <Link to={SHOP_PATHS.delivery} className="text-sm text-primary underline">
                  Change the delivery
                </Link>
              </div>
              <fieldset className="grid gap-2">
                <legend className="mb-1.5 text-sm font-medium">Pay with</legend>
                <RadioGroup value={payWith} onValueChange={(v) => setPayWith(v as PayWith)} className="grid gap-2">
                  <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', payWith === 'wallet' && 'border-primary')}>
                    <RadioGroupItem value="wallet" id="shop-pay-wallet" className="mt-0.5" />
                    <Label htmlFor="shop-pay-wallet" className="grid gap-0.5">
                      Your Sojourn wallet
                      {wallet.isPending ? (
                        <Skeleton className="h-4 w-40" />
                      ) : wallet.isError ? (
                        <span className="font-normal text-muted-foreground">We could not read your wallet just now.</span>
                      ) : balance === null ? (
                        <span className="font-normal text-muted-foreground">
                          Not activated yet.{' '}
                          <Link to="/user-wallet" className="font-medium text-primary underline">
                            Activate it
                          </Link>
                        </span>
                      ) : (
                        <span className={cn('font-normal', short ? 'text-destructive' : 'text-muted-foreground')}>
                          Balance {formatMoney(balance, currency)} (gift cards you redeemed included)
                          {short && (
                            <>
                              : {formatMoney(q.total.amount - balance, currency)} short.{' '}
                              <Link to="/user-wallet?topup=1" className="font-medium text-primary underline">
                                Top up
                              </Link>{' '}
                              or pay by card.
                            </>
                          )}
                        </span>
                      )}
                    </Label>
                  </div>
                  <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', payWith === 'card' && 'border-primary')}>
                    <RadioGroupItem value="card" id="shop-pay-card" className="mt-0.5" />
                    <Label htmlFor="shop-pay-card" className="grid gap-0.5">
                      Card
                      <span className="font-normal text-muted-foreground">One secure Paystack payment for every package; you come back to your confirmation. Items are held for 30 minutes.</span>
                    </Label>
                  </div>
                </RadioGroup>
              </fieldset>
              {problem && (
                <FormAlert>
                  {problem.text}{' '}
                  {problem.toCart && (
                    <Link to={SHOP_PATHS.cart} className="font-medium underline">
                      Open the cart
                    </Link>
                  )}
                </FormAlert>
              )}
              {blocked && <FormAlert>{q.problems.map((p) => p.message).join(' ')}</FormAlert>}
              <Button size="lg" loading={busy} disabled={blocked || changed || quote.isFetching || (payWith === 'wallet' && short)} onClick={() => void pay()}>
                {payWith === 'wallet' ? `Pay ${money(q.total)} from wallet` : `Pay ${money(q.total)} by card`}
              </Button>
              <p className="text-xs text-muted-foreground">Each seller is paid only after your package is delivered and the return window has passed.</p>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
