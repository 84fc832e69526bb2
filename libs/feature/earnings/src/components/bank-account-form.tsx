import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerErrors, Button, Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Input, inputClass } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Bank } from '../api';
import { accountNumberRule, bankAccountSchema, type BankAccountValues } from '../schemas';

export interface BankAccountFormProps {
  banks: Bank[];
  /** The payout currency: it decides the account-number rule (a 10-digit NUBAN in NGN). */
  currency?: string;
  /** The account being replaced, to prefill the bank and name. */
  current?: { bank_code: string; account_name: string } | null;
  onSave: (values: BankAccountValues) => Promise<void>;
  onCancel?: () => void;
}

const FIELDS = ['bank_code', 'account_number', 'account_name'] as const;

/** Pick a bank, enter the account number and the account name. Server errors land beside their field. */
export function BankAccountForm({ banks, currency = 'NGN', current, onSave, onCancel }: BankAccountFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const rule = accountNumberRule(currency);
  const form = useForm<BankAccountValues>({
    resolver: zodResolver(bankAccountSchema(currency)),
    defaultValues: { bank_code: current?.bank_code ?? '', account_number: '', account_name: current?.account_name ?? '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS));
    }
  });
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Bank account">
        <FormAlert>{formError}</FormAlert>
        <FormField
          control={form.control}
          name="bank_code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Bank</FormLabel>
              <FormControl>
                <select {...field} className={cn(inputClass, 'appearance-auto')}>
                  <option value="">Choose your bank</option>
                  {banks.map((b) => (
                    <option key={b.code} value={b.code}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="account_number"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Account number</FormLabel>
              <FormControl>
                <Input inputMode="numeric" autoComplete="off" maxLength={rule.maxLength} placeholder="0123456789" {...field} />
              </FormControl>
              <FormDescription>{rule.hint}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="account_name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Account name</FormLabel>
              <FormControl>
                <Input autoComplete="name" {...field} />
              </FormControl>
              <FormDescription>Exactly as your bank shows it.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="flex flex-wrap justify-end gap-2">
          {onCancel && (
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save bank account
          </Button>
        </div>
      </form>
    </Form>
  );
}
