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
  Label,
  RadioGroup,
  RadioGroupItem,
  Textarea,
} from '@sojourn/ui';
import { formatSigned, parseMoney } from '@sojourn/util';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { AdjustmentInput, Transaction } from '../api';

export const adjustmentSchema = z.object({
  account: z.enum(['wallet', 'earnings_available']),
  direction: z.enum(['credit', 'debit']),
  amount: z
    .string()
    .trim()
    .min(1, 'Enter the amount.')
    .refine((v) => {
      const n = parseMoney(v);
      return n !== null && n > 0;
    }, 'Enter an amount such as 2,500 or 2,500.50.'),
  reason: z.string().trim().min(3, 'Give a reason of at least 3 characters; it is kept in the audit log.').max(500, 'Keep the reason under 500 characters.'),
});
export type AdjustmentValues = z.infer<typeof adjustmentSchema>;

export interface AdjustmentTarget {
  id: string;
  email: string;
  username: string;
}

const ACCOUNT_LABEL = { wallet: 'Wallet', earnings_available: 'Available earnings' } as const;

export interface AdjustmentFormProps {
  user: AdjustmentTarget;
  currency?: string;
  onSubmit: (body: AdjustmentInput, idempotencyKey: string) => Promise<Transaction>;
  onDone: (txn: Transaction) => void;
}

/** Credit or debit a user's wallet or available earnings, with a required reason, confirmed in a dialog. */
export function AdjustmentForm({ user, currency = 'NGN', onSubmit, onDone }: AdjustmentFormProps) {
  const form = useForm<AdjustmentValues>({
    resolver: zodResolver(adjustmentSchema),
    defaultValues: { account: 'wallet', direction: 'credit', amount: '', reason: '' },
  });
  const [review, setReview] = useState<AdjustmentValues | null>(null);
  const [pending, setPending] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const key = useRef('');

  const submit = form.handleSubmit((v) => {
    key.current = newIdempotencyKey('adjust');
    setFormError(null);
    setReview(v);
  });
  const confirm = async () => {
    if (!review) return;
    const minor = parseMoney(review.amount, currency)!;
    setPending(true);
    try {
      const txn = await onSubmit(
        { user_id: user.id, account: review.account, amount: review.direction === 'credit' ? minor : -minor, currency: currency as AdjustmentInput['currency'], reason: review.reason.trim() },
        key.current,
      );
      setReview(null);
      form.reset({ account: review.account, direction: review.direction, amount: '', reason: '' });
      onDone(txn);
    } catch (e) {
      setReview(null);
      if (isApiError(e) && e.code === 'insufficient_funds') {
        form.setError('amount', { type: 'server', message: `${user.username}'s ${ACCOUNT_LABEL[review.account].toLowerCase()} holds less than that; a debit cannot take it below zero.` });
      } else if (isApiError(e) && e.fields['amount']) {
        form.setError('amount', { type: 'server', message: e.fields['amount'] });
      } else if (isApiError(e) && e.fields['reason']) {
        form.setError('reason', { type: 'server', message: e.fields['reason'] });
      } else {
        setFormError(errorMessage(e));
      }
    } finally {
      setPending(false);
    }
  };

  const radio = (name: 'account' | 'direction', label: string, options: [string, string][]) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <RadioGroup value={field.value} onValueChange={field.onChange} className="sm:grid-flow-col sm:justify-start sm:gap-6">
              {options.map(([value, text]) => (
                <div key={value} className="flex items-center gap-2">
                  <RadioGroupItem id={`${name}-${value}`} value={value} />
                  <Label htmlFor={`${name}-${value}`} className="font-normal">
                    {text}
                  </Label>
                </div>
              ))}
            </RadioGroup>
          </FormControl>
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={`Adjust ${user.username}`}>
        <FormAlert>{formError}</FormAlert>
        {radio('account', 'Account', [
          ['wallet', 'Wallet'],
          ['earnings_available', 'Available earnings'],
        ])}
        {radio('direction', 'Direction', [
          ['credit', 'Credit (add money)'],
          ['debit', 'Debit (take money)'],
        ])}
        <FormField
          control={form.control}
          name="amount"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amount ({currency})</FormLabel>
              <FormControl>
                <Input inputMode="decimal" autoComplete="off" className="sm:max-w-60" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reason</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormDescription>Recorded in the audit log and shown on the user’s transaction.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div>
          <Button type="submit">Review adjustment</Button>
        </div>
      </form>
      <Dialog open={review !== null} onOpenChange={(open) => !open && !pending && setReview(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Confirm the adjustment</DialogTitle>
            <DialogDescription>The ledger entry is permanent; a mistake is corrected with another adjustment.</DialogDescription>
          </DialogHeader>
          {review && (
            <dl className="grid gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">User</dt>
                <dd className="text-right">
                  {user.username}
                  <br />
                  <span className="text-muted-foreground">{user.email}</span>
                </dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Account</dt>
                <dd>{ACCOUNT_LABEL[review.account]}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">{review.direction === 'credit' ? 'Credit' : 'Debit'}</dt>
                <dd className="font-semibold">{formatSigned(parseMoney(review.amount, currency) ?? 0, review.direction, currency)}</dd>
              </div>
              <div className="grid gap-1">
                <dt className="text-muted-foreground">Reason</dt>
                <dd>{review.reason}</dd>
              </div>
            </dl>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setReview(null)} disabled={pending}>
              Back
            </Button>
            <Button loading={pending} onClick={() => void confirm()}>
              Confirm adjustment
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Form>
  );
}
