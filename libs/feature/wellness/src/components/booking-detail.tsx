import { errorMessage, isApiError, newIdempotencyKey } from '@sojourn/api-client';
import { Avatar, Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, ErrorState, FormAlert, Label, Skeleton, Textarea } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { bookingsApi, directoryApi, wellnessKeys, type BookingDetail, type Slot } from '../api';
import { formatLabel, isActive, refundText, STATUS_LABELS } from '../policy';
import { detailsHref } from '../paths';
import { dateKeyIn, dateTimeIn, plainDay, weekStart, zoneLabel } from '../time';
import { refreshWallets } from '../wallet-refresh';
import { AddToCalendar } from './add-to-calendar';
import { StatusBadge } from './bits';
import { ReviewPanel, ReviewStep } from './review';
import { SlotPicker } from './slot-picker';

type Mode = 'view' | 'cancel' | 'reschedule' | 'review';

/** A confirmed video session not yet over has a room (the video feature's page, by URL). */
export function videoRoomOpenable(b: { status: string; format: string; end: string }): boolean {
  return b.status === 'confirmed' && b.format === 'video' && new Date(b.end).getTime() > Date.now();
}

function CancelStep({ b, tz, onDone, onBack }: { b: BookingDetail; tz: string; onDone: () => void; onBack: () => void }) {
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const [key] = useState(() => newIdempotencyKey('cancel'));
  const [now] = useState(() => Date.now());
  const cancel = useMutation({
    mutationFn: () => bookingsApi.cancel(b.id, reason.trim(), key),
    onSuccess: (fresh) => {
      qc.setQueryData(wellnessKeys.booking(b.id), fresh);
      void qc.invalidateQueries({ queryKey: wellnessKeys.bookings });
      void qc.invalidateQueries({ queryKey: wellnessKeys.myPackages });
      void refreshWallets(qc);
      onDone();
    },
  });
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Cancel this session?</DialogTitle>
        <DialogDescription>
          {b.title} with {b.provider.display_name}, {dateTimeIn(b.start, tz)}.
        </DialogDescription>
      </DialogHeader>
      <FormAlert tone="info">
        <span data-testid="refund-preview">{refundText(b, now)}</span>
      </FormAlert>
      <div className="grid gap-1.5">
        <Label htmlFor="cancel-reason">Reason (optional, shared with {b.provider.display_name})</Label>
        <Textarea id="cancel-reason" rows={2} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      {cancel.error && <FormAlert>{errorMessage(cancel.error)}</FormAlert>}
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          Keep the session
        </Button>
        <Button variant="destructive" loading={cancel.isPending} onClick={() => cancel.mutate()}>
          Cancel the session
        </Button>
      </DialogFooter>
    </div>
  );
}

function RescheduleStep({ b, tz, onDone, onBack }: { b: BookingDetail; tz: string; onDone: () => void; onBack: () => void }) {
  const qc = useQueryClient();
  const offerings = useQuery({ queryKey: wellnessKeys.offerings(b.provider_id), queryFn: () => directoryApi.offerings(b.provider_id) });
  const offering = offerings.data?.find((o) => o.id === b.offering_id);
  const [week, setWeek] = useState(() => weekStart(dateKeyIn(new Date(), tz)));
  const [slot, setSlot] = useState<Slot | null>(null);
  const move = useMutation({
    mutationFn: () => bookingsApi.reschedule(b.id, slot!.start),
    onSuccess: (fresh) => {
      qc.setQueryData(wellnessKeys.booking(b.id), fresh);
      void qc.invalidateQueries({ queryKey: wellnessKeys.bookings });
      void qc.invalidateQueries({ queryKey: wellnessKeys.slotsAll });
      onDone();
    },
  });
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Move this session</DialogTitle>
        <DialogDescription>
          Now {dateTimeIn(b.start, tz)}. Pick a new time; your payment stays as it is. Moving is possible until {dateTimeIn(b.free_cancel_until, tz)}.
        </DialogDescription>
      </DialogHeader>
      {offerings.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : !offering ? (
        <FormAlert>This session is no longer offered, so it cannot be moved. You can still cancel it.</FormAlert>
      ) : (
        <SlotPicker
          offeringId={offering.id}
          tz={tz}
          week={week}
          onWeekChange={(w) => (setWeek(w), setSlot(null))}
          selected={slot?.start ?? null}
          onSelect={(s) => (move.reset(), setSlot(s))}
          maxAdvanceDays={offering.max_advance_days}
          exclude={b.start}
        />
      )}
      {move.error && <FormAlert>{isApiError(move.error) && move.error.status === 409 ? 'That time was just taken, or the session can no longer be moved. ' + move.error.message : errorMessage(move.error)}</FormAlert>}
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button disabled={!slot} loading={move.isPending} onClick={() => move.mutate()}>
          {slot ? `Move to ${plainDay(slot.date)}, ${slot.start_time}` : 'Choose a new time'}
        </Button>
      </DialogFooter>
    </div>
  );
}

