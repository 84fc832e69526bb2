import { cn } from '@sojourn/util';

/**
 * The Sojourn mark: a path winding over a horizon inside a rounded square. The square takes the portal accent, so
 * each portal's logo says where you are.
 */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : true}>
      <rect width="32" height="32" rx="9" fill="var(--portal)" />
      <circle cx="21.5" cy="10.5" r="3.5" fill="var(--sand)" />
      <path d="M5 22.5c4.5-5 8.5-5 12 0s7.5 5 10 1" fill="none" stroke="var(--portal-foreground)" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ name, className }: { name: string; className?: string }) {
  const [brand, ...rest] = name.split(' ');
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="font-display text-lg font-semibold tracking-tight">
        {brand}
        {rest.length > 0 && <span className="ml-1 font-sans text-sm font-medium text-primary">{rest.join(' ')}</span>}
      </span>
    </span>
  );
}
