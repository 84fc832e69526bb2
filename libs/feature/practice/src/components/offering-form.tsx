import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Checkbox,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  applyServerErrors,
} from '@sojourn/ui';
import { parseMoney, toMajorInput } from '@sojourn/util';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { PracticeOffering, PracticeOfferingInput } from '../api';
import { FORMAT_LABELS, policyInWords } from '../format';
import { CURRENCIES, offeringSchema, type OfferingValues } from '../schemas';

const FIELDS = [
  'title',
  'description',
  'format',
  'duration_min',
  'price',
  'currency',
  'capacity',
  'requires_confirmation',
  'buffer_before_min',
  'buffer_after_min',
  'min_notice_hours',
  'max_advance_days',
  'free_cancel_hours',
  'late_cancel_fee_pct',
  'intake_questions',
  'active',
] as const;

export function offeringDefaults(o: PracticeOffering | null, currency: string): OfferingValues {
  const cur = (CURRENCIES as readonly string[]).includes(o?.price.currency ?? currency) ? ((o?.price.currency ?? currency) as OfferingValues['currency']) : 'NGN';
  return {
    title: o?.title ?? '',
    description: o?.description ?? '',
    format: o?.format ?? 'video',
    duration_min: String(o?.duration_min ?? 50),
    price: o ? toMajorInput(o.price.amount, o.price.currency) : '',
    currency: cur,
    capacity: String(o?.capacity ?? 1),
    requires_confirmation: o?.requires_confirmation ?? false,
    buffer_before_min: String(o?.buffer_before_min ?? 0),
    buffer_after_min: String(o?.buffer_after_min ?? 10),
    min_notice_hours: String(Math.round((o?.min_notice_min ?? 720) / 60)),
    max_advance_days: String(o?.max_advance_days ?? 60),
    free_cancel_hours: String(o?.free_cancel_hours ?? 24),
    late_cancel_fee_pct: String(o?.late_cancel_fee_pct ?? 50),
    intake_questions: (o?.intake_questions ?? []).map((q) => ({ id: q.id, label: q.label, required: q.required ?? false, kind: q.kind, choices: (q.choices ?? []).join('\n') })),
    active: o?.active ?? true,
  };
}

export function toOfferingBody(v: OfferingValues): PracticeOfferingInput {
  return {
    title: v.title,
    description: v.description.trim(),
    format: v.format,
    duration_min: Number(v.duration_min),
    price: { amount: parseMoney(v.price, v.currency) ?? 0, currency: v.currency },
    capacity: Number(v.capacity),
    requires_confirmation: v.requires_confirmation,
    buffer_before_min: Number(v.buffer_before_min),
    buffer_after_min: Number(v.buffer_after_min),
    min_notice_min: Number(v.min_notice_hours) * 60,
    max_advance_days: Number(v.max_advance_days),
    free_cancel_hours: Number(v.free_cancel_hours),
    late_cancel_fee_pct: Number(v.late_cancel_fee_pct),
    intake_questions: v.intake_questions.map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      label: q.label,
      required: q.required,
      kind: q.kind,
      ...(q.kind === 'choice'
        ? {
            choices: q.choices
              .split('\n')
              .map((c) => c.trim())
              .filter(Boolean),
          }
        : {}),
    })),
    active: v.active,
  };
}

