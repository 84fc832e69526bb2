import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { catalogReads, orderKeys, vendorOrdersApi } from '../../api';
import { shopReviewKeys, shopReviewsApi } from '../../../reviews/api';
import { VENDOR_REVIEWS_PATH } from '../../../reviews/paths';
import { SetUpShopCard } from '../../../store/setup-card';
import { StatusBadge } from '../../components/bits';
import { ProfileNudge } from '../../components/profile-nudge';
import { RevenueChart } from '../../components/revenue-chart';
import { day, money } from '../../format';
import { VENDOR_ORDER_PATHS, vendorOrderHref } from '../../paths';

function Stat({ label, value, hint, to }: { label: string; value: React.ReactNode; hint?: string; to?: string }) {
  const body = (
    <Card className="h-full p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
  return to ? (
    <Link to={to} className="rounded-xl focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {body}
    </Link>
  ) : (
    body
  );
}

/** The orders waiting to be prepared or shipped, oldest concerns first on the orders page. */
function ToShip() {
  const q = useQuery({ queryKey: orderKeys.vendorList('paid:5'), queryFn: () => vendorOrdersApi.orders('paid', undefined, 5) });
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Orders to prepare</CardTitle>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load these orders" error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every paid order is being prepared or on its way.</p>
        ) : (
          <ul className="divide-y">
            {q.data.data.map((o) => (
              <li key={o.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span className="grid">
                  <Link to={vendorOrderHref(o.id)} className="font-medium hover:underline">
                    {o.number} · {o.buyer.name}
                  </Link>
                  <span className="text-muted-foreground">
                    {day(o.created_at)} · {money(o.total)}
                  </span>
                </span>
                <StatusBadge status={o.status} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function LowStock() {
  const q = useQuery({ queryKey: orderKeys.lowStock, queryFn: () => catalogReads.lowStock(5) });
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Low stock</CardTitle>
        <CardDescription>Variants with 5 or fewer available to sell.</CardDescription>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load your stock" error={q.error} onRetry={() => void q.refetch()} />
        ) : q.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every variant has more than 5 available.</p>
        ) : (
          <ul className="divide-y">
            {q.data.slice(0, 8).map((v) => (
              <li key={v.variant_id} className="flex items-center justify-between gap-2 py-2 text-sm">
                <Link to={`/vendor-app/create-products?id=${encodeURIComponent(v.product_id)}`} className="min-w-0 hover:underline">
                  <span className="block truncate font-medium">{v.product_title}</span>
                  <span className="text-muted-foreground">{[v.variant_title, v.sku].filter(Boolean).join(' · ')}</span>
                </Link>
                <span className={cn('shrink-0 font-semibold tabular-nums', v.available === 0 && 'text-destructive')}>{v.available === 0 ? 'Sold out' : `${v.available} left`}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The newest published reviews of the vendor's products still without a reply. */
function ReviewsToAnswer() {
  const q = useQuery({ queryKey: [...shopReviewKeys.received(true), 'dashboard'], queryFn: () => shopReviewsApi.received(true) });
  const rows = q.data?.data ?? [];
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Reviews to answer</CardTitle>
        <CardDescription>Published reviews of your products that have no reply yet. Shoppers read a seller's replies.</CardDescription>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load your reviews" error={q.error} onRetry={() => void q.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every review has your reply.</p>
        ) : (
          <ul className="divide-y">
            {rows.slice(0, 5).map((r) => (
              <li key={r.id} className="grid gap-0.5 py-2 text-sm">
                <span className="flex items-center justify-between gap-2">
                  <span className="min-w-0 truncate font-medium">{r.title}</span>
                  <span className="shrink-0 tabular-nums" aria-label={`${r.rating} out of 5 stars`}>
                    {r.rating}/5
                  </span>
                </span>
                <span className="line-clamp-2 text-muted-foreground">
                  {r.author_name}: {r.text}
                </span>
              </li>
            ))}
          </ul>
        )}
        {rows.length > 0 && (
          <Button asChild variant="outline" size="sm" className="mt-3">
            <Link to={`${VENDOR_REVIEWS_PATH}?show=unanswered`}>Answer reviews</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** `/vendor-app/dashboard`, the vendor portal's home: today's orders, revenue by day, escrow and payouts, stock to refill. */
export default function VendorDashboardPage() {
  const q = useQuery({ queryKey: orderKeys.sales, queryFn: vendorOrdersApi.sales });
  const [range, setRange] = useState<'week' | 'month'>('week');
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
        <Skeleton className="h-56 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-6xl gap-6">
        <PageHeader title="Dashboard" />
        <SetUpShopCard />
        <ErrorState title="We could not load your dashboard" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const s = q.data;
  const days = range === 'week' ? s.week : s.month;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6">
      <PageHeader
        title="Dashboard"
        description="Your shop today, and how the last weeks went."
        actions={
          <Button asChild>
            <Link to={VENDOR_ORDER_PATHS.bookings}>Open orders</Link>
          </Button>
        }
      />
      <SetUpShopCard />
      <ProfileNudge />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Orders today" value={s.today_orders} hint={`${money(s.today_revenue)} in sales`} to={VENDOR_ORDER_PATHS.bookings} />
        <Stat label="To ship" value={s.to_ship} hint="Paid or being prepared" to={`${VENDOR_ORDER_PATHS.bookings}?status=paid`} />
        <Stat label="Held in escrow" value={money(s.escrow_pending)} hint="Released after delivery and the return window" />
        <Stat label="Payouts due" value={money(s.payouts_due)} hint="Released, not yet withdrawable" to={VENDOR_ORDER_PATHS.earnings} />
      </div>
      <Card>
        <CardHeader className="pb-3">
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="grid gap-1">
              <CardTitle as="h2">Revenue</CardTitle>
              <CardDescription>Paid orders less refunds, per day (UTC).</CardDescription>
            </div>
            <div role="group" aria-label="Period" className="inline-flex rounded-md border p-0.5">
              {(['week', 'month'] as const).map((r) => (
                <Button key={r} size="sm" variant={range === r ? 'default' : 'ghost'} aria-pressed={range === r} onClick={() => setRange(r)}>
                  {r === 'week' ? 'Last 7 days' : 'Last 30 days'}
                </Button>
              ))}
            </div>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="flex flex-wrap gap-x-8 gap-y-2">
            <p>
              <span className="block text-sm text-muted-foreground">This week</span>
              <span className="text-2xl font-semibold tabular-nums">{money(s.week_revenue)}</span>
            </p>
            <p>
              <span className="block text-sm text-muted-foreground">This month</span>
              <span className="text-2xl font-semibold tabular-nums">{money(s.month_revenue)}</span>
            </p>
          </div>
          <RevenueChart days={days} caption={range === 'week' ? 'Revenue per day, last 7 days' : 'Revenue per day, last 30 days'} />
        </CardContent>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <ToShip />
        <LowStock />
        <ReviewsToAnswer />
      </div>
    </div>
  );
}
