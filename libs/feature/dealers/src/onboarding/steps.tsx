import { errorMessage, mediaUrl, newIdempotencyKey } from '@sojourn/api-client';
import type { WizardData, WizardStepProps } from '@sojourn/routing';
import { applyServerErrors, Button, FormAlert, Input, inputClass, Label, Textarea } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { FileCheck2, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { dealersApi, type PayoutCountry, type VINDecode } from '../api';
import { BODIES, CONDITIONS, DRIVETRAINS, FUELS, label, TRANSMISSIONS } from '../format';
import { schema as carSchema, toInput, year, type Values as CarValues } from '../listing-schema';

/* ---------- shared pieces ---------- */

const COUNTRIES: Record<string, string> = { NG: 'Nigeria', GH: 'Ghana', KE: 'Kenya', ZA: 'South Africa' };
const TIME_ZONES: Record<string, string> = {
  'Africa/Lagos': 'West Africa (Lagos)',
  'Africa/Accra': 'Ghana (Accra)',
  'Africa/Nairobi': 'East Africa (Nairobi)',
  'Africa/Johannesburg': 'South Africa (Johannesburg)',
};
const CURRENCY: Record<string, 'NGN' | 'GHS' | 'KES' | 'ZAR'> = { NG: 'NGN', GH: 'GHS', KE: 'KES', ZA: 'ZAR' };
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DAY_LABEL: Record<(typeof DAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const str = (d: WizardData, k: string): string => (d && typeof d[k] === 'string' ? (d[k] as string) : '');
const num = (d: WizardData, k: string): number | undefined => (d && typeof d[k] === 'number' ? (d[k] as number) : undefined);
const list = <T,>(d: WizardData, k: string): T[] => (d && Array.isArray(d[k]) ? (d[k] as T[]) : []);
const countryOf = (all: WizardStepProps['all']) => str(all['one'] ?? null, 'country') || 'NG';
const currencyOf = (all: WizardStepProps['all']) => CURRENCY[countryOf(all)] ?? 'NGN';

function Field({ id, text, error, hint, children }: { id: string; text: string; error?: string; hint?: string; children: ReactNode }) {
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

function NativeSelect({ options, ...rest }: { options: Record<string, string> } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select className={cn(inputClass, 'appearance-auto')} {...rest}>
      {Object.entries(options).map(([k, v]) => (
        <option key={k} value={k}>
          {v}
        </option>
      ))}
    </select>
  );
}

/** A step form: react-hook-form with zod, saved through the wizard, server errors beside their fields. */
function useStep<T extends FieldValues>(props: WizardStepProps, schema: z.ZodType<T>, defaults: T, toData: (v: T) => Record<string, unknown>, rename: Record<string, string> = {}) {
  const form = useForm<T>({ resolver: zodResolver(schema as never) as never, defaultValues: defaults as never });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await props.save(toData(v));
    } catch (e) {
      setError(applyServerErrors(e, form.setError, Object.keys(defaults), rename));
    }
  });
  const reg = (name: Path<T>) => {
    const err = form.formState.errors[name]?.message as string | undefined;
    return { id: `dw-${name}`, 'aria-invalid': Boolean(err), 'aria-describedby': err ? `dw-${name}-error` : undefined, ...form.register(name) };
  };
  const err = (name: Path<T>) => form.formState.errors[name]?.message as string | undefined;
  return { form, error, onSubmit, reg, err };
}

