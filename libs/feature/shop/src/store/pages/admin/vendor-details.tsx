import { errorMessage, mediaUrl } from '@sojourn/api-client';
import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, FormAlert, Label, PageHeader, ReasonDialog, Skeleton, Switch } from '@sojourn/ui';
import { formatDate, formatMoney } from '@sojourn/util';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Store } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ADMIN_ORDER_PATHS } from '../../../orders/paths';
import { adminStoreApi, adminStoreKeys, type VendorStore } from '../../api';
import { HealthCard } from '../../health';
import { ADMIN_SHOP_VENDOR_PATH } from '../../paths';

const percent = (bps: number) => `${(bps / 100).toLocaleString('en-GB', { maximumFractionDigits: 2 })} %`;

function Stat({ label, value, hint }: { label: string; value: React.ReactNode; hint?: string }) {
  return (
    <div className="rounded-md border p-3">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-xl font-semibold tabular-nums">{value}</p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}

function Figures({ store }: { store: VendorStore }) {
  const q = useQuery({ queryKey: adminStoreKeys.figures(store.user_id), queryFn: () => adminStoreApi.figures(store.user_id) });
  const m = (x: { amount: number; currency: string }) => formatMoney(x.amount, x.currency);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Orders and payouts</CardTitle>
        <CardDescription>Paid orders in all; payouts are released orders less refunds and commission.</CardDescription>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load the figures" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <Stat label="Orders" value={q.data.orders} hint={`${q.data.completed} completed, ${q.data.cancelled} cancelled`} />
            <Stat label="To ship" value={q.data.sales.to_ship} />
            <Stat label="Sales this month" value={m(q.data.sales.month_revenue)} />
            <Stat label="Held in escrow" value={m(q.data.sales.escrow_pending)} />
            <Stat label="Paid out" value={m(q.data.paid_out)} hint="Released to the vendor’s wallet" />
            <Stat label="Payouts due" value={m(q.data.sales.payouts_due)} hint="Released, not yet withdrawable" />
            <Stat label="Commission taken" value={m(q.data.commission)} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Commission({ store }: { store: VendorStore }) {
  const q = useQuery({ queryKey: adminStoreKeys.rules, queryFn: adminStoreApi.rules });
  const mine = q.data?.filter((r) => r.scope === 'vendor' && r.vendor_id === store.user_id) ?? [];
  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle as="h2">Commission</CardTitle>
          <CardDescription>A vendor rule beats category rules of lower priority; without one, the category’s rule or the default fee applies.</CardDescription>
        </div>
        <Button variant="outline" asChild>
          <Link to={ADMIN_ORDER_PATHS.commission}>Edit commission rules</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {q.isPending ? (
          <Skeleton className="h-12 w-full" />
        ) : q.isError ? (
          <ErrorState title="We could not load the commission rules" error={q.error} onRetry={() => void q.refetch()} />
        ) : mine.length === 0 ? (
          <p className="text-sm text-muted-foreground">No rule of its own: its categories’ rules or the default fee apply.</p>
        ) : (
          <ul className="divide-y">
            {mine.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <strong>{percent(r.bps)}</strong>
                  {r.fixed.amount > 0 && ` + ${formatMoney(r.fixed.amount, r.fixed.currency)}`} per order{r.note && ` · ${r.note}`}
                </span>
                <span className="flex gap-2">
                  <Badge variant="outline">Priority {r.priority}</Badge>
                  {r.active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Paused</Badge>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Controls({ store }: { store: VendorStore }) {
  const qc = useQueryClient();
  const done = (s: VendorStore) => {
    qc.setQueryData(adminStoreKeys.one(s.id), s);
    void qc.invalidateQueries({ queryKey: adminStoreKeys.all });
  };
  const patch = useMutation({
    mutationFn: (body: { review_all?: boolean; suspended?: boolean }) => adminStoreApi.update(store.id, body),
    onSuccess: (s, body) => {
      done(s);
      toast.success(body.suspended === false ? `${s.name} is restored.` : s.review_all ? 'Every new product of this store is reviewed.' : 'Products publish on submit again (once trusted).');
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Moderation</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex items-start gap-3">
          <Switch id="review-all" checked={store.review_all} disabled={patch.isPending} onCheckedChange={(c) => patch.mutate({ review_all: c })} />
          <div className="grid gap-0.5">
            <Label htmlFor="review-all">Review every product</Label>
            <p className="text-sm text-muted-foreground">Each product, and each change to a published one, waits for an admin’s approval.</p>
          </div>
        </div>
        {store.suspended ? (
          <div className="grid gap-2">
            <FormAlert>Suspended: {store.suspension_reason}</FormAlert>
            <Button className="justify-self-start" disabled={patch.isPending} onClick={() => patch.mutate({ suspended: false })}>
              Restore the store
            </Button>
          </div>
        ) : (
          <div className="grid gap-2">
            <p className="text-sm text-muted-foreground">Suspending hides every product from the shop and stops sales until the store is restored. The vendor sees the reason.</p>
            <div className="flex">
            <ReasonDialog
              triggerLabel="Suspend the store"
              title={`Suspend ${store.name}?`}
              description="Its products leave the shop at once. Orders already placed stay with the vendor to fulfil."
              hint="The vendor reads this on their store page."
              confirmLabel="Suspend"
              onConfirm={(reason) => adminStoreApi.update(store.id, { suspended: true, reason })}
              onDone={() => {
                void qc.invalidateQueries({ queryKey: adminStoreKeys.all });
                toast.success(`${store.name} is suspended.`);
              }}
            />
            </div>
          </div>
        )}
        {patch.isError && <FormAlert>{errorMessage(patch.error)}</FormAlert>}
      </CardContent>
    </Card>
  );
}

/** `/admin-dashboard/shop-vendor/vendor-details?id=`: one store: details, health, commission, orders and payouts, moderation. */
export default function AdminVendorDetailsPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: adminStoreKeys.one(id), queryFn: () => adminStoreApi.store(id), enabled: Boolean(id) });
  const back = (
    <Button variant="ghost" asChild className="justify-self-start">
      <Link to={ADMIN_SHOP_VENDOR_PATH}>
        <ArrowLeft aria-hidden /> All stores
      </Link>
    </Button>
  );
  if (!id) return <ErrorState title="No store named" error={new Error('Open a store from the list.')} />;
  if (q.isPending) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6" aria-busy>
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (q.isError) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-6">
        {back}
        <ErrorState title="We could not load this store" error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  const s = q.data;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      {back}
      <PageHeader
        title={s.name}
        description={[s.city, s.country].filter(Boolean).join(', ') || undefined}
        actions={s.suspended ? <Badge variant="destructive">Suspended</Badge> : <Badge variant="success">Trading</Badge>}
      />
      <Card>
        <CardContent className="grid gap-4 p-6 sm:grid-cols-[auto_1fr]">
          {s.logo_url ? <img src={mediaUrl(s.logo_url) ?? ''} alt={`${s.name} logo`} className="size-20 rounded-full object-cover" /> : <Store className="size-16 text-muted-foreground" aria-hidden />}
          <dl className="grid gap-2 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-muted-foreground">About</dt>
            <dd>{s.about || '–'}</dd>
            <dt className="text-muted-foreground">Address</dt>
            <dd>{[s.address, s.city, s.country].filter(Boolean).join(', ') || '–'}</dd>
            <dt className="text-muted-foreground">Shipping</dt>
            <dd>{s.shipping.map((m) => `${m.label} (${formatMoney(m.fee.amount, m.fee.currency)}, ${m.min_days}–${m.max_days} days)`).join('; ')}</dd>
            <dt className="text-muted-foreground">Returns</dt>
            <dd>{s.return_days ? `${s.return_days} days: ${s.return_policy}` : 'No returns'}</dd>
            <dt className="text-muted-foreground">Products</dt>
            <dd>
              {s.product_count} · {s.trusted ? 'trusted (publishes on submit)' : 'not yet trusted'}
            </dd>
            <dt className="text-muted-foreground">Rating</dt>
            <dd>{s.rating_count ? `${s.rating.toFixed(1)} from ${s.rating_count} reviews` : 'No reviews yet'}</dd>
            <dt className="text-muted-foreground">Since</dt>
            <dd>{formatDate(s.created_at)}</dd>
          </dl>
        </CardContent>
      </Card>
      <HealthCard health={s.health} audience="admin" />
      <Figures store={s} />
      <Commission store={s} />
      <Controls store={s} />
    </div>
  );
}
