import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Label,
  RadioGroup,
  RadioGroupItem,
  Skeleton,
  Textarea,
} from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, Hourglass } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { bookingsApi, directoryApi, packagesApi, walletsApi, wellnessKeys, type Booking, type Currency, type IntakeQuestion, type Offering, type PayWith } from '../api';
import { AddToCalendar } from '../components/add-to-calendar';
import { StatusBadge } from '../components/bits';
import { formatLabel, policyText } from '../policy';
import { bookingHref, checkoutHref, detailsHref, CALENDAR_PATH, type KindPaths } from '../paths';
import { countdown, dateTimeIn, minutesText, viewerTimeZone, zoneLabel } from '../time';
import { refreshWallets } from '../wallet-refresh';

/** The intake answers, note and way to pay; required questions must be answered (the server checks them too). */
export function checkoutSchema(questions: IntakeQuestion[]) {
  const long = 'Please keep this under 2,000 characters.';
  return z
    .object({
      answers: z.record(z.string(), z.string().max(2000, long)),
      note: z.string().max(2000, long),
      pay_with: z.enum(['wallet', 'paystack', 'package']),
      package_id: z.string(),
    })
    .superRefine((v, ctx) => {
      for (const q of questions) {
        if (q.required && q.id && !(v.answers[q.id] ?? '').trim()) ctx.addIssue({ code: 'custom', path: ['answers', q.id], message: 'Please answer this question.' });
      }
      if (v.pay_with === 'package' && !v.package_id) ctx.addIssue({ code: 'custom', path: ['package_id'], message: 'Choose the package to use.' });
    });
}
type Values = z.infer<ReturnType<typeof checkoutSchema>>;

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(t);
  }, [active]);
  return now;
}

