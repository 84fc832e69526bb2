import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
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
  Textarea,
} from '@sojourn/ui';
import { formatMoney, parseMoney } from '@sojourn/util';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { walletApi, type Currency } from '../api';
import { useRefreshMoney } from '../hooks';
import { isInsufficientFunds } from '../money';
import { NOTE_MAX, transferSchema, type TransferValues } from '../schemas';

export function TransferDialog({
  open,
  onOpenChange,
  balance,
  currency = 'NGN',
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  balance: number;
  currency?: Currency;
}) {
  const email = useAuthStore((s) => s.email);
  const username = useAuthStore((s) => s.user?.username);
  const refresh = useRefreshMoney();
  const schema = useMemo(() => transferSchema({ email, username }), [email, username]);
  const form = useForm<TransferValues>({ resolver: zodResolver(schema), defaultValues: { to: '', amount: '', note: '' } });
  const [confirming, setConfirming] = useState<TransferValues | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const close = () => {
    form.reset();
    setConfirming(null);
    setFormError(null);
    onOpenChange(false);
  };

  const review = form.handleSubmit((values) => {
    setFormError(null);
    const minor = parseMoney(values.amount)!;
    if (minor > balance) {
      form.setError('amount', { type: 'balance', message: `That is more than your balance of ${formatMoney(balance, currency)}.` });
      return;
    }
    setConfirming(values);
  });

  const send = async () => {
    if (!confirming) return;
    setSending(true);
    setFormError(null);
    const to = confirming.to.replace(/^@/, '');
    try {
      await walletApi.transfer(
        { to, amount: parseMoney(confirming.amount)!, currency, ...(confirming.note ? { note: confirming.note } : {}) },
        newIdempotencyKey(),
      );
      toast.success(`${formatMoney(parseMoney(confirming.amount)!, currency)} sent to ${confirming.to}.`);
      void refresh();
      close();
    } catch (e) {
      setConfirming(null);
      if (isInsufficientFunds(e)) {
        void refresh();
        setFormError(`Not enough money in your wallet for this transfer. Your balance is ${formatMoney(balance, currency)}; top up or send less.`);
      } else if (isApiError(e) && e.fields.to) {
        form.setError('to', { type: 'server', message: e.fields.to });
      } else if (isApiError(e) && e.fields.amount) {
        form.setError('amount', { type: 'server', message: e.fields.amount });
      } else if (isApiError(e) && e.status === 404) {
        form.setError('to', { type: 'server', message: 'We could not find a Sojourn account with that email or username.' });
      } else {
        setFormError(errorMessage(e));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => (o ? onOpenChange(true) : close())}>
      <DialogContent>
        {confirming ? (
          <>
            <DialogHeader>
              <DialogTitle>Confirm the transfer</DialogTitle>
              <DialogDescription>Money sent to another Sojourn account arrives at once and cannot be recalled.</DialogDescription>
            </DialogHeader>
            <dl className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">To</dt>
                <dd className="font-medium break-all text-right">{confirming.to}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Amount</dt>
                <dd className="font-semibold tabular-nums">{formatMoney(parseMoney(confirming.amount)!, currency)}</dd>
              </div>
              {confirming.note && (
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">Note</dt>
                  <dd className="text-right">{confirming.note}</dd>
                </div>
              )}
              <div className="flex justify-between gap-4 border-t pt-3">
                <dt className="text-muted-foreground">Balance afterwards</dt>
                <dd className="tabular-nums">{formatMoney(balance - parseMoney(confirming.amount)!, currency)}</dd>
              </div>
            </dl>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(null)} disabled={sending}>
                Back
              </Button>
              <Button onClick={send} loading={sending}>
                Send {formatMoney(parseMoney(confirming.amount)!, currency)}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Send money</DialogTitle>
              <DialogDescription>Pay a friend from your wallet. You have {formatMoney(balance, currency)} to send.</DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form onSubmit={review} noValidate className="grid gap-4">
                <FormAlert>{formError}</FormAlert>
                <FormField
                  control={form.control}
                  name="to"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Recipient</FormLabel>
                      <FormControl>
                        <Input autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="friend@example.com or username" {...field} />
                      </FormControl>
                      <FormDescription>Their email address or Sojourn username.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="amount"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Amount ({currency})</FormLabel>
                      <FormControl>
                        <Input inputMode="decimal" autoComplete="off" placeholder="2500" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="note"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Note (optional)</FormLabel>
                      <FormControl>
                        <Textarea rows={2} maxLength={NOTE_MAX + 20} placeholder="Your share of the Lekki beach house" className="min-h-16" {...field} />
                      </FormControl>
                      <FormDescription>
                        {field.value.length}/{NOTE_MAX} characters. They see it with the money.
                      </FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <DialogFooter>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit">Review transfer</Button>
                </DialogFooter>
              </form>
            </Form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
