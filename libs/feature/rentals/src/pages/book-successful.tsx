import { Button, Card, CardDescription, CardHeader, CardTitle, ErrorState, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { renterApi, rentalKeys } from '../api';
import { DepositPanel, StatusBadge } from '../components/bits';
import { RentalSummary } from '../components/rental-summary';
import { when } from '../format';
import { USER_PATHS, myRentalHref } from '../paths';

/** `/booking/car-rentals/company/fleet/BookSuccessful?id=`: the confirmation with everything the counter needs. */
export default function BookSuccessfulPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({
    queryKey: rentalKeys.mineOne(id),
    queryFn: () => renterApi.get(id),
    enabled: id !== '',
    // Back from the card payment: the webhook may settle it a moment later, so look again until it has.
    refetchInterval: (query) => (query.state.data?.status === 'pending' && query.state.data.pay_with === 'card' ? 3000 : false),
  });
  if (id && q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4" aria-busy>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (!id || q.isError || !q.data) {
    return (
      <div className="mx-auto grid w-full max-w-3xl gap-4">
        <ErrorState title="We could not find this rental" error={q.error ?? new Error('No rental was named.')} onRetry={id ? () => void q.refetch() : undefined} />
        <Button asChild variant="outline" className="w-fit">
          <Link to={USER_PATHS.mine}>My rentals</Link>
        </Button>
      </div>
    );
  }
  const b = q.data;
  const paid = b.status !== 'pending' && b.status !== 'cancelled';
  const card = b.pay_with === 'card';
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <Card>
        <CardHeader className="items-start gap-3">
          {paid ? <CheckCircle2 className="size-10 text-success" aria-hidden /> : <Hourglass className="size-10 text-warning" aria-hidden />}
          <CardTitle as="h1" className="text-2xl">
            {paid ? 'Your car is booked' : b.status === 'pending' ? (card ? 'Waiting for your card payment' : 'Waiting for payment') : 'This rental was cancelled'}
          </CardTitle>
          <CardDescription className="text-base">
            {paid
              ? `${b.car.make} ${b.car.model} from ${b.car.company.name}, ${when(b.start)} to ${when(b.end)}. Show the booking reference at the counter.`
              : b.status === 'pending'
                ? card
                  ? `We are waiting for Paystack to confirm your card payment of ${formatMoney(b.total.amount + b.deposit_amount.amount, b.total.currency)} (the price and the deposit). The car is held until ${when(b.hold_expires_at)}; this page updates by itself.`
                  : `The car is held until ${when(b.hold_expires_at)}. Pay from your wallet on the car's page to confirm it.`
                : b.cancel_reason || 'Nothing is owed.'}
          </CardDescription>
          <StatusBadge status={b.status} />
        </CardHeader>
      </Card>
      <RentalSummary b={b} />
      <section aria-labelledby="dep-h" className="grid gap-2">
        <h2 id="dep-h" className="text-lg font-semibold">
          Deposit
        </h2>
        <DepositPanel b={b} />
      </section>
      {paid && (
        <p className="text-sm text-muted-foreground">
          Free cancellation until {when(b.free_cancel_until)}. Total paid {formatMoney(b.paid.amount, b.paid.currency)} {card ? 'by card' : 'from your wallet'}, held safely until the rental is over
          {card && b.deposit ? `; the ${formatMoney(b.deposit.amount, b.deposit.currency)} deposit you paid by card is held apart and comes back to your Sojourn wallet after the return` : ''}.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to={myRentalHref(b.id)}>Manage this rental</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={USER_PATHS.mine}>All my rentals</Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={USER_PATHS.search}>Rent another car</Link>
        </Button>
      </div>
    </div>
  );
}
