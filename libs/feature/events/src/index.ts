// Events with tickets (api/internal/ticketing): the user portal's /events, /event, /events/:id, /event/:id and
// /my-tickets; the organiser's events, attendees and check-in in the admin portal (Sojourn's own events) and the
// provider portals (the provider's own).
import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { createElement, type ComponentType } from 'react';
import { OrganiserContext, type OrganiserScope } from './organiser-context';
import { EVENTS_PATH, MY_TICKETS_PATH, WEEK_PATH } from './paths';

export { EVENTS_PATH, MY_TICKETS_PATH, WEEK_PATH, eventHref } from './paths';

/** The user portal's pages: the listing, this week, one event at both addresses, and the caller's tickets. */
export function eventUserPages(): PageSpec[] {
  const load = () => import('./pages/events');
  return [
    { path: EVENTS_PATH, title: 'Events', frame: 'public', load },
    { path: WEEK_PATH, title: 'What’s on this week', frame: 'public', load },
    { path: `${EVENTS_PATH}/:id`, title: 'Event', frame: 'public', load },
    { path: `${WEEK_PATH}/:id`, title: 'Event', frame: 'public', load },
    { path: MY_TICKETS_PATH, title: 'My tickets', frame: 'portal', guards: ['auth'], load: () => import('./pages/my-tickets') },
  ];
}

type OrgPage = 'OrganiserEventsPage' | 'OrganiserEventPage' | 'CheckInPage' | 'NewEventPage';

/**
 * An organiser's pages under `prefix` (e.g. /admin-dashboard/events, /tour-app/events): the events, a new event,
 * one event (quotas, attendees, CSV, cancel) and its check-in. Admin portals act for Sojourn, provider portals for
 * the provider.
 */
export function organiserEventPages(portal: 'admin' | 'tour' | 'coach', prefix: string): PageSpec[] {
  const scope: OrganiserScope = { base: portal === 'admin' ? '/api/v1/admin/ticketing/events' : '/api/v1/organiser/events', prefix };
  const guards = [PORTAL_ROLE_GUARD[portal]];
  const page = (name: OrgPage) => () =>
    import('./pages/organiser').then((m) => {
      const Inner = m[name] as ComponentType;
      return { default: () => createElement(OrganiserContext.Provider, { value: scope }, createElement(Inner)) };
    });
  return [
    { path: prefix, title: 'Events', frame: 'portal', guards, load: page('OrganiserEventsPage') },
    { path: `${prefix}/new`, title: 'New event', frame: 'portal', guards, load: page('NewEventPage') },
    { path: `${prefix}/:id`, title: 'Event', frame: 'portal', guards, load: page('OrganiserEventPage') },
    { path: `${prefix}/:id/check-in`, title: 'Check-in', frame: 'portal', guards, load: page('CheckInPage') },
  ];
}
