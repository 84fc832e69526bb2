import { newIdempotencyKey } from '@sojourn/api-client';
import { Button, Card, CardContent, CardHeader, CardTitle, CursorListPage, cursorQuery, ErrorState, FormAlert, PageHeader, ReasonDialog, Skeleton } from '@sojourn/ui';
import { errorMessage } from '@sojourn/api-client';
import { formatMoney } from '@sojourn/util';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CarFront } from 'lucide-react';
import { useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { renterApi, rentalKeys, type HandoverStage, type RentalBooking } from '../api';
import { CarPhoto, DepositBadge, DepositPanel, HandoverView, StatusBadge } from '../components/bits';
import { ChangePickupDialog } from '../components/change-pickup';
import { RentalSummary } from '../components/rental-summary';
import { RentalReviewNote, RentalReviewPanel } from '../components/reviews';
import { STATUS_LABELS, reference, when } from '../format';
import { USER_PATHS, myRentalHref } from '../paths';

function Confirm({ b, stage }: { b: RentalBooking; stage: HandoverStage }) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: () => renterApi.confirmHandover(b.id, stage),
    onSuccess: (next) => {
      qc.setQueryData(rentalKeys.mineOne(b.id), next);
      void qc.invalidateQueries({ queryKey: rentalKeys.mine });
    },
  });
  return (
    <div className="grid gap-2">
      <Button onClick={() => m.mutate()} loading={m.isPending} className="w-fit">
        Confirm the {stage === 'pickup' ? 'pick-up' : 'return'} record
      </Button>
      <FormAlert>{m.error ? errorMessage(m.error) : null}</FormAlert>
    </div>
  );
}

