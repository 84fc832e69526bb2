import type { WizardData, WizardStepProps } from '@sojourn/routing';
import { Form, FormAlert, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Input, Textarea, applyServerErrors } from '@sojourn/ui';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldValues, Path, SubmitHandler, UseFormReturn } from 'react-hook-form';

/** A saved answer read back loosely: the server checked it when it was saved. */
export const str = (d: WizardData | undefined, k: string, fallback = ''): string => (typeof d?.[k] === 'string' ? (d[k] as string) : fallback);
export const num = (d: WizardData | undefined, k: string, fallback: number): number => (typeof d?.[k] === 'number' ? (d[k] as number) : fallback);
export const strs = (d: WizardData | undefined, k: string): string[] => (Array.isArray(d?.[k]) ? (d[k] as unknown[]).filter((x): x is string => typeof x === 'string') : []);

/** Saves the step through the frame and places the server's field errors under their fields. */
export function useSaveStep<V extends FieldValues>(
  props: WizardStepProps,
  form: UseFormReturn<V, unknown, V>,
  fields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
) {
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (data: Record<string, unknown>, then?: () => Promise<void>) => {
    setProblem(null);
    try {
      await props.save(data);
      if (then) await then();
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, fields, rename));
    }
  };
  return { problem, setProblem, run };
}

export function StepForm<V extends FieldValues>({
  form,
  formId,
  onValid,
  problem,
  children,
}: {
  form: UseFormReturn<V, unknown, V>;
  formId: string;
  onValid: SubmitHandler<V>;
  problem: string | null;
  children: ReactNode;
}) {
  return (
    <Form {...form}>
      <form id={formId} noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-5">
        {problem && <FormAlert>{problem}</FormAlert>}
        {children}
      </form>
    </Form>
  );
}

export function TextField<V extends FieldValues>({
  form,
  name,
  label,
  hint,
  multiline,
  rows = 4,
  input = {},
}: {
  form: UseFormReturn<V, unknown, V>;
  name: Path<V>;
  label: string;
  hint?: string;
  multiline?: boolean;
  rows?: number;
  input?: InputHTMLAttributes<HTMLInputElement>;
}) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            {multiline ? (
              <Textarea rows={rows} maxLength={input.maxLength} name={field.name} ref={field.ref} onBlur={field.onBlur} value={String(field.value ?? '')} onChange={field.onChange} />
            ) : (
              <Input {...input} name={field.name} ref={field.ref} onBlur={field.onBlur} value={String(field.value ?? '')} onChange={field.onChange} />
            )}
          </FormControl>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Countries guides work in most, with their time zone and tour currency. */
export const GUIDE_COUNTRIES: { code: string; name: string; zone: string; currency: 'NGN' | 'GHS' | 'KES' | 'ZAR' | 'USD' }[] = [
  { code: 'NG', name: 'Nigeria', zone: 'Africa/Lagos', currency: 'NGN' },
  { code: 'GH', name: 'Ghana', zone: 'Africa/Accra', currency: 'GHS' },
  { code: 'KE', name: 'Kenya', zone: 'Africa/Nairobi', currency: 'KES' },
  { code: 'ZA', name: 'South Africa', zone: 'Africa/Johannesburg', currency: 'ZAR' },
  { code: 'MA', name: 'Morocco', zone: 'Africa/Casablanca', currency: 'USD' },
  { code: 'EG', name: 'Egypt', zone: 'Africa/Cairo', currency: 'USD' },
  { code: 'TZ', name: 'Tanzania', zone: 'Africa/Dar_es_Salaam', currency: 'USD' },
  { code: 'RW', name: 'Rwanda', zone: 'Africa/Kigali', currency: 'USD' },
  { code: 'SN', name: 'Senegal', zone: 'Africa/Dakar', currency: 'USD' },
  { code: 'UG', name: 'Uganda', zone: 'Africa/Kampala', currency: 'USD' },
];

export const selectClass = 'h-10 w-full rounded-md border bg-background px-3 text-sm';
