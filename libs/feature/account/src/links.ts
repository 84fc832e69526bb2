import { portalOrigin, type PortalMeta } from '@sojourn/util';

/** A link into the user portal (the public site), relative when already there. */
export function userPortalHref(portal: PortalMeta, path: string): string {
  if (portal.id === 'user') return path;
  // Pre-rendered at build time, where there is no address yet: the page's own inline script makes the link absolute
  // before anyone can follow it (tools/vite-prerender.ts, links marked data-user-portal-path).
  if (typeof window === 'undefined') return path;
  return `${portalOrigin('user', portal.id, window.location)}${path}`;
}

/** Only same-origin paths are accepted as post-login destinations. */
export function safeRedirect(target: string | null, fallback: string): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return fallback;
  return target;
}
