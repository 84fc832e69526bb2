import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
import { applyServerErrors, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, Label, RadioGroup, RadioGroupItem, Skeleton } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { fetchWallet, useAuthStore } from '@sojourn/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { stayApi, stayKeys, type Stay, type StayPayWith } from '../api';
import { BOARD_LABELS, stayHref } from '../paths';
import { PolicyText, when } from './rates';

const CONTROL = /[\u0000-\u001f\u007f]/; // eslint-disable-line no-control-regex
const name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `Enter the guest's ${what}.`)
    .max(100, `Keep the ${what} within 100 characters.`)
    .refine((v) => !CONTROL.test(v), 'Remove the control characters.');
const schema = z.object({
  given_name: name('given name'),
  family_name: name('family name'),
  email: z.string().trim().email('Enter an email address the hotel can reach.').max(254),
  phone: z
    .string()
    .trim()
    .max(30, 'At most 30 characters.')
    .regex(/^[0-9+\-() ]*$/, 'Digits, spaces and + - ( ) only.'),
});
type Guest = z.infer<typeof schema>;

/** The quoted room: its price (and whether it changed), policy, the lead guest, and paying from the wallet or by card. */
export function BookingPanel({ quote, tripId, onClose }: { quote: Stay; tripId?: string | undefined; onClose: () => void }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useAuthStore((s) => s.user);
  const [payWith, setPayWith] = useState<StayPayWith>('wallet');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const key = useRef(new Map<string, string>());
  const wallet = useQuery({ queryKey: stayKeys.wallet, queryFn: () => stayApi.wallet('NGN') });
  const balance = wallet.data?.balance ?? null;
  const short = balance !== null && balance < quote.price.amount;
  const form = useForm<Guest>({ resolver: zodResolver(schema), defaultValues: { given_name: '', family_name: '', email: user?.email ?? '', phone: '' } });
  const expired = new Date(quote.quote_expires_at) <= new Date();

  const submit = form.handleSubmit(async (g) => {
    setProblem(null);
    setBusy(true);
    const k = `${quote.id}:${payWith}`;
    if (!key.current.has(k)) key.current.set(k, newIdempotencyKey('stay'));
    try {
      const paid = await stayApi.pay(quote.id, key.current.get(k)!, {
        guests: [{ given_name: g.given_name, family_name: g.family_name }],
        email: g.email,
        phone: g.phone || undefined,
        pay_with: payWith,
        accepted_price: quote.price.amount,
        trip_id: tripId,
      });
      if (paid.payment) {
        window.location.assign(paid.payment.authorization_url);
        return;
      }
      await Promise.all([qc.invalidateQueries({ queryKey: stayKeys.all }), qc.invalidateQueries({ queryKey: ['wallet'] }), fetchWallet().catch(() => undefined)]);
      navigate(stayHref(quote.property_id, quote.id));
    } catch (e) {
      const rest = applyServerErrors(e, form.setError, ['given_name', 'family_name', 'email', 'phone'], { 'guests[0].given_name': 'given_name', 'guests[0].family_name': 'family_name' });
      setProblem(isApiError(e) && e.code === 'insufficient_funds' ? 'Your wallet does not hold enough for this stay: top it up, or pay by card.' : (rest ?? (isApiError(e) && e.status === 422 ? null : errorMessage(e))));
    } finally {
      setBusy(false);
    }
  });

  return (
    <Card role="region" aria-labelledby="stay-book-title">
      <CardHeader>
        <CardTitle as="h2" id="stay-book-title">
          Book {quote.room_name}
        </CardTitle>
        <CardDescription>
          {BOARD_LABELS[quote.board_type] ?? quote.board_type} · {quote.nights} {quote.nights === 1 ? 'night' : 'nights'}, {quote.check_in} to {quote.check_out} · {quote.adults} {quote.adults === 1 ? 'guest' : 'guests'}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {quote.price_changed && (
          <FormAlert tone="info">
            The hotel re-checked this room: the price is now {formatMoney(quote.price.amount, quote.price.currency)} (it was {formatMoney(quote.rate_price.amount, quote.rate_price.currency)}). Paying accepts the new price.
          </FormAlert>
        )}
        <div className="flex items-baseline justify-between gap-3 rounded-lg bg-muted/50 p-3">
          <span className="text-sm">Total, taxes included</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="stay-total">
            {formatMoney(quote.price.amount, quote.price.currency)}
          </span>
        </div>
        <div className="grid gap-1 text-sm">
          <p className="font-semibold">Cancellation policy</p>
          <PolicyText rate={{ refundable: quote.refundable, free_cancellation_until: quote.cancellation.find((s) => s.refund.amount === quote.price.amount)?.before ?? null, cancellation: quote.cancellation, price: quote.price }} />
          <p className="text-xs text-muted-foreground">This price is held until {when(quote.quote_expires_at)}.</p>
        </div>
        {expired ? (
          <FormAlert>This price has expired. Reserve the room again for a fresh price.</FormAlert>
        ) : (
          <Form {...form}>
            <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
              <fieldset className="grid gap-3 sm:grid-cols-2">
                <legend className="mb-2 text-sm font-semibold">Lead guest (as on their ID)</legend>
                <FormField control={form.control} name="given_name" render={({ field }) => (
                  <FormItem>
                    <FormLabel>Given name</FormLabel>
                    <FormControl><Input autoComplete="given-name" maxLength={100} {...field} /></FormControl>
                    <FormMessage />
                  </FormItem>
                )} />
                <FormField control={form.control} name="family_name" render={({ field }) => (
                  <FormItem>
                    <FormLabel>Family name</FormLabel>
                    <FormControl><Input autoComplete="family-name" maxLength={100} {...field} /></FormControl>
                    <FormMessage />
                  </FormItem>
                )} />
                <FormField control={form.control} name="email" render={({ field }) => (
                  <FormItem>
                    <FormLabel>Email</FormLabel>
                    <FormControl><Input type="email" autoComplete="email" maxLength={254} {...field} /></FormControl>
                    <FormMessage />
                  </FormItem>
                )} />
                <FormField control={form.control} name="phone" render={({ field }) => (
                  <FormItem>
                    <FormLabel>Phone (optional)</FormLabel>
                    <FormControl><Input type="tel" autoComplete="tel" maxLength={30} {...field} /></FormControl>
                    <FormMessage />
                  </FormItem>
                )} />
              </fieldset>
              <fieldset className="grid gap-2">
                <legend className="mb-1.5 text-sm font-semibold">Pay with</legend>
                <RadioGroup value={payWith} onValueChange={(v) => setPayWith(v as StayPayWith)} className="grid gap-2">
                  <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', payWith === 'wallet' && 'border-primary')}>
                    <RadioGroupItem value="wallet" id="stay-pay-wallet" className="mt-0.5" />
                    <Label htmlFor="stay-pay-wallet" className="grid gap-0.5">
                      Your NGN wallet
                      {wallet.isPending ? (
                        <Skeleton className="h-4 w-40" />
                      ) : balance === null ? (
                        <span className="font-normal text-muted-foreground">Not activated yet.</span>
                      ) : (
                        <span className={cn('font-normal', short ? 'text-destructive' : 'text-muted-foreground')}>
                          Balance {formatMoney(balance, 'NGN')}
                          {short && ': not enough for this stay. Top it up or pay by card.'}
                        </span>
                      )}
                    </Label>
                  </div>
                  <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', payWith === 'card' && 'border-primary')}>
                    <RadioGroupItem value="card" id="stay-pay-card" className="mt-0.5" />
                    <Label htmlFor="stay-pay-card" className="grid gap-0.5">
                      Card
                      <span className="font-normal text-muted-foreground">One secure Paystack payment; you come back to your booking afterwards.</span>
                    </Label>
                  </div>
                </RadioGroup>
              </fieldset>
              <FormAlert>{problem}</FormAlert>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" size="lg" loading={busy} disabled={payWith === 'wallet' && (balance === null || short)}>
                  {payWith === 'wallet' ? `Pay ${formatMoney(quote.price.amount, quote.price.currency)} from wallet` : 'Continue to card payment'}
                </Button>
                <Button type="button" variant="ghost" onClick={onClose}>
                  Choose another room
                </Button>
              </div>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
