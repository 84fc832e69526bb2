import { CMS_CATEGORIES_PATH, CMS_LOGIN_PATH, CMS_POSTS_PATH, writerBlogPages, writerHomePage } from '@sojourn/feature-blog';
import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { FileText, Folder, House, Settings, UserRound } from 'lucide-react';

const portal = PORTALS.writer;

export const config: PortalConfig = {
  portal,
  headline: 'Write the stories that send people travelling.',
  blurb: 'Sojourn Writers is the newsroom behind the Sojourn blog: guides, interviews and field notes.',
  points: ['A focused editor for long-form stories', 'Categories, tags and every revision kept', 'Editorial review before publishing'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: CMS_POSTS_PATH, label: 'Posts', icon: FileText },
    { to: CMS_CATEGORIES_PATH, label: 'Categories', icon: Folder },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your writing desk',
    intro: 'Your byline appears on every story you publish. Make sure your profile says who you are.',
    offers: [],
  },
  homePage: writerHomePage,
  pages: [
    // The spec's sign-in address for the writer portal: the shell's sign-in page (as at /login).
    { path: CMS_LOGIN_PATH, title: 'Sign in', frame: 'auth', guards: ['guest'], load: () => import('@sojourn/feature-account/pages/login') },
    ...writerBlogPages(),
  ],
};
