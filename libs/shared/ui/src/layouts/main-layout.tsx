import type { NavItem } from '@sojourn/routing';
import { animateScrollTo, cn } from '@sojourn/util';
import { ArrowUp } from 'lucide-react';
import * as React from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../components/button';
import { Logo } from '../components/logo';
import { LazyNavSheet } from './lazy-nav-sheet';

export type { NavItem };

export function SkipLink() {
  return (
    <a href="#main" className="sr-only z-[60] rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-3 focus:top-3">
      Skip to content
    </a>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn('rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted', isActive ? 'text-primary' : 'text-foreground/80');

export interface MainLayoutProps {
  portalName: string;
  homePath?: string;
  nav: NavItem[];
  /** Right side of the header: sign-in buttons or the user menu. */
  actions: React.ReactNode;
  footerLinks?: NavItem[];
  footerNote?: React.ReactNode;
  /** Extra content at the bottom of the mobile menu (e.g. sign-in links hidden from the narrow header). */
  menuFooter?: React.ReactNode;
  children: React.ReactNode;
}

/** The public site frame: header with navigation, content, footer and a back-to-top control. */
export function MainLayout({ portalName, homePath = '/', nav, actions, footerLinks = [], footerNote, menuFooter, children }: MainLayoutProps) {
  const [open, setOpen] = React.useState(false);
  const [showTop, setShowTop] = React.useState(false);
  React.useEffect(() => {
    const onScroll = () => setShowTop(window.scrollY > 600);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to={homePath} className="rounded-md focus-visible:outline-2 focus-visible:outline-ring" aria-label={`${portalName} home`}>
            <Logo name={portalName} />
          </Link>
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
            {nav.map((n) => (
              <NavLink key={n.to} to={n.to} end={n.end} className={navLinkClass}>
                {n.label}
              </NavLink>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">{actions}</div>
          {nav.length > 0 && (
            <LazyNavSheet open={open} onOpenChange={setOpen} label="Open menu" className="md:hidden" side="right" title="Menu" description="Site navigation">
              <nav aria-label="Mobile" className="grid gap-1">
                {nav.map((n) => (
                  <NavLink key={n.to} to={n.to} end={n.end} className={navLinkClass} onClick={() => setOpen(false)}>
                    {n.label}
                  </NavLink>
                ))}
              </nav>
              {menuFooter && (
                <div className="mt-auto grid gap-2" onClickCapture={() => setOpen(false)}>
                  {menuFooter}
                </div>
              )}
            </LazyNavSheet>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t bg-muted/40">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 sm:px-6 md:grid-cols-[1fr_auto]">
          <div className="grid gap-2">
            <Logo name={portalName} />
            <p className="max-w-sm text-sm text-muted-foreground">{footerNote}</p>
          </div>
          {footerLinks.length > 0 && (
            <nav aria-label="Footer" className="grid grid-cols-2 gap-x-8 gap-y-2 text-sm sm:grid-cols-3">
              {footerLinks.map((n) => (
                <Link key={n.to} to={n.to} className="text-muted-foreground hover:text-foreground hover:underline">
                  {n.label}
                </Link>
              ))}
            </nav>
          )}
        </div>
        <p className="pb-6 text-center text-xs text-muted-foreground">© {new Date().getFullYear()} Sojourn. Travel well, live well.</p>
      </footer>
      {showTop && (
        <Button
          variant="secondary"
          size="icon"
          className="fixed bottom-5 right-5 z-30 rounded-full shadow-lg"
          aria-label="Back to top"
          onClick={() => animateScrollTo(0)}
        >
          <ArrowUp aria-hidden />
        </Button>
      )}
    </div>
  );
}