function NumberField({ form, name, label, hint, unit }: { form: ReturnType<typeof useForm<OfferingValues>>; name: keyof OfferingValues; label: string; hint?: string; unit?: string }) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <div className="flex items-center gap-2">
            <FormControl>
              <Input inputMode="numeric" {...field} value={String(field.value)} className="max-w-28" />
            </FormControl>
            {unit && <span className="text-sm text-muted-foreground">{unit}</span>}
          </div>
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Create or edit an offering: every field of the kernel's offering, intake questions, and the policy in words. */
export function OfferingForm({
  offering,
  currency,
  onSave,
  onCancel,
}: {
  offering: PracticeOffering | null;
  currency: string;
  onSave: (body: ReturnType<typeof toOfferingBody>) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useForm<OfferingValues>({ resolver: zodResolver(offeringSchema), defaultValues: offeringDefaults(offering, currency) });
  const questions = useFieldArray({ control: form.control, name: 'intake_questions' });
  const [formError, setFormError] = useState<string | null>(null);
  const watched = useWatch({ control: form.control });
  const policy =
    /^\d+$/.test(watched.free_cancel_hours ?? '') && /^\d+$/.test(watched.late_cancel_fee_pct ?? '')
      ? policyInWords({ free_cancel_hours: Number(watched.free_cancel_hours), late_cancel_fee_pct: Math.min(100, Number(watched.late_cancel_fee_pct)) })
      : null;
  const submit = form.handleSubmit(async (v) => {
    setFormError(null);
    try {
      await onSave(toOfferingBody(v));
    } catch (e) {
      setFormError(
        applyServerErrors(e, form.setError, FIELDS, { min_notice_min: 'min_notice_hours', 'price.amount': 'price', 'price.currency': 'currency' }),
      );
    }
  });
  return (
    <Form {...form}>
      <form className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Title</FormLabel>
              <FormControl>
                <Input maxLength={120} placeholder="Individual session" {...field} />
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
                <Textarea rows={4} maxLength={4000} {...field} />
              </FormControl>
              <FormDescription>What happens in the session and who it suits.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="format"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Format</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {(Object.keys(FORMAT_LABELS) as (keyof typeof FORMAT_LABELS)[]).map((k) => (
                      <SelectItem key={k} value={k}>
                        {FORMAT_LABELS[k]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <NumberField form={form} name="duration_min" label="Duration" unit="minutes" hint="15 to 240 minutes." />
        </div>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem]">
          <FormField
            control={form.control}
            name="price"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Price</FormLabel>
                <FormControl>
                  <Input inputMode="decimal" placeholder="15000" {...field} />
                </FormControl>
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
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {CURRENCIES.map((c) => (
                      <SelectItem key={c} value={c}>
                        {c}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField form={form} name="capacity" label="Places per session" hint="1 for one-to-one; more for a group session (up to 50)." />
          <FormField
            control={form.control}
            name="requires_confirmation"
            render={({ field }) => (
              <FormItem className="flex flex-row items-start gap-3 space-y-0 rounded-md border p-3">
                <FormControl>
                  <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
                </FormControl>
                <div className="grid gap-1">
                  <FormLabel>I confirm each booking myself</FormLabel>
                  <FormDescription>Requests wait for you; unanswered after 24 hours, they are declined and refunded.</FormDescription>
                </div>
              </FormItem>
            )}
          />
        </div>
        <fieldset className="grid gap-4 rounded-md border p-4">
          <legend className="px-1 text-sm font-semibold">Timing</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField form={form} name="buffer_before_min" label="Free time before" unit="minutes" hint="Kept free before each session (0–120)." />
            <NumberField form={form} name="buffer_after_min" label="Free time after" unit="minutes" hint="Kept free after each session (0–120)." />
            <NumberField form={form} name="min_notice_hours" label="Minimum notice" unit="hours" hint="How soon before a session it can still be booked (0–168)." />
            <NumberField form={form} name="max_advance_days" label="Bookable ahead" unit="days" hint="How far ahead clients can book (1–365)." />
          </div>
        </fieldset>
        <fieldset className="grid gap-4 rounded-md border p-4">
          <legend className="px-1 text-sm font-semibold">Cancellation policy</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField form={form} name="free_cancel_hours" label="Free cancellation until" unit="hours before" hint="0 to 720." />
            <NumberField form={form} name="late_cancel_fee_pct" label="Fee after that" unit="% of the price" hint="0 to 100." />
          </div>
          {policy && (
            <p className="rounded-md bg-muted/60 p-3 text-sm" aria-live="polite">
              What clients read: {policy}
            </p>
          )}
        </fieldset>
        <fieldset className="grid gap-3 rounded-md border p-4">
          <legend className="px-1 text-sm font-semibold">Intake questions</legend>
          <p className="text-sm text-muted-foreground">Asked when a client books. At most 10.</p>
          {questions.fields.map((q, i) => (
            <QuestionRow key={q.id} form={form} index={i} onRemove={() => questions.remove(i)} />
          ))}
          <div>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={questions.fields.length >= 10}
              onClick={() => questions.append({ label: '', required: false, kind: 'text', choices: '' })}
            >
              <Plus className="size-4" aria-hidden /> Add a question
            </Button>
          </div>
        </fieldset>
        <FormField
          control={form.control}
          name="active"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-3 space-y-0">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              </FormControl>
              <FormLabel>Bookable (clients can see and book it)</FormLabel>
            </FormItem>
          )}
        />
        {formError && <FormAlert>{formError}</FormAlert>}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {offering ? 'Save offering' : 'Create offering'}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </Form>
  );
}

function QuestionRow({ form, index, onRemove }: { form: ReturnType<typeof useForm<OfferingValues>>; index: number; onRemove: () => void }) {
  const kind = useWatch({ control: form.control, name: `intake_questions.${index}.kind` });
  return (
    <div className="grid gap-3 rounded-md bg-muted/40 p-3">
      <FormField
        control={form.control}
        name={`intake_questions.${index}.label`}
        render={({ field }) => (
          <FormItem>
            <FormLabel>Question {index + 1}</FormLabel>
            <FormControl>
              <Input maxLength={200} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="flex flex-wrap items-center gap-4">
        <FormField
          control={form.control}
          name={`intake_questions.${index}.kind`}
          render={({ field }) => (
            <FormItem>
              <FormLabel className="sr-only">Answer type of question {index + 1}</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger className="w-44">
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  <SelectItem value="text">Written answer</SelectItem>
                  <SelectItem value="choice">One of some choices</SelectItem>
                </SelectContent>
              </Select>
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name={`intake_questions.${index}.required`}
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-2 space-y-0">
              <FormControl>
                <Checkbox checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} />
              </FormControl>
              <FormLabel>Required</FormLabel>
            </FormItem>
          )}
        />
        <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove question ${index + 1}`}>
          <Trash2 className="size-4" aria-hidden /> Remove
        </Button>
      </div>
      {kind === 'choice' && (
        <FormField
          control={form.control}
          name={`intake_questions.${index}.choices`}
          render={({ field }) => (
            <FormItem>
              <FormLabel>Choices, one a line</FormLabel>
              <FormControl>
                <Textarea rows={3} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </div>
  );
}
