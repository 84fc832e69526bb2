/** The portals a ticket is filed from, each with its support page. */
export type SupportPortal = 'user' | 'vendor' | 'tour' | 'coach' | 'therapy' | 'car-rental' | 'car-dealer';

export const SUPPORT_PATHS: Record<SupportPortal, string> = {
  user: '/support',
  vendor: '/vendor-app/support',
  tour: '/tour-app/support',
  coach: '/coach-app/support',
  therapy: '/therapy-app/support',
  'car-rental': '/car-rentals/support',
  'car-dealer': '/car-dealer/support',
};

/** The admin portal's support console; a ticket at /:id, FAQs and canned replies at /faqs and /canned. */
export const ADMIN_SUPPORT_PATH = '/admin-dashboard/support';

export const adminTicketHref = (id: string) => `${ADMIN_SUPPORT_PATH}/${encodeURIComponent(id)}`;
