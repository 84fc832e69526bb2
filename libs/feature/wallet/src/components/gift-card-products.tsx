import { mediaUrl } from '@sojourn/api-client';
import { Card, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import type { GiftCardProduct } from '../api';
import { useGiftCardProducts } from '../hooks';

export function productPriceLine(p: GiftCardProduct): string {
  if (p.amount_type === 'custom') {
    return `${formatMoney(p.min_amount ?? 0, p.currency, { compact: true })} to ${formatMoney(p.max_amount ?? 0, p.currency, { compact: true })}`;
  }
  const d = p.denominations;
  if (d.length === 0) return '';
  if (d.length === 1) return formatMoney(d[0]!, p.currency, { compact: true });
  return `${formatMoney(d[0]!, p.currency, { compact: true })} to ${formatMoney(d[d.length - 1]!, p.currency, { compact: true })}`;
}

/** The design image of a card, or a drawn card when the product has none. */
export function GiftCardArt({ product, className = '' }: { product: Pick<GiftCardProduct, 'name' | 'image_url'>; className?: string }) {
  const src = mediaUrl(product.image_url);
  if (src) return <img src={src} alt={`${product.name} gift card design`} className={`aspect-[8/5] w-full rounded-lg object-cover ${className}`} />;
  return (
    <div
      role="img"
      aria-label={`${product.name} gift card`}
      className={`flex aspect-[8/5] w-full flex-col justify-between rounded-lg bg-gradient-to-br from-primary via-primary/85 to-primary/60 p-4 text-primary-foreground ${className}`}
    >
      <Gift className="size-6" aria-hidden />
      <span className="text-lg font-semibold leading-tight">{product.name}</span>
    </div>
  );
}

/** The gift cards on sale, each leading to its purchase page. */
export function GiftCardProducts() {
  const q = useGiftCardProducts();
  if (q.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-[8/5] w-full" />
        ))}
      </div>
    );
  }
  if (q.isError || !q.data?.length) {
    return <p className="text-sm text-muted-foreground">{q.isError ? 'Gift cards could not be loaded just now.' : 'No gift cards are on sale right now.'}</p>;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
      {q.data.map((p) => (
        <li key={p.id}>
          <Card className="h-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
            <Link to={`/gift-card/${encodeURIComponent(p.id)}`} className="grid gap-3 p-3 outline-none">
              <GiftCardArt product={p} />
              <span className="grid gap-0.5 px-1 pb-1">
                <span className="text-sm font-semibold sm:text-base">{p.name}</span>
                <span className="text-xs text-muted-foreground sm:text-sm">{productPriceLine(p)}</span>
              </span>
            </Link>
          </Card>
        </li>
      ))}
    </ul>
  );
}
