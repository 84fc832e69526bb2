// Support (api/internal/support): every portal's /support (tickets about the person's own items, FAQs searched
// before filing, replies and a rating) and the admins' console (queue, a ticket with internal notes and actions,
// FAQs and canned replies).
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { ADMIN_SUPPORT_PATH, SUPPORT_PATHS, type SupportPortal } from './paths';

export { ADMIN_SUPPORT_PATH, SUPPORT_PATHS, adminTicketHref, type SupportPortal } from './paths';
export { supportApi, supportKeys, type Faq } from './api';

/** A portal's support pages: the caller's tickets, /new and one ticket at /:id (the notifications' link). */
export function supportPages(portal: SupportPortal): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD[portal]];
  const load = () => import('./pages/support');
  const base = SUPPORT_PATHS[portal];
  return [
    { path: base, title: 'Support', frame: 'portal', guards, load },
    { path: `${base}/:id`, title: 'Support', frame: 'portal', guards, load },
  ];
}

/** The admin portal's support console. */
export function adminSupportPages(): PageSpec[] {
  const guards = [PORTAL_ROLE_GUARD.admin];
  return [
    { path: ADMIN_SUPPORT_PATH, title: 'Support', frame: 'portal', guards, load: () => import('./pages/admin-queue') },
    { path: `${ADMIN_SUPPORT_PATH}/faqs`, title: 'FAQs and canned replies', frame: 'portal', guards, load: () => import('./pages/admin-faqs') },
    { path: `${ADMIN_SUPPORT_PATH}/:id`, title: 'Support ticket', frame: 'portal', guards, load: () => import('./pages/admin-ticket') },
  ];
}
