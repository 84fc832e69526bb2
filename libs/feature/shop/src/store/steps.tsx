import { errorMessage, isApiError, mediaUrl, newIdempotencyKey } from '@sojourn/api-client';
import type { WizardData, WizardStepProps } from '@sojourn/routing';
import { applyServerErrors, FileUpload, FormAlert, Input, inputClass, Textarea } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path } from 'react-hook-form';
import { z } from 'zod';
import { storeKeys, vendorStoreApi, type PayoutCountry } from './api';
import { COUNTRIES, DEFAULT_SHIPPING, Field, fromShipping, ShippingEditor, shippingListSchema, toShippingInput, type ShippingValues } from './fields';

const str = (d: WizardData, k: string): string => (d && typeof d[k] === 'string' ? (d[k] as string) : '');
const num = (d: WizardData, k: string): number | undefined => (d && typeof d[k] === 'number' ? (d[k] as number) : undefined);
const CURRENCY: Record<string, 'NGN' | 'GHS' | 'KES' | 'ZAR'> = { NG: 'NGN', GH: 'GHS', KE: 'KES', ZA: 'ZAR' };
const oneLine = (s: string) => [...s].every((c) => c >= ' ' && c !== '\u007f');

/** The storefront as the steps before the logo saved it (what PUT /vendor/store takes). */
function storeFromSteps(all: WizardStepProps['all']) {
  const a = all['about'] ?? null;
  const r = all['returns'] ?? null;
  const ship = (all['shipping']?.['shipping'] ?? []) as { code: string; label: string; fee: number; min_days: number; max_days: number }[];
  return {
    name: str(all['store'] ?? null, 'name'),
    about: str(a, 'about'),
    address: str(a, 'address'),
    city: str(a, 'city'),
    country: str(a, 'country') || 'NG',
    return_days: num(r, 'return_days') ?? 0,
    return_policy: str(r, 'return_policy'),
    shipping: ship,
  };
}

/** A step form: react-hook-form with zod, saved through the wizard, server errors beside their fields. */
function useStep<T extends FieldValues>(props: WizardStepProps, schema: z.ZodType<T>, defaults: T, toData: (v: T) => Record<string, unknown>) {
  const form = useForm<T>({ resolver: zodResolver(schema as never) as never, defaultValues: defaults as never });
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      await props.save(toData(v));
    } catch (e) {
      setError(applyServerErrors(e, form.setError, Object.keys(defaults)));
    }
  });
  const err = (name: Path<T>) => form.formState.errors[name]?.message as string | undefined;
  const reg = (name: Path<T>) => ({ id: `vw-${name}`, 'aria-invalid': Boolean(err(name)), 'aria-describedby': err(name) ? `vw-${name}-error` : undefined, ...form.register(name) });
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

/* ---------- store: name and address ---------- */

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const nameSchema = z.object({ name: z.string().trim().min(2, 'At least 2 characters').max(80).refine(oneLine, 'One line, without special characters') });

export function StoreNameStep(props: WizardStepProps) {
  const { form, reg, err, error, onSubmit } = useStep(props, nameSchema, { name: str(props.data, 'name') }, (v) => ({ name: v.name, slug: slugOf(v.name) }));
  const slug = slugOf(form.watch('name') ?? '');
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <Field id="vw-name" text="Store name" error={err('name')} hint="Buyers see it on every product you sell, e.g. “Harmattan Goods”.">
        <Input {...reg('name')} maxLength={80} autoComplete="organization" />
      </Field>
      <p className="text-sm text-muted-foreground">
        Its short name, unique across Sojourn: <span className="font-mono text-foreground">{slug || 'your-store-name'}</span>
      </p>
    </StepForm>
  );
}

/* ---------- about: about and address ---------- */

const aboutSchema = z.object({
  about: z.string().trim().min(20, 'Tell buyers about your shop in at least 20 characters').max(2000),
  address: z.string().trim().max(200).refine(oneLine, 'One line'),
  city: z.string().trim().min(1, 'Required').max(80).refine(oneLine, 'One line'),
  country: z.string().length(2),
});

