import { zodResolver } from '@hookform/resolvers/zod';
import { newIdempotencyKey } from '@sojourn/api-client';
import {
  applyServerErrors,
  Badge,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  ErrorState,
  Form,
  FormAlert,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  Skeleton,
  Textarea,
} from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { ACTOR_LABELS, BOOKING_STATUS, adminBookingKeys, adminBookingsApi, cancellable, type AdminBooking } from '../api/bookings';
import { Facts, when } from './detail-parts';

const PAID_WITH: Record<string, string> = { wallet: 'Sojourn wallet', paystack: 'Card (Paystack)', package: 'Session package credit', '': 'Not paid' };
const FORMAT: Record<string, string> = { video: 'Video', in_person: 'In person', phone: 'Phone' };

const person = (p: { display_name: string; username: string }) => p.display_name || p.username;
const statusLabel = (s: string) => BOOKING_STATUS[s as keyof typeof BOOKING_STATUS]?.label ?? s.replace(/_/g, ' ');

const cancelSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(3, 'Say why, in at least 3 characters: the client and the provider read it.')
    .max(500, 'Keep the reason within 500 characters.')
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), 'Remove the control characters from the reason.'),
});

/** The start in the provider's own zone (the session's real local time), the zone named. */
function providerTime(b: AdminBooking): string {
  try {
    const f = new Intl.DateTimeFormat('en-GB', { timeZone: b.time_zone, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
    return `${f.format(new Date(b.start))} (${b.time_zone.replace(/_/g, ' ')})`;
  } catch {
    return b.time_zone;
  }
}

/** What a full refund gives back, in words. */
function refundInWords(b: AdminBooking): string {
  if (b.pay_with === 'package') return `The session credit goes back to ${person(b.client)}'s package.`;
  const left = b.paid_amount - b.refunded_amount - b.fee_kept;
  return `${formatMoney(left, b.price.currency)} goes back to ${person(b.client)}'s Sojourn wallet in full, whatever the cancellation policy says.`;
}

function CancelForm({ b, onBack, onDone }: { b: AdminBooking; onBack: () => void; onDone: (next: AdminBooking) => void }) {
  const [formError, setFormError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey('admin-cancel'));
  const form = useForm<z.infer<typeof cancelSchema>>({ resolver: zodResolver(cancelSchema), defaultValues: { reason: '' } });
  const cancel = useMutation({
    mutationFn: (reason: string) => adminBookingsApi.cancel(b.id, reason, key.current),
    onSuccess: onDone,
    onError: (e) => {
      key.current = newIdempotencyKey('admin-cancel');
      setFormError(applyServerErrors(e, form.setError, ['reason']));
    },
  });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(({ reason }) => cancel.mutate(reason.trim()))} noValidate className="grid gap-4">
        <FormAlert tone="info">
          {refundInWords(b)} The provider's time is freed and the cancellation does not count against them. This cannot be undone.
        </FormAlert>
        <FormAlert>{formError}</FormAlert>
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Reason</FormLabel>
              <FormControl>
                <Textarea rows={3} maxLength={500} {...field} />
              </FormControl>
              <FormDescription>Mailed to the client and the provider, shown on the booking and kept in the audit log.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onBack} disabled={cancel.isPending}>
            Back
          </Button>
          <Button type="submit" variant="destructive" loading={cancel.isPending}>
            Cancel and refund
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function Details({ b }: { b: AdminBooking }) {
  const cur = b.price.currency;
  const rows: [string, React.ReactNode][] = [
    ['Status', <Badge key="s" variant={BOOKING_STATUS[b.status].variant}>{BOOKING_STATUS[b.status].label}</Badge>],
    [
      'Client',
      <span key="c" className="grid">
        <Link className="underline underline-offset-4" to={`/admin-dashboard/userDetails?id=${encodeURIComponent(b.client.id)}`}>
          {person(b.client)}
        </Link>
        <span className="text-xs text-muted-foreground">{b.client_email}</span>
      </span>,
    ],
    ['When', `${when(b.start)} to ${new Date(b.end).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })}`],
    ["Provider's time", providerTime(b)],
    ['Format', FORMAT[b.format] ?? b.format],
    ['Price', formatMoney(b.price.amount, cur)],
    ['Paid with', PAID_WITH[b.pay_with] ?? b.pay_with],
    ['Paid', formatMoney(b.paid_amount, cur)],
  ];
  if (b.refunded_amount > 0) rows.push(['Refunded', formatMoney(b.refunded_amount, cur)]);
  if (b.fee_kept > 0) rows.push(['Late fee kept', formatMoney(b.fee_kept, cur)]);
  if (b.payment_reference) {
    rows.push([
      'Card payment',
      <Link key="p" className="font-mono underline underline-offset-4" to={`/admin-dashboard/payments?q=${encodeURIComponent(b.payment_reference)}`}>
        {b.payment_reference}
      </Link>,
    ]);
  }
  if (b.cancel_reason) rows.push(['Cancellation reason', `“${b.cancel_reason}”`]);
  if (b.note) rows.push(["Client's note", `“${b.note}”`]);
  rows.push(['Booked', when(b.created_at)]);
  return (
    <div className="grid gap-5">
      <Facts rows={rows} />
      <section className="grid gap-2" aria-labelledby="booking-history">
        <h3 id="booking-history" className="text-sm font-semibold">
          History
        </h3>
        <ol className="grid gap-2 border-l pl-4 text-sm">
          {b.events.map((e, i) => (
            <li key={i} className="grid gap-0.5">
              <span className="text-xs text-muted-foreground">
                {when(e.at)} · {ACTOR_LABELS[e.actor_role] ?? e.actor_role}
              </span>
              <span className="font-medium">{e.from === e.to ? statusLabel(e.to) : e.from ? `${statusLabel(e.from)} → ${statusLabel(e.to)}` : statusLabel(e.to)}</span>
              {e.note ? <span className="text-muted-foreground first-letter:uppercase">{e.note}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** One booking for an admin: its facts, payment and history, and Cancel and refund while it is paid and live. */
export function BookingDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const qc = useQueryClient();
  const [cancelling, setCancelling] = useState(false);
  const q = useQuery({ queryKey: adminBookingKeys.detail(id), queryFn: () => adminBookingsApi.get(id) });
  const b = q.data;
  const done = (next: AdminBooking) => {
    qc.setQueryData(adminBookingKeys.detail(id), next);
    void qc.invalidateQueries({ queryKey: adminBookingKeys.all });
    toast.success(`Booking cancelled; ${next.pay_with === 'package' ? 'the session credit is back in the package' : `${formatMoney(next.refunded_amount, next.price.currency)} refunded`}.`);
    setCancelling(false);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{b ? (cancelling ? `Cancel and refund “${b.title}”?` : b.title) : 'Booking'}</DialogTitle>
          <DialogDescription>{b ? `${person(b.client)} with ${person(b.provider)}, ${when(b.start)}` : 'Loading the booking…'}</DialogDescription>
        </DialogHeader>
        {q.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : q.error || !b ? (
          <ErrorState title="Could not load this booking" error={q.error} onRetry={() => void q.refetch()} />
        ) : cancelling ? (
          <CancelForm b={b} onBack={() => setCancelling(false)} onDone={done} />
        ) : (
          <>
            <Details b={b} />
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              {cancellable(b) && (
                <Button variant="destructive" onClick={() => setCancelling(true)}>
                  Cancel and refund
                </Button>
              )}
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
