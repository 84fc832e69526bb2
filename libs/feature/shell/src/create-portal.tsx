import { isApiError } from '@sojourn/api-client';
import { PortalContext } from '@sojourn/feature-account';
import type { Frame, PageSpec, PortalConfig } from '@sojourn/routing';
import {
  GLOBAL_GUARDS,
  PORTAL_LOGOUT_GUARD,
  PORTAL_ROLE_GUARD,
  TOAST_OPTIONS,
  guardLoader,
  installChunkReloadGuard,
  installSession,
  loadChunk,
  onSessionCleared,
} from '@sojourn/session';
import { initTheme } from '@sojourn/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense, lazy, startTransition, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { PortalConfigContext } from './config-context';
import { NotFoundPage, RouteErrorBoundary } from './error-pages';
import { AuthFrame, PublicFrame } from './frames';
import { SessionRealtime } from './realtime';
import { BootFallback, Root } from './root';
import { carryInto, followPrerendered } from './takeover';

/**
 * The toast container loads after first paint (react-toastify and its styles are about 10 kB gzipped, which the
 * first screen does not need). Toasts raised before it mounts wait in react-toastify's queue and show when it does.
 */
const Toasts = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: true,
        retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
}

/** The account pages every portal has. */
export function accountPages(config: PortalConfig): PageSpec[] {
  const { portal } = config;
  const roleGuard = PORTAL_ROLE_GUARD[portal.id];
  const pages: PageSpec[] = [
    { path: '/login', title: 'Sign in', frame: 'auth', guards: ['guest'], load: () => import('@sojourn/feature-account/pages/login') },
    { path: '/reset-password', title: 'Reset password', frame: 'auth', load: () => import('@sojourn/feature-account/pages/reset-password') },
    { path: '/verification', title: 'Verify your email', frame: 'auth', load: () => import('@sojourn/feature-account/pages/verification') },
    { path: '/profile', title: 'Your profile', frame: 'portal', guards: [roleGuard], load: () => import('@sojourn/feature-account/pages/profile') },
    { path: '/settings', title: 'Settings', frame: 'portal', guards: [roleGuard], load: () => import('@sojourn/feature-account/pages/settings') },
    { path: portal.homePath, title: config.home.title, frame: 'portal', guards: [roleGuard, ...(config.homeGuards ?? [])], load: config.homePage ?? (() => import('./portal-home')) },
  ];
  if (portal.id === 'user') {
    pages.push({ path: '/register', title: 'Create your account', frame: 'auth', guards: ['guest'], load: () => import('@sojourn/feature-account/pages/register') });
  }
  if (portal.applyPath) {
    pages.push({ path: portal.applyPath, title: `Join ${portal.name}`, frame: 'auth', load: () => import('@sojourn/feature-account/pages/apply') });
  }
  if (portal.profilePath !== '/profile') {
    pages.push({ path: portal.profilePath, title: 'Your profile', frame: 'portal', guards: [roleGuard], load: () => import('@sojourn/feature-account/pages/profile') });
  }
  if (portal.settingsPath !== '/settings') {
    pages.push({ path: portal.settingsPath, title: 'Settings', frame: 'portal', guards: [roleGuard], load: () => import('@sojourn/feature-account/pages/settings') });
  }
  return pages;
}

function toRoute(spec: PageSpec, config: PortalConfig): RouteObject {
  const guards = [...GLOBAL_GUARDS, ...(spec.guards ?? [])];
  return {
    path: spec.path,
    loader: guardLoader(guards, config.portal),
    handle: { title: spec.title, private: (spec.guards ?? []).some((g) => g !== 'guest') },
    lazy: async () => {
      const mod = await loadChunk(spec.load);
      return { Component: mod.default };
    },
  };
}

/** Build the route table of a portal: frames, account pages, the portal's own pages, logout, 404. */
export function buildRoutes(config: PortalConfig): RouteObject[] {
  const all = [...accountPages(config), ...config.pages];
  const byFrame = (frame: Frame) => all.filter((p) => p.frame === frame).map((p) => toRoute(p, config));
  const hasRootPage = all.some((p) => p.path === '/');
  return [
    {
      id: 'root',
      element: <Root />,
      errorElement: <RouteErrorBoundary />,
      hydrateFallbackElement: <BootFallback />,
      children: [
        { element: <AuthFrame />, children: byFrame('auth') },
        { lazy: async () => ({ Component: (await import('./portal-frame')).PortalFrame }), children: byFrame('portal') },
        { element: <PublicFrame />, children: byFrame('public') },
        ...byFrame('bare'),
        ...(hasRootPage ? [] : [{ path: '/', loader: () => redirect(config.portal.homePath) }]),
        { path: '/logout', loader: guardLoader([PORTAL_LOGOUT_GUARD[config.portal.id]], config.portal) },
        {
          lazy: async () => ({ Component: (await import('./portal-frame')).NotFoundFrame }),
          children: [
            { path: '/page-not-found', element: <NotFoundPage /> },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ];
}

/** Start a portal: session wiring, theme, chunk-reload guard, react-query, toasts and the router. */
export function createPortal(config: PortalConfig): void {
  document.documentElement.dataset.portal = config.portal.id;
  installSession();
  installChunkReloadGuard();
  initTheme();
  const queryClient = createQueryClient();
  onSessionCleared(() => queryClient.clear());
  const router = createBrowserRouter(buildRoutes(config));
  const el = document.getElementById('root');
  if (!el) throw new Error('Missing #root element.');
  const app = (
    <StrictMode>
      <PortalConfigContext.Provider value={config}>
        <PortalContext.Provider value={config.portal}>
          <QueryClientProvider client={queryClient}>
            <SessionRealtime>
              <RouterProvider router={router} />
            </SessionRealtime>
            <Suspense fallback={null}>
              <Toasts {...TOAST_OPTIONS} theme="colored" />
            </Suspense>
          </QueryClientProvider>
        </PortalContext.Provider>
      </PortalConfigContext.Provider>
    </StrictMode>
  );
  if (!el.hasAttribute('data-prerendered')) {
    createRoot(el).render(app);
    return;
  }
  // A pre-rendered first page (tools/vite-prerender.ts) stays on screen until the router has run the page's guards and
  // loaded its chunk; then the portal renders over it as a transition (in time slices, so rendering never blocks the
  // page for long) and replaces it in one commit, so nothing blinks; what the visitor did meanwhile is carried over.
  const follow = followPrerendered(el);
  const takeOver = () => {
    const root = createRoot(el);
    let done = false;
    const committed = () => {
      if (done) return;
      done = true;
      follow.stop();
      carryInto(el, follow.carried());
    };
    startTransition(() => root.render(<OnCommit run={committed}>{app}</OnCommit>));
  };
  if (router.state.initialized) {
    takeOver();
    return;
  }
  const stop = router.subscribe((state) => {
    if (!state.initialized) return;
    stop();
    takeOver();
  });
}

/** Runs `run` in the commit that first shows its children, before the browser paints it. */
function OnCommit({ run, children }: { run: () => void; children: ReactNode }) {
  useLayoutEffect(run, [run]);
  return children;
}
