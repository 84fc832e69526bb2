import { zodResolver } from '@hookform/resolvers/zod';
import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import {
  applyServerErrors,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  FileUpload,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Input,
  LoadMore,
  PageHeader,
  ReasonDialog,
  reasonProblem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Textarea,
} from '@sojourn/ui';
import { cn, formatMoney, parseMoney } from '@sojourn/util';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { companyApi, rentalKeys, type HandoverStage, type RentalBooking, type RentalStatus } from '../../api';
import { DepositBadge, DepositPanel, HandoverView, StatusBadge } from '../../components/bits';
import { RentalSummary } from '../../components/rental-summary';
import { STATUS_LABELS, addDays, dayText, fuelText, reference, when } from '../../format';
import { COMPANY_PATHS, companyBookingHref } from '../../paths';

const ALL = 'all';

function useRefresh(id: string) {
  const qc = useQueryClient();
  return (next: RentalBooking) => {
    qc.setQueryData(rentalKeys.booking(id), next);
    void qc.invalidateQueries({ queryKey: rentalKeys.bookingsAll });
    void qc.invalidateQueries({ queryKey: rentalKeys.dashboard });
    void qc.invalidateQueries({ queryKey: [...rentalKeys.company_, 'calendar'] });
  };
}

const handoverSchema = (minKm: number) =>
  z.object({
    fuel_eighths: z.string().regex(/^[0-8]$/, 'Choose the fuel level.'),
    odometer_km: z
      .string()
      .trim()
      .refine((v) => /^\d{1,7}$/.test(v) && Number(v) <= 2_000_000, 'Enter the odometer in whole kilometres.')
      .refine((v) => Number(v) >= minKm, `The return odometer cannot be below the pick-up's ${minKm.toLocaleString('en-GB')} km.`),
    note: z.string().max(2000, 'Keep the note within 2,000 characters.'),
  });