function Summary({ b, tz }: { b: Booking; tz: string }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center gap-3">
        <Avatar src={b.provider.avatar_url || null} name={b.provider.display_name} size="lg" />
        <div className="grid gap-0.5">
          <CardTitle as="h2">{b.title}</CardTitle>
          <CardDescription>with {b.provider.display_name}</CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">When</dt>
            <dd className="text-right font-medium">{dateTimeIn(b.start, tz)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Time zone</dt>
            <dd className="text-right">{zoneLabel(tz, new Date(b.start))}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Length</dt>
            <dd className="text-right">{minutesText(Math.round((new Date(b.end).getTime() - new Date(b.start).getTime()) / 60000))}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Format</dt>
            <dd className="text-right">{formatLabel(b.format)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t pt-2 text-base">
            <dt className="font-medium">Price</dt>
            <dd className="font-semibold tabular-nums">{formatMoney(b.price.amount, b.price.currency)}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** After paying: confirmed, or waiting for the provider to accept. */
export function Confirmation({ b, tz, paths }: { b: Booking; tz: string; paths: KindPaths }) {
  const waiting = b.status === 'pending_confirmation';
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-4">
      <Card>
        <CardHeader className="items-start gap-3">
          {waiting ? <Hourglass className="size-10 text-warning" aria-hidden /> : <CheckCircle2 className="size-10 text-success" aria-hidden />}
          <CardTitle as="h1" className="text-2xl">
            {waiting ? 'Request sent' : 'You are booked'}
          </CardTitle>
          <CardDescription className="text-base">
            {waiting
              ? `${b.provider.display_name} confirms each request. They have until ${b.confirm_by ? dateTimeIn(b.confirm_by, tz) : 'a day from now'} to accept; if they do not, the full ${formatMoney(b.paid_amount, b.price.currency)} comes back to you.`
              : `${b.title} with ${b.provider.display_name} on ${dateTimeIn(b.start, tz)} (${zoneLabel(tz, new Date(b.start))}). We will remind you a day and an hour before.`}
          </CardDescription>
          <StatusBadge status={b.status} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <p className="text-sm text-muted-foreground">
            {b.pay_with === 'package'
              ? 'Paid with one package credit.'
              : `Paid ${formatMoney(b.paid_amount, b.price.currency)} ${b.pay_with === 'wallet' ? 'from your wallet' : 'by card'}; it is held safely until the session has taken place.`}{' '}
            Free cancellation until {dateTimeIn(b.free_cancel_until, tz)}.
          </p>
          <div className="flex flex-wrap gap-2">
            <AddToCalendar booking={b} />
            <Button asChild variant="outline">
              <Link to={bookingHref(b.id)}>See it in your calendar</Link>
            </Button>
            <Button asChild variant="ghost">
              <Link to={paths.list}>Find another {paths.noun}</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function PayOption({ value, id, title, detail, disabled }: { value: PayWith; id: string; title: string; detail: React.ReactNode; disabled?: boolean }) {
  return (
    <div className="flex items-start gap-3 rounded-md border p-3 has-[[data-state=checked]]:border-primary">
      <RadioGroupItem value={value} id={id} disabled={disabled} className="mt-0.5" />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer">
          {title}
        </Label>
        <div className="text-sm text-muted-foreground">{detail}</div>
      </div>
    </div>
  );
}

function CheckoutForm({ b, offering, paths, tz, expired }: { b: Booking; offering: Offering | null; paths: KindPaths; tz: string; expired: boolean }) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const currency = b.price.currency as Currency;
  const questions = useMemo(() => (offering?.intake_questions ?? []).filter((q) => q.id), [offering]);
  const wallet = useQuery({ queryKey: wellnessKeys.wallet(currency), queryFn: () => walletsApi.wallet(currency) });
  const mine = useQuery({ queryKey: wellnessKeys.myPackages, queryFn: () => packagesApi.mine(undefined, 50).then((r) => r.data) });
  // Usable packages for this session, the one that expires soonest first (the server's choice when none is named).
  const credits = useMemo(
    () =>
      (mine.data ?? [])
        .filter((p) => p.status === 'active' && p.offering_id === b.offering_id && p.credits_remaining > 0 && (!p.valid_until || new Date(p.valid_until) >= new Date(b.start)))
        .sort((x, y) => (x.valid_until ?? '9999').localeCompare(y.valid_until ?? '9999') || x.id.localeCompare(y.id)),
    [mine.data, b.offering_id, b.start],
  );
  const balance = wallet.data?.balance ?? null;
  const short = balance === null || balance < b.price.amount;

  const form = useForm<Values>({
    resolver: zodResolver(checkoutSchema(questions)),
    defaultValues: { answers: Object.fromEntries(questions.map((q) => [q.id!, ''])), note: '', pay_with: 'wallet', package_id: '' },
  });
  useEffect(() => {
    if (credits.length > 0 && form.getValues('package_id') === '') {
      form.setValue('package_id', credits[0]!.id);
      form.setValue('pay_with', 'package');
    } else if (wallet.data && short && form.getValues('pay_with') === 'wallet') form.setValue('pay_with', 'paystack');
  }, [credits, wallet.data, short, form]);
  const payWith = form.watch('pay_with');

  // One Idempotency-Key per way of paying for this hold, kept across retries of that same attempt.
  const keys = useRef(new Map<string, string>());
  const keyFor = (v: Values) => {
    const k = `${v.pay_with}:${v.package_id}`;
    if (!keys.current.has(k)) keys.current.set(k, newIdempotencyKey('booking'));
    return keys.current.get(k)!;
  };
  const [problem, setProblem] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const pay = useMutation({
    mutationFn: (v: Values) =>
      bookingsApi.book(
        {
          hold_id: b.id,
          pay_with: v.pay_with,
          ...(v.pay_with === 'package' ? { package_id: v.package_id } : {}),
          intake_answers: Object.fromEntries(Object.entries(v.answers).filter(([, a]) => a.trim() !== '').map(([k, a]) => [k, a.trim()])),
          ...(v.note.trim() ? { note: v.note.trim() } : {}),
        },
        keyFor(v),
      ),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: wellnessKeys.bookings });
      void qc.invalidateQueries({ queryKey: wellnessKeys.slotsAll });
      if (r.payment) {
        // Card: Paystack's hosted checkout (the sandbox's page in development); it comes back through the portal's
        // payment callback page, which returns to this booking in the calendar.
        setRedirecting(true);
        window.location.assign(r.payment.authorization_url);
        return;
      }
      void refreshWallets(qc);
      void qc.invalidateQueries({ queryKey: wellnessKeys.myPackages });
      qc.setQueryData(wellnessKeys.booking(b.id), { ...r.booking, events: [] });
      navigate(checkoutHref(paths.kind, b.id), { replace: true });
    },
    onError: (e) => {
      if (isApiError(e) && e.hasFieldErrors) {
        for (const [k, m] of Object.entries(e.fields)) {
          const qid = k.startsWith('intake_answers.') ? k.slice('intake_answers.'.length) : null;
          if (qid && questions.some((q) => q.id === qid)) form.setError(`answers.${qid}`, { type: 'server', message: m });
          if (k === 'package_id') form.setError('package_id', { type: 'server', message: `This package ${m}.` });
        }
      }
      setProblem(isApiError(e) && e.code === 'insufficient_funds' ? 'Your wallet does not hold enough for this session.' : errorMessage(e));
    },
  });

  const submit = form.handleSubmit((v) => {
    setProblem(null);
    pay.mutate(v);
  });
  const amount = formatMoney(b.price.amount, currency);
  const label = payWith === 'package' ? 'Book with 1 package credit' : payWith === 'wallet' ? `Pay ${amount} from wallet` : `Pay ${amount} by card`;

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        {questions.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle as="h2">A few questions from {b.provider.display_name}</CardTitle>
              <CardDescription>Only {b.provider.display_name} sees your answers.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              {questions.map((q) => (
                <FormField
                  key={q.id}
                  control={form.control}
                  name={`answers.${q.id!}`}
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>
                        {q.label}
                        {q.required ? <span aria-hidden> *</span> : <span className="font-normal text-muted-foreground"> (optional)</span>}
                      </FormLabel>
                      {q.kind === 'choice' ? (
                        <FormControl>
                          <RadioGroup value={field.value} onValueChange={field.onChange} aria-required={q.required || undefined} className="flex flex-wrap gap-4">
                            {(q.choices ?? []).map((c, i) => (
                              <div key={c} className="flex items-center gap-2">
                                <RadioGroupItem value={c} id={`${q.id}-${i}`} />
                                <Label htmlFor={`${q.id}-${i}`} className="font-normal">
                                  {c}
                                </Label>
                              </div>
                            ))}
                          </RadioGroup>
                        </FormControl>
                      ) : (
                        <FormControl>
                          <Textarea {...field} rows={3} maxLength={2000} aria-required={q.required || undefined} />
                        </FormControl>
                      )}
                      <FormMessage />
                    </FormItem>
                  )}
                />
              ))}
            </CardContent>
          </Card>
        )}
        <Card>
          <CardHeader>
            <CardTitle as="h2">Note for {b.provider.display_name}</CardTitle>
          </CardHeader>
          <CardContent>
            <FormField
              control={form.control}
              name="note"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Anything else they should know (optional)</FormLabel>
                  <FormControl>
                    <Textarea {...field} rows={2} maxLength={2000} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Cancellation policy</CardTitle>
            <CardDescription className="text-foreground">
              {offering ? policyText(offering) : `Free cancellation until ${dateTimeIn(b.free_cancel_until, tz)}; after that ${b.late_cancel_fee_pct}% of the price is kept.`}
            </CardDescription>
            <p className="text-sm text-muted-foreground">
              For this session: free cancellation until {dateTimeIn(b.free_cancel_until, tz)} ({zoneLabel(tz)}).
              {offering?.requires_confirmation && ` ${b.provider.display_name} confirms each request within 24 hours, or you get everything back.`}
            </p>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Pay</CardTitle>
            <CardDescription>Your money is held safely and reaches {b.provider.display_name} only after the session.</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3">
            <FormField
              control={form.control}
              name="pay_with"
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="sr-only">Way to pay</FormLabel>
                  <FormControl>
                    <RadioGroup value={field.value} onValueChange={field.onChange} className="grid gap-2">
                      {credits.length > 0 && (
                        <PayOption
                          value="package"
                          id="pay-package"
                          title="Package credit"
                          detail={`${credits[0]!.title}: ${credits[0]!.credits_remaining} of ${credits[0]!.credits_total} sessions left${credits[0]!.valid_until ? `, valid until ${formatDate(credits[0]!.valid_until)}` : ''}.`}
                        />
                      )}
                      <PayOption
                        value="wallet"
                        id="pay-wallet"
                        title="Wallet"
                        disabled={short}
                        detail={
                          wallet.isPending ? (
                            'Checking your balance…'
                          ) : wallet.isError ? (
                            'We could not read your wallet just now.'
                          ) : balance === null ? (
                            <>
                              Your {currency} wallet is not activated.{' '}
                              {currency === 'NGN' && (
                                <Link to="/user-wallet" className="font-medium text-primary underline">
                                  Activate it
                                </Link>
                              )}
                            </>
                          ) : (
                            <>
                              <span data-testid="checkout-balance">Balance {formatMoney(balance, currency)}</span>.{' '}
                              {short &&
                                (currency === 'NGN' ? (
                                  <>
                                    That is not enough.{' '}
                                    <Link to="/user-wallet?topup=1" className="font-medium text-primary underline">
                                      Top up your wallet
                                    </Link>
                                  </>
                                ) : (
                                  'That is not enough; pay by card instead.'
                                ))}
                            </>
                          )
                        }
                      />
                      <PayOption value="paystack" id="pay-card" title="Card" detail="Pay securely with Paystack. You come back here when it is done." />
                    </RadioGroup>
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {payWith === 'package' && credits.length > 1 && (
              <FormField
                control={form.control}
                name="package_id"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Package</FormLabel>
                    <FormControl>
                      <select {...field} className="h-10 rounded-md border border-input bg-card px-3 text-sm">
                        {credits.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.title} ({c.credits_remaining} left)
                          </option>
                        ))}
                      </select>
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            )}
            {problem && (
              <FormAlert>
                {problem}
                {isApiError(pay.error) && pay.error.code === 'insufficient_funds' && currency === 'NGN' && (
                  <>
                    {' '}
                    <Link to="/user-wallet?topup=1" className="font-semibold underline">
                      Top up your wallet
                    </Link>
                  </>
                )}
              </FormAlert>
            )}
            <Button type="submit" size="lg" loading={pay.isPending || redirecting} disabled={expired || (payWith === 'wallet' && short)}>
              {label}
            </Button>
          </CardContent>
        </Card>
      </form>
    </Form>
  );
}