function RentalDetail({ id }: { id: string }) {
  const qc = useQueryClient();
  const key = useRef(newIdempotencyKey('rental-cancel'));
  const q = useQuery({ queryKey: rentalKeys.mineOne(id), queryFn: () => renterApi.get(id) });
  const back = (
    <Button asChild variant="ghost" size="sm" className="w-fit">
      <Link to={USER_PATHS.mine}>
        <ArrowLeft aria-hidden /> All my rentals
      </Link>
    </Button>
  );
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy>
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        {back}
        <ErrorState title="We could not load this rental" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const b = q.data;
  const canCancel = b.status === 'pending' || b.status === 'confirmed';
  const lateFee = new Date(b.free_cancel_until) < new Date() && b.car.late_cancel_fee_pct > 0;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <PageHeader
        title={`${b.car.make} ${b.car.model}`}
        description={`Reference ${reference(b.id)} · ${when(b.start)} to ${when(b.end)}`}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={b.status} />
            <DepositBadge deposit={b.deposit} />
          </div>
        }
      />
      {b.status === 'cancelled' && b.cancel_reason && <p className="rounded-md border px-3 py-2 text-sm">Cancelled: “{b.cancel_reason}”</p>}
      {b.status === 'pending' && b.pay_with === 'card' && (
        <p className="rounded-md border px-3 py-2 text-sm" role="status">
          Waiting for your card payment. The car is held until {when(b.hold_expires_at)}; a declined card cancels the rental.
        </p>
      )}
      <RentalReviewPanel b={b} />
      <RentalSummary b={b} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Handover</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-5">
          <HandoverView title="Pick-up" h={b.pickup} />
          {b.pickup?.recorded_at && !b.pickup.confirmed_at && <Confirm b={b} stage="pickup" />}
          <HandoverView title="Return" h={b.return} />
          {b.return?.recorded_at && !b.return.confirmed_at && <Confirm b={b} stage="return" />}
        </CardContent>
      </Card>
      <section aria-labelledby="dep-h" className="grid gap-2">
        <h2 id="dep-h" className="text-lg font-semibold">
          Deposit
        </h2>
        <DepositPanel b={b} />
      </section>
      {canCancel && (
        <div className="flex flex-wrap items-center gap-3">
          {new Date(b.start) > new Date() && <ChangePickupDialog b={b} />}
          <ReasonDialog
            triggerLabel="Cancel this rental"
            title="Cancel this rental?"
            description={
              lateFee
                ? `The free cancellation ended ${when(b.free_cancel_until)}: ${b.car.late_cancel_fee_pct}% of the price goes to the company, the rest and the deposit come back to your wallet.`
                : 'The full price and the deposit come back to your wallet.'
            }
            label="Why are you cancelling?"
            hint="The company reads this."
            min={1}
            confirmLabel="Cancel the rental"
            onConfirm={(reason) => renterApi.cancel(b.id, reason, key.current)}
            onDone={() => {
              key.current = newIdempotencyKey('rental-cancel');
              void qc.invalidateQueries({ queryKey: rentalKeys.all });
              void qc.invalidateQueries({ queryKey: ['wallet'] });
            }}
          />
          <p className="text-xs text-muted-foreground">Free cancellation until {when(b.free_cancel_until)}.</p>
        </div>
      )}
      {b.events.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle as="h2">History</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="grid gap-1 text-sm">
              {b.events.map((e, i) => (
                <li key={i} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {STATUS_LABELS[e.to as RentalBooking['status']] ?? e.to}
                    {e.note ? <span className="text-muted-foreground"> · {e.note}</span> : null}
                  </span>
                  <span className="text-muted-foreground">{when(e.at)}</span>
                </li>
              ))}
            </ol>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function RentalList() {
  const q = useInfiniteQuery(cursorQuery(rentalKeys.mine, (cursor) => renterApi.list(cursor, 10)));
  return (
    <CursorListPage
      title="My rentals"
      description="Your car rentals, newest first: the handovers to confirm, what happened to each deposit, and the rentals to review."
      actions={
        <Button asChild>
          <Link to={USER_PATHS.search}>Rent a car</Link>
        </Button>
      }
      query={q}
      rowKey={(b) => b.id}
      empty={{
        icon: <CarFront className="size-6" />,
        title: 'No rentals yet',
        description: 'Cars you rent appear here with their pick-up details and deposit.',
        action: (
          <Button asChild variant="outline">
            <Link to={USER_PATHS.search}>Find a car</Link>
          </Button>
        ),
      }}
      noun={['rental', 'rentals']}
    >
      {(b) => {
        const toConfirm = (b.pickup?.recorded_at && !b.pickup.confirmed_at) || (b.return?.recorded_at && !b.return.confirmed_at);
        return (
          <Card className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-3 p-3 sm:grid-cols-[8rem_minmax(0,1fr)_auto] sm:items-center">
            <CarPhoto car={b.car} />
            <div className="grid min-w-0 gap-1">
              <p className="font-semibold">
                <Link to={myRentalHref(b.id)} className="hover:underline">
                  {b.car.make} {b.car.model}
                </Link>
              </p>
              <p className="text-sm text-muted-foreground">
                {b.car.company.name} · {when(b.start)} → {when(b.end)}
              </p>
              <div className="flex flex-wrap items-center gap-1.5">
                <StatusBadge status={b.status} />
                <DepositBadge deposit={b.deposit} />
                {toConfirm && <span className="text-xs font-medium">Handover to confirm</span>}
              </div>
            </div>
            <div className="col-span-2 flex flex-wrap items-center justify-between gap-2 sm:col-span-1 sm:grid sm:justify-items-end">
              <p className="text-sm font-semibold tabular-nums">{formatMoney(b.total.amount, b.total.currency)}</p>
              <RentalReviewNote b={b} />
            </div>
          </Card>
        );
      }}
    </CursorListPage>
  );
}

/** `/booking/car-rentals/my-rentals` (list) and `?id=` (one rental). */
export default function MyRentalsPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  return id ? <RentalDetail id={id} /> : <RentalList />;
}
