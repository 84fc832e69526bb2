import { Button, Card, CardDescription, CardHeader, CardTitle } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { Link } from 'react-router';
import { storeKeys, vendorStoreApi } from './api';
import { VENDOR_ONBOARDING_PATH } from './paths';

/**
 * "Set up your shop": offered on the vendor dashboard until the set-up wizard is submitted. Nothing shows while it loads
 * or when it fails; the rest of the dashboard works without it.
 */
export function SetUpShopCard() {
  const q = useQuery({ queryKey: storeKeys.progress, queryFn: vendorStoreApi.progress });
  if (!q.isSuccess || q.data.submitted_at) return null;
  const saved = q.data.steps.filter((s) => s.saved).length;
  const total = q.data.steps.length;
  return (
    <Card className="border-primary/40 bg-accent/40">
      <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <CardTitle as="h2" className="flex items-center gap-2">
            <Store className="size-5" aria-hidden /> {saved === 0 ? 'Set up your shop' : `Continue setting up your shop (${saved} of ${total} steps saved)`}
          </CardTitle>
          <CardDescription>Your store’s name, logo, shipping, returns and payout account: seven short steps, saved as you go.</CardDescription>
        </div>
        <Button asChild>
          <Link to={VENDOR_ONBOARDING_PATH}>{saved === 0 ? 'Start' : 'Continue'}</Link>
        </Button>
      </CardHeader>
    </Card>
  );
}
