import type { NavItem } from '@sojourn/ui';
import type { PortalMeta } from '@sojourn/util';
import type { ComponentType } from 'react';

export type Frame = 'auth' | 'portal' | 'public' | 'bare';

/** One page of a portal. */
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
}
