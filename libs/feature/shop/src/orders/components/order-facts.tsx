import { Badge, Card, CardContent, CardHeader, CardTitle } from '@sojourn/ui';
import { Truck } from 'lucide-react';
import type { OrderDetail } from '../api';
import { PAYMENT_LABELS, day, estimateText, money, when } from '../format';
import { AddressLines, OrderLines, Sums } from './bits';

/** The parcel: method, estimate, carrier and tracking number once shipped. */
export function ShipmentCard({ o }: { o: OrderDetail }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Truck className="size-5" aria-hidden /> Delivery
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <dl className="grid gap-2 text-sm">
          <div>
            <dt className="text-muted-foreground">Method</dt>
            <dd className="font-medium">{o.shipping_method.label}</dd>
          </div>
          {o.shipment ? (
            <>
              <div>
                <dt className="text-muted-foreground">Carrier</dt>
                <dd className="font-medium">{o.shipment.carrier}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Tracking number</dt>
                <dd className="font-mono font-medium">{o.shipment.tracking_number}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Shipped</dt>
                <dd>{when(o.shipment.shipped_at)}</dd>
              </div>
              {o.shipment.delivered_at && (
                <div>
                  <dt className="text-muted-foreground">Delivered</dt>
                  <dd>{when(o.shipment.delivered_at)}</dd>
                </div>
              )}
            </>
          ) : (
            <div>
              <dt className="text-muted-foreground">Expected</dt>
              <dd>{estimateText(o.delivery_estimate)}</dd>
            </div>
          )}
          {o.return_window_ends_at && (
            <div>
              <dt className="text-muted-foreground">Returns accepted until</dt>
              <dd>{day(o.return_window_ends_at)}</dd>
            </div>
          )}
        </dl>
        <div className="grid content-start gap-1">
          <p className="text-sm text-muted-foreground">Address</p>
          <AddressLines a={o.address} />
        </div>
      </CardContent>
    </Card>
  );
}

/** The lines and the money of one order. */
export function LinesCard({ o }: { o: OrderDetail }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2">Items</CardTitle>
          <Badge variant={o.payment_status === 'paid' ? 'success' : 'outline'}>{PAYMENT_LABELS[o.payment_status]}</Badge>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OrderLines lines={o.lines} />
        <Sums
          rows={[
            ['Items', o.subtotal],
            [`Shipping (${o.shipping_method.label})`, o.shipping_fee],
            ...(o.refunded.amount > 0 ? ([['Refunded', o.refunded]] as [string, typeof o.refunded][]) : []),
          ]}
          total={['Total', o.total]}
        />
      </CardContent>
    </Card>
  );
}

/** Returns asked for on an order. */
export function ReturnsCard({ o }: { o: OrderDetail }) {
  if (o.returns.length === 0) return null;
  const title = (id: string) => o.lines.find((l) => l.id === id)?.title ?? 'Item';
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2">Returns</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {o.returns.map((r) => (
            <li key={r.id} className="grid gap-1 py-3 text-sm first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{r.lines.map((l) => `${l.quantity} × ${title(l.line_id)}`).join(', ')}</span>
                <Badge variant={r.status === 'refunded' ? 'success' : 'outline'}>{r.status === 'requested' ? 'Requested' : r.status === 'returned' ? 'Received' : 'Refunded'}</Badge>
              </div>
              <p className="text-muted-foreground">
                Asked {when(r.created_at)}
                {r.refund ? ` · ${money(r.refund)} refunded` : ''}
              </p>
              {r.reason && <p className="break-words">“{r.reason}”</p>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
