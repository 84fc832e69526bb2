import { cn } from '@sojourn/util';
import type { ReactNode } from 'react';

export function Section({ children, className, id }: { children: ReactNode; className?: string; id?: string }) {
  return (
    <section id={id} className={cn('mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16', className)}>
      {children}
    </section>
  );
}

export function Hero({ eyebrow, title, children, actions, art }: { eyebrow: string; title: string; children: ReactNode; actions?: ReactNode; art?: ReactNode }) {
  return (
    <div className="border-b bg-[radial-gradient(ellipse_at_top_right,var(--portal-soft),transparent_60%)]">
      <Section className="grid items-center gap-10 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
        <div className="grid gap-5">
          <p className="text-sm font-semibold uppercase tracking-widest text-primary">{eyebrow}</p>
          <h1 className="font-display text-4xl font-semibold leading-[1.05] tracking-tight sm:text-5xl">{title}</h1>
          <div className="max-w-xl text-lg text-muted-foreground">{children}</div>
          {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
        </div>
        {art && <div aria-hidden>{art}</div>}
      </Section>
    </div>
  );
}

export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-3xl gap-4 leading-relaxed [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_li]:ml-5 [&_li]:list-disc [&_p]:text-foreground/85 [&_ul]:grid [&_ul]:gap-1">
      {children}
    </div>
  );
}

/** A decorative landscape drawn in the portal's colours. */
export function HorizonArt({ variant = 'travel' }: { variant?: 'travel' | 'wellness' }) {
  return (
    <svg viewBox="0 0 400 300" className="w-full rounded-2xl border bg-card shadow-sm">
      <rect width="400" height="300" fill="var(--portal-soft)" />
      <circle cx={variant === 'travel' ? 300 : 200} cy="90" r="42" fill="var(--sand)" />
      <path d="M0 210 Q80 150 160 200 T320 190 T400 180 V300 H0Z" fill="var(--portal)" opacity="0.35" />
      <path d="M0 240 Q100 190 200 235 T400 220 V300 H0Z" fill="var(--portal)" opacity="0.7" />
      {variant === 'travel' ? (
        <path d="M60 120 l60 -18 l8 6 l-40 18 l26 20 l-8 4 l-34 -16 l-14 6z" fill="var(--portal)" />
      ) : (
        <g fill="none" stroke="var(--portal)" strokeWidth="4" strokeLinecap="round">
          <path d="M200 200 C200 160 200 150 200 140" />
          <path d="M200 165 C180 150 170 150 160 152 C170 170 185 172 200 165" />
          <path d="M200 155 C220 140 230 140 240 142 C230 160 215 162 200 155" />
        </g>
      )}
    </svg>
  );
}
