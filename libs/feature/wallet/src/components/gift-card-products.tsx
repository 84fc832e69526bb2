import { mediaUrl } from '@sojourn/api-client';
import { Card, Skeleton } from '@sojourn/ui';
import { formatMoney } from '@sojourn/util';
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

/** Two tones per design, picked from the card's name so each product keeps its own colours. */
const PALETTES: [string, string, string][] = [
  ['#0f4c5c', '#e36414', '#fb8b24'],
  ['#1d3557', '#457b9d', '#f1c27d'],
  ['#3d2c8d', '#916bbf', '#f9d371'],
  ['#134e4a', '#0d9488', '#fde68a'],
  ['#7c2d12', '#c2410c', '#fed7aa'],
  ['#1e3a8a', '#0369a1', '#86efac'],
];

function paletteOf(name: string): [string, string, string] {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTES[h % PALETTES.length]!;
}

/**
 * A gift card's artwork, drawn as SVG: a horizon with a sun and the winding path of the Sojourn mark over the
 * product's colours (or its uploaded design, under a shade that keeps the words legible), the Sojourn mark, the
 * card's name and its value.
 */
export function GiftCardArt({
  product,
  value,
  compact = false,
  className = '',
}: {
  product: Pick<GiftCardProduct, 'name' | 'image_url'> & Partial<Pick<GiftCardProduct, 'amount_type' | 'denominations' | 'min_amount' | 'max_amount' | 'currency'>>;
  /** The value to print; by default the product's price line. */
  value?: string;
  /** A thumbnail beside the card's name: the artwork and the mark only, hidden from screen readers. */
  compact?: boolean;
  className?: string;
}) {
  const src = mediaUrl(product.image_url);
  const [deep, mid, sun] = paletteOf(product.name);
  const id = `gc-${product.name.replace(/[^a-z0-9]/gi, '').toLowerCase() || 'card'}`;
  const amount = value ?? (product.currency && product.denominations ? productPriceLine(product as GiftCardProduct) : '');
  return (
    <div
      role={compact ? undefined : 'img'}
      aria-label={compact ? undefined : `${product.name} gift card${amount ? `, ${amount}` : ''}`}
      aria-hidden={compact || undefined}
      className={`relative aspect-[8/5] w-full overflow-hidden rounded-lg text-white ${className}`}
    >
      <svg viewBox="0 0 320 200" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 size-full" aria-hidden>
        <defs>
          <linearGradient id={`${id}-sky`} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={mid} />
            <stop offset="1" stopColor={deep} />
          </linearGradient>
          <linearGradient id={`${id}-shade`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0.35" stopColor="#000" stopOpacity="0" />
            <stop offset="1" stopColor="#000" stopOpacity="0.55" />
          </linearGradient>
        </defs>
        <rect width="320" height="200" fill={`url(#${id}-sky)`} />
        {src ? (
          <image href={src} width="320" height="200" preserveAspectRatio="xMidYMid slice" />
        ) : (
          <>
            <circle cx="236" cy="62" r="30" fill={sun} opacity="0.95" />
            <circle cx="236" cy="62" r="44" fill={sun} opacity="0.18" />
            <path d="M0 138 C50 112 96 120 140 134 S230 150 320 118 V200 H0Z" fill={deep} opacity="0.55" />
            <path d="M0 160 C60 140 120 150 170 162 S260 176 320 150 V200 H0Z" fill={deep} opacity="0.8" />
            <path d="M28 182 C70 150 104 150 132 170 S200 196 250 160" fill="none" stroke="#fff" strokeOpacity="0.55" strokeWidth="5" strokeLinecap="round" />
          </>
        )}
        <rect width="320" height="200" fill={`url(#${id}-shade)`} />
        <g transform="translate(14 14)">
          <rect width="24" height="24" rx="7" fill="#fff" fillOpacity="0.92" />
          <circle cx="16.1" cy="7.9" r="2.6" fill={sun} />
          <path d="M3.8 16.9c3.4-3.8 6.4-3.8 9-0s5.6 3.8 7.5.75" fill="none" stroke={deep} strokeWidth="2" strokeLinecap="round" />
        </g>
      </svg>
      {!compact && (
      <div className="relative flex size-full flex-col justify-between p-[5%]">
        <div className="flex items-center justify-between gap-2 pl-[12%] text-[0.7rem] font-semibold uppercase tracking-[0.14em] drop-shadow sm:text-xs">
          <span>Sojourn</span>
          <span className="hidden whitespace-nowrap sm:inline">Gift card</span>
        </div>
        <div className="grid gap-0.5 drop-shadow-md">
          <span className="text-sm font-semibold leading-tight sm:text-lg">{product.name}</span>
          {amount && <span className="text-xs font-medium tabular-nums opacity-95 sm:text-sm">{amount}</span>}
        </div>
      </div>
      )}
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
