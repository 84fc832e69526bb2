import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { applyServerErrors, Badge, Button, Card, CardContent, DataTable, Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, FormAlert, Input, inputClass, Label, PageHeader, Textarea } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { CarFront, Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { dealersApi, dealersKeys, type CarListing, type VINDecode } from '../api';
import { FIELDS, schema, toInput, year, type Values } from '../listing-schema';
import { BODIES, carTitle, CONDITIONS, DRIVETRAINS, FUELS, km, STATUS_LABEL, TRANSMISSIONS } from '../format';

function Select({ id, options, ...rest }: { id: string; options: Record<string, string> } & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <select id={id} className={cn(inputClass, 'appearance-auto')} {...rest}>
      {Object.entries(options).map(([k, v]) => (
        <option key={k} value={k}>
          {v}
        </option>
      ))}
    </select>
  );
}

function ListingForm({ listing, onDone }: { listing: CarListing | null; onDone: (l: CarListing) => void }) {
  const form = useForm<Values>({
    resolver: zodResolver(schema) as never,
    defaultValues: listing
      ? { ...listing, price: listing.price / 100, features: listing.features.join(', ') }
      : { vin: '', make: '', model: '', year: year - 4, trim: '', body: 'sedan', mileage_km: 0, fuel: 'petrol', transmission: 'automatic', drivetrain: 'fwd', colour: '', condition: 'foreign_used', price: 0, features: '', description: '' },
  });
  const [decoded, setDecoded] = useState<VINDecode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [saved, setSaved] = useState<CarListing | null>(listing);
  const decode = async () => {
    const vin = form.getValues('vin').trim().toUpperCase();
    if (vin.length !== 17) return;
    try {
      const d = await dealersApi.decodeVIN(vin);
      setDecoded(d);
      if (d.valid) {
        if (d.wmi.make && !form.getValues('make')) form.setValue('make', d.wmi.make);
        if (d.model_year) form.setValue('year', d.model_year);
      } else if (d.problem) form.setError('vin', { message: `This VIN ${d.problem}` });
    } catch {
      setDecoded(null);
    }
  };
  const submit = form.handleSubmit(async (v) => {
    setError(null);
    try {
      const out = saved ? await dealersApi.updateListing(saved.id, toInput(v)) : await dealersApi.createListing(toInput(v));
      setSaved(out);
      if (listing) onDone(out);
    } catch (e) {
      setError(applyServerErrors(e, form.setError, FIELDS));
    }
  });
  const addPhoto = async (f: File | undefined) => {
    if (!f || !saved) return;
    setPhotoError(null);
    try {
      setSaved(await dealersApi.addPhoto(saved.id, f));
    } catch (e) {
      setPhotoError(errorMessage(e));
    }
  };
  const e = form.formState.errors;
  const field = (name: keyof Values, text: string, input: React.ReactNode, hint?: string) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`car-${name}`}>{text}</Label>
      {input}
      {hint && !e[name] && <p className="text-xs text-muted-foreground">{hint}</p>}
      {e[name] && (
        <p id={`car-${name}-error`} className="text-sm text-destructive">
          {e[name]?.message}
        </p>
      )}
    </div>
  );
  const reg = (name: keyof Values) => ({ id: `car-${name}`, 'aria-invalid': Boolean(e[name]), 'aria-describedby': e[name] ? `car-${name}-error` : undefined, ...form.register(name) });
  if (saved && !listing) {
    return (
      <div className="grid gap-4">
        <FormAlert tone="success">{carTitle(saved)} is listed. Add photos: the first one is the cover buyers see.</FormAlert>
        <Photos listing={saved} onAdd={addPhoto} error={photoError} />
        <Button onClick={() => onDone(saved)}>Done</Button>
      </div>
    );
  }
  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      {field('vin', 'VIN', <Input {...reg('vin')} maxLength={17} autoCapitalize="characters" className="font-mono uppercase" onBlur={(ev) => { void form.register('vin').onBlur(ev); void decode(); }} />, '17 characters; we check its check digit and read the maker from it.')}
      {decoded?.valid && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
          {decoded.wmi.manufacturer ? `${decoded.wmi.manufacturer}, built in ${decoded.wmi.country || decoded.wmi.region}` : `Built in ${decoded.wmi.country || decoded.wmi.region || 'an unknown country'}`}
          {decoded.model_year ? `; model year ${decoded.model_year}` : ''}.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-3">
        {field('make', 'Make', <Input {...reg('make')} maxLength={60} />)}
        {field('model', 'Model', <Input {...reg('model')} maxLength={60} />)}
        {field('year', 'Year', <Input {...reg('year')} inputMode="numeric" />)}
        {field('trim', 'Trim', <Input {...reg('trim')} maxLength={80} />)}
        {field('body', 'Body', <Select options={BODIES} {...reg('body')} />)}
        {field('colour', 'Colour', <Input {...reg('colour')} maxLength={40} />)}
        {field('mileage_km', 'Mileage (km)', <Input {...reg('mileage_km')} inputMode="numeric" />)}
        {field('fuel', 'Fuel', <Select options={FUELS} {...reg('fuel')} />)}
        {field('transmission', 'Gearbox', <Select options={TRANSMISSIONS} {...reg('transmission')} />)}
        {field('drivetrain', 'Drive', <Select options={DRIVETRAINS} {...reg('drivetrain')} />)}
        {field('condition', 'Condition', <Select options={CONDITIONS} {...reg('condition')} />)}
        {field('price', 'Price (NGN)', <Input {...reg('price')} inputMode="decimal" />, listing ? 'A new price is added to the history buyers see.' : undefined)}
      </div>
      {field('features', 'Features', <Input {...reg('features')} placeholder="Reverse camera, Leather seats, Sunroof" />, 'Separated by commas.')}
      {field('description', 'Description', <Textarea {...reg('description')} maxLength={4000} />)}
      {error && <FormAlert>{error}</FormAlert>}
      <Button type="submit" loading={form.formState.isSubmitting}>
        {listing ? 'Save changes' : 'List this car'}
      </Button>
      {listing && saved && <Photos listing={saved} onAdd={addPhoto} error={photoError} onRemove={async (pid) => setSaved(await dealersApi.deletePhoto(saved.id, pid))} />}
    </form>
  );
}