function StepForm({ formId, onSubmit, error, children }: { formId: string; onSubmit: (e?: React.BaseSyntheticEvent) => Promise<void>; error: string | null; children: ReactNode }) {
  return (
    <form id={formId} className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
      {children}
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}

/* ---------- one: dealership ---------- */

const dealershipSchema = z.object({
  business_name: z.string().trim().min(1, 'Give the name buyers know your dealership by').max(100).refine((s) => [...s].every((c) => c >= ' ' && c !== '\u007f'), 'One line, without special characters'),
  headline: z.string().trim().min(1, 'Say in a line what your dealership sells').max(120),
  bio: z.string().trim().min(1, 'Tell buyers about your dealership').max(4000),
  city: z.string().trim().min(1, 'Required').max(80),
  country: z.string().length(2),
  time_zone: z.string().min(1),
  languages: z.string().max(400),
});

export function DealershipStep(props: WizardStepProps) {
  const d = props.data;
  const { form, reg, err, error, onSubmit } = useStep(
    props,
    dealershipSchema,
    {
      business_name: str(d, 'business_name'),
      headline: str(d, 'headline'),
      bio: str(d, 'bio'),
      city: str(d, 'city'),
      country: str(d, 'country') || 'NG',
      time_zone: str(d, 'time_zone') || 'Africa/Lagos',
      languages: list<string>(d, 'languages').join(', ') || 'English',
    },
    (v) => ({ ...v, languages: v.languages.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 10) }),
  );
  // A first visit starts the name from the business name the dealer applied with.
  const applied = useQuery({ queryKey: ['account-business-name'], queryFn: dealersApi.accountBusinessName, enabled: !str(d, 'business_name'), staleTime: 60_000 });
  useEffect(() => {
    if (applied.data && !form.getValues('business_name')) form.setValue('business_name', applied.data);
  }, [applied.data, form]);
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <Field id="dw-business_name" text="Dealership name" error={err('business_name')} hint="Buyers see it on every car you list, e.g. “Eze Motors”.">
        <Input {...reg('business_name')} maxLength={100} autoComplete="organization" />
      </Field>
      <Field id="dw-headline" text="Tagline" error={err('headline')} hint="One line about what you sell, e.g. “Inspected Toyota and Lexus, with full service history”.">
        <Input {...reg('headline')} maxLength={120} />
      </Field>
      <Field id="dw-bio" text="About the dealership" error={err('bio')} hint="What you sell, since when, what buyers can expect (inspection, warranty, paperwork).">
        <Textarea {...reg('bio')} maxLength={4000} rows={5} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="dw-city" text="City" error={err('city')}>
          <Input {...reg('city')} maxLength={80} autoComplete="address-level2" />
        </Field>
        <Field id="dw-country" text="Country" error={err('country')}>
          <NativeSelect options={COUNTRIES} {...reg('country')} />
        </Field>
        <Field id="dw-time_zone" text="Time zone" error={err('time_zone')}>
          <NativeSelect options={TIME_ZONES} {...reg('time_zone')} />
        </Field>
        <Field id="dw-languages" text="Languages spoken" error={err('languages')} hint="Separated by commas.">
          <Input {...reg('languages')} maxLength={400} />
        </Field>
      </div>
    </StepForm>
  );
}

/* ---------- two: dealer licence ---------- */

const licenceSchema = z.object({
  licence_number: z.string().trim().min(1, 'Required').max(40),
  issuing_body: z.string().trim().min(1, 'Required').max(120),
});

export function LicenceStep(props: WizardStepProps) {
  const d = props.data;
  const { reg, err, error, onSubmit } = useStep(props, licenceSchema, { licence_number: str(d, 'licence_number'), issuing_body: str(d, 'issuing_body') }, (v) => v);
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <p className="text-sm text-muted-foreground">An admin checks the licence against the scans you add in step four before your cars show the verified dealer badge.</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="dw-licence_number" text="Dealer licence number" error={err('licence_number')}>
          <Input {...reg('licence_number')} maxLength={40} />
        </Field>
        <Field id="dw-issuing_body" text="Issued by" error={err('issuing_body')} hint="e.g. Lagos State Motor Vehicle Administration Agency">
          <Input {...reg('issuing_body')} maxLength={120} />
        </Field>
      </div>
    </StepForm>
  );
}

/* ---------- three: showroom and branches ---------- */

const showroomSchema = z.object({
  showroom_address: z.string().trim().min(1, 'Where buyers come for test drives').max(200),
  branches: z.array(z.object({ name: z.string().trim().min(1, 'Required').max(80), address: z.string().trim().min(1, 'Required').max(200) })).max(5),
});

