import { PortalContext } from '@sojourn/feature-account';
import type { PortalConfig } from '@sojourn/routing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { PortalConfigContext } from './config-context';
import { buildRoutes } from './create-portal';

/** The route table without loaders: the guards read the browser's session, which a build has not got. */
function withoutLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((r) => {
    const { loader: _loader, children, ...rest } = r as RouteObject & { children?: RouteObject[] };
    return (children ? { ...rest, children: withoutLoaders(children) } : rest) as RouteObject;
  });
}

/**
 * The HTML of one first page (a sign-in page) as a signed-out visitor's browser first renders it, written into the
 * portal's built HTML at build time (tools/vite-prerender.ts) so the page paints before its JavaScript has loaded.
 * The portal then renders over it in one commit once its router is ready (createPortal), so nothing flashes.
 */
export async function prerenderPage(config: PortalConfig, path: string): Promise<{ html: string; title: string }> {
  const handler = createStaticHandler(withoutLoaders(buildRoutes(config)));
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered a redirect.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const handle = [...context.matches].reverse().find((m) => (m.route.handle as { title?: string } | undefined)?.title);
  const page = (handle?.route.handle as { title: string } | undefined)?.title;
  const html = renderToString(
    <StrictMode>
      <PortalConfigContext.Provider value={config}>
        <PortalContext.Provider value={config.portal}>
          <QueryClientProvider client={new QueryClient()}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </QueryClientProvider>
        </PortalContext.Provider>
      </PortalConfigContext.Provider>
    </StrictMode>,
  );
  return { html, title: page ? `${page} · ${config.portal.name}` : config.portal.name };
}
