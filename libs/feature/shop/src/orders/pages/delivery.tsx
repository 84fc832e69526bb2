import { errorMessage } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, FormAlert, Label, PageHeader, RadioGroup, RadioGroupItem, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { MapPin, Pencil, Plus, ShoppingBag } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Address } from '../api';
import { useCheckoutStore } from '../checkout-store';
import { AddressDialog } from '../components/address-dialog';
import { AddressLines, CheckoutSteps, Sums } from '../components/bits';
import { daysText, estimateText, itemsText, money } from '../format';
import { SHOP_PATHS } from '../paths';
import { useCheckout } from '../use-checkout';

function AddressBook({ book, selected }: { book: Address[]; selected: Address | null }) {
  const setAddress = useCheckoutStore((s) => s.setAddress);
  const name = useAuthStore((s) => s.user?.profile?.display_name ?? '');
  const [editing, setEditing] = useState<Address | null>(null);
  const [open, setOpen] = useState(false);
  const openFor = (a: Address | null) => {
    setEditing(a);
    setOpen(true);
  };
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Deliver to</CardTitle>
          {book.length > 0 && book.length < 20 && (
            <Button variant="outline" size="sm" onClick={() => openFor(null)}>
              <Plus aria-hidden /> Add an address
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent>
        {book.length === 0 ? (
          <EmptyState
            icon={<MapPin className="size-6" />}
            title="No address yet"
            description="Add where the packages should go; it is kept in your address book for next time."
            action={<Button onClick={() => openFor(null)}>Add an address</Button>}
          />
        ) : (
          <RadioGroup value={selected?.id ?? ''} onValueChange={setAddress} className="grid gap-2 sm:grid-cols-2" aria-label="Delivery address">
            {book.map((a) => (
              <div key={a.id} className={cn('flex items-start gap-3 rounded-md border p-3', selected?.id === a.id && 'border-primary')}>
                <RadioGroupItem value={a.id} id={`addr-${a.id}`} className="mt-0.5" aria-label={`${a.label || a.recipient_name}, ${a.line1}, ${a.city}`} />
                <Label htmlFor={`addr-${a.id}`} className="grid flex-1 gap-1 font-normal">
                  <span className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {a.label || 'Address'}
                    {a.is_default ? ' · default' : ''}
                  </span>
                  <AddressLines a={a} />
                </Label>
                <Button variant="ghost" size="sm" aria-label={`Edit ${a.label || a.line1}`} onClick={() => openFor(a)}>
                  <Pencil aria-hidden />
                </Button>
              </div>
            ))}
          </RadioGroup>
        )}
      </CardContent>
      <AddressDialog address={editing} open={open} onOpenChange={setOpen} onSaved={(a) => setAddress(a.id)} fallbackName={name} />
    </Card>
  );
}

/** `/shop/Delivery`: the address (from the book, or a new one) and a shipping method per seller package. */
export default function DeliveryPage() {
  const { cart, addresses, address, quote } = useCheckout();
  const setMethod = useCheckoutStore((s) => s.setMethod);
  const setSeenTotal = useCheckoutStore((s) => s.setSeenTotal);
  const navigate = useNavigate();
  const header = <PageHeader title="Delivery" description="Where your packages go, and how each seller sends theirs." />;
  if (cart.isLoading || addresses.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy>
        <CheckoutSteps current={2} />
        {header}
        <Skeleton className="h-40 w-full" />
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (cart.error || addresses.isError || !cart.cart) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        <CheckoutSteps current={2} />
        {header}
        <ErrorState
          title="We could not load your delivery details"
          error={cart.error ?? addresses.error}
          onRetry={() => {
            cart.refetch();
            void addresses.refetch();
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
          title="Nothing to deliver"
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
  const q = quote.data;
  const blocking = q?.problems ?? [];
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <CheckoutSteps current={2} />
      {header}
      <AddressBook book={addresses.data} selected={address} />
      {address && (
        <section aria-labelledby="ship-h" className="grid gap-4">
          <h2 id="ship-h" className="text-lg font-semibold">
            Shipping per package
          </h2>
          {quote.isPending ? (
            <Skeleton className="h-40 w-full" />
          ) : quote.isError ? (
            <ErrorState title="We could not price the delivery" error={quote.error} onRetry={() => void quote.refetch()} />
          ) : (
            q && (
              <>
                {q.packages.map((p, i) => (
                  <Card key={p.store.id}>
                    <CardHeader className="pb-3">
                      <CardTitle as="h3" className="text-base">
                        Package {i + 1} · {p.store.name}
                      </CardTitle>
                      <CardDescription>
                        {itemsText(p.lines.reduce((n, l) => n + l.quantity, 0))} · {money(p.subtotal)} ·{' '}
                        {estimateText(p.delivery_estimate)}
                      </CardDescription>
                    </CardHeader>
                    <CardContent>
                      {p.shipping_methods.length === 0 ? (
                        <p className="text-sm text-destructive">This seller does not ship to this address yet.</p>
                      ) : (
                        <RadioGroup
                          value={p.shipping_method?.code ?? ''}
                          onValueChange={(code) => setMethod(p.store.id, code)}
                          className="grid gap-2"
                          aria-label={`Shipping for the package from ${p.store.name}`}
                        >
                          {p.shipping_methods.map((m) => {
                            const id = `ship-${p.store.id}-${m.code}`;
                            const on = p.shipping_method?.code === m.code;
                            return (
                              <div key={m.code} className={cn('flex items-center gap-3 rounded-md border p-3 text-sm', on && 'border-primary')}>
                                <RadioGroupItem value={m.code} id={id} />
                                <Label htmlFor={id} className="flex flex-1 flex-wrap justify-between gap-2 font-normal">
                                  <span>
                                    <span className="font-medium">{m.label}</span>
                                    <span className="text-muted-foreground"> · {daysText(m.min_days, m.max_days)}</span>
                                  </span>
                                  <span className="font-medium tabular-nums">{m.fee.amount === 0 ? 'Free' : money(m.fee)}</span>
                                </Label>
                              </div>
                            );
                          })}
                        </RadioGroup>
                      )}
                    </CardContent>
                  </Card>
                ))}
                <Card>
                  <CardContent className="pt-5 sm:pt-6">
                    <Sums
                      rows={[
                        ['Items', q.subtotal],
                        ['Shipping', q.shipping_total],
                      ]}
                      total={['Total', q.total]}
                    />
                  </CardContent>
                </Card>
                {blocking.length > 0 && (
                  <FormAlert>
                    {blocking.map((b) => b.message).join(' ')}
                  </FormAlert>
                )}
              </>
            )
          )}
        </section>
      )}
      {quote.isFetching && q && <p className="sr-only" role="status">Updating the prices…</p>}
      <div className="flex flex-wrap justify-between gap-2">
        <Button asChild variant="outline">
          <Link to={SHOP_PATHS.checkout}>Back to review</Link>
        </Button>
        <Button
          disabled={!address || !q || blocking.length > 0 || quote.isFetching}
          onClick={() => {
            if (!q) return;
            setSeenTotal(q.total.amount);
            navigate(SHOP_PATHS.payment);
          }}
        >
          Continue to payment
        </Button>
      </div>
      {quote.error && q ? <FormAlert>{errorMessage(quote.error)}</FormAlert> : null}
    </div>
  );
}
