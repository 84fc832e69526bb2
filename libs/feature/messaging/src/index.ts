// Messaging (api/internal/messaging): the conversation screens of every portal and the admins' report moderation.
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';

export { MessagesUnreadBadge, SubjectCardView } from './components';
export { messageHref } from './logic';

/** The user portal's messaging address (other features link to it by URL: `?to=<user>&about=<type>:<id>`). */
export const MESSAGING_PATH = '/messaging';

/** Each portal's messages page. */
export const MESSAGES_PATHS = {
  user: '/messaging',
  vendor: '/vendor-app/messages',
  tour: '/tour-app/messages',
  therapy: '/therapy-app/messages',
  coach: '/coach-app/messages',
  'car-rental': '/car-rentals/messages',
  'car-dealer': '/car-dealer/messages',
} as const;

export const ADMIN_MESSAGE_REPORTS_PATH = '/admin-dashboard/message-reports';

export type MessagesPortal = keyof typeof MESSAGES_PATHS;

/** A portal's messages address. */
export const messagesPath = (portal: MessagesPortal): string => MESSAGES_PATHS[portal];

/** A portal's messages page, behind the portal's guard. */
export function messagingPages(portal: MessagesPortal): PageSpec[] {
  return [{ path: MESSAGES_PATHS[portal], title: 'Messages', frame: 'portal', guards: [PORTAL_ROLE_GUARD[portal]], load: () => import('./pages/messaging') }];
}

/** The admin portal's moderation of reported messages. */
export function adminMessagingPages(): PageSpec[] {
  return [{ path: ADMIN_MESSAGE_REPORTS_PATH, title: 'Message reports', frame: 'portal', guards: ['admin'], load: () => import('./pages/admin-reports') }];
}
