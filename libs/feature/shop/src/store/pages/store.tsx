import { errorMessage, isApiError, mediaUrl } from '@sojourn/api-client';
import { applyServerErrors, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, ErrorState, FileUpload, FormAlert, Input, inputClass, PageHeader, Skeleton, Textarea } from '@sojourn/ui';
import { cn, portalOrigin } from '@sojourn/util';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Link } from 'react-router';
import { z } from 'zod';
import { storeHref } from '../../catalog/paths';
import { storeKeys, vendorStoreApi, type VendorStore } from '../api';
import { HealthCard } from '../health';
import { COUNTRIES, Field, fromShipping, ShippingEditor, shippingListSchema, toShippingInput } from '../fields';
import { VENDOR_ONBOARDING_PATH } from '../paths';

const oneLine = (s: string) => [...s].every((c) => c >= ' ' && c !== '\u007f');

const schema = z
  .object({
    name: z.string().trim().min(2, 'At least 2 characters').max(80).refine(oneLine, 'One line'),
    about: z.string().trim().max(2000),
    address: z.string().trim().max(200).refine(oneLine, 'One line'),
    city: z.string().trim().max(80).refine(oneLine, 'One line'),
    country: z.string().length(2),
    return_days: z.coerce.number().int().min(0, 'From 0').max(90, 'At most 90'),
    return_policy: z.string().trim().max(2000),
    shipping: shippingListSchema,
  })
  .refine((v) => v.return_days === 0 || v.return_policy.length > 0, { path: ['return_policy'], message: 'Say what buyers may return and how' });
type Values = z.infer<typeof schema>;

function Logo({ store }: { store: VendorStore }) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const up = useMutation({
    mutationFn: (f: File) => vendorStoreApi.setLogo(f),
    onSuccess: (s) => {
      qc.setQueryData(storeKeys.store, s);
      setFile(null);
      toast.success('Logo updated.');
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Logo</CardTitle>
        <CardDescription>Square works best; it is shown round beside your store’s name.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <FileUpload id="store-logo" label="Store logo" accept={['image/jpeg', 'image/png', 'image/webp']} maxBytes={5 * 1024 * 1024} currentUrl={mediaUrl(store.logo_url) ?? undefined} onFileChange={setFile} round />
        {up.isError && <FormAlert>{errorMessage(up.error)}</FormAlert>}
        <Button className="justify-self-start" disabled={!file || up.isPending} onClick={() => file && up.mutate(file)}>
          {up.isPending ? 'Uploading…' : 'Upload logo'}
        </Button>
      </CardContent>
    </Card>
  );
}

function StoreForm({ store }: { store: VendorStore }) {
  const qc = useQueryClient();
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: {
      name: store.name,
      about: store.about,
      address: store.address,
      city: store.city,
      country: store.country || 'NG',
      return_days: store.return_days,
      return_policy: store.return_policy,
      shipping: fromShipping(store.shipping),
    },
  });
  const [error, setError] = useState<string | null>(null);
  const e = form.formState.errors;
  const onSubmit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const s = await vendorStoreApi.save({ ...v, shipping: toShippingInput(v.shipping) });
      qc.setQueryData(storeKeys.store, s);
      form.reset({ ...v });
      toast.success('Your store is saved.');
    } catch (err) {
      setError(applyServerErrors(err, form.setError, ['name', 'about', 'address', 'city', 'country', 'return_days', 'return_policy']));
    }
  });
  const aria = (k: keyof Values) => ({ id: `st-${k}`, 'aria-invalid': Boolean(e[k]), 'aria-describedby': e[k] ? `st-${k}-error` : undefined });
  return (
    <form className="grid gap-6" onSubmit={(ev) => void onSubmit(ev)} noValidate>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Storefront</CardTitle>
          <CardDescription>What buyers read on your store page. Its address follows the name.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id="st-name" text="Store name" error={e.name?.message}>
            <Input maxLength={80} {...aria('name')} {...form.register('name')} />
          </Field>
          <Field id="st-about" text="About your shop" error={e.about?.message}>
            <Textarea rows={5} maxLength={2000} {...aria('about')} {...form.register('about')} />
          </Field>
          <Field id="st-address" text="Street address" error={e.address?.message} hint="Where parcels leave from. Buyers see the city only.">
            <Input maxLength={200} {...aria('address')} {...form.register('address')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="st-city" text="City" error={e.city?.message}>
              <Input maxLength={80} {...aria('city')} {...form.register('city')} />
            </Field>
            <Field id="st-country" text="Country" error={e.country?.message}>
              <select className={cn(inputClass, 'appearance-auto')} {...aria('country')} {...form.register('country')}>
                {Object.entries(COUNTRIES).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Shipping and returns</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ShippingEditor control={form.control as never} register={form.register as never} errors={e as never} prefix="st" />
          <Field id="st-return_days" text="Days to return after delivery" error={e.return_days?.message}>
            <Input type="number" min={0} max={90} className="w-32" {...aria('return_days')} {...form.register('return_days')} />
          </Field>
          <Field id="st-return_policy" text="Return policy" error={e.return_policy?.message}>
            <Textarea rows={4} maxLength={2000} {...aria('return_policy')} {...form.register('return_policy')} />
          </Field>
        </CardContent>
      </Card>
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" className="justify-self-start" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving…' : 'Save store'}
      </Button>
    </form>
  );
}

/** `/vendor-app/store`: the storefront's name, logo, about, address, shipping methods and return policy. */
export default function VendorStorePage() {
  const q = useQuery({ queryKey: storeKeys.store, queryFn: vendorStoreApi.store, retry: false });
  const header = <PageHeader title="Your store" description="How your shop appears to buyers across Sojourn." actions={
        q.data && (
          <Button variant="outline" asChild>
            <a href={`${portalOrigin('user', 'vendor', window.location)}${storeHref(q.data.id)}`} target="_blank" rel="noreferrer">
              View your storefront
            </a>
          </Button>
        )
      } />;
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (q.isError) {
    const none = isApiError(q.error) && q.error.status === 404;
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-6">
        {header}
        {none ? (
          <EmptyState icon={<Store className="size-8" aria-hidden />} title="Your shop is not set up yet" description="Seven short steps: name, about, shipping, returns, logo and payout account." action={<Button asChild><Link to={VENDOR_ONBOARDING_PATH}>Set up your shop</Link></Button>} />
        ) : (
          <ErrorState title="We could not load your store" error={q.error} onRetry={() => void q.refetch()} />
        )}
      </div>
    );
  }
  const s = q.data;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      {header}
      {s.suspended && <FormAlert>Your store is suspended: {s.suspension_reason || 'see the message from Sojourn’s team'}. Its products are hidden from the shop until it is restored.</FormAlert>}
      <HealthCard health={s.health} audience="vendor" />
      <Logo store={s} />
      <StoreForm key={s.id} store={s} />
    </div>
  );
}
