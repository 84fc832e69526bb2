import type { ProviderKind } from './api';

/** The user portal's wellness addresses (the spec's, plus the coach profile and the checkouts, which it does not name). */
export interface KindPaths {
  kind: ProviderKind;
  /** The directory. */
  list: string;
  /** A provider's public profile: `${details}?id=`. */
  details: string;
  /** Booking checkout of a held slot: `${checkout}?booking=`. */
  checkout: string;
  /** Words for the kind. */
  noun: string;
  nounPlural: string;
}

export const THERAPY_PATHS: KindPaths = {
  kind: 'therapist',
  list: '/user-therapy',
  details: '/user-therapy/therapist-details',
  checkout: '/user-therapy/checkout',
  noun: 'therapist',
  nounPlural: 'therapists',
};

export const COACH_PATHS: KindPaths = {
  kind: 'coach',
  list: '/user-coach',
  details: '/user-coach/coach-details',
  checkout: '/user-coach/checkout',
  noun: 'coach',
  nounPlural: 'coaches',
};

export const CALENDAR_PATH = '/user-calendar';

export function pathsFor(kind: string): KindPaths {
  return kind === 'coach' ? COACH_PATHS : THERAPY_PATHS;
}

export const detailsHref = (kind: string, id: string) => `${pathsFor(kind).details}?id=${encodeURIComponent(id)}`;
export const checkoutHref = (kind: string, bookingId: string) => `${pathsFor(kind).checkout}?booking=${encodeURIComponent(bookingId)}`;
export const bookingHref = (bookingId: string) => `${CALENDAR_PATH}?booking=${encodeURIComponent(bookingId)}`;