export function AboutStep(props: WizardStepProps) {
  const d = props.data;
  const { reg, err, error, onSubmit } = useStep(props, aboutSchema, { about: str(d, 'about'), address: str(d, 'address'), city: str(d, 'city'), country: str(d, 'country') || 'NG' }, (v) => v);
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <Field id="vw-about" text="About your shop" error={err('about')} hint="What you sell, how it is made and who makes it. Up to 2,000 characters.">
        <Textarea {...reg('about')} rows={5} maxLength={2000} />
      </Field>
      <Field id="vw-address" text="Street address" error={err('address')} hint="Where parcels leave from. Buyers see the city only.">
        <Input {...reg('address')} maxLength={200} autoComplete="street-address" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="vw-city" text="City" error={err('city')}>
          <Input {...reg('city')} maxLength={80} autoComplete="address-level2" />
        </Field>
        <Field id="vw-country" text="Country" error={err('country')}>
          <select className={cn(inputClass, 'appearance-auto')} {...reg('country')}>
            {Object.entries(COUNTRIES).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </Field>
      </div>
    </StepForm>
  );
}

/* ---------- shipping ---------- */

export function ShippingStep(props: WizardStepProps) {
  const saved = props.data?.['shipping'] as Parameters<typeof fromShipping>[0] | undefined;
  const { form, error, onSubmit } = useStep(props, z.object({ shipping: shippingListSchema }), { shipping: saved?.length ? fromShipping(saved) : DEFAULT_SHIPPING }, (v: { shipping: ShippingValues[] }) => ({
    shipping: toShippingInput(v.shipping),
  }));
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <p className="text-sm text-muted-foreground">Buyers choose one of these per package at checkout. The days are how long you promise delivery takes; shipping later than that counts against your shop’s health score.</p>
      <ShippingEditor control={form.control} register={form.register} errors={form.formState.errors} prefix="vw" />
    </StepForm>
  );
}

/* ---------- returns ---------- */

const returnsSchema = z
  .object({ return_days: z.coerce.number().int().min(0, 'From 0').max(90, 'At most 90'), return_policy: z.string().trim().max(2000) })
  .refine((v) => v.return_days === 0 || v.return_policy.length > 0, { path: ['return_policy'], message: 'Say what buyers may return and how' });

export function ReturnsStep(props: WizardStepProps) {
  const { reg, err, error, onSubmit } = useStep(props, returnsSchema, { return_days: num(props.data, 'return_days') ?? 14, return_policy: str(props.data, 'return_policy') }, (v) => v);
  return (
    <StepForm formId={props.formId} onSubmit={onSubmit} error={error}>
      <Field id="vw-return_days" text="Days to return after delivery" error={err('return_days')} hint="0 to 90. Your payout is released once this window has passed.">
        <Input {...reg('return_days')} type="number" min={0} max={90} className="w-32" />
      </Field>
      <Field id="vw-return_policy" text="Return policy" error={err('return_policy')} hint="What may come back, in what state, and who pays the postage.">
        <Textarea {...reg('return_policy')} rows={4} maxLength={2000} />
      </Field>
    </StepForm>
  );
}

/* ---------- logo ---------- */

export function LogoStep(props: WizardStepProps) {
  const qc = useQueryClient();
  const [url, setUrl] = useState(str(props.data, 'logo_url'));
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      let logo = url;
      if (file) {
        // The logo route needs the storefront: save it from the steps before this one first.
        try {
          await vendorStoreApi.store();
        } catch (err) {
          if (!isApiError(err) || err.status !== 404) throw err;
          await vendorStoreApi.save(storeFromSteps(props.all));
        }
        const st = await vendorStoreApi.setLogo(file);
        logo = st.logo_url;
        setUrl(logo);
        setFile(null);
        void qc.invalidateQueries({ queryKey: storeKeys.store });
      }
      await props.save({ logo_url: logo });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form id={props.formId} className="grid gap-4" onSubmit={(e) => void submit(e)} noValidate aria-busy={busy}>
      <p className="text-sm text-muted-foreground">A square logo (JPEG, PNG or WebP, up to 5 MB) shows beside your store’s name. You can skip it and add it later from your store page.</p>
      <FileUpload id="vw-logo" label="Store logo" accept={['image/jpeg', 'image/png', 'image/webp']} maxBytes={5 * 1024 * 1024} currentUrl={mediaUrl(url) ?? undefined} onFileChange={setFile} round />
      {busy && <p className="text-sm text-muted-foreground">Uploading…</p>}
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}

/* ---------- payout ---------- */

const payoutSchema = z.object({ change: z.boolean(), bank_code: z.string(), account_number: z.string().trim(), account_name: z.string().trim() });

