import { zodResolver } from '@hookform/resolvers/zod';
import type { WizardData, WizardStepProps } from '@sojourn/routing';
import { ErrorState, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, Skeleton } from '@sojourn/ui';
import { formatMoney, payoutTarget, type PayoutCountry } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { durationText, guideSetupApi, guideSetupKeys } from '../api';
import { GUIDE_COUNTRIES, StepForm, TextField, selectClass, str, strs, useSaveStep } from './common';

const CURRENCY: Record<PayoutCountry, 'NGN' | 'GHS' | 'KES' | 'ZAR'> = { NG: 'NGN', GH: 'GHS', KE: 'KES', ZA: 'ZAR' };

const payout = z
  .object({
    country: z.enum(['NG', 'GH', 'KE', 'ZA']),
    bank_code: z.string().min(1, 'Choose your bank.').max(20),
    account_number: z.string().trim().regex(/^\d{6,20}$/, 'Digits only, 6 to 20.'),
    account_name: z.string().trim().min(2, 'The name on the account.').max(100, 'At most 100 characters.'),
  })
  .superRefine((v, ctx) => {
    if (v.country === 'NG' && v.account_number.trim().length !== 10) ctx.addIssue({ code: 'custom', path: ['account_number'], message: 'A Nigerian account number has 10 digits.' });
  });
type Payout = z.infer<typeof payout>;

/** Step nine: where earnings are paid (created as the payout account when the set-up is submitted). */
export function PayoutStep(props: WizardStepProps) {
  const saved = str(props.data, 'currency');
  const fromCurrency = (Object.keys(CURRENCY) as PayoutCountry[]).find((c) => CURRENCY[c] === saved);
  const form = useForm<Payout>({
    resolver: zodResolver(payout),
    defaultValues: {
      country: fromCurrency ?? payoutTarget(str(props.all['three'], 'country')).country,
      bank_code: str(props.data, 'bank_code'),
      account_number: str(props.data, 'account_number'),
      account_name: str(props.data, 'account_name'),
    },
  });
  const country = form.watch('country');
  const banks = useQuery({ queryKey: guideSetupKeys.banks(country), queryFn: () => guideSetupApi.banks(country), staleTime: 60 * 60 * 1000 });
  const { problem, run } = useSaveStep(props, form, ['bank_code', 'account_number', 'account_name', 'country'], { currency: 'country' });
  return (
    <StepForm
      form={form}
      formId={props.formId}
      problem={problem}
      onValid={(v) => run({ bank_code: v.bank_code, account_number: v.account_number, account_name: v.account_name, currency: CURRENCY[v.country] })}
    >
      <p className="text-sm text-muted-foreground">
        We pay your earnings to this account after each tour (through Paystack). It is checked with your bank when you submit.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={form.control}
          name="country"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Paid in</FormLabel>
              <FormControl>
                <select
                  className={selectClass}
                  {...field}
                  onChange={(e) => {
                    field.onChange(e.target.value);
                    form.setValue('bank_code', '');
                  }}
                >
                  <option value="NG">Nigeria (NGN)</option>
                  <option value="GH">Ghana (GHS)</option>
                  <option value="KE">Kenya (KES)</option>
                  <option value="ZA">South Africa (ZAR)</option>
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="bank_code"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Bank</FormLabel>
              {banks.isPending ? (
                <Skeleton className="h-10 w-full" />
              ) : banks.isError ? (
                <ErrorState title="Banks could not be loaded" error={banks.error} onRetry={() => void banks.refetch()} />
              ) : (
                <FormControl>
                  <select className={selectClass} {...field}>
                    <option value="">Choose your bank</option>
                    {banks.data.map((b) => (
                      <option key={b.code} value={b.code}>
                        {b.name}
                      </option>
                    ))}
                  </select>
                </FormControl>
              )}
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="account_number" label="Account number" input={{ inputMode: 'numeric', maxLength: 20, autoComplete: 'off' }} />
        <TextField form={form} name="account_name" label="Name on the account" input={{ maxLength: 100 }} />
      </div>
    </StepForm>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 border-b py-2 last:border-0 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function departuresText(d: WizardData): string {
  const deps = (d?.['departures'] ?? {}) as { weekly?: Record<string, string[]>; added?: { date: string; time: string }[] };
  const weekly = DAYS.filter((day) => (deps.weekly?.[day] ?? []).length > 0).map((day) => `${day[0]!.toUpperCase()}${day.slice(1, 3)} ${(deps.weekly?.[day] ?? []).join(', ')}`);
  const added = (deps.added ?? []).map((a) => `${a.date} ${a.time}`);
  return [...weekly, ...added].join(' · ') || 'None yet';
}

const confirm = z.object({ confirm: z.boolean().refine((v) => v, 'Confirm that your answers are true.') });
type Confirm = z.infer<typeof confirm>;

/** Step ten: everything at a glance, a confirmation, and the submission for verification. */
export function ReviewStep(props: WizardStepProps) {
  const a = props.all;
  const form = useForm<Confirm>({ resolver: zodResolver(confirm), defaultValues: { confirm: props.data?.['confirm'] === true } });
  const { problem, run } = useSaveStep(props, form, ['confirm']);
  const tour = a['seven'];
  const price = (tour?.['price'] ?? {}) as { amount?: number; currency?: string };
  const country = GUIDE_COUNTRIES.find((c) => c.code === str(a['three'], 'country'));
  const others = strs(a['three'], 'other_cities');
  return (
    <StepForm form={form} formId={props.formId} problem={problem} onValid={() => run({ confirm: true }, props.submit)}>
      <dl>
        <Row label="Headline">{str(a['one'], 'headline')}</Row>
        <Row label="Languages">{strs(a['two'], 'languages').join(', ')}</Row>
        <Row label="Home city">
          {str(a['three'], 'city')}
          {country ? `, ${country.name}` : ''}
          {others.length ? ` · also ${others.join(', ')}` : ''}
        </Row>
        <Row label="Topics">{strs(a['four'], 'specialties').join(', ')}</Row>
        <Row label="Licence">
          {str(a['five'], 'licence_number')} ({str(a['five'], 'issuing_body')}), {strs(a['five'], 'document_ids').length} document(s)
        </Row>
        <Row label="Photos">{strs(a['six'], 'media_ids').length}</Row>
        <Row label="First tour">
          {str(tour, 'title')}
          {typeof tour?.['duration_min'] === 'number' ? ` · ${durationText(tour['duration_min'] as number)}` : ''}
          {price.amount !== undefined && price.currency ? ` · ${formatMoney(price.amount, price.currency)} ${tour?.['pricing'] === 'per_group' ? 'per group' : 'per person'}` : ''}
        </Row>
        <Row label="Departures">{departuresText(a['eight'] ?? null)}</Row>
        <Row label="Payouts">
          {str(a['nine'], 'account_name')} · account ending {str(a['nine'], 'account_number').slice(-4)} ({str(a['nine'], 'currency')})
        </Row>
      </dl>
      <FormField
        control={form.control}
        name="confirm"
        render={({ field }) => (
          <FormItem>
            <div className="flex items-start gap-2">
              <FormControl>
                <input type="checkbox" className="mt-1 size-4" checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />
              </FormControl>
              <FormLabel className="font-normal">I confirm these details are true and that I hold the licence I entered.</FormLabel>
            </div>
            <FormDescription>Sojourn’s team checks your documents, usually within two working days. You can keep editing your tours meanwhile.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </StepForm>
  );
}
