import { AccessDeniedError, hasRole, useAuthStore } from '@sojourn/session';
import { Button, Logo } from '@sojourn/ui';
import { PORTALS, ROLE_LABELS, isApplicableRole, portalOrigin, rolePortals } from '@sojourn/util';
import { Compass, ServerCrash, ShieldAlert } from 'lucide-react';
import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router';
import { usePortalConfig } from './config-context';

const RoleApplicationPanel = lazy(() => import('./apply-panel'));

function Message({ icon, code, title, children }: { icon: ReactNode; code?: string; title: string; children: ReactNode }) {
  return (
    <div className="grid max-w-lg justify-items-center gap-4 text-center">
      <div className="flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground" aria-hidden>
        {icon}
      </div>
      {code && <p className="font-display text-5xl font-semibold text-primary">{code}</p>}
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

function Standalone(props: { icon: ReactNode; code?: string; title: string; children: ReactNode }) {
  const { portal } = usePortalConfig();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-16 items-center px-4 sm:px-8">
        <Link to="/" aria-label={`${portal.name} home`}>
          <Logo name={portal.name} />
        </Link>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center px-4 pb-16">
        <Message {...props} />
      </main>
    </div>
  );
}

export function NotFoundPage({ path }: { path?: string }) {
  const location = useLocation();
  const { portal } = usePortalConfig();
  const missing = path ?? (location.pathname === '/page-not-found' ? (new URLSearchParams(location.search).get('path') ?? location.pathname) : location.pathname);
  // Inside the portal frame (NotFoundFrame) for someone who works in this portal; on its own otherwise.
  const framed = useAuthStore((s) => Boolean(s.accessToken) && hasRole(s.user, portal.role));
  useEffect(() => {
    document.title = 'Page Not Found - 404';
  });
  const Wrap = framed ? FramedMessage : Standalone;
  return (
    <Wrap icon={<Compass className="size-8" />} code="404" title="Page Not Found">
      <p className="text-muted-foreground">
        We could not find <code className="break-all rounded bg-muted px-1.5 py-0.5 text-foreground">{missing}</code>. It may have moved,
        or the link may be mistyped.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/">Go to the {portal.name} home page</Link>
        </Button>
        <Button variant="outline" onClick={() => window.history.back()}>
          Go back
        </Button>
      </div>
    </Wrap>
  );
}

function FramedMessage(props: { icon: ReactNode; code?: string; title: string; children: ReactNode }) {
  return (
    <div className="flex justify-center py-10 sm:py-16">
      <Message {...props} />
    </div>
  );
}

function AccessDenied({ error }: { error: AccessDeniedError }) {
  const { portal } = usePortalConfig();
  const user = useAuthStore((s) => s.user);
  const label = ROLE_LABELS[error.role].toLowerCase();
  // Roles with an apply page are redirected there by their guard; the other applicable roles apply right here.
  const canApply = isApplicableRole(error.role);
  useEffect(() => {
    document.title = `Access denied · ${portal.name}`;
  });
  const userHome = `${portalOrigin('user', portal.id, window.location)}${PORTALS.user.homePath}`;
  const ownPortal = rolePortals(user?.roles ?? []).find((p) => p !== portal.id);
  return (
    <Standalone icon={<ShieldAlert className="size-8" />} title={`${portal.name} is for ${label}s`}>
      <p className="text-muted-foreground">
        You are signed in as <strong className="text-foreground">{user?.email}</strong>, and this account does not have the {label} role.
        {canApply ? ' Tell us about yourself below and an administrator will review your application.' : ' Administrators are appointed by the Sojourn team.'}
      </p>
      {canApply && (
        <div className="w-full rounded-xl border bg-card p-5 text-left">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading the application form…</p>}>
            <RoleApplicationPanel role={error.role} homePath={portal.homePath} />
          </Suspense>
        </div>
      )}
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild variant="outline">
          <a href={ownPortal ? portalOrigin(ownPortal, portal.id, window.location) : userHome}>
            {ownPortal ? `Go to ${PORTALS[ownPortal].name}` : 'Go to Sojourn'}
          </a>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/logout">Sign in with another account</Link>
        </Button>
      </div>
    </Standalone>
  );
}

/** Route error boundary: 404 "Page Not Found", access denied for a missing role, anything else "Internal Server Error". */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (error instanceof AccessDeniedError) return <AccessDenied error={error} />;
  return <InternalError error={error} />;
}

function InternalError({ error }: { error: unknown }) {
  useEffect(() => {
    document.title = 'Internal Server Error - 500';
    console.error(error);
  }, [error]);
  return (
    <Standalone icon={<ServerCrash className="size-8" />} code="500" title="Internal Server Error">
      <p className="text-muted-foreground">Something went wrong while showing this page. Reloading usually fixes it; if not, try again in a few minutes.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={() => window.location.reload()}>Reload the page</Button>
        <Button asChild variant="outline">
          <Link to="/">Go to the home page</Link>
        </Button>
      </div>
    </Standalone>
  );
}
