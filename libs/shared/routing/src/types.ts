import type { PortalMeta } from '@sojourn/util';
import type { ComponentType } from 'react';

/** How a page is framed: the sign-in layout, the portal's dashboard, the public site, or nothing around it. */
export type Frame = 'auth' | 'portal' | 'public' | 'bare';

/** A link in a navigation (sidebar, header, footer). */
export interface NavItem {
  to: string;
  label: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  end?: boolean;
  /** The sidebar's group heading this link sits under (consecutive links with the same section form one group). */
  section?: string;
  /** A small live count beside the label (e.g. unread messages); renders nothing when there is nothing to count. */
  badge?: ComponentType;
}

/**
 * One page of a portal. Feature libraries export their pages as PageSpec lists (e.g. `moneyPages()`), loaded lazily so
 * a portal's entry chunk does not grow; the shell (`createPortal`) mounts them.
 */
export interface PageSpec {
  path: string;
  title: string;
  frame: Frame;
  /** Guard names in addition to the global ones (track-route, inactivity-logout, refresh-token). */
  guards?: string[];
  load: () => Promise<{ default: ComponentType }>;
}

export interface Offer {
  title: string;
  description: string;
}

/** What makes a portal itself; `createPortal(config)` in @sojourn/feature-shell builds the app from it. */
export interface PortalConfig {
  portal: PortalMeta;
  /** Brand panel copy on the sign-in and apply screens. */
  headline: string;
  blurb: string;
  points: string[];
  /** Sidebar of the portal frame. */
  nav: NavItem[];
  /** Home page copy: what the portal offers the signed-in person. */
  home: { title: string; intro: string; offers: Offer[] };
  /** Portal-specific pages. */
  pages: PageSpec[];
  /** The user portal's public site. */
  publicNav?: NavItem[];
  footerLinks?: NavItem[];
  /** Replace the shared home page (the admin portal has its own). */
  homePage?: PageSpec['load'];
  /** Guards the home page runs after the portal's role guard (the user portal's `onboarding-check`). */
  homeGuards?: string[];
  /**
   * Shown in the header next to the account menu, signed in or not, in order: one component or several (the user
   * portal's cart link and every portal's notification bell).
   */
  headerExtra?: ComponentType | ComponentType[];
}
