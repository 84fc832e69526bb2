import { cn } from '@sojourn/util';
import * as React from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Logo } from '../components/logo';
import { LazyNavSheet } from './lazy-nav-sheet';
import { SkipLink, type NavItem } from './main-layout';

export interface DashboardLayoutProps {
  portalName: string;
  homePath: string;
  nav: NavItem[];
  actions: React.ReactNode;
  /** Small print under the navigation, e.g. the signed-in role. */
  sidebarFooter?: React.ReactNode;
  children: React.ReactNode;
}

/** Consecutive links with the same `section` as one group (a link without one is a group of its own kind). */
export function navGroups(nav: NavItem[]): { section: string | undefined; items: NavItem[] }[] {
  const groups: { section: string | undefined; items: NavItem[] }[] = [];
  for (const item of nav) {
    const last = groups[groups.length - 1];
    if (last && last.section === item.section) last.items.push(item);
    else groups.push({ section: item.section, items: [item] });
  }
  return groups;
}

/**
 * Whether a link should only match its own path exactly: when the current path sits under a longer link of
 * the same list (`/admin-dashboard/products/reviews` under "Products"), only that longer link is current.
 */
export function shadowedBy(nav: NavItem[], to: string, path: string): boolean {
  const under = (p: string, base: string) => p === base || p.startsWith(base + '/');
  return nav.some((o) => o.to !== to && o.to.startsWith(to + '/') && under(path, o.to));
}

function SideNav({ nav, onNavigate }: { nav: NavItem[]; onNavigate?: () => void }) {
  const id = React.useId();
  const { pathname } = useLocation();
  return (
    <nav aria-label="Portal" className="grid gap-3">
      {navGroups(nav).map((g, i) => (
        <div key={i} role={g.section ? 'group' : undefined} aria-labelledby={g.section ? `${id}-${i}` : undefined} className="grid gap-0.5">
          {g.section && (
            <p id={`${id}-${i}`} className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {g.section}
            </p>
          )}
          {g.items.map(({ to, label, icon: Icon, end, badge: Badge }) => (
            <NavLink
              key={to}
              to={to}
              end={end || shadowedBy(nav, to, pathname)}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
                  isActive ? 'bg-accent text-accent-foreground' : 'text-foreground/80 hover:bg-muted',
                )
              }
            >
              {Icon && <Icon className="size-4" aria-hidden />}
              {label}
              {Badge && <Badge />}
            </NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}

/** The working frame of a portal: sidebar navigation (a sheet on small screens), top bar and content. */
export function DashboardLayout({ portalName, homePath, nav, actions, sidebarFooter, children }: DashboardLayoutProps) {
  const [open, setOpen] = React.useState(false);
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[16rem_1fr]">
      <SkipLink />
      <div className="hidden border-r bg-card lg:block">
        <aside className="sticky top-0 flex h-dvh flex-col gap-6 overflow-y-auto px-4 py-5">
          <Link to={homePath} className="rounded-md px-1 focus-visible:outline-2 focus-visible:outline-ring" aria-label={`${portalName} home`}>
            <Logo name={portalName} />
          </Link>
          <SideNav nav={nav} />
          <div className="mt-auto text-xs text-muted-foreground">{sidebarFooter}</div>
        </aside>
      </div>
      <div className="flex min-w-0 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/90 px-4 backdrop-blur sm:px-6">
          <LazyNavSheet
            open={open}
            onOpenChange={setOpen}
            label="Open navigation"
            className="lg:hidden"
            side="left"
            title={<Logo name={portalName} />}
            description="Portal navigation"
          >
            <SideNav nav={nav} onNavigate={() => setOpen(false)} />
            <div className="mt-auto text-xs text-muted-foreground">{sidebarFooter}</div>
          </LazyNavSheet>
          <Link to={homePath} className="lg:hidden" aria-label={`${portalName} home`}>
            <Logo name={portalName} className="[&>span:last-child]:hidden sm:[&>span:last-child]:inline" />
          </Link>
          <div className="ml-auto flex items-center gap-2">{actions}</div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8">
          {children}
        </main>
      </div>
    </div>
  );
}
