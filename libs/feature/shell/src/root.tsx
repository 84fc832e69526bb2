import { onSessionLost } from '@sojourn/session';
import { Spinner } from '@sojourn/ui';
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate, useNavigation } from 'react-router';
import { usePortalConfig } from './config-context';

interface Handle {
  title?: string;
  private?: boolean;
}

function useDocumentTitle() {
  const matches = useMatches();
  const { portal } = usePortalConfig();
  const handle = [...matches].reverse().find((m) => (m.handle as Handle | undefined)?.title)?.handle as Handle | undefined;
  useEffect(() => {
    if (handle?.title) document.title = `${handle.title} · ${portal.name}`;
  }, [handle?.title, portal.name]);
  return handle;
}

/** When the session is lost while a private page is open (refresh refused, sign-out in another tab), go to sign-in. */
function useLeaveWhenSessionLost(isPrivate: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef({ isPrivate, path: location.pathname + location.search });
  here.current = { isPrivate, path: location.pathname + location.search };
  useEffect(
    () =>
      onSessionLost(() => {
        if (here.current.isPrivate) navigate(`/login?redirect=${encodeURIComponent(here.current.path)}`, { replace: true });
      }),
    [navigate],
  );
}

export function Root() {
  const handle = useDocumentTitle();
  useLeaveWhenSessionLost(Boolean(handle?.private));
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  return (
    <>
      <div
        aria-hidden
        className={`fixed inset-x-0 top-0 z-[70] h-0.5 origin-left bg-primary transition-transform duration-300 ${busy ? 'scale-x-75' : 'scale-x-0'}`}
      />
      <div className="sr-only" role="status" aria-live="polite">
        {busy ? 'Loading page' : ''}
      </div>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export function BootFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status">
      <Spinner className="size-8 text-primary" label="Loading Sojourn" />
    </div>
  );
}