export function CheckoutPage({ paths }: { paths: KindPaths }) {
  const [params] = useSearchParams();
  const id = params.get('booking') ?? '';
  const tz = useMemo(viewerTimeZone, []);
  const booking = useQuery({ queryKey: wellnessKeys.booking(id), queryFn: () => bookingsApi.booking(id), enabled: Boolean(id) });
  const b = booking.data;
  const offerings = useQuery({ queryKey: wellnessKeys.offerings(b?.provider_id ?? ''), queryFn: () => directoryApi.offerings(b!.provider_id), enabled: Boolean(b) });
  const holding = b?.status === 'held';
  const now = useNow(holding);
  const left = b?.hold_expires_at ? countdown(b.hold_expires_at, now) : null;
  const expired = holding && left !== null && left.seconds === 0;

  if (!id) return <EmptyState title="Nothing to check out" description={`Choose a ${paths.noun} and a time first.`} action={<Button asChild><Link to={paths.list}>Find a {paths.noun}</Link></Button>} />;
  if (booking.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (booking.isError) {
    const missing = isApiError(booking.error) && booking.error.status === 404;
    return missing ? (
      <EmptyState title="We could not find this booking" description="It may belong to another account." action={<Button asChild><Link to={paths.list}>Find a {paths.noun}</Link></Button>} />
    ) : (
      <ErrorState title="We could not load your booking" error={booking.error} onRetry={() => void booking.refetch()} />
    );
  }
  if (b!.status === 'pending_confirmation' || b!.status === 'confirmed' || b!.status === 'completed') return <Confirmation b={b!} tz={tz} paths={paths} />;
  const bk = b!;
  const offering = offerings.data?.find((o) => o.id === bk.offering_id) ?? null;
  const gone = bk.status === 'expired' || expired || bk.status.startsWith('cancelled') || bk.status === 'declined';

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Check out</h1>
        <p className="text-muted-foreground">Answer a few questions, read the cancellation policy and pay.</p>
      </div>
      {bk.status === 'held' && left && !expired && (
        <div role="timer" aria-live="off" className="flex items-center gap-2 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
          <Clock className="size-4 text-warning" aria-hidden />
          <span>
            We are holding this time for you for <span className="font-semibold tabular-nums" data-testid="hold-countdown">{left.text}</span> more.
          </span>
        </div>
      )}
      {bk.status === 'awaiting_payment' && (
        <FormAlert tone="info">
          A card payment for this booking is in progress. If you finished paying, it will be confirmed in a moment.{' '}
          <Link to={CALENDAR_PATH} className="font-semibold underline">
            Go to your calendar
          </Link>
        </FormAlert>
      )}
      {gone ? (
        <EmptyState
          icon={<Hourglass className="size-6" />}
          title="This hold has ended"
          description="We hold a time for 10 minutes. It may be free still: choose it again to book."
          action={
            <Button asChild>
              <Link to={`${detailsHref(paths.kind, bk.provider_id)}&offering=${encodeURIComponent(bk.offering_id)}`}>Choose a time again</Link>
            </Button>
          }
        />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
          <div className="order-2 lg:order-1">
            {offerings.isError ? (
              <ErrorState title="We could not load the session's details" error={offerings.error} onRetry={() => void offerings.refetch()} />
            ) : offerings.isPending ? (
              <Skeleton className="h-64 w-full rounded-xl" />
            ) : bk.status === 'held' ? (
              <CheckoutForm b={bk} offering={offering} paths={paths} tz={tz} expired={expired} />
            ) : null}
          </div>
          <div className="order-1 lg:order-2 lg:sticky lg:top-20">
            <Summary b={bk} tz={tz} />
          </div>
        </div>
      )}
    </div>
  );
}
