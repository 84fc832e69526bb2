import type { PageSpec } from '@sojourn/routing';
import { PORTAL_ROLE_GUARD } from '@sojourn/session';
import { createElement, type ComponentType } from 'react';
import type { PersonNoun, PracticeContext } from './context';

export type { PracticeContext, PracticePaths } from './context';

export interface PracticeRoutes extends PracticeContext {
  /** Other addresses of the same screens (the spec names several), by screen. */
  aliases?: Partial<Record<'dashboard' | 'patient' | 'profile', string[]>>;
}

type Loaded<P> = Promise<{ default: ComponentType<P> }>;

/**
 * The practice screens of a provider portal (therapy, coach): dashboard, appointments, requests, calendar, offerings
 * and packages, clients and their records, media, the practice profile with reviews, weekly hours, the public
 * profile preview and onboarding. All lazy, so the portal's entry chunk does not grow. The dashboard is the portal's
 * home: pass `homePage` to the portal config.
 */
export function practicePages(routes: PracticeRoutes): { pages: PageSpec[]; homePage: PageSpec['load'] } {
  const { aliases = {}, ...ctx } = routes;
  const guard = PORTAL_ROLE_GUARD[ctx.portal.id];
  const withCtx =
    <P extends object>(load: () => Loaded<P & { ctx: PracticeContext }>, extra: P = {} as P) =>
    async () => {
      const { default: Page } = await load();
      return { default: () => createElement(Page as ComponentType<P & { ctx: PracticeContext }>, { ...extra, ctx }) };
    };
  const page = (path: string, title: string, load: PageSpec['load']): PageSpec => ({ path, title, frame: 'portal', guards: [guard], load });
  const p = ctx.paths;
  const dashboard = withCtx(() => import('./pages/dashboard'));
  const profile = withCtx(() => import('./pages/profile'));
  const pages: PageSpec[] = [
    ...(aliases.dashboard ?? []).map((a) => page(a, 'Dashboard', dashboard)),
    page(p.appointments, 'Appointments', withCtx(() => import('./pages/appointments'), { mode: 'appointments' as const })),
    page(p.bookings, 'Requests and changes', withCtx(() => import('./pages/appointments'), { mode: 'bookings' as const })),
    page(p.calendar, 'Calendar', withCtx(() => import('./pages/calendar'))),
    page(p.offerings, 'Offerings', withCtx(() => import('./pages/offerings'))),
    page(p.clients, 'Clients', withCtx(() => import('./pages/clients'), { noun: 'client' as PersonNoun })),
    page(p.client, 'Client', withCtx(() => import('./pages/client'), { noun: 'client' as PersonNoun })),
    ...(p.patients ? [page(p.patients, 'My patients', withCtx(() => import('./pages/clients'), { noun: 'patient' as PersonNoun }))] : []),
    ...[...(p.patient ? [p.patient] : []), ...(aliases.patient ?? [])].map((path) => page(path, 'Patient', withCtx(() => import('./pages/client'), { noun: 'patient' as PersonNoun }))),
    page(p.media, 'Photos and video', withCtx(() => import('./pages/media'))),
    ...[p.profile, ...(aliases.profile ?? [])].map((path) => page(path, 'Practice profile', profile)),
    page(p.editProfile, 'Edit practice profile', withCtx(() => import('./pages/edit-profile'))),
    page(p.schedule, 'Hours and availability', withCtx(() => import('./pages/schedule'))),
    page(p.publicProfile, 'Your public profile', withCtx(() => import('./pages/public-profile'))),
    page(p.onboarding, 'Set up your practice', withCtx(() => import('./pages/onboarding'))),
  ];
  return { pages, homePage: dashboard };
}

/**
 * The reviews page of a provider portal whose other screens are not the practice screens (the car-rental portal): the
 * reviews of the caller's practice of `kind` (GET /practice/reviews?kind=), each with its one public reply.
 */
export function practiceReviewsPage(o: { path: string; kind: 'car_rental' | 'car_dealer' | 'tour_guide'; portal: keyof typeof PORTAL_ROLE_GUARD; description: string; empty: string }): PageSpec {
  return {
    path: o.path,
    title: 'Reviews',
    frame: 'portal',
    guards: [PORTAL_ROLE_GUARD[o.portal]],
    load: async () => {
      const { default: Page } = await import('./pages/reviews');
      return { default: () => createElement(Page, { kind: o.kind, description: o.description, empty: o.empty }) };
    },
  };
}
