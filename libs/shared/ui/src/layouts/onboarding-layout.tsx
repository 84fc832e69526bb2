import * as React from 'react';
import { Link } from 'react-router';
import { Logo } from '../components/logo';
import { SkipLink } from './main-layout';

export interface OnboardingLayoutProps {
  portalName: string;
  homePath?: string;
  /** Headline and supporting copy on the brand panel. */
  headline: string;
  blurb: string;
  points?: string[];
  actions?: React.ReactNode;
  children: React.ReactNode;
}

/** Sign-in, sign-up and apply flows: a brand panel beside a focused form column. */
export function OnboardingLayout({ portalName, homePath = '/', headline, blurb, points = [], actions, children }: OnboardingLayoutProps) {
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <SkipLink />
      <aside className="relative hidden overflow-hidden bg-primary text-primary-foreground lg:flex lg:flex-col lg:justify-between lg:p-10">
        <Link to={homePath} className="w-fit rounded-md focus-visible:outline-2 focus-visible:outline-primary-foreground" aria-label={`${portalName} home`}>
          <Logo name={portalName} className="[&_span]:text-primary-foreground [&_rect]:fill-[color-mix(in_oklab,var(--portal-foreground)_18%,transparent)]" />
        </Link>
        <div className="grid max-w-md gap-4">
          <p className="font-display text-4xl font-semibold leading-tight">{headline}</p>
          <p className="text-primary-foreground">{blurb}</p>
          {points.length > 0 && (
            <ul className="grid gap-2 text-sm text-primary-foreground">
              {points.map((p) => (
                <li key={p} className="flex gap-2">
                  <span aria-hidden>—</span>
                  {p}
                </li>
              ))}
            </ul>
          )}
        </div>
        <svg aria-hidden viewBox="0 0 400 120" className="absolute -bottom-2 left-0 w-full opacity-25">
          <path d="M0 80c60-50 120-50 180 0s130 50 220-10v50H0z" fill="currentColor" />
        </svg>
        <p className="relative text-xs text-primary-foreground">Sojourn · Travel well, live well.</p>
      </aside>
      <div className="flex min-h-dvh flex-col">
        <header className="flex h-16 items-center justify-between px-4 sm:px-8">
          <Link to={homePath} className="rounded-md lg:invisible" aria-label={`${portalName} home`}>
            <Logo name={portalName} />
          </Link>
          <div className="flex items-center gap-2">{actions}</div>
        </header>
        <main id="main" tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pb-12 pt-4 outline-none sm:items-center sm:px-8">
          <div className="w-full max-w-md">{children}</div>
        </main>
      </div>
    </div>
  );
}