export function PayoutStep(props: WizardStepProps) {
  const country = (str(props.all['about'] ?? null, 'country') || 'NG') as PayoutCountry;
  const currency = CURRENCY[country] ?? 'NGN';
  const saved = str(props.data, 'payout_account_id');
  const banks = useQuery({ queryKey: ['shop', 'banks', country], queryFn: () => vendorStoreApi.banks(country) });
  const form = useForm<z.infer<typeof payoutSchema>>({ resolver: zodResolver(payoutSchema) as never, defaultValues: { change: !saved, bank_code: '', account_number: '', account_name: '' } });
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
      const acct = await vendorStoreApi.setPayoutAccount({ bank_code: v.bank_code, account_number: v.account_number, account_name: v.account_name, currency }, key);
      await props.save({ payout_account_id: acct.id, bank_name: acct.bank_name, account_last4: acct.account_number.slice(-4) });
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['bank_code', 'account_number', 'account_name']));
    }
  });
  const aria = (k: 'bank_code' | 'account_number' | 'account_name') => ({ id: `vw-${k}`, 'aria-invalid': Boolean(e[k]), 'aria-describedby': e[k] ? `vw-${k}-error` : undefined });
  return (
    <form id={props.formId} className="grid gap-4" onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <p className="text-sm text-muted-foreground">Your share of each delivered order is paid to your Sojourn wallet and out to this account in {currency}.</p>
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
          <Field id="vw-bank_code" text="Bank" error={e.bank_code?.message}>
            <select className={cn(inputClass, 'appearance-auto')} disabled={!banks.data} {...aria('bank_code')} {...form.register('bank_code')}>
              <option value="">{banks.isPending ? 'Loading banks…' : banks.isError ? 'Banks could not be loaded' : 'Choose your bank'}</option>
              {banks.data?.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="vw-account_number" text="Account number" error={e.account_number?.message}>
            <Input inputMode="numeric" maxLength={20} {...aria('account_number')} {...form.register('account_number')} />
          </Field>
          <Field id="vw-account_name" text="Name on the account" error={e.account_name?.message}>
            <Input maxLength={100} {...aria('account_name')} {...form.register('account_name')} />
          </Field>
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}

/* ---------- review ---------- */

function Row({ k, v }: { k: string; v: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{k}</dt>
      <dd className="text-sm">{v || <span className="text-muted-foreground">Not given</span>}</dd>
    </div>
  );
}

export function ReviewStep(props: WizardStepProps) {
  const s = storeFromSteps(props.all);
  const logo = str(props.all['logo'] ?? null, 'logo_url');
  const pay = props.all['payout'] ?? null;
  const [confirmed, setConfirmed] = useState(Boolean(props.data?.['confirmed']));
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const qc = useQueryClient();
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
      void qc.invalidateQueries({ queryKey: storeKeys.store });
      void qc.invalidateQueries({ queryKey: storeKeys.progress });
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <form id={props.formId} className="grid gap-5" onSubmit={(e) => void submit(e)} noValidate>
      <dl className="grid gap-3">
        <Row k="Store" v={s.name} />
        <Row k="Logo" v={logo ? <img src={mediaUrl(logo) ?? ''} alt="Your logo" className="size-14 rounded-full object-cover" /> : 'Add it later'} />
        <Row k="About" v={s.about} />
        <Row k="Address" v={[s.address, s.city, COUNTRIES[s.country]].filter(Boolean).join(', ')} />
        <Row k="Shipping" v={s.shipping.map((m) => `${m.label} (${m.min_days}–${m.max_days} days)`).join(', ')} />
        <Row k="Returns" v={s.return_days ? `${s.return_days} days: ${s.return_policy}` : 'No returns'} />
        <Row k="Payout account" v={pay ? `${str(pay, 'bank_name')} ending ${str(pay, 'account_last4')}` : ''} />
      </dl>
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-primary"
            checked={confirmed}
            onChange={(e) => setConfirmed(e.target.checked)}
            aria-invalid={Boolean(fieldError)}
            aria-describedby={fieldError ? 'vw-confirmed-error' : undefined}
          />
          I confirm these details are true and that I may sell these goods.
        </label>
        {fieldError && (
          <p id="vw-confirmed-error" className="text-sm text-destructive">
            {fieldError}
          </p>
        )}
      </div>
      {error && <FormAlert>{error}</FormAlert>}
    </form>
  );
}