export function ShowroomStep(props: WizardStepProps) {
  const d = props.data;
  const { form, reg, err, error, onSubmit } = useStep(
    props,
    showroomSchema,
    { showroom_address: str(d, 'showroom_address'), branches: list<{ name: string; address: string }>(d, 'branches') },
    (v) => v,
  );
  const branches = useFieldArray({ control: form.control, name: 'branches' });
  const bErr = form.formState.errors.branches;
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <Field id="dw-showroom_address" text="Showroom address" error={err('showroom_address')} hint="Test drives start here.">
        <Input {...reg('showroom_address')} maxLength={200} autoComplete="street-address" />
      </Field>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">Other branches (up to 5)</legend>
        {branches.fields.length === 0 && <p className="text-sm text-muted-foreground">No other branches. Add one if buyers can also see cars elsewhere.</p>}
        {branches.fields.map((f, i) => (
          <div key={f.id} className="grid gap-3 rounded-md border p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end">
            <Field id={`dw-branches.${i}.name`} text={`Branch ${i + 1} name`} error={bErr?.[i]?.name?.message}>
              <Input id={`dw-branches.${i}.name`} maxLength={80} {...form.register(`branches.${i}.name`)} />
            </Field>
            <Field id={`dw-branches.${i}.address`} text="Address" error={bErr?.[i]?.address?.message}>
              <Input id={`dw-branches.${i}.address`} maxLength={200} {...form.register(`branches.${i}.address`)} />
            </Field>
            <Button type="button" variant="ghost" size="sm" onClick={() => branches.remove(i)} aria-label={`Remove branch ${i + 1}`}>
              <Trash2 className="size-4" aria-hidden />
            </Button>
          </div>
        ))}
        {branches.fields.length < 5 && (
          <Button type="button" variant="outline" className="justify-self-start" onClick={() => branches.append({ name: '', address: '' })}>
            <Plus className="size-4" aria-hidden /> Add a branch
          </Button>
        )}
      </fieldset>
    </StepForm>
  );
}

/* ---------- four and five: uploads straight through their routes ---------- */

