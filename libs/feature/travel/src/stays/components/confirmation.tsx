import { errorMessage, newIdempotencyKey } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, ErrorState, FormAlert, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { fetchWallet } from '@sojourn/session';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Clock, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { stayApi, stayKeys, type Stay } from '../api';
import { BOARD_LABELS, STAY_PATHS } from '../paths';
import { PolicyText, when } from './rates';

const GOOD = 'border-emerald-700/30 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100';
const WAIT = 'border-amber-700/30 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100';
const BAD = 'border-red-700/30 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100';
/** A stay's status as the traveller reads it, with its badge colours. */
export const STAY_STATUS: Record<string, { label: string; tone: string }> = {
  quoted: { label: 'Not paid', tone: '' },
  awaiting_payment: { label: 'Waiting for the card payment', tone: WAIT },
  booking: { label: 'Confirming with the hotel', tone: WAIT },
  confirmed: { label: 'Confirmed', tone: GOOD },
  failed: { label: 'Not booked: refunded', tone: BAD },
  cancelled: { label: 'Cancelled', tone: '' },
};

/** A stay after paying: its status (polled while the hotel confirms), reference, details, policy and cancelling. */
export function StayConfirmation({ id }: { id: string }) {
  const qc = useQueryClient();
  const stay = useQuery({
    queryKey: stayKeys.stay(id),
    queryFn: () => stayApi.stay(id),
    refetchInterval: (q) => (q.state.data && ['booking', 'awaiting_payment'].includes(q.state.data.status) ? 1500 : false),
  });
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey('stay-cancel'));
  if (stay.isPending) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (stay.isError) return <ErrorState title="We could not load this stay" error={stay.error} onRetry={() => void stay.refetch()} />;
  const s: Stay = stay.data;
  const st = STAY_STATUS[s.status] ?? { label: s.status, tone: '' };
  const cancel = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const out = await stayApi.cancel(s.id, key.current);
      qc.setQueryData(stayKeys.stay(id), out);
      await Promise.all([qc.invalidateQueries({ queryKey: ['wallet'] }), fetchWallet().catch(() => undefined)]);
      setOpen(false);
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const Icon = s.status === 'confirmed' ? CheckCircle2 : s.status === 'failed' || s.status === 'cancelled' ? XCircle : Clock;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex flex-wrap items-center gap-2">
          <Icon className="size-6 text-primary" aria-hidden />
          {s.status === 'confirmed' ? 'Your stay is booked' : s.status === 'booking' ? 'Booking your room…' : `Your stay at ${s.property_name}`}
          <Badge variant="outline" className={st.tone}>
            {st.label}
          </Badge>
        </CardTitle>
        <CardDescription>
          {s.property_name}, {s.address}, {s.city}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {s.reference && (
            <div>
              <dt className="text-muted-foreground">Booking reference</dt>
              <dd className="font-mono text-base font-semibold" data-testid="stay-reference">
                {s.reference}
              </dd>
            </div>
          )}
          <div>
            <dt className="text-muted-foreground">Room</dt>
            <dd>
              {s.room_name}, {BOARD_LABELS[s.board_type] ?? s.board_type}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Check-in</dt>
            <dd>{new Date(s.starts_at).toLocaleString(undefined, { timeZone: s.time_zone, dateStyle: 'full', timeStyle: 'short' })} (local time)</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Check-out</dt>
            <dd>{new Date(s.ends_at).toLocaleString(undefined, { timeZone: s.time_zone, dateStyle: 'full', timeStyle: 'short' })} (local time)</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Guests</dt>
            <dd>
              {s.guests.map((g) => `${g.given_name} ${g.family_name}`).join(', ')} · {s.adults} {s.adults === 1 ? 'guest' : 'guests'}, {s.rooms} {s.rooms === 1 ? 'room' : 'rooms'}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Paid</dt>
            <dd className="font-semibold">
              {formatMoney(s.price.amount, s.price.currency)} {s.pay_with === 'card' ? 'by card' : 'from your wallet'}
            </dd>
          </div>
          {s.refunded.amount > 0 && (
            <div>
              <dt className="text-muted-foreground">Refunded to your wallet</dt>
              <dd className="font-semibold">{formatMoney(s.refunded.amount, s.refunded.currency)}</dd>
            </div>
          )}
        </dl>
        {s.status === 'failed' && <FormAlert>{s.failure_reason} The whole price is back in your wallet.</FormAlert>}
        <div className="grid gap-1">
          <p className="font-semibold">Cancellation policy</p>
          <PolicyText rate={{ refundable: s.refundable, free_cancellation_until: s.cancellation.find((c) => c.refund.amount === s.price.amount)?.before ?? null, cancellation: s.cancellation, price: s.price }} />
        </div>
        <div className="flex flex-wrap gap-2">
          {s.trip_id && (
            <Button asChild variant="outline">
              <Link to={`/booking/trips/${encodeURIComponent(s.trip_id)}`}>See your trip</Link>
            </Button>
          )}
          <Button asChild variant="outline">
            <Link to={STAY_PATHS.mine}>My stays</Link>
          </Button>
          {s.status === 'confirmed' && (
            <Button variant="outline" onClick={() => setOpen(true)}>
              Cancel this stay
            </Button>
          )}
        </div>
      </CardContent>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Cancel your stay?</DialogTitle>
            <DialogDescription>
              {s.refund_if_cancelled.amount > 0
                ? `By the rate's policy ${formatMoney(s.refund_if_cancelled.amount, s.refund_if_cancelled.currency)} goes back to your wallet now.`
                : 'By the rate’s policy nothing is refunded if you cancel now.'}{' '}
              Policy deadlines are as of {when(new Date().toISOString())}.
            </DialogDescription>
          </DialogHeader>
          <FormAlert>{problem}</FormAlert>
          <DialogFooter>
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Keep it
            </Button>
            <Button variant="destructive" loading={busy} onClick={() => void cancel()}>
              Cancel the stay
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
