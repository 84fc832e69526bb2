import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError, newIdempotencyKey } from '@sojourn/api-client';
import { Button, Card, FormAlert, Input, Label, RadioGroup, RadioGroupItem, Select, SelectContent, SelectItem, SelectTrigger, SelectValue, Skeleton } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { flightKeys, flightsApi, type FlightOfferDetail, type PayWith } from '../api';
import { FLIGHT_PATHS } from '../paths';
import { useSecondsLeft } from './countdown';

const NAME = /^[\p{L}][\p{L}\p{M} '\-.]*$/u;
const name = z.string().trim().min(1, 'Required').max(50, 'At most 50 characters').regex(NAME, 'Letters only, as on the passport');
const schema = z.object({
  passengers: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      title: z.enum(['mr', 'ms', 'mrs', 'miss', 'dr'], { message: 'Choose a title' }),
      given_name: name,
      family_name: name,
      born_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth'),
      gender: z.enum(['m', 'f'], { message: 'Choose one' }),
      bags: z.number().int().min(0).max(2),
    }),
  ),
  email: z.string().trim().email('An email address').max(254),
  phone: z.string().trim().regex(/^\+[1-9][0-9]{6,14}$/, 'International format, e.g. +2348012345678'),
  pay_with: z.enum(['wallet', 'card']),
});
type Values = z.infer<typeof schema>;

const TYPE_LABEL: Record<string, string> = { adult: 'Adult', child: 'Child', infant_without_seat: 'Infant' };

