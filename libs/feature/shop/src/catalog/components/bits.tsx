import { mediaUrl } from '@sojourn/api-client';
import { Badge } from '@sojourn/ui';
import { cn, formatMoney } from '@sojourn/util';
import { Gem, ShieldCheck, Star } from 'lucide-react';

/** A price with its compare-at price struck through (when higher), or "Price on request". */
export function Price({ amount, compareAt, currency = 'NGN', onRequest, from, className }: { amount: number | null | undefined; compareAt?: number | null | undefined; currency?: string | undefined; onRequest?: boolean | undefined; from?: boolean | undefined; className?: string }) {
  if (onRequest || amount === null || amount === undefined) return <span className={cn('font-semibold', className)}>Price on request</span>;
  const was = compareAt && compareAt > amount ? compareAt : 0;
  return (
    <span className={cn('inline-flex flex-wrap items-baseline gap-x-2', className)}>
      <span className="font-semibold">
        {from ? 'From ' : ''}
        {formatMoney(amount, currency)}
      </span>
      {was > 0 && (
        <>
          <span className="sr-only">, was </span>
          <s className="text-sm text-muted-foreground">{formatMoney(was, currency)}</s>
          <span className="text-xs font-semibold text-success">−{Math.round(((was - amount) / was) * 100)}%</span>
        </>
      )}
    </span>
  );
}

/** A star rating read out as words ("4.5 out of 5, 12 reviews"); nothing when there are no ratings. */
export function Stars({ rating, count, className }: { rating: number | null | undefined; count?: number | undefined; className?: string }) {
  if (!rating || !count) return null;
  const label = `${rating.toFixed(1)} out of 5${count !== undefined ? `, ${count} ${count === 1 ? 'rating' : 'ratings'}` : ''}`;
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
      <span aria-hidden>
        {rating.toFixed(1)}
        {count !== undefined && <span className="text-muted-foreground"> ({count})</span>}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The luxury tier's badge: only products whose certificate an admin verified carry it. */
export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge variant="soft" className={cn('gap-1 border-amber-300 bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100', className)}>
      <ShieldCheck className="size-3.5" aria-hidden /> Verified authentic
    </Badge>
  );
}

export function LuxuryIcon({ className }: { className?: string }) {
  return <Gem className={cn('size-4', className)} aria-hidden />;
}

/** A store's logo, or its initials on the portal's soft colour when it has none. */
export function StoreLogo({ url, name, className }: { url: string | null | undefined; name: string; className?: string }) {
  const src = url ? mediaUrl(url) : null;
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase())
    .join('');
  return src ? (
    <img src={src} alt="" className={cn('size-12 shrink-0 rounded-lg border bg-card object-cover', className)} />
  ) : (
    <span aria-hidden className={cn('flex size-12 shrink-0 items-center justify-center rounded-lg bg-[var(--portal-soft)] font-semibold text-[var(--portal-soft-foreground)]', className)}>
      {letters || '·'}
    </span>
  );
}
