import { useAuthStore } from '@sojourn/session';
import { Button, MainLayout, OnboardingLayout } from '@sojourn/ui';
import { Link, Outlet, useLocation } from 'react-router';
import { usePortalConfig } from './config-context';
import { HeaderActions } from './header-actions';

let firstKey: string | null = null;

/**
 * Re-mounts on navigation so each page fades in over the 100 ms page transition. The first page of a visit appears
 * without the fade: there is nothing to transition from, and fading it in would only delay its first paint.
 */
export function Page() {
  const location = useLocation();
  firstKey ??= location.key;
  return (
    <div key={location.pathname} className={location.key !== firstKey ? 'animate-page-in' : undefined}>
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
