import type { PortalConfig } from '@sojourn/routing';
import { PORTALS } from '@sojourn/util';
import { House, Settings, UserRound } from 'lucide-react';

const portal = PORTALS.writer;

export const config: PortalConfig = {
  portal,
  headline: 'Write the stories that send people travelling.',
  blurb: 'Sojourn Writers is the newsroom behind the Sojourn blog: guides, interviews and field notes.',
  points: ['A focused editor for long-form stories', 'Categories and a media library', 'Editorial review before publishing'],
  nav: [
    { to: portal.homePath, label: 'Dashboard', icon: House, end: true },
    { to: portal.profilePath, label: 'Profile', icon: UserRound },
    { to: portal.settingsPath, label: 'Settings', icon: Settings },
  ],
  home: {
    title: 'Your writing desk',
    intro: 'Your byline appears on every story you publish. Make sure your profile says who you are.',
    offers: [
      { title: 'Posts', description: 'Draft, revise and submit stories for review.' },
      { title: 'Media library', description: 'Upload and reuse photos across your stories.' },
      { title: 'Categories', description: 'File stories where readers will find them.' },
      { title: 'Post history', description: 'See every revision and who made it.' },
    ],
  },
  pages: [],
};