function View({ b, tz, setMode }: { b: BookingDetail; tz: string; setMode: (m: Mode) => void }) {
  const active = isActive(b.status) && new Date(b.start).getTime() > Date.now();
  const canMove = active && Date.now() <= new Date(b.free_cancel_until).getTime();
  const cur = b.price.currency;
  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{b.title}</DialogTitle>
        <DialogDescription>
          {dateTimeIn(b.start, tz)} ({zoneLabel(tz, new Date(b.start))})
        </DialogDescription>
      </DialogHeader>
      <div className="flex items-center gap-3">
        <Avatar src={b.provider.avatar_url || null} name={b.provider.display_name} />
        <div className="grid flex-1">
          <Link to={detailsHref(b.kind, b.provider_id)} className="font-medium hover:underline">
            {b.provider.display_name}
          </Link>
          <span className="text-sm text-muted-foreground">{formatLabel(b.format)}</span>
        </div>
        <StatusBadge status={b.status} />
      </div>
      <dl className="grid gap-1.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Price</dt>
          <dd className="tabular-nums">{formatMoney(b.price.amount, cur)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">Paid</dt>
          <dd className="tabular-nums">{b.pay_with === 'package' ? 'Package credit' : `${formatMoney(b.paid_amount, cur)}${b.pay_with === 'wallet' ? ' from wallet' : b.pay_with === 'paystack' ? ' by card' : ''}`}</dd>
        </div>
        {b.refunded_amount > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Refunded to your wallet</dt>
            <dd className="font-medium tabular-nums text-success" data-testid="booking-refunded">
              {formatMoney(b.refunded_amount, cur)}
            </dd>
          </div>
        )}
        {b.fee_kept > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Late cancellation fee</dt>
            <dd className="tabular-nums">{formatMoney(b.fee_kept, cur)}</dd>
          </div>
        )}
        {active && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">{canMove ? 'Free cancellation until' : 'Free cancellation ended'}</dt>
            <dd className="text-right">{dateTimeIn(b.free_cancel_until, tz)}</dd>
          </div>
        )}
        {b.status === 'pending_confirmation' && b.confirm_by && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted-foreground">Provider answers by</dt>
            <dd className="text-right">{dateTimeIn(b.confirm_by, tz)}</dd>
          </div>
        )}
      </dl>
      <ReviewPanel b={b} tz={tz} onReview={() => setMode('review')} />
      {b.events.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">History</summary>
          <ol className="mt-2 grid gap-1 text-muted-foreground">
            {b.events.map((e, i) => (
              <li key={i}>
                {dateTimeIn(e.at, tz)}: {STATUS_LABELS[e.to as keyof typeof STATUS_LABELS] ?? e.to}
                {e.note ? ` (${e.note})` : ''}
              </li>
            ))}
          </ol>
        </details>
      )}
      <DialogFooter className="flex-wrap">
        {videoRoomOpenable(b) && (
          <Button asChild>
            <Link to={`/video-chat?room=${encodeURIComponent(b.id)}`}>Join video session</Link>
          </Button>
        )}
        {(b.status === 'confirmed' || b.status === 'pending_confirmation') && <AddToCalendar booking={b} variant="outline" />}
        {canMove && (
          <Button variant="outline" onClick={() => setMode('reschedule')}>
            Reschedule
          </Button>
        )}
        {active && (
          <Button variant="destructive" onClick={() => setMode('cancel')}>
            Cancel session
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}

/**
 * One booking of the person, opened from the calendar, the list or the dashboard (?booking= in the address). The review
 * form is in the address too (`reviewing`, ?review=1), so the list's "Leave a review" opens it directly; it shows only
 * while the booking can be reviewed.
 */
export function BookingDialog({
  id,
  tz,
  onClose,
  reviewing = false,
  onReviewingChange,
}: {
  id: string | null;
  tz: string;
  onClose: () => void;
  reviewing?: boolean;
  onReviewingChange?: (on: boolean) => void;
}) {
  const [inner, setInner] = useState<Mode>('view');
  const q = useQuery({ queryKey: wellnessKeys.booking(id ?? ''), queryFn: () => bookingsApi.booking(id!), enabled: Boolean(id) });
  const mode: Mode = onReviewingChange ? (reviewing && q.data?.can_review ? 'review' : inner === 'review' ? 'view' : inner) : inner;
  const setMode = (m: Mode) => {
    if (onReviewingChange && (m === 'review' || mode === 'review')) onReviewingChange(m === 'review');
    setInner(m);
  };
  return (
    <Dialog
      open={Boolean(id)}
      onOpenChange={(o) => {
        if (!o) {
          setInner('view');
          onClose();
        }
      }}
    >
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl" aria-describedby={undefined}>
        {q.isPending ? (
          <>
            <DialogTitle>Loading the booking</DialogTitle>
            <Skeleton className="h-40 w-full" />
          </>
        ) : q.isError ? (
          <>
            <DialogTitle>Booking</DialogTitle>
            <ErrorState
              title={isApiError(q.error) && q.error.status === 404 ? 'We could not find this booking' : 'We could not load this booking'}
              error={q.error}
              onRetry={isApiError(q.error) && q.error.status === 404 ? undefined : () => void q.refetch()}
            />
          </>
        ) : mode === 'cancel' ? (
          <CancelStep b={q.data} tz={tz} onDone={() => setMode('view')} onBack={() => setMode('view')} />
        ) : mode === 'reschedule' ? (
          <RescheduleStep b={q.data} tz={tz} onDone={() => setMode('view')} onBack={() => setMode('view')} />
        ) : mode === 'review' ? (
          <ReviewStep b={q.data} tz={tz} onDone={() => setMode('view')} onBack={() => setMode('view')} />
        ) : (
          <View b={q.data} tz={tz} setMode={setMode} />
        )}
      </DialogContent>
    </Dialog>
  );
}
