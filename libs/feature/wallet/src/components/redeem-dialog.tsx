import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
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
import { formatMoney } from '@sojourn/util';
import { Gift } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { giftCardsApi, type GiftCardRedemption } from '../api';
import { useRefreshMoney } from '../hooks';
import { normalizeGiftCode } from '../money';
import { redeemSchema, type RedeemValues } from '../schemas';

export function RedeemDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const refresh = useRefreshMoney();
  const form = useForm<RedeemValues>({ resolver: zodResolver(redeemSchema), defaultValues: { code: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<GiftCardRedemption | null>(null);

  const close = () => {
    form.reset();
    setFormError(null);
    setDone(null);
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      const { data } = await giftCardsApi.redeem(normalizeGiftCode(code), newIdempotencyKey());
      setDone(data);
      void refresh();
    } catch (e) {
      if (isApiError(e) && e.fields.code) form.setError('code', { type: 'server', message: e.fields.code });
      else setFormError(errorMessage(e));
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent>
        {done ? (
          <>
            <DialogHeader>
              <DialogTitle>Gift card redeemed</DialogTitle>
              <DialogDescription>The card ending {done.code_last4} is now in your wallet.</DialogDescription>
            </DialogHeader>
            <div className="flex items-center gap-4 rounded-lg border border-success/30 bg-success/10 p-4" role="status">
              <Gift className="size-8 shrink-0 text-success" aria-hidden />
              <div className="grid gap-0.5">
                <p className="font-semibold">{formatMoney(done.amount, done.currency)} added</p>
                <p className="text-sm text-muted-foreground">
                  New balance: <span className="font-medium text-foreground tabular-nums">{formatMoney(done.wallet_balance, done.currency)}</span>
                </p>
              </div>
            </div>
            <DialogFooter>
              <Button onClick={close}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Redeem a gift card</DialogTitle>
              <DialogDescription>The whole value of the card goes into your wallet, ready to spend anywhere on Sojourn.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <FormAlert>{formError}</FormAlert>
                <FormField
                  control={form.control}
                  name="code"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Gift card code</FormLabel>
                      <FormControl>
                        <Input
                          autoComplete="off"
                          autoCapitalize="characters"
                          spellCheck={false}
                          placeholder="ABCD-EFGH-JKMN-PQRS-TVWX"
                          className="font-mono uppercase tracking-wider"
                          {...field}
                        />
                      </FormControl>
                      <FormDescription>Type or paste it as it appears in the email; spaces and dashes do not matter.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <DialogFooter>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={form.formState.isSubmitting}>
                    Redeem
                  </Button>
                </DialogFooter>
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
