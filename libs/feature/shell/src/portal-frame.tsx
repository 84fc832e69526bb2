import { hasRole, selectDisplayName, useAuthStore, useBackNavigation } from '@sojourn/session';
import { Button, DashboardLayout } from '@sojourn/ui';
import { ROLE_LABELS } from '@sojourn/util';
import { ArrowLeft } from 'lucide-react';
import { Outlet, useLocation } from 'react-router';
import { usePortalConfig } from './config-context';
import { Page } from './frames';
import { HeaderActions } from './header-actions';

// The signed-in frame (sidebar, header, user menu) loads as its own chunk: sign-in pages and the public pages, whose
// first paint is measured, do not need it.

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

