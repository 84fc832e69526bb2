import { zodResolver } from '@hookform/resolvers/zod';
import { applyServerErrors, Button, Checkbox, Form, FormAlert, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, Label } from '@sojourn/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { RentalBranch, RentalBranchInput } from '../api';
import { WEEKDAYS, WEEKDAY_LABELS } from '../format';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
const day = z
  .object({ open: z.boolean(), from: z.string(), to: z.string() })
  .superRefine((d, ctx) => {
    if (!d.open) return;
    if (!TIME.test(d.from)) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Enter the opening time.' });
    if (!TIME.test(d.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Enter the closing time.' });
    if (TIME.test(d.from) && TIME.test(d.to) && d.to <= d.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Closing comes after opening.' });
  });
const ZONES: string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export const branchSchema = z.object({
  name: z.string().trim().min(2, 'Name the branch, e.g. Airport desk.').max(100, 'Keep the name within 100 characters.'),
  address: z.string().trim().min(5, 'Enter the street address.').max(300, 'Keep the address within 300 characters.'),
  city: z.string().trim().min(2, 'Enter the city.').max(100, 'Keep the city within 100 characters.'),
  country: z.string().trim().regex(/^([A-Za-z]{2})?$/, 'Two letters, e.g. NG.'),
  phone: z.string().trim().max(40, 'Keep the phone number within 40 characters.'),
  time_zone: z
    .string()
    .trim()
    .max(64)
    .refine((v) => v === '' || ZONES.includes(v), 'Choose a time zone from the list, e.g. Africa/Accra, or leave it empty.'),
  hours: z.object(Object.fromEntries(WEEKDAYS.map((d) => [d, day])) as Record<(typeof WEEKDAYS)[number], typeof day>),
});
type Values = z.infer<typeof branchSchema>;

function defaults(b: RentalBranch | null): Values {
  return {
    name: b?.name ?? '',
    address: b?.address ?? '',
    city: b?.city ?? '',
    country: b?.country ?? 'NG',
    phone: b?.phone ?? '',
    time_zone: b?.time_zone ?? '',
    hours: Object.fromEntries(
      WEEKDAYS.map((d) => {
        const h = b ? b.hours[d] : d === 'sunday' ? undefined : { open: '08:00', close: d === 'saturday' ? '14:00' : '18:00' };
        return [d, { open: Boolean(h), from: h?.open ?? '08:00', to: h?.close ?? '18:00' }];
      }),
    ) as Values['hours'],
  };
}

function toInput(v: Values): RentalBranchInput {
  return {
    name: v.name.trim(),
    address: v.address.trim(),
    city: v.city.trim(),
    country: v.country.trim().toUpperCase(),
    phone: v.phone.trim(),
    time_zone: v.time_zone.trim(),
    hours: Object.fromEntries(WEEKDAYS.filter((d) => v.hours[d].open).map((d) => [d, { open: v.hours[d].from, close: v.hours[d].to }])),
  };
}

/** A branch: name, address, city, phone and opening hours per weekday. */
export function BranchForm({ branch, onSave, submitLabel, onCancel }: { branch: RentalBranch | null; onSave: (input: RentalBranchInput) => Promise<unknown>; submitLabel: string; onCancel?: () => void }) {
  const form = useForm<Values>({ resolver: zodResolver(branchSchema), defaultValues: defaults(branch) });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    try {
      await onSave(toInput(v));
      if (!branch) form.reset(defaults(null));
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, ['name', 'address', 'city', 'country', 'phone', 'time_zone']));
    }
  });
  const text = (name: 'name' | 'address' | 'city' | 'country' | 'phone' | 'time_zone', label: string, max: number, list?: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input maxLength={max} list={list} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  const hours = form.watch('hours');
  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', 'Branch name', 100)}
          {text('phone', 'Phone', 40)}
        </div>
        {text('address', 'Street address', 300)}
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          {text('city', 'City', 100)}
          {text('country', 'Country code', 2)}
        </div>
        <div className="grid gap-1">
          {text('time_zone', "Time zone (empty: the company's)", 64, 'branch-zones')}
          <datalist id="branch-zones">
            {ZONES.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Opening hours</legend>
          {WEEKDAYS.map((d) => (
            <div key={d} className="grid grid-cols-[7.5rem_1fr_1fr] items-center gap-2">
              <div className="flex items-center gap-2">
                <Checkbox id={`h-${d}`} checked={hours[d].open} onCheckedChange={(c) => form.setValue(`hours.${d}.open`, c === true)} />
                <Label htmlFor={`h-${d}`}>{WEEKDAY_LABELS[d]}</Label>
              </div>
              {hours[d].open ? (
                <>
                  <Input type="time" aria-label={`${WEEKDAY_LABELS[d]} opens`} {...form.register(`hours.${d}.from`)} />
                  <Input type="time" aria-label={`${WEEKDAY_LABELS[d]} closes`} {...form.register(`hours.${d}.to`)} />
                </>
              ) : (
                <span className="col-span-2 text-sm text-muted-foreground">Closed</span>
              )}
              {(form.formState.errors.hours?.[d]?.from || form.formState.errors.hours?.[d]?.to) && (
                <p className="col-span-3 text-sm text-destructive">{form.formState.errors.hours?.[d]?.from?.message ?? form.formState.errors.hours?.[d]?.to?.message}</p>
              )}
            </div>
          ))}
        </fieldset>
        <FormAlert>{problem}</FormAlert>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button type="button" variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
    </Form>
  );
}
