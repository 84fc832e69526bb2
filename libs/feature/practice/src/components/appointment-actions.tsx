import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  EmptyState,
  ErrorState,
  FormAlert,
  Label,
  Spinner,
  Textarea,
} from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { practiceApi, practiceKeys, type Booking } from '../api';
import { hasControlChars } from '../schemas';
import { addDays, dateKey, formatDay, formatRange, viewerZone, zoneName } from '../format';

type Action = 'decline' | 'cancel' | 'no-show' | 'reschedule';

const REASON_MAX = 2000;

/** What a provider may do with an appointment now. */
export function availableActions(b: Booking, now = Date.now()) {
  const started = new Date(b.start).getTime() <= now;
  return {
    confirm: b.status === 'pending_confirmation',
    decline: b.status === 'pending_confirmation',
    cancel: b.status === 'confirmed' && !started,
    noShow: b.status === 'confirmed' && started,
    reschedule: (b.status === 'confirmed' || b.status === 'pending_confirmation') && !started,
  };
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: practiceKeys.appointments });
    void qc.invalidateQueries({ queryKey: practiceKeys.dashboard });
    void qc.invalidateQueries({ queryKey: ['practice', 'client'] });
  };
}

/** The buttons of one appointment (confirm, decline, cancel, no-show, reschedule), each asking first where it matters. */
export function AppointmentActions({ booking, compact = false, clientName }: { booking: Booking; compact?: boolean; clientName: string }) {
  const a = availableActions(booking);
  const [open, setOpen] = useState<Action | null>(null);
  const invalidate = useInvalidate();
  const confirm = useMutation({
    mutationFn: () => practiceApi.confirm(booking.id),
    onSuccess: () => {
      toast.success(`Confirmed. ${clientName} has been told.`);
      invalidate();
    },
    onError: (e) => toast.error(errorMessage(e)),
  });
  if (!a.confirm && !a.decline && !a.cancel && !a.noShow && !a.reschedule) return null;
  const size = compact ? 'sm' : 'sm';
  const label = `${booking.title} with ${clientName}, ${formatRange(booking.start, booking.end)}`;
  return (
    <div className="flex flex-wrap gap-2">
      {a.confirm && (
        <Button size={size} loading={confirm.isPending} onClick={() => confirm.mutate()} aria-label={`Confirm ${label}`}>
          Confirm
        </Button>
      )}
      {a.decline && (
        <Button size={size} variant="outline" onClick={() => setOpen('decline')} aria-label={`Decline ${label}`}>
          Decline
        </Button>
      )}
      {a.reschedule && (
        <Button size={size} variant="outline" onClick={() => setOpen('reschedule')} aria-label={`Reschedule ${label}`}>
          Reschedule
        </Button>
      )}
      {a.cancel && (
        <Button size={size} variant="outline" onClick={() => setOpen('cancel')} aria-label={`Cancel ${label}`}>
          Cancel
        </Button>
      )}
      {a.noShow && (
        <Button size={size} variant="outline" onClick={() => setOpen('no-show')} aria-label={`Mark ${label} as a no-show`}>
          Mark no-show
        </Button>
      )}
      <Dialog open={open !== null} onOpenChange={(v) => !v && setOpen(null)}>
        <DialogContent>
          {open === 'decline' || open === 'cancel' ? (
            <ReasonForm booking={booking} action={open} clientName={clientName} onDone={() => { setOpen(null); invalidate(); }} onCancel={() => setOpen(null)} />
          ) : open === 'no-show' ? (
            <NoShowForm booking={booking} clientName={clientName} onDone={() => { setOpen(null); invalidate(); }} onCancel={() => setOpen(null)} />
          ) : open === 'reschedule' ? (
            <RescheduleForm booking={booking} clientName={clientName} onDone={() => { setOpen(null); invalidate(); }} />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ReasonForm({ booking, action, clientName, onDone, onCancel }: { booking: Booking; action: 'decline' | 'cancel'; clientName: string; onDone: () => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [key] = useState(() => newIdempotencyKey(action));
  const trimmed = reason.trim();
  const invalid = trimmed.length > REASON_MAX || hasControlChars(reason);
  const run = useMutation({
    mutationFn: () => (action === 'decline' ? practiceApi.decline(booking.id, trimmed, key) : practiceApi.cancel(booking.id, trimmed, key)),
    onSuccess: () => {
      toast.success(action === 'decline' ? `Request declined. ${clientName} is refunded in full.` : `Appointment cancelled. ${clientName} is refunded in full.`);
      onDone();
    },
  });
  const paid = booking.paid_amount > 0 ? formatMoney(booking.paid_amount, booking.price.currency) : null;
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!invalid) run.mutate();
      }}
    >
      <DialogHeader>
        <DialogTitle>{action === 'decline' ? 'Decline this request?' : 'Cancel this appointment?'}</DialogTitle>
        <DialogDescription>
          {booking.title} with {clientName}, {formatRange(booking.start, booking.end)}.{' '}
          {booking.pay_with === 'package'
            ? `${clientName} gets the package credit back.`
            : paid
              ? `${clientName} gets the full ${paid} back.`
              : ''}{' '}
          {action === 'cancel' ? 'Cancellations by you are counted on your practice record.' : ''}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="reason">Reason, shown to {clientName} (optional)</Label>
        <Textarea id="reason" value={reason} maxLength={REASON_MAX} rows={4} onChange={(e) => setReason(e.target.value)} aria-invalid={invalid || undefined} />
        <p className="text-xs text-muted-foreground">{trimmed.length}/{REASON_MAX} characters</p>
      </div>
      {run.error && <FormAlert>{errorMessage(run.error)}</FormAlert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Keep it
        </Button>
        <Button type="submit" variant="destructive" loading={run.isPending} disabled={invalid}>
          {action === 'decline' ? 'Decline request' : 'Cancel appointment'}
        </Button>
      </DialogFooter>
    </form>
  );
}

function NoShowForm({ booking, clientName, onDone, onCancel }: { booking: Booking; clientName: string; onDone: () => void; onCancel: () => void }) {
  const [key] = useState(() => newIdempotencyKey('no-show'));
  const run = useMutation({
    mutationFn: () => practiceApi.noShow(booking.id, key),
    onSuccess: () => {
      toast.success('Marked as a no-show. The payment goes to your earnings.');
      onDone();
    },
  });
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Mark {clientName} as a no-show?</DialogTitle>
        <DialogDescription>
          {booking.title}, {formatRange(booking.start, booking.end)}. Do this only if {clientName} did not come: the payment is released to you and
          they are not refunded.
        </DialogDescription>
      </DialogHeader>
      {run.error && <FormAlert>{errorMessage(run.error)}</FormAlert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Go back
        </Button>
        <Button variant="destructive" loading={run.isPending} onClick={() => run.mutate()}>
          Mark no-show
        </Button>
      </DialogFooter>
    </div>
  );
}

const shortDay = (d: string) => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T12:00:00Z`));

function RescheduleForm({ booking, clientName, onDone }: { booking: Booking; clientName: string; onDone: () => void }) {
  const tz = viewerZone();
  const today = dateKey(new Date(), tz);
  const [from, setFrom] = useState(today);
  const to = addDays(from, 6);
  const slots = useQuery({ queryKey: practiceKeys.slots(booking.offering_id, from, to), queryFn: () => practiceApi.slots(booking.offering_id, from, to, tz) });
  const [picked, setPicked] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (start: string) => practiceApi.reschedule(booking.id, start),
    onSuccess: (b) => {
      toast.success(`Moved to ${formatRange(b.start, b.end)}. ${clientName} sees the new time.`);
      onDone();
    },
  });
  const byDay = new Map<string, { start: string; label: string }[]>();
  for (const s of slots.data?.slots ?? []) {
    const list = byDay.get(s.date) ?? [];
    list.push({ start: s.start, label: s.start_time });
    byDay.set(s.date, list);
  }
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Reschedule with {clientName}</DialogTitle>
        <DialogDescription>
          Now {formatRange(booking.start, booking.end)}. Pick a free time; the old one is freed and the payment stays as it is. Times in {zoneName(tz)}.
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center justify-between gap-2">
        <Button variant="outline" size="sm" disabled={from <= today} onClick={() => setFrom(addDays(from, -7))}>
          Earlier
        </Button>
        <p className="text-sm font-medium" aria-live="polite">
          {shortDay(from)} – {shortDay(to)}
        </p>
        <Button variant="outline" size="sm" onClick={() => setFrom(addDays(from, 7))}>
          Later
        </Button>
      </div>
      <div className="max-h-72 overflow-y-auto">
        {slots.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading free times" />
          </div>
        ) : slots.error ? (
          <ErrorState title="Could not load free times" error={slots.error} onRetry={() => void slots.refetch()} />
        ) : byDay.size === 0 ? (
          <EmptyState title="No free times this week" description="Try a later week, or add hours on your schedule." />
        ) : (
          <div className="grid gap-3">
            {[...byDay.entries()].map(([day, list]) => (
              <fieldset key={day} className="grid gap-2">
                <legend className="text-sm font-medium">{formatDay(`${day}T12:00:00Z`, 'UTC')}</legend>
                <div className="flex flex-wrap gap-2">
                  {list.map((s) => (
                    <Button key={s.start} size="sm" variant={picked === s.start ? 'default' : 'outline'} aria-pressed={picked === s.start} onClick={() => setPicked(s.start)}>
                      {s.label}
                    </Button>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        )}
      </div>
      {run.error && <FormAlert>{errorMessage(run.error)}</FormAlert>}
      <DialogFooter>
        <Button disabled={!picked} loading={run.isPending} onClick={() => picked && run.mutate(picked)}>
          Move the appointment
        </Button>
      </DialogFooter>
    </div>
  );
}
