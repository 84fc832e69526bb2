import { mediaUrl } from '@sojourn/api-client';
import { useAuthStore } from '@sojourn/session';
import { Avatar, Button, ThemeToggle } from '@sojourn/ui';
import { Suspense, lazy } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { usePortalConfig } from './config-context';

// The account menu (Radix dropdown, popper) is its own chunk: pages a signed-out visitor opens first never load it.
const UserMenu = lazy(() => import('@sojourn/ui/user-menu'));

/** Theme switch plus the account menu (signed in) or sign-in / join links; `compact` leaves the links out (auth screens). */
export function HeaderActions({ showDashboardLink = false, compact = false }: { showDashboardLink?: boolean; compact?: boolean }) {
  const { portal, headerExtra } = usePortalConfig();
  const extras = headerExtra === undefined ? [] : Array.isArray(headerExtra) ? headerExtra : [headerExtra];
  const user = useAuthStore((s) => s.user);
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      {!compact && extras.map((Extra, i) => <Extra key={i} />)}
      <ThemeToggle />
      {signedIn && user ? (
        <>
          {showDashboardLink && (
            <Button asChild variant="outline" size="sm" className="hidden sm:inline-flex">
              <Link to={portal.homePath}>Dashboard</Link>
            </Button>
          )}
          <Suspense fallback={<Avatar name={user.profile?.display_name || user.username} src={mediaUrl(user.profile?.avatar_url)} size="sm" />}>
            <UserMenu
              user={{ name: user.profile?.display_name || user.username, email: user.email, avatarUrl: mediaUrl(user.profile?.avatar_url) }}
              profilePath={portal.profilePath}
              settingsPath={portal.settingsPath}
              onSignOut={() => navigate('/logout')}
            />
          </Suspense>
        </>
      ) : compact ? null : (
        <>
          <Button asChild variant="ghost" size="sm" className="hidden sm:inline-flex">
            <Link to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`}>Sign in</Link>
          </Button>
          {portal.id === 'user' ? (
            <Button asChild size="sm">
              <Link to="/register">Join Sojourn</Link>
            </Button>
          ) : portal.applyPath ? (
            <Button asChild size="sm">
              <Link to={portal.applyPath}>Apply</Link>
            </Button>
          ) : null}
        </>
      )}
    </>
  );
}