function Photos({ listing, onAdd, onRemove, error }: { listing: CarListing; onAdd: (f: File | undefined) => void; onRemove?: (id: string) => void; error: string | null }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor="car-photo">Photos ({listing.photos.length} of 20)</Label>
      <div className="flex flex-wrap gap-2">
        {listing.photos.map((p, i) => (
          <div key={p.id} className="relative">
            <img src={mediaUrl(p.url) ?? ''} alt={`View ${i + 1}`} className="h-16 w-24 rounded-md object-cover" />
            {onRemove && (
              <button type="button" className="absolute right-0 top-0 rounded bg-background/90 px-1 text-xs" onClick={() => onRemove(p.id)} aria-label={`Remove photo ${i + 1}`}>
                ✕
              </button>
            )}
          </div>
        ))}
      </div>
      <Input id="car-photo" type="file" accept="image/jpeg,image/png,image/webp,image/gif" onChange={(ev) => onAdd(ev.target.files?.[0])} />
      {error && <FormAlert>{error}</FormAlert>}
    </div>
  );
}

/** The dealer's cars: status, views, days on market and enquiries; add, edit (price changes recorded), photos, mark sold. */
export default function DealerListingsPage() {
  const qc = useQueryClient();
  const [status, setStatus] = useState('');
  const [editing, setEditing] = useState<CarListing | null | undefined>(undefined);
  const list = useInfiniteQuery({
    queryKey: dealersKeys.listings(status),
    queryFn: ({ pageParam }) => dealersApi.listings(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
    placeholderData: keepPreviousData,
  });
  const sold = useMutation({ mutationFn: dealersApi.markSold, onSuccess: () => void qc.invalidateQueries({ queryKey: dealersKeys.all }) });
  const rows = list.data?.pages.flatMap((p) => p.data);
  const done = () => {
    setEditing(undefined);
    void qc.invalidateQueries({ queryKey: dealersKeys.all });
  };
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Cars for sale"
        description="Your listings with their status, views, days on market and enquiries. Buyers see the price history, so every price change is kept."
        actions={
          <Button onClick={() => setEditing(null)}>
            <Plus className="size-4" aria-hidden /> Add a car
          </Button>
        }
      />
      <Card>
        <CardContent className="grid gap-4 pt-5">
          <div className="flex max-w-xs flex-col gap-1.5">
            <Label htmlFor="listing-status">Show</Label>
            <select id="listing-status" className={cn(inputClass, 'appearance-auto')} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Every car</option>
              <option value="available">For sale</option>
              <option value="reserved">Reserved</option>
              <option value="sold">Sold</option>
            </select>
          </div>
          {sold.error && <FormAlert>{errorMessage(sold.error)}</FormAlert>}
          <DataTable<CarListing>
            caption="Your cars"
            responsive="cards"
            rows={rows}
            rowKey={(l) => l.id}
            loading={list.isFetching && !list.isFetchingNextPage}
            error={!rows ? list.error : undefined}
            onRetry={() => void list.refetch()}
            empty={{ title: 'No cars here yet', description: 'Add a car with its VIN: we check it and fill in the maker for you.' }}
            columns={[
              {
                key: 'car',
                header: 'Car',
                cell: (l) => (
                  <span className="flex min-w-56 items-center gap-3">
                    {l.cover_url ? <img src={mediaUrl(l.cover_url) ?? ''} alt="" className="h-10 w-16 rounded object-cover" /> : <CarFront className="size-8 text-muted-foreground" aria-hidden />}
                    <span className="grid">
                      <span className="font-medium">{carTitle(l)}</span>
                      <span className="font-mono text-xs text-muted-foreground">{l.vin}</span>
                    </span>
                  </span>
                ),
              },
              { key: 'price', header: 'Price', cell: (l) => <span className="whitespace-nowrap">{formatMoney(l.price, l.currency)}</span> },
              { key: 'km', header: 'Mileage', cell: (l) => <span className="whitespace-nowrap">{km(l.mileage_km)}</span> },
              {
                key: 'status',
                header: 'Status',
                cell: (l) => (
                  <span className="flex flex-wrap gap-1">
                    <Badge variant={l.status === 'available' ? 'default' : 'secondary'}>{STATUS_LABEL[l.status]}</Badge>
                    {l.hidden && <Badge variant="destructive">Hidden by Sojourn</Badge>}
                    {l.hidden && <span className="w-full text-xs text-destructive">{l.hidden_reason}</span>}
                  </span>
                ),
              },
              { key: 'views', header: 'Views', cell: (l) => l.views },
              { key: 'leads', header: 'Enquiries', cell: (l) => l.leads },
              { key: 'days', header: 'Days on market', cell: (l) => l.days_on_market },
              {
                key: 'actions',
                header: <span className="sr-only">Actions</span>,
                cell: (l) =>
                  l.status === 'sold' ? null : (
                    <span className="flex gap-2">
                      <Button size="sm" variant="outline" onClick={() => setEditing(l)}>
                        Edit
                      </Button>
                      {l.status === 'available' && (
                        <Button size="sm" variant="ghost" loading={sold.isPending && sold.variables === l.id} onClick={() => sold.mutate(l.id)}>
                          Mark sold
                        </Button>
                      )}
                    </span>
                  ),
              },
            ]}
            more={{
              hasMore: Boolean(list.hasNextPage),
              loading: list.isFetchingNextPage,
              failed: Boolean(list.error && rows),
              onLoadMore: () => void list.fetchNextPage(),
              noun: ['car', 'cars'],
            }}
          />
          {rows?.some((l) => l.hidden) && <p className="text-xs text-muted-foreground">Sojourn hid a car for the reason shown: fix the listing and write to support to have it shown again.</p>}
        </CardContent>
      </Card>
      <Dialog open={editing !== undefined} onOpenChange={(o) => !o && done()}>
        <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{editing ? `Edit ${carTitle(editing)}` : 'Add a car'}</DialogTitle>
            <DialogDescription>Buyers filter on every field here, and the market indicator compares cars of the same make, model, year and mileage.</DialogDescription>
          </DialogHeader>
          {editing !== undefined && <ListingForm key={editing?.id ?? 'new'} listing={editing} onDone={done} />}
        </DialogContent>
      </Dialog>
    </div>
  );
}
