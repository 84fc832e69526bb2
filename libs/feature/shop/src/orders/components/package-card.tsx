import { Badge, Card, CardContent, CardHeader, CardTitle } from '@sojourn/ui';
import { ShieldCheck } from 'lucide-react';
import type { QuotePackage } from '../api';
import { estimateText, lineTitle, money } from '../format';
import { Sums, Thumb } from './bits';

/** One seller's package of a quote: its lines, the shipping method and fee, the delivery estimate and its total. */
export function PackageCard({ p, index, count, children }: { p: QuotePackage; index: number; count: number; children?: React.ReactNode }) {
  const luxury = p.lines.some((l) => l.luxury);
  return (
    <Card>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle as="h2" className="text-base">
            Package {index + 1} of {count} · {p.store.name}
          </CardTitle>
          {luxury && (
            <Badge variant="soft">
              <ShieldCheck className="size-3.5" aria-hidden /> Insured, signed for
            </Badge>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          {p.shipping_method ? `${p.shipping_method.label} · ${estimateText(p.delivery_estimate)}` : 'Choose how it is sent'}
        </p>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ul className="divide-y">
          {p.lines.map((l) => (
            <li key={l.variant_id} className="flex items-center gap-3 py-2.5 first:pt-0 last:pb-0">
              <Thumb src={l.photo_url} alt={lineTitle(l)} className="size-12" />
              <div className="grid min-w-0 flex-1 text-sm">
                <span className="font-medium">{l.title}</span>
                <span className="text-muted-foreground">
                  {l.variant_title ? `${l.variant_title} · ` : ''}
                  {l.quantity} × {money(l.unit_price)}
                </span>
              </div>
              <span className="text-sm tabular-nums">{money(l.total)}</span>
            </li>
          ))}
        </ul>
        {children}
        <Sums
          rows={[
            ['Items', p.subtotal],
            [p.shipping_method ? `Shipping (${p.shipping_method.label})` : 'Shipping', p.shipping_fee],
          ]}
          total={[`${p.store.name} total`, p.total]}
        />
      </CardContent>
    </Card>
  );
}
