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
import { formatMoney, formatSigned, parseMoney, toMajorInput } from '@sojourn/util';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { Payout, PayoutAccount } from '../api';
import { withdrawSchema, type WithdrawValues } from '../schemas';

export interface WithdrawFormProps {
  currency: string;
  available: number;
  minPayout: number;
  fee: number;
  account: PayoutAccount | null;
  /** Why withdrawing is not possible right now (e.g. no bank account); the form is disabled and says so. */
  blocked?: string | null;
  /** Make the payout; rejects with ApiError. The key is fresh for each confirmed submit. */
  onWithdraw: (amount: number, idempotencyKey: string) => Promise<Payout>;
  onDone?: (payout: Payout) => void;
}

/** The server's answer to a refused payout, worded for the amount field. */
function amountError(e: unknown): string | null {
  if (!isApiError(e)) return null;
  if (e.code === 'insufficient_funds') return 'That is more than your available earnings now. Refresh and try a smaller amount.';
  if (e.status === 409 || e.status === 422) {
    const field = e.fields['amount'];
    if (field) return field.startsWith('must ') ? `The amount ${field.replace(/ \(minor units\)$/, '')}.` : field;
    return e.message;
  }
  return null;
}

/** Withdraw available earnings: the fee and what reaches the bank are shown live and again in a confirm dialog. */
export function WithdrawForm({ currency, available, minPayout, fee, account, blocked, onWithdraw, onDone }: WithdrawFormProps) {
  const schema = useMemo(() => withdrawSchema({ currency, available, minPayout, fee }), [currency, available, minPayout, fee]);
  const form = useForm<WithdrawValues>({ resolver: zodResolver(schema), defaultValues: { amount: '' } });
  const typed = useWatch({ control: form.control, name: 'amount' });
  const minor = parseMoney(typed ?? '', currency);
  const [review, setReview] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const key = useRef<string>('');

  const onSubmit = form.handleSubmit(({ amount }) => {
    const value = parseMoney(amount, currency);
    if (value === null) return;
    key.current = newIdempotencyKey('payout');
    setDialogError(null);
    setReview(value);
  });

  const confirm = async () => {
    if (review === null) return;
    setPending(true);
    setDialogError(null);
    try {
      const payout = await onWithdraw(review, key.current);
      setReview(null);
      form.reset({ amount: '' });
      onDone?.(payout);
    } catch (e) {
      const msg = amountError(e);
      if (msg) {
        setReview(null);
        form.setError('amount', { type: 'server', message: msg });
      } else {
        setDialogError(errorMessage(e));
      }
    } finally {
      setPending(false);
    }
  };

  const disabled = Boolean(blocked);
  const showBreakdown = minor !== null && minor > fee;

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Withdraw earnings">
        {blocked && <FormAlert tone="info">{blocked}</FormAlert>}
        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amount to withdraw ({currency})</FormLabel>
              <div className="flex gap-2">
                <FormControl>
                  <Input inputMode="decimal" autoComplete="off" placeholder={toMajorInput(minPayout, currency)} disabled={disabled} {...field} />
                </FormControl>
                <Button
                  type="button"
                  variant="outline"
                  disabled={disabled || available < minPayout}
                  onClick={() => form.setValue('amount', toMajorInput(available, currency), { shouldValidate: true })}
                >
                  All
                </Button>
              </div>
              <FormDescription>
                Available {formatMoney(available, currency)} · minimum {formatMoney(minPayout, currency)} · fee {formatMoney(fee, currency)} per withdrawal
              </FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <dl className="grid gap-1 rounded-lg bg-muted/60 px-3 py-2 text-sm" aria-live="polite">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Payout fee</dt>
            <dd>{formatMoney(fee, currency)}</dd>
          </div>
          <div className="flex justify-between gap-2 font-semibold">
            <dt>You receive</dt>
            <dd data-testid="withdraw-net">{showBreakdown ? formatMoney(minor - fee, currency) : '—'}</dd>
          </div>
        </dl>
        <Button type="submit" disabled={disabled}>
          Review withdrawal
        </Button>
      </form>
      <Dialog open={review !== null} onOpenChange={(open) => !open && !pending && setReview(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm your withdrawal</DialogTitle>
            <DialogDescription>
              The fee is kept by Sojourn; the rest is sent to your bank. If the bank returns the transfer, the whole amount comes back to your available
              earnings.
            </DialogDescription>
          </DialogHeader>
          {review !== null && (
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">From your earnings</dt>
                <dd>{formatMoney(review, currency)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Payout fee</dt>
                <dd>{formatSigned(fee, 'debit', currency)}</dd>
              </div>
              <div className="flex justify-between gap-4 border-t pt-2 text-base font-semibold">
                <dt>Sent to your bank</dt>
                <dd>{formatMoney(review - fee, currency)}</dd>
              </div>
              {account && (
                <div className="flex justify-between gap-4">
                  <dt className="text-muted-foreground">To</dt>
                  <dd className="text-right">
                    {account.bank_name} ••••{account.account_number.slice(-4)}
                    <br />
                    <span className="text-muted-foreground">{account.account_name}</span>
                  </dd>
                </div>
              )}
            </dl>
          )}
          <FormAlert>{dialogError}</FormAlert>
          <DialogFooter>
            <Button variant="outline" onClick={() => setReview(null)} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={() => void confirm()} loading={pending}>
              Confirm withdrawal
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Form>
  );
}
