import { Label, RadioGroup, RadioGroupItem, Skeleton } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { Link } from 'react-router';
import type { PayWith } from '../api';

/**
 * How the renter pays a rental: the Sojourn wallet (its balance, and whether it covers the price and the deposit) or a
 * card through Paystack (the price and the deposit in one payment; the browser comes back to the confirmation).
 */
export function PayChoice({
  value,
  onChange,
  currency,
  balance,
  walletState,
  short,
  due,
}: {
  value: PayWith;
  onChange: (v: PayWith) => void;
  currency: string;
  balance: number | null;
  walletState: 'pending' | 'error' | 'success';
  short: boolean;
  /** The price and the deposit, once quoted. */
  due: number | null;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1.5 text-sm font-medium">Pay with</legend>
      <RadioGroup value={value} onValueChange={(v) => onChange(v as PayWith)} className="grid gap-2">
        <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', value === 'wallet' && 'border-primary')}>
          <RadioGroupItem value="wallet" id="rent-pay-wallet" className="mt-0.5" />
          <Label htmlFor="rent-pay-wallet" className="grid gap-0.5">
            Your {currency} wallet
            {walletState === 'pending' ? (
              <Skeleton className="h-4 w-40" />
            ) : walletState === 'error' ? (
              <span className="font-normal text-muted-foreground">We could not read your wallet just now.</span>
            ) : balance === null ? (
              <span className="font-normal text-muted-foreground">
                Not activated yet.{' '}
                <Link to="/user-wallet" className="font-medium text-primary underline">
                  Activate it
                </Link>
              </span>
            ) : (
              <span className={cn('font-normal', short ? 'text-destructive' : 'text-muted-foreground')}>
                Balance {formatMoney(balance, currency)}
                {short && (
                  <>
                    : not enough for the price and the deposit.{' '}
                    <Link to="/user-wallet?topup=1" className="font-medium text-primary underline">
                      Top up
                    </Link>{' '}
                    or pay by card.
                  </>
                )}
              </span>
            )}
          </Label>
        </div>
        <div className={cn('flex items-start gap-3 rounded-md border p-3 text-sm', value === 'card' && 'border-primary')}>
          <RadioGroupItem value="card" id="rent-pay-card" className="mt-0.5" />
          <Label htmlFor="rent-pay-card" className="grid gap-0.5">
            Card
            <span className="font-normal text-muted-foreground">
              {due !== null ? `${formatMoney(due, currency)}, the price and the deposit, ` : 'The price and the deposit '}
              in one secure Paystack payment; you come back to your confirmation afterwards. The deposit is returned to your Sojourn wallet.
            </span>
          </Label>
        </div>
      </RadioGroup>
    </fieldset>
  );
}