/** Records the pick-up or the return: fuel, odometer, a note; photos follow once recorded. */
function HandoverForm({ b, stage }: { b: RentalBooking; stage: HandoverStage }) {
  const refresh = useRefresh(b.id);
  const minKm = stage === 'return' ? (b.pickup?.odometer_km ?? 0) : 0;
  const form = useForm<{ fuel_eighths: string; odometer_km: string; note: string }>({
    resolver: zodResolver(handoverSchema(minKm)),
    defaultValues: { fuel_eighths: '8', odometer_km: '', note: '' },
  });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (v) => {
    setProblem(null);
    try {
      refresh(await companyApi.handover(b.id, stage, { fuel_eighths: Number(v.fuel_eighths), odometer_km: Number(v.odometer_km), ...(v.note.trim() ? { note: v.note.trim() } : {}) }));
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, ['fuel_eighths', 'odometer_km', 'note']));
    }
  });
  const word = stage === 'pickup' ? 'pick-up' : 'return';
  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3 rounded-lg border p-4">
        <p className="text-sm font-semibold">Record the {word}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="fuel_eighths"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Fuel level</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {[8, 7, 6, 5, 4, 3, 2, 1, 0].map((n) => (
                      <SelectItem key={n} value={String(n)}>
                        {fuelText(n)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="odometer_km"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Odometer (km)</FormLabel>
                <FormControl>
                  <Input inputMode="numeric" maxLength={7} {...field} />
                </FormControl>
                {minKm > 0 && <FormDescription>At pick-up: {minKm.toLocaleString('en-GB')} km.</FormDescription>}
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="note"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Note (scratches, cleanliness, anything the renter should confirm)</FormLabel>
              <FormControl>
                <Textarea rows={2} maxLength={2000} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormAlert>{problem}</FormAlert>
        <Button type="submit" loading={form.formState.isSubmitting} className="w-fit">
          Record the {word}
        </Button>
      </form>
    </Form>
  );
}

function HandoverPhotos({ b, stage }: { b: RentalBooking; stage: HandoverStage }) {
  const refresh = useRefresh(b.id);
  const [file, setFile] = useState<File | null>(null);
  const [k, setK] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const count = (stage === 'pickup' ? b.pickup : b.return)?.photos.length ?? 0;
  if (count >= 12) return null;
  return (
    <div className="grid gap-2 sm:max-w-sm">
      <FileUpload key={k} label={`Add a ${stage === 'pickup' ? 'pick-up' : 'return'} photo`} accept={['image/jpeg', 'image/png', 'image/webp']} maxBytes={8 * 1024 * 1024} onFileChange={setFile} />
      <Button
        variant="outline"
        className="w-fit"
        disabled={!file}
        loading={busy}
        onClick={async () => {
          if (!file) return;
          setBusy(true);
          setProblem(null);
          try {
            refresh(await companyApi.handoverPhoto(b.id, stage, file));
            setFile(null);
            setK((n) => n + 1);
          } catch (e) {
            setProblem(errorMessage(e));
          } finally {
            setBusy(false);
          }
        }}
      >
        Upload the photo
      </Button>
      <FormAlert>{problem}</FormAlert>
    </div>
  );
}

/** Settles the deposit: release it in full, or keep part of it with a reason the renter reads. */
function SettleDeposit({ b }: { b: RentalBooking }) {
  const refresh = useRefresh(b.id);
  const key = useRef(newIdempotencyKey('deposit'));
  const [open, setOpen] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const total = b.deposit?.amount ?? 0;
  const cur = b.deposit_amount.currency;
  const schema = z
    .object({ amount: z.string().trim(), reason: z.string() })
    .superRefine((v, ctx) => {
      const minor = parseMoney(v.amount, cur);
      if (minor === null || minor <= 0) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter the amount to keep, e.g. 15000.' });
      else if (minor > total) ctx.addIssue({ code: 'custom', path: ['amount'], message: `At most the deposit, ${formatMoney(total, cur)}.` });
      const r = reasonProblem(v.reason, { min: 3, max: 500 });
      if (r) ctx.addIssue({ code: 'custom', path: ['reason'], message: r });
    });
  const form = useForm<{ amount: string; reason: string }>({ resolver: zodResolver(schema), defaultValues: { amount: '', reason: '' } });
  const settle = async (amount: number, reason: string) => {
    const next = await companyApi.settleDeposit(b.id, amount, reason, key.current);
    key.current = newIdempotencyKey('deposit');
    refresh(next);
  };
  const keep = form.handleSubmit(async (v) => {
    setProblem(null);
    try {
      await settle(parseMoney(v.amount, cur) ?? 0, v.reason.trim());
      setOpen(false);
    } catch (e) {
      setProblem(applyServerErrors(e, form.setError, ['amount', 'reason'], { capture_amount: 'amount' }));
    }
  });
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button
          loading={releasing}
          onClick={async () => {
            setReleasing(true);
            setProblem(null);
            try {
              await settle(0, '');
            } catch (e) {
              setProblem(errorMessage(e));
            } finally {
              setReleasing(false);
            }
          }}
        >
          Release the deposit in full
        </Button>
        <Dialog open={open} onOpenChange={setOpen}>
          <Button variant="outline" onClick={() => setOpen(true)}>
            Keep part of it
          </Button>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>Keep part of the deposit</DialogTitle>
              <DialogDescription>
                The renter sees the amount and your reason; the rest of the {formatMoney(total, cur)} goes back to their wallet, and the rental is completed.
              </DialogDescription>
            </DialogHeader>
            <Form {...form}>
              <form onSubmit={(e) => void keep(e)} noValidate className="grid gap-4">
                <FormAlert>{problem}</FormAlert>
                <FormField
                  control={form.control}
                  name="amount"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Amount to keep ({cur})</FormLabel>
                      <FormControl>
                        <Input inputMode="decimal" maxLength={12} {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="reason"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Reason</FormLabel>
                      <FormControl>
                        <Textarea rows={3} maxLength={500} {...field} />
                      </FormControl>
                      <FormDescription>What was damaged or missing, e.g. “Scratch on the rear bumper, repair quote attached by email”.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <DialogFooter>
                  <DialogClose asChild>
                    <Button variant="outline">Cancel</Button>
                  </DialogClose>
                  <Button type="submit" variant="destructive" loading={form.formState.isSubmitting}>
                    Keep this amount
                  </Button>
                </DialogFooter>
              </form>
            </Form>
          </DialogContent>
        </Dialog>
      </div>
      {!open && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}

function BookingDetail({ id }: { id: string }) {
  const q = useQuery({ queryKey: rentalKeys.booking(id), queryFn: () => companyApi.booking(id) });
  const refresh = useRefresh(id);
  const cancelKey = useRef(newIdempotencyKey('rental-cancel'));
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={COMPANY_PATHS.bookings}>
        <ArrowLeft aria-hidden /> All bookings
      </Link>
    </Button>
  );
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-72 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-4xl gap-4">
        {back}
        <ErrorState title="We could not load this booking" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const b = q.data;
  const pickupOpen = b.status === 'confirmed' && new Date(b.start).getTime() - Date.now() <= 12 * 3_600_000;
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-4">
      <PageHeader
        title={`${b.car.make} ${b.car.model} · ${b.renter.display_name || b.driver.name}`}
        description={`Reference ${reference(b.id)} · ${when(b.start)} to ${when(b.end)}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={b.status} />
            <DepositBadge deposit={b.deposit} />
          </div>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Handover</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <HandoverView title="Pick-up" h={b.pickup} />
          {b.status === 'confirmed' &&
            (pickupOpen ? <HandoverForm b={b} stage="pickup" /> : <p className="text-sm text-muted-foreground">The pick-up can be recorded from 12 hours before {when(b.start)}.</p>)}
          {b.status === 'picked_up' && <HandoverPhotos b={b} stage="pickup" />}
          <HandoverView title="Return" h={b.return} />
          {b.status === 'picked_up' && <HandoverForm b={b} stage="return" />}
          {b.status === 'returned' && <HandoverPhotos b={b} stage="return" />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Deposit</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <DepositPanel b={b} />
          {b.status === 'returned' && b.deposit?.status === 'held' && <SettleDeposit b={b} />}
          {b.status === 'returned' && !b.deposit && <SettleDeposit b={b} />}
        </CardContent>
      </Card>
      <RentalSummary b={b} viewer="company" />
      {b.status === 'confirmed' && (
        <ReasonDialog
          triggerLabel="Cancel this rental"
          title="Cancel this rental?"
          description="The renter gets the full price and the deposit back, and reads your reason."
          confirmLabel="Cancel the rental"
          onConfirm={async (reason) => {
            refresh(await companyApi.cancel(b.id, reason, cancelKey.current));
            cancelKey.current = newIdempotencyKey('rental-cancel');
          }}
        />
      )}
    </div>
  );
}

function BookingList() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = raw && raw in STATUS_LABELS ? (raw as RentalStatus) : undefined;
  const filters = useMemo(() => ({ status }), [status]);
  const q = useInfiniteQuery({
    queryKey: rentalKeys.bookings(filters),
    queryFn: ({ pageParam }) => companyApi.bookings(filters, pageParam, 20),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.meta.next_cursor ?? undefined,
  });
  const rows = q.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <div className="grid gap-4">
      <div className="grid max-w-xs gap-1.5">
        <label htmlFor="bk-status" className="text-sm font-medium">
          State
        </label>
        <Select value={status ?? ALL} onValueChange={(v) => setParams(v === ALL ? {} : { status: v }, { replace: true })}>
          <SelectTrigger id="bk-status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>Every state</SelectItem>
            {Object.entries(STATUS_LABELS).map(([v, l]) => (
              <SelectItem key={v} value={v}>
                {l}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {q.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : q.isError ? (
        <ErrorState title="We could not load your bookings" error={q.error} onRetry={() => void q.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={status ? `No rentals ${STATUS_LABELS[status].toLowerCase()}` : 'No bookings yet'} description="Rentals appear here as soon as a renter books one of your cars." />
      ) : (
        <>
          <ul className="grid gap-2">
            {rows.map((b) => (
              <li key={b.id}>
                <Card className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="grid min-w-0 gap-0.5">
                    <Link to={companyBookingHref(b.id)} className="font-medium hover:underline">
                      {b.car.make} {b.car.model} · {b.renter.display_name || b.driver.name}
                    </Link>
                    <span className="text-sm text-muted-foreground">
                      {when(b.start)} → {when(b.end)} · {b.pickup_branch.name}
                    </span>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={b.status} />
                    <DepositBadge deposit={b.deposit} />
                    <span className="text-sm font-semibold tabular-nums">{formatMoney(b.total.amount, b.total.currency)}</span>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          <LoadMore shown={rows.length} hasMore={q.hasNextPage} loading={q.isFetchingNextPage} failed={q.isFetchNextPageError} onLoadMore={() => void q.fetchNextPage()} noun={['rental', 'rentals']} />
        </>
      )}
    </div>
  );
}

const DAYS = 14;
const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** Cars down the side, days across: each rental a bar over the days it holds the car. */
function FleetCalendar() {
  const [from, setFrom] = useState(() => startOfDay(new Date()));
  const to = addDays(from, DAYS);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const entries = useQuery({ queryKey: rentalKeys.calendar(from.toISOString(), to.toISOString()), queryFn: () => companyApi.calendar(from.toISOString(), to.toISOString()) });
  const cars = useQuery({ queryKey: [...rentalKeys.fleet, 'calendar'], queryFn: () => companyApi.cars(undefined, 100) });
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="icon" onClick={() => setFrom(addDays(from, -DAYS))} aria-label="Earlier two weeks">
          <ChevronLeft aria-hidden />
        </Button>
        <p className="text-sm font-medium" aria-live="polite">
          {dayText(from)} – {dayText(addDays(to, -1))}
        </p>
        <Button variant="outline" size="icon" onClick={() => setFrom(addDays(from, DAYS))} aria-label="Later two weeks">
          <ChevronRight aria-hidden />
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setFrom(startOfDay(new Date()))}>
          Today
        </Button>
      </div>
      {entries.isPending || cars.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : entries.isError || cars.isError ? (
        <ErrorState title="We could not load the calendar" error={entries.error ?? cars.error} onRetry={() => void (entries.isError ? entries.refetch() : cars.refetch())} />
      ) : cars.data.data.length === 0 ? (
        <EmptyState title="No cars yet" description="Add a car to see its rentals here." />
      ) : (
        <div className="overflow-x-auto rounded-xl border">
          <table className="w-full min-w-[52rem] border-collapse text-xs">
            <caption className="sr-only">Rentals per car, {dayText(from)} to {dayText(addDays(to, -1))}</caption>
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 z-10 w-40 bg-card p-2 text-left font-medium">
                  Car
                </th>
                {days.map((d) => (
                  <th key={d.toISOString()} scope="col" className="p-1 text-center font-medium text-muted-foreground">
                    {dayText(d)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {cars.data.data.map((car) => {
                const mine = entries.data.filter((e) => e.car_id === car.id);
                return (
                  <tr key={car.id} className="border-t">
                    <th scope="row" className="sticky left-0 z-10 bg-card p-2 text-left font-medium">
                      {car.make} {car.model}
                    </th>
                    {days.map((d) => {
                      const next = addDays(d, 1);
                      const e = mine.find((x) => new Date(x.start) < next && new Date(x.end) > d);
                      return (
                        <td key={d.toISOString()} className="h-9 p-0.5">
                          {e && (
                            <Link
                              to={companyBookingHref(e.id)}
                              title={`${e.renter}: ${when(e.start)} – ${when(e.end)}`}
                              className={cn(
                                'block h-full truncate rounded px-1 py-1.5 text-[11px] leading-tight',
                                e.status === 'picked_up' ? 'bg-primary text-primary-foreground' : e.status === 'pending' ? 'bg-warning/20 text-foreground' : 'bg-accent text-accent-foreground',
                              )}
                            >
                              {new Date(e.start) >= d || d.getTime() === from.getTime() ? e.renter : <span className="sr-only">{e.renter}</span>}
                            </Link>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** `/car-rentals/bookings`: the list and the calendar per car; `?id=` opens one rental with its actions. */
export default function BookingsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const [tab, setTab] = useState('list');
  if (id) return <BookingDetail id={id} />;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader title="Bookings" description="Every rental of your cars: record the handovers and settle the deposits." />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="list">List</TabsTrigger>
          <TabsTrigger value="calendar">Calendar</TabsTrigger>
        </TabsList>
        <TabsContent value="list" className="pt-4">
          <BookingList />
        </TabsContent>
        <TabsContent value="calendar" className="pt-4">
          <FleetCalendar />
        </TabsContent>
      </Tabs>
    </div>
  );
}