/** The passengers' details, bags and payment of an offer; the total shown is the one charged. */
export function BookOffer({ offer }: { offer: FlightOfferDetail }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const key = useRef(newIdempotencyKey('flight'));
  const [problem, setProblem] = useState<string | null>(null);
  const left = useSecondsLeft(offer.expires_at);
  const wallet = useQuery({ queryKey: flightKeys.wallet(offer.price.currency), queryFn: () => flightsApi.wallet(offer.price.currency), retry: false });
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: {
      passengers: offer.passengers.map((p) => ({ id: p.id, type: p.type, title: undefined as unknown as 'mr', given_name: '', family_name: '', born_on: '', gender: undefined as unknown as 'm', bags: 0 })),
      email: '',
      phone: '',
      pay_with: 'wallet',
    },
  });
  const { fields } = useFieldArray({ control: form.control, name: 'passengers' });
  const bags = form.watch('passengers').reduce((n, p) => n + (p.bags || 0), 0);
  const total = offer.price.amount + (offer.bag ? offer.bag.price.amount * bags : 0);
  const balance = wallet.data && 'balance' in wallet.data ? (wallet.data as { balance: number }).balance : null;
  const payWith = form.watch('pay_with');
  const short = payWith === 'wallet' && balance !== null && balance < total;
  const order = useMutation({
    mutationFn: (v: Values) =>
      flightsApi.order(
        {
          offer_id: offer.id,
          passengers: v.passengers.map((p) => ({ id: p.id, title: p.title, given_name: p.given_name, family_name: p.family_name, born_on: p.born_on, gender: p.gender, bags: p.bags })),
          email: v.email,
          phone: v.phone,
          pay_with: v.pay_with,
          expected_total: total,
        },
        key.current,
      ),
    onSuccess: (o) => {
      void qc.invalidateQueries({ queryKey: flightKeys.mine });
      if (o.payment?.authorization_url) window.location.assign(o.payment.authorization_url);
      else navigate(`${FLIGHT_PATHS.details}?order=${o.id}`);
    },
    onError: (e) => {
      key.current = newIdempotencyKey('flight');
      if (e instanceof ApiError && e.status === 409) void qc.invalidateQueries({ queryKey: flightKeys.offer(offer.id) });
      setProblem(e instanceof Error ? e.message : 'The order failed.');
      if (e instanceof ApiError) {
        for (const [k, msg] of Object.entries(e.fields)) form.setError(k as 'email', { type: 'server', message: msg });
      }
    },
  });
  const expired = left === 0;
  const err = (path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], form.formState.errors) as { message?: string } | undefined;
  const fieldProps = (id: string, path: string) => ({ id, 'aria-invalid': !!err(path), 'aria-describedby': err(path) ? `${id}-err` : undefined });
  const FieldError = ({ id, path }: { id: string; path: string }) => (err(path)?.message ? <p id={`${id}-err`} className="text-xs text-destructive">{err(path)?.message}</p> : null);
  const today = useMemo(() => new Date().toISOString().slice(0, 10), []);

  return (
    <form onSubmit={form.handleSubmit((v) => { setProblem(null); order.mutate(v); })} noValidate className="grid gap-4" aria-label="Passengers and payment">
      {fields.map((f, i) => (
        <Card key={f.id} className="grid gap-3 p-4">
          <h3 className="font-semibold">
            Passenger {i + 1} · {TYPE_LABEL[f.type] ?? f.type}
          </h3>
          <p className="text-xs text-muted-foreground">Names exactly as on the passport.</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <div className="grid gap-1.5">
              <Label htmlFor={`p${i}-title`}>Title</Label>
              <Controller control={form.control} name={`passengers.${i}.title`} render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...fieldProps(`p${i}-title`, `passengers.${i}.title`)}>
                    <SelectValue placeholder="Choose" />
                  </SelectTrigger>
                  <SelectContent>
                    {['mr', 'ms', 'mrs', 'miss', 'dr'].map((t) => (
                      <SelectItem key={t} value={t}>
                        {t[0]?.toUpperCase() + t.slice(1)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )} />
              <FieldError id={`p${i}-title`} path={`passengers.${i}.title`} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`p${i}-given`}>Given names</Label>
              <Input autoComplete={i === 0 ? 'given-name' : 'off'} {...fieldProps(`p${i}-given`, `passengers.${i}.given_name`)} {...form.register(`passengers.${i}.given_name`)} />
              <FieldError id={`p${i}-given`} path={`passengers.${i}.given_name`} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`p${i}-family`}>Surname</Label>
              <Input autoComplete={i === 0 ? 'family-name' : 'off'} {...fieldProps(`p${i}-family`, `passengers.${i}.family_name`)} {...form.register(`passengers.${i}.family_name`)} />
              <FieldError id={`p${i}-family`} path={`passengers.${i}.family_name`} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`p${i}-born`}>Date of birth</Label>
              <Input type="date" max={today} {...fieldProps(`p${i}-born`, `passengers.${i}.born_on`)} {...form.register(`passengers.${i}.born_on`)} />
              <FieldError id={`p${i}-born`} path={`passengers.${i}.born_on`} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`p${i}-gender`}>Gender (as on the passport)</Label>
              <Controller control={form.control} name={`passengers.${i}.gender`} render={({ field }) => (
                <Select value={field.value} onValueChange={field.onChange}>
                  <SelectTrigger {...fieldProps(`p${i}-gender`, `passengers.${i}.gender`)}>
                    <SelectValue placeholder="Choose" />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="f">Female</SelectItem>
                    <SelectItem value="m">Male</SelectItem>
                  </SelectContent>
                </Select>
              )} />
              <FieldError id={`p${i}-gender`} path={`passengers.${i}.gender`} />
            </div>
            {offer.bag && f.type !== 'infant_without_seat' && (
              <div className="grid gap-1.5">
                <Label htmlFor={`p${i}-bags`}>Extra checked bags ({offer.bag.weight_kg} kg)</Label>
                <Controller control={form.control} name={`passengers.${i}.bags`} render={({ field }) => (
                  <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
                    <SelectTrigger id={`p${i}-bags`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {Array.from({ length: (offer.bag?.max_per_passenger ?? 0) + 1 }, (_, n) => (
                        <SelectItem key={n} value={String(n)}>
                          {n === 0 ? 'None' : `${n} × ${formatMoney(offer.bag!.price.amount, offer.bag!.price.currency)}`}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )} />
              </div>
            )}
          </div>
        </Card>
      ))}
      <Card className="grid gap-3 p-4 sm:grid-cols-2">
        <h3 className="font-semibold sm:col-span-2">Contact for the airline</h3>
        <div className="grid gap-1.5">
          <Label htmlFor="fl-email">Email</Label>
          <Input type="email" autoComplete="email" {...fieldProps('fl-email', 'email')} {...form.register('email')} />
          <FieldError id="fl-email" path="email" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="fl-phone">Phone</Label>
          <Input type="tel" autoComplete="tel" placeholder="+2348012345678" {...fieldProps('fl-phone', 'phone')} {...form.register('phone')} />
          <FieldError id="fl-phone" path="phone" />
        </div>
      </Card>
      <Card className="grid gap-3 p-4">
        <Controller control={form.control} name="pay_with" render={({ field }) => (
          <fieldset className="grid gap-2">
            <legend className="mb-1.5 text-sm font-medium">Pay with</legend>
            <RadioGroup value={field.value} onValueChange={(v) => field.onChange(v as PayWith)} className="grid gap-2">
              <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', field.value === 'wallet' && 'border-primary')}>
                <RadioGroupItem value="wallet" id="fl-pay-wallet" className="mt-0.5" />
                <Label htmlFor="fl-pay-wallet" className="grid gap-0.5">
                  Your {offer.price.currency} wallet
                  {wallet.isPending ? <Skeleton className="h-4 w-40" /> : (
                    <span className={cn('font-normal', short ? 'text-destructive' : 'text-muted-foreground')}>
                      {balance === null ? 'Not activated yet.' : `Balance ${formatMoney(balance, offer.price.currency)}${short ? ': not enough, top up or pay by card.' : ''}`}
                    </span>
                  )}
                </Label>
              </div>
              <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', field.value === 'card' && 'border-primary')}>
                <RadioGroupItem value="card" id="fl-pay-card" className="mt-0.5" />
                <Label htmlFor="fl-pay-card" className="grid gap-0.5">
                  Card
                  <span className="font-normal text-muted-foreground">One secure Paystack payment; you come back to your booking afterwards.</span>
                </Label>
              </div>
            </RadioGroup>
          </fieldset>
        )} />
        <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-3">
          <div>
            <p className="text-sm text-muted-foreground">Total{bags ? ` with ${bags} bag${bags > 1 ? 's' : ''}` : ''}</p>
            <p className="text-2xl font-semibold" data-testid="flight-total">
              {formatMoney(total, offer.price.currency)}
            </p>
          </div>
          <Button type="submit" size="lg" disabled={order.isPending || expired || short}>
            {order.isPending ? 'Booking…' : payWith === 'card' ? 'Pay by card' : 'Pay from wallet'}
          </Button>
        </div>
        <FormAlert>{expired ? 'This fare has expired. Go back to the results and search again.' : problem}</FormAlert>
      </Card>
    </form>
  );
}
