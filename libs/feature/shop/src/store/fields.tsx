import { Button, Input, Label } from '@sojourn/ui';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { z } from 'zod';

export const COUNTRIES: Record<string, string> = { NG: 'Nigeria', GH: 'Ghana', KE: 'Kenya', ZA: 'South Africa' };

/** One labelled field with its hint or error below. */
export function Field({ id, text, error, hint, children }: { id: string; text: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{text}</Label>
      {children}
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

const oneLine = (s: string) => [...s].every((c) => c >= ' ' && c !== '\u007f');

/** A shipping method as the form edits it: the fee in whole currency units (the API keeps minor units). */
export const shippingSchema = z
  .object({
    code: z.string().regex(/^[a-z0-9_]{2,32}$/, '2-32 lower-case letters, digits or _'),
    label: z.string().trim().min(2, 'Name the method').max(60).refine(oneLine, 'One line'),
    fee: z.coerce.number().min(0, 'From 0').max(100_000_000, 'At most 100,000,000'),
    min_days: z.coerce.number().int().min(0).max(60),
    max_days: z.coerce.number().int().min(0).max(60),
  })
  .refine((m) => m.max_days >= m.min_days, { path: ['max_days'], message: 'At least the fewest days' });
export type ShippingValues = z.infer<typeof shippingSchema>;

export const shippingListSchema = z
  .array(shippingSchema)
  .min(1, 'Offer at least one way to deliver')
  .max(5, 'At most 5 methods')
  .refine((l) => new Set(l.map((m) => m.code)).size === l.length, 'Each method needs its own code');

export const toShippingInput = (l: ShippingValues[]) => l.map((m) => ({ ...m, fee: Math.round(m.fee * 100) }));
export const fromShipping = (l: { code: string; label: string; fee: number | { amount: number }; min_days: number; max_days: number }[]): ShippingValues[] =>
  l.map((m) => ({ code: m.code, label: m.label, fee: (typeof m.fee === 'number' ? m.fee : m.fee.amount) / 100, min_days: m.min_days, max_days: m.max_days }));
export const DEFAULT_SHIPPING: ShippingValues[] = [{ code: 'standard', label: 'Standard delivery', fee: 2500, min_days: 2, max_days: 5 }];

type ShipForm = { shipping: ShippingValues[] };

/** The list of shipping methods (1 to 5): label, code, fee and delivery days. */
export function ShippingEditor({ control, register, errors, prefix }: { control: Control<ShipForm>; register: UseFormRegister<ShipForm>; errors: FieldErrors<ShipForm>; prefix: string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'shipping' });
  const listError = errors.shipping?.root?.message ?? errors.shipping?.message;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Shipping methods</legend>
      {fields.map((f, i) => {
        const e = errors.shipping?.[i];
        const id = (k: string) => `${prefix}-ship-${i}-${k}`;
        return (
          <div key={f.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-start">
            <Field id={id('label')} text="Name" error={e?.label?.message}>
              <Input id={id('label')} aria-invalid={Boolean(e?.label)} {...register(`shipping.${i}.label`)} maxLength={60} />
            </Field>
            <Field id={id('code')} text="Code" error={e?.code?.message}>
              <Input id={id('code')} aria-invalid={Boolean(e?.code)} {...register(`shipping.${i}.code`)} maxLength={32} />
            </Field>
            <Field id={id('fee')} text="Fee (₦)" error={e?.fee?.message}>
              <Input id={id('fee')} type="number" min={0} step="0.01" inputMode="decimal" aria-invalid={Boolean(e?.fee)} {...register(`shipping.${i}.fee`)} />
            </Field>
            <Field id={id('min')} text="Fewest days" error={e?.min_days?.message}>
              <Input id={id('min')} type="number" min={0} max={60} aria-invalid={Boolean(e?.min_days)} {...register(`shipping.${i}.min_days`)} />
            </Field>
            <Field id={id('max')} text="Most days" error={e?.max_days?.message}>
              <Input id={id('max')} type="number" min={0} max={60} aria-invalid={Boolean(e?.max_days)} {...register(`shipping.${i}.max_days`)} />
            </Field>
            <Button type="button" variant="ghost" size="icon" className="lg:mt-6" disabled={fields.length === 1} onClick={() => remove(i)} aria-label={`Remove ${f.label || 'this method'}`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        );
      })}
      {listError && <p className="text-sm text-destructive">{listError}</p>}
      {fields.length < 5 && (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => append({ code: `method_${fields.length + 1}`, label: '', fee: 0, min_days: 1, max_days: 3 })}>
          <Plus className="size-4" aria-hidden /> Add a method
        </Button>
      )}
    </fieldset>
  );
}
