import { hasRole, selectDisplayName, useAuthStore, useBackNavigation } from '@sojourn/session';
import { ArrowLeft } from 'lucide-react';
import { Button, DashboardLayout, MainLayout, OnboardingLayout } from '@sojourn/ui';
import { ROLE_LABELS } from '@sojourn/util';
import { Link, Outlet, useLocation } from 'react-router';
import { usePortalConfig } from './config-context';
import { HeaderActions } from './header-actions';

/** Re-mounts on navigation so each page fades in over the 100 ms page transition. */
function Page() {
  const location = useLocation();
  return (
    <div key={location.pathname} className="animate-page-in">
      <Outlet />
    </div>
  );
}

export function AuthFrame() {
  const { portal, headline, blurb, points } = usePortalConfig();
  return (
    <OnboardingLayout portalName={portal.name} headline={headline} blurb={blurb} points={points} actions={<HeaderActions compact />}>
      <Page />
    </OnboardingLayout>
  );
}

/** Back to the saved previous route (or the portal home) on every page but the home page. */
function BackLink() {
  const { portal } = usePortalConfig();
  const location = useLocation();
  const back = useBackNavigation(portal.homePath);
  if (location.pathname === portal.homePath) return null;
  return (
    <Button variant="ghost" size="sm" className="-ml-2 mb-3 text-muted-foreground" onClick={back}>
      <ArrowLeft aria-hidden /> Back
    </Button>
  );
}

export function PortalFrame() {
  const { portal, nav } = usePortalConfig();
  const user = useAuthStore((s) => s.user);
  const name = useAuthStore(selectDisplayName);
  const roles = user?.roles.filter((r) => r !== 'user').map((r) => ROLE_LABELS[r]) ?? [];
  return (
    <DashboardLayout
      portalName={portal.name}
      homePath={portal.homePath}
      nav={nav}
      actions={<HeaderActions />}
      sidebarFooter={user ? <>Signed in as {name}{roles.length ? ` · ${roles.join(', ')}` : ''}</> : null}
    >
      <BackLink />
      <Page />
    </DashboardLayout>
  );
}

/**
 * Frame of the 404 page: the portal's own frame (sidebar, header) for a signed-in person who works in this portal, so
 * a mistyped address does not throw them out of it; the bare page otherwise.
 */
export function NotFoundFrame() {
  const { portal } = usePortalConfig();
  const inPortal = useAuthStore((s) => Boolean(s.accessToken) && hasRole(s.user, portal.role));
  return inPortal ? <PortalFrame /> : <Outlet />;
}

export function PublicFrame() {
  const { portal, publicNav = [], footerLinks = [] } = usePortalConfig();
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const location = useLocation();
  return (
    <MainLayout
      menuFooter={
        signedIn ? (
          <Button asChild variant="outline">
            <Link to={portal.homePath}>Your dashboard</Link>
          </Button>
        ) : (
          <Button asChild variant="outline">
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</Link>
          </Button>
        )
      }
      portalName={portal.name}
      nav={publicNav}
      actions={<HeaderActions showDashboardLink />}
      footerLinks={footerLinks}
      footerNote="Trips, retreats and the people who make them, booked in one place."
    >
      <Page />
    </MainLayout>
  );
}
