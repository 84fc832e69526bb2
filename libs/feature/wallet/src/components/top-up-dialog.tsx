import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
} from '@sojourn/ui';
import { formatMoney, parseMoney, toMajorInput } from '@sojourn/util';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { walletApi, type Currency } from '../api';
import { useWalletPaths } from '../paths';
import { payByCard } from '../paystack/pay';
import { TOPUP_MAX, TOPUP_MIN, topUpSchema, type TopUpValues } from '../schemas';

const QUICK = [100_000, 500_000, 1_000_000, 2_000_000];

export function TopUpDialog({ open, onOpenChange, currency = 'NGN' }: { open: boolean; onOpenChange: (o: boolean) => void; currency?: Currency }) {
  const email = useAuthStore((s) => s.email ?? '');
  const navigate = useNavigate();
  const paths = useWalletPaths();
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useForm<TopUpValues>({ resolver: zodResolver(topUpSchema), defaultValues: { amount: '' } });
  const typed = parseMoney(form.watch('amount'));

  const onSubmit = form.handleSubmit(async ({ amount }) => {
    setFormError(null);
    const minor = parseMoney(amount)!;
    try {
      const { data } = await walletApi.topUp(minor, newIdempotencyKey(), currency);
      const how = await payByCard(data, {
        amount: minor,
        currency,
        email,
        returnPath: paths.wallet,
        navigate,
        onClose: () => toast.info('The payment window was closed. Nothing was charged.'),
      });
      if (how === 'redirect') setLeaving(true);
      else onOpenChange(false);
    } catch (e) {
      const fieldError = (e as { fields?: Record<string, string> }).fields?.amount;
      if (fieldError) form.setError('amount', { type: 'server', message: fieldError });
      else setFormError(errorMessage(e));
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) {
          form.reset();
          setFormError(null);
        }
        onOpenChange(o);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Top up your wallet</DialogTitle>
          <DialogDescription>
            Pay by card through Paystack. Your balance goes up as soon as Paystack confirms the payment.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            <FormAlert>{formError}</FormAlert>
            <FormField
              control={form.control}
              name="amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Amount ({currency})</FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" placeholder="5000" {...field} />
                  </FormControl>
                  <FormDescription>
                    From {formatMoney(TOPUP_MIN, currency, { compact: true })} to {formatMoney(TOPUP_MAX, currency, { compact: true })}.
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="flex flex-wrap gap-2" role="group" aria-label="Quick amounts">
              {QUICK.map((q) => (
                <Button
                  key={q}
                  size="sm"
                  variant={typed === q ? 'default' : 'outline'}
                  aria-pressed={typed === q}
                  onClick={() => form.setValue('amount', toMajorInput(q), { shouldValidate: true })}
                >
                  {formatMoney(q, currency, { compact: true })}
                </Button>
              ))}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)} disabled={leaving}>
                Cancel
              </Button>
              <Button type="submit" loading={form.formState.isSubmitting || leaving}>
                {leaving ? 'Opening Paystack…' : typed && typed >= TOPUP_MIN ? `Pay ${formatMoney(typed, currency)}` : 'Continue to payment'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
