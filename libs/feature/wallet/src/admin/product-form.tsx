import { zodResolver } from '@hookform/resolvers/zod';
import { mediaUrl } from '@sojourn/api-client';
import {
  applyServerErrors,
  Button,
  FileUpload,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  inputClass,
  Label,
  RadioGroup,
  RadioGroupItem,
  Switch,
  Textarea,
} from '@sojourn/ui';
import { cn, formatMoney, parseMoney, toMajorInput } from '@sojourn/util';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { CURRENCIES, type Currency, type GiftCardProduct, type GiftCardProductInput } from '../api';

const MAX_MINOR = 1_000_000_000;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Split "5000 10000 25000" (spaces, new lines or semicolons) into amounts. */
export function splitAmounts(text: string): string[] {
  return text
    .split(/[\s;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

export const productSchema = z
  .object({
    name: z.string().trim().min(2, 'Give the product a name of at least 2 characters.').max(100, 'Keep the name under 100 characters.'),
    description: z.string().trim().max(2000, 'Keep the description under 2,000 characters.'),
    currency: z.enum(['NGN', 'GHS', 'KES', 'ZAR', 'USD']),
    amount_type: z.enum(['fixed', 'custom']),
    denominations: z.string(),
    min_amount: z.string(),
    max_amount: z.string(),
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const inRange = (n: number | null) => n !== null && n >= 1 && n <= MAX_MINOR;
    if (v.amount_type === 'fixed') {
      const parts = splitAmounts(v.denominations);
      if (parts.length === 0) ctx.addIssue({ code: 'custom', path: ['denominations'], message: 'List at least one amount, e.g. 5000 10000 25000.' });
      else if (parts.length > 12) ctx.addIssue({ code: 'custom', path: ['denominations'], message: 'Offer at most 12 amounts.' });
      else {
        const bad = parts.find((p) => !inRange(parseMoney(p, v.currency)));
        if (bad) ctx.addIssue({ code: 'custom', path: ['denominations'], message: `“${bad}” is not an amount between 0.01 and 10,000,000.` });
      }
    } else {
      const min = parseMoney(v.min_amount, v.currency);
      const max = parseMoney(v.max_amount, v.currency);
      if (!inRange(min)) ctx.addIssue({ code: 'custom', path: ['min_amount'], message: 'Enter the smallest amount a buyer may choose.' });
      if (!inRange(max)) ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'Enter the largest amount a buyer may choose.' });
      else if (min !== null && max !== null && max <= min) ctx.addIssue({ code: 'custom', path: ['max_amount'], message: 'The largest amount must be above the smallest.' });
    }
  });
export type ProductValues = z.infer<typeof productSchema>;

/** The API body for the form's values (amounts in minor units). */
export function toProductBody(v: ProductValues): GiftCardProductInput {
  const base = { name: v.name.trim(), description: v.description.trim(), currency: v.currency as Currency, active: v.active };
  if (v.amount_type === 'fixed') {
    const amounts = [...new Set(splitAmounts(v.denominations).map((p) => parseMoney(p, v.currency)!))].sort((a, b) => a - b);
    return { ...base, denominations: amounts };
  }
  return { ...base, min_amount: parseMoney(v.min_amount, v.currency)!, max_amount: parseMoney(v.max_amount, v.currency)! };
}

function defaults(p: GiftCardProduct | null): ProductValues {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    currency: (p?.currency ?? 'NGN') as ProductValues['currency'],
    amount_type: p?.amount_type ?? 'fixed',
    denominations: p?.denominations.map((d) => toMajorInput(d, p.currency)).join(' ') ?? '',
    min_amount: p?.min_amount ? toMajorInput(p.min_amount, p.currency) : '',
    max_amount: p?.max_amount ? toMajorInput(p.max_amount, p.currency) : '',
    active: p?.active ?? true,
  };
}

const FIELDS = ['name', 'description', 'currency', 'denominations', 'min_amount', 'max_amount', 'active'] as const;

export interface ProductFormProps {
  product: GiftCardProduct | null;
  onSave: (body: GiftCardProductInput, image: File | null) => Promise<void>;
  onCancel: () => void;
}

/** Create or edit a gift-card product: name, description, currency, fixed amounts or a custom range, design image. */
export function ProductForm({ product, onSave, onCancel }: ProductFormProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const form = useForm<ProductValues>({ resolver: zodResolver(productSchema), defaultValues: defaults(product) });
  const amountType = useWatch({ control: form.control, name: 'amount_type' });
  const currency = useWatch({ control: form.control, name: 'currency' });
  const denominations = useWatch({ control: form.control, name: 'denominations' });
  const preview = splitAmounts(denominations ?? '')
    .map((p) => parseMoney(p, currency))
    .filter((n): n is number => n !== null && n > 0);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(toProductBody(values), image);
    } catch (e) {
      setFormError(applyServerErrors(e, form.setError, FIELDS));
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={product ? 'Edit gift-card product' : 'New gift-card product'}>
        <FormAlert>{formError}</FormAlert>
        <FileUpload
          label="Design image"
          accept={IMAGE_TYPES}
          maxBytes={5 * 1024 * 1024}
          currentUrl={mediaUrl(product?.image_url)}
          onFileChange={setImage}
        />
        <FormField
          control={form.control}
          name="name"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Name</FormLabel>
              <FormControl>
                <Input {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormDescription>Shown to buyers on the gift-card page.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="currency"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Currency</FormLabel>
              <FormControl>
                <select {...field} className={cn(inputClass, 'appearance-auto sm:max-w-40')}>
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c}
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
          name="amount_type"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Amounts</FormLabel>
              <FormControl>
                <RadioGroup value={field.value} onValueChange={field.onChange} className="sm:grid-flow-col sm:justify-start sm:gap-6">
                  <div className="flex items-center gap-2">
                    <RadioGroupItem id="amount-fixed" value="fixed" />
                    <Label htmlFor="amount-fixed" className="font-normal">
                      Fixed amounts
                    </Label>
                  </div>
                  <div className="flex items-center gap-2">
                    <RadioGroupItem id="amount-custom" value="custom" />
                    <Label htmlFor="amount-custom" className="font-normal">
                      Buyer chooses within a range
                    </Label>
                  </div>
                </RadioGroup>
              </FormControl>
            </FormItem>
          )}
        />
        {amountType === 'fixed' ? (
          <FormField
            control={form.control}
            name="denominations"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Denominations ({currency})</FormLabel>
                <FormControl>
                  <Input placeholder="5000 10000 25000" {...field} />
                </FormControl>
                <FormDescription>
                  {preview.length > 0 ? `Buyers choose from ${preview.map((n) => formatMoney(n, currency)).join(', ')}.` : 'Up to 12 amounts, separated by spaces.'}
                </FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="min_amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Smallest amount ({currency})</FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="max_amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Largest amount ({currency})</FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
        )}
        <FormField
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormItem className="flex items-center gap-3">
              <FormControl>
                <Switch checked={field.value} onCheckedChange={field.onChange} />
              </FormControl>
              <FormLabel className="font-normal">On sale</FormLabel>
            </FormItem>
          )}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {product ? 'Save changes' : 'Create product'}
          </Button>
        </div>
      </form>
    </Form>
  );
}