function UploadStep({
  props,
  field,
  what,
  accept,
  hint,
  upload,
  extra,
}: {
  props: WizardStepProps;
  field: 'document_ids' | 'photo_ids';
  what: string;
  accept: string;
  hint: string;
  upload: (f: File) => Promise<{ id: string; url?: string }>;
  extra?: (items: { id: string; url?: string }[]) => Record<string, unknown>;
}) {
  const urls = list<string>(props.data, 'photo_urls');
  const [items, setItems] = useState<{ id: string; url?: string }[]>(list<string>(props.data, field).map((id, i) => ({ id, url: urls[i] })));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    try {
      for (const f of Array.from(files).slice(0, 10 - items.length)) {
        const up = await upload(f);
        setItems((xs) => [...xs, up]);
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (items.length === 0) {
      setError(`Add at least one ${what}.`);
      return;
    }
    try {
      await props.save({ [field]: items.map((x) => x.id), ...(extra?.(items) ?? {}) });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const inputId = `dw-${field}`;
  return (
    <form id={props.formId} className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <div className="grid gap-1.5">
        <Label htmlFor={inputId}>Add {what}s</Label>
        <Input id={inputId} type="file" multiple accept={accept} disabled={busy || items.length >= 10} onChange={(e) => void add(e.target.files)} aria-describedby={`${inputId}-hint`} />
        <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      </div>
      {busy && <p className="text-sm text-muted-foreground" aria-live="polite">Uploading…</p>}
      {items.length > 0 ? (
        <ul className="flex flex-wrap gap-3" aria-label={`Your ${what}s`}>
          {items.map((x, i) => (
            <li key={x.id} className="flex items-center gap-2 rounded-md border p-2 text-sm">
              {x.url ? <img src={mediaUrl(x.url) ?? ''} alt={i === 0 ? 'Your logo' : `Dealership picture ${i + 1}`} className="size-16 rounded object-cover" /> : <FileCheck2 className="size-5 text-primary" aria-hidden />}
              <span>{x.url ? '' : `${what[0]!.toUpperCase()}${what.slice(1)} ${i + 1}`}</span>
              <Button type="button" variant="ghost" size="sm" onClick={() => setItems((xs) => xs.filter((y) => y.id !== x.id))} aria-label={`Remove ${what} ${i + 1}`}>
                <Trash2 className="size-4" aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">Nothing added yet.</p>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}

export function DocumentsStep(props: WizardStepProps) {
  return (
    <UploadStep
      props={props}
      field="document_ids"
      what="licence scan"
      accept="image/jpeg,image/png,image/webp"
      hint="Photos or scans of your dealer licence (JPEG, PNG or WebP, up to 10). Only you and Sojourn’s admins can see them."
      upload={(f) => dealersApi.addLicenceDocument(f)}
    />
  );
}

export function PhotosStep(props: WizardStepProps) {
  return (
    <UploadStep
      props={props}
      field="photo_ids"
      what="photo"
      accept="image/jpeg,image/png,image/webp"
      hint="Your logo first, then the showroom and forecourt (up to 10). Buyers see them on your dealership page."
      upload={(f) => dealersApi.addDealershipPhoto(f)}
      extra={(items) => ({ photo_urls: items.map((x) => x.url ?? '').filter(Boolean) })}
    />
  );
}

/* ---------- six: opening hours ---------- */

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:MM');
const hoursSchema = z
  .object({ days: z.array(z.object({ open: z.boolean(), start: time, end: time })).length(7) })
  .superRefine((v, ctx) => {
    v.days.forEach((d, i) => {
      if (d.open && d.end <= d.start) ctx.addIssue({ code: 'custom', path: ['days', i, 'end'], message: 'Closes after it opens' });
    });
    if (!v.days.some((d) => d.open)) ctx.addIssue({ code: 'custom', path: ['days'], message: 'Open at least one day: buyers book test drives in these hours' });
  });

export function HoursStep(props: WizardStepProps) {
  const weekly = (props.data?.['weekly'] ?? null) as Record<string, { start: string; end: string }[]> | null;
  const days = DAYS.map((d) => {
    const iv = weekly?.[d]?.[0];
    return iv ? { open: true, start: iv.start, end: iv.end } : { open: !weekly && d !== 'sunday', start: '09:00', end: d === 'saturday' ? '15:00' : '18:00' };
  });
  const { form, error, onSubmit } = useStep(props, hoursSchema, { days }, (v) => ({
    weekly: Object.fromEntries(DAYS.map((d, i) => [d, v.days[i]!.open ? [{ start: v.days[i]!.start, end: v.days[i]!.end }] : []])),
  }));
  const errs = form.formState.errors.days;
  const open = form.watch('days');
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <p className="text-sm text-muted-foreground">Buyers book 30-minute test drives within these hours, at least two hours ahead.</p>
      <fieldset className="grid gap-2">
        <legend className="sr-only">Opening hours</legend>
        {DAYS.map((d, i) => (
          <div key={d} className="grid grid-cols-[7rem_1fr] items-center gap-3 sm:grid-cols-[8rem_auto_1fr]">
            <label className="flex items-center gap-2 text-sm font-medium">
              <input type="checkbox" className="size-4 accent-primary" {...form.register(`days.${i}.open`)} />
              {DAY_LABEL[d]}
            </label>
            {open[i]?.open ? (
              <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
                <Input type="time" className="w-32" aria-label={`${DAY_LABEL[d]} opens`} {...form.register(`days.${i}.start`)} />
                <span aria-hidden>–</span>
                <Input type="time" className="w-32" aria-label={`${DAY_LABEL[d]} closes`} aria-invalid={Boolean(errs?.[i]?.end)} {...form.register(`days.${i}.end`)} />
                {errs?.[i]?.end && <span className="text-sm text-destructive">{errs[i]?.end?.message}</span>}
              </div>
            ) : (
              <span className="text-sm text-muted-foreground sm:col-span-2">Closed</span>
            )}
          </div>
        ))}
      </fieldset>
      {errs?.root?.message || errs?.message ? <FormAlert>{errs.root?.message ?? errs.message}</FormAlert> : null}
    </StepForm>
  );
}

/* ---------- seven: payout account (set through the payouts route) ---------- */

const payoutSchema = z.object({
  change: z.boolean(),
  bank_code: z.string(),
  account_number: z.string().trim(),
  account_name: z.string().trim(),
});

export function PayoutStep(props: WizardStepProps) {
  const country = countryOf(props.all) as PayoutCountry;
  const saved = str(props.data, 'payout_account_id');
  const banks = useQuery({ queryKey: ['dealers', 'banks', country], queryFn: () => dealersApi.banks(country) });
  const form = useForm<z.infer<typeof payoutSchema>>({
    resolver: zodResolver(payoutSchema) as never,
    defaultValues: { change: !saved, bank_code: '', account_number: '', account_name: '' },
  });
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newIdempotencyKey);
  const change = form.watch('change');
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      if (!v.change && saved) {
        await props.save({ payout_account_id: saved, bank_name: str(props.data, 'bank_name'), account_last4: str(props.data, 'account_last4') });
        return;
      }
      let bad = false;
      if (!v.bank_code) {
        form.setError('bank_code', { message: 'Choose your bank' });
        bad = true;
      }
      if (!/^\d{6,20}$/.test(v.account_number)) {
        form.setError('account_number', { message: country === 'NG' ? 'A 10-digit NUBAN' : '6 to 20 digits' });
        bad = true;
      }
      if (v.account_name.length < 2 || v.account_name.length > 100) {
        form.setError('account_name', { message: 'The name on the account' });
        bad = true;
      }
      if (bad) return;
      const acct = await dealersApi.setPayoutAccount({ bank_code: v.bank_code, account_number: v.account_number, account_name: v.account_name, currency: CURRENCY[country] ?? 'NGN' }, key);
      await props.save({ payout_account_id: acct.id, bank_name: acct.bank_name, account_last4: acct.account_number.slice(-4) });
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['bank_code', 'account_number', 'account_name']));
    }
  });
  return (
    <form id={props.formId} className="grid gap-4" onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <p className="text-sm text-muted-foreground">Completed sales and captured deposits are paid out to this account in {CURRENCY[country] ?? 'NGN'}.</p>
      {saved && (
        <div className="grid gap-2 rounded-md border p-3 text-sm">
          <p>
            Payouts go to <strong>{str(props.data, 'bank_name') || 'your bank'}</strong> account ending {str(props.data, 'account_last4')}.
          </p>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="size-4 accent-primary" {...form.register('change')} /> Use another account
          </label>
        </div>
      )}
      {change && (
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="dw-bank_code" text="Bank" error={e.bank_code?.message}>
            <select id="dw-bank_code" className={cn(inputClass, 'appearance-auto')} aria-invalid={Boolean(e.bank_code)} disabled={!banks.data} {...form.register('bank_code')}>
              <option value="">{banks.isPending ? 'Loading banks…' : banks.isError ? 'Banks could not be loaded' : 'Choose your bank'}</option>
              {banks.data?.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="dw-account_number" text="Account number" error={e.account_number?.message}>
            <Input id="dw-account_number" inputMode="numeric" maxLength={20} aria-invalid={Boolean(e.account_number)} {...form.register('account_number')} />
          </Field>
          <Field id="dw-account_name" text="Account name" error={e.account_name?.message}>
            <Input id="dw-account_name" maxLength={100} aria-invalid={Boolean(e.account_name)} {...form.register('account_name')} />
          </Field>
        </div>
      )}
      {banks.isError && change && (
        <FormAlert>
          Banks could not be loaded. <Button variant="link" type="button" onClick={() => void banks.refetch()}>Try again</Button>
        </FormAlert>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}

/* ---------- eight: the first car, VIN decoded as in the listing form ---------- */

export function FirstCarStep(props: WizardStepProps) {
  const d = props.data;
  const currency = currencyOf(props.all);
  const defaults: CarValues = {
    vin: str(d, 'vin'),
    make: str(d, 'make'),
    model: str(d, 'model'),
    year: num(d, 'year') ?? year - 4,
    trim: str(d, 'trim'),
    body: (str(d, 'body') || 'sedan') as CarValues['body'],
    mileage_km: num(d, 'mileage_km') ?? 0,
    fuel: (str(d, 'fuel') || 'petrol') as CarValues['fuel'],
    transmission: (str(d, 'transmission') || 'automatic') as CarValues['transmission'],
    drivetrain: (str(d, 'drivetrain') || 'fwd') as CarValues['drivetrain'],
    colour: str(d, 'colour'),
    condition: (str(d, 'condition') || 'foreign_used') as CarValues['condition'],
    price: (num(d, 'price') ?? 0) / 100,
    features: list<string>(d, 'features').join(', '),
    description: str(d, 'description'),
  };
  const { form, reg, err, error, onSubmit } = useStep(props, carSchema as unknown as z.ZodType<CarValues>, defaults, (v) => toInput(v) as Record<string, unknown>);
  const [decoded, setDecoded] = useState<VINDecode | null>(null);
  const decode = async () => {
    const vin = form.getValues('vin').trim().toUpperCase();
    if (vin.length !== 17) return;
    try {
      const dv = await dealersApi.decodeVIN(vin);
      setDecoded(dv);
      if (dv.valid) {
        if (dv.wmi.make && !form.getValues('make')) form.setValue('make', dv.wmi.make);
        if (dv.model_year) form.setValue('year', dv.model_year);
      } else if (dv.problem) form.setError('vin', { message: `This VIN ${dv.problem}` });
    } catch {
      setDecoded(null);
    }
  };
  const vinReg = reg('vin');
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <p className="text-sm text-muted-foreground">It goes on sale when you submit; add its photos afterwards from Cars for sale.</p>
      <Field id="dw-vin" text="VIN" error={err('vin')} hint="17 characters; we check its check digit and read the maker from it.">
        <Input
          {...vinReg}
          maxLength={17}
          autoCapitalize="characters"
          className="font-mono uppercase"
          onBlur={(ev) => {
            void vinReg.onBlur(ev);
            void decode();
          }}
        />
      </Field>
      {decoded?.valid && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
          {decoded.wmi.manufacturer ? `${decoded.wmi.manufacturer}, built in ${decoded.wmi.country || decoded.wmi.region}` : `Built in ${decoded.wmi.country || decoded.wmi.region || 'an unknown country'}`}
          {decoded.model_year ? `; model year ${decoded.model_year}` : ''}.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="dw-make" text="Make" error={err('make')}>
          <Input {...reg('make')} maxLength={60} />
        </Field>
        <Field id="dw-model" text="Model" error={err('model')}>
          <Input {...reg('model')} maxLength={60} />
        </Field>
        <Field id="dw-year" text="Year" error={err('year')}>
          <Input {...reg('year')} inputMode="numeric" />
        </Field>
        <Field id="dw-trim" text="Trim" error={err('trim')}>
          <Input {...reg('trim')} maxLength={80} />
        </Field>
        <Field id="dw-body" text="Body" error={err('body')}>
          <NativeSelect options={BODIES} {...reg('body')} />
        </Field>
        <Field id="dw-colour" text="Colour" error={err('colour')}>
          <Input {...reg('colour')} maxLength={40} />
        </Field>
        <Field id="dw-mileage_km" text="Mileage (km)" error={err('mileage_km')}>
          <Input {...reg('mileage_km')} inputMode="numeric" />
        </Field>
        <Field id="dw-fuel" text="Fuel" error={err('fuel')}>
          <NativeSelect options={FUELS} {...reg('fuel')} />
        </Field>
        <Field id="dw-transmission" text="Gearbox" error={err('transmission')}>
          <NativeSelect options={TRANSMISSIONS} {...reg('transmission')} />
        </Field>
        <Field id="dw-drivetrain" text="Drive" error={err('drivetrain')}>
          <NativeSelect options={DRIVETRAINS} {...reg('drivetrain')} />
        </Field>
        <Field id="dw-condition" text="Condition" error={err('condition')}>
          <NativeSelect options={CONDITIONS} {...reg('condition')} />
        </Field>
        <Field id="dw-price" text={`Price (${currency})`} error={err('price')}>
          <Input {...reg('price')} inputMode="decimal" />
        </Field>
      </div>
      <Field id="dw-features" text="Features" error={err('features')} hint="Separated by commas, e.g. Reverse camera, Leather seats.">
        <Input {...reg('features')} />
      </Field>
      <Field id="dw-description" text="Description" error={err('description')}>
        <Textarea {...reg('description')} maxLength={4000} />
      </Field>
    </StepForm>
  );
}

/* ---------- nine: reservation policy ---------- */

const policySchema = z.object({
  deposit: z.coerce.number().min(0.01, 'Enter the deposit').max(5_000_000, 'At most 5,000,000'),
  reservation_days: z.coerce.number().int('Whole days').min(1, 'At least 1 day').max(14, 'At most 14 days'),
});

export function ReservationStep(props: WizardStepProps) {
  const d = props.data;
  const currency = currencyOf(props.all);
  const { reg, err, error, onSubmit } = useStep(
    props,
    policySchema as unknown as z.ZodType<{ deposit: number; reservation_days: number }>,
    { deposit: (num(d, 'deposit_amount') ?? 50_000_000) / 100, reservation_days: num(d, 'reservation_days') ?? 3 },
    (v) => ({ deposit_amount: Math.round(v.deposit * 100), reservation_days: v.reservation_days }),
    { deposit_amount: 'deposit' },
  );
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <p className="text-sm text-muted-foreground">
        A buyer can reserve a car by paying this refundable deposit from their Sojourn wallet. If the sale does not complete within the hold, the deposit goes back to them
        automatically; when you mark the sale completed, it is yours.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="dw-deposit" text={`Deposit (${currency})`} error={err('deposit')}>
          <Input {...reg('deposit')} inputMode="decimal" />
        </Field>
        <Field id="dw-reservation_days" text="Hold the car for (days)" error={err('reservation_days')} hint="1 to 14 days.">
          <Input {...reg('reservation_days')} inputMode="numeric" />
        </Field>
      </div>
    </StepForm>
  );
}

/* ---------- ten: review and submit ---------- */

function Row({ k, v }: { k: string; v: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{k}</dt>
      <dd className="min-w-0 break-words text-sm">{v || '—'}</dd>
    </div>
  );
}

export function ReviewStep(props: WizardStepProps) {
  const a = props.all;
  const one = a['one'] ?? null;
  const car = a['eight'] ?? null;
  const nine = a['nine'] ?? null;
  const weekly = (a['six']?.['weekly'] ?? {}) as Record<string, { start: string; end: string }[]>;
  const currency = currencyOf(a);
  const [confirmed, setConfirmed] = useState(Boolean(props.data?.['confirmed']));
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setFieldError(null);
    if (!confirmed) {
      setFieldError('Confirm that the details are true');
      return;
    }
    try {
      await props.save({ confirmed: true });
      await props.submit();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <form id={props.formId} className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
      <dl className="grid gap-3">
        <Row k="Dealership" v={str(one, 'business_name')} />
        <Row k="Tagline" v={str(one, 'headline')} />
        <Row k="City" v={[str(one, 'city'), COUNTRIES[str(one, 'country')]].filter(Boolean).join(', ')} />
        <Row k="Licence" v={[str(a['two'] ?? null, 'licence_number'), str(a['two'] ?? null, 'issuing_body')].filter(Boolean).join(', ')} />
        <Row k="Showroom" v={str(a['three'] ?? null, 'showroom_address')} />
        <Row k="Other branches" v={list<{ name: string }>(a['three'] ?? null, 'branches').map((b) => b.name).join(', ') || 'None'} />
        <Row k="Licence scans" v={`${list(a['four'] ?? null, 'document_ids').length} added`} />
        <Row k="Photos" v={`${list(a['five'] ?? null, 'photo_ids').length} added`} />
        <Row
          k="Opening hours"
          v={DAYS.filter((d) => weekly[d]?.length)
            .map((d) => `${DAY_LABEL[d].slice(0, 3)} ${weekly[d]![0]!.start}–${weekly[d]![0]!.end}`)
            .join(', ')}
        />
        <Row k="Payout account" v={a['seven'] ? `${str(a['seven'], 'bank_name')} ending ${str(a['seven'], 'account_last4')}` : ''} />
        <Row
          k="First car"
          v={car ? `${num(car, 'year') ?? ''} ${str(car, 'make')} ${str(car, 'model')}, ${label(CONDITIONS, str(car, 'condition'))}, ${formatMoney(num(car, 'price') ?? 0, currency)}` : ''}
        />
        <Row k="Reservations" v={nine ? `${formatMoney(num(nine, 'deposit_amount') ?? 0, currency)} deposit, held ${num(nine, 'reservation_days')} days` : ''} />
      </dl>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? 'dw-confirmed-error' : undefined}
          />
          I confirm these details are true and the licence scans are of a licence held by this dealership.
        </label>
        {fieldError && (
          <p id="dw-confirmed-error" className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">Submitting applies everything: your profile and licence go to an admin for verification, and your first car goes on sale.</p>
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}
