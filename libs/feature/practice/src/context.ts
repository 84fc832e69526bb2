import type { PortalMeta } from '@sojourn/util';
import type { Kind } from './api';

/** The addresses of a portal's practice screens (each portal has the spec's own). */
export interface PracticePaths {
  dashboard: string;
  appointments: string;
  bookings: string;
  calendar: string;
  offerings: string;
  clients: string;
  /** One client: `${client}?id=<user id>`. */
  client: string;
  /** The same lists under the spec's "patients" addresses (therapy): list, and one patient (`?id=`). */
  patients?: string;
  patient?: string;
  media: string;
  profile: string;
  editProfile: string;
  schedule: string;
  publicProfile: string;
  onboarding: string;
  /** The earnings page, where the payout (bank) account is set. */
  earnings: string;
}

/** What a practice page knows about the portal showing it. */
export interface PracticeContext {
  portal: PortalMeta;
  kind: Kind;
  paths: PracticePaths;
  /** The public profile on the user portal, by provider id (a path there). */
  publicUrl: (providerId: string) => string;
  /** A resumable set-up wizard of this portal (the tour guide's), offered until it is submitted. */
  setupWizard?: { flow: string; path: string; title: string; description: string };
}

/** The list and detail addresses for a noun. */
export function personPaths(ctx: PracticeContext, noun: PersonNoun): { list: string; one: string } {
  return noun === 'patient' && ctx.paths.patients && ctx.paths.patient ? { list: ctx.paths.patients, one: ctx.paths.patient } : { list: ctx.paths.clients, one: ctx.paths.client };
}

/** Copy that differs by provider kind. */
export function copyFor(kind: Kind) {
  if (kind === 'therapist')
    return { role: 'therapist', Role: 'Therapist', sessionNoun: 'session', practice: 'therapy practice', structuredNotes: true, headlineHint: 'Clinical psychologist for anxiety and burnout', tagsHint: 'anxiety, grief, couples…', bodyHint: 'e.g. Counsellors and Psychologists Board' };
  if (kind === 'tour_guide')
    return { role: 'tour guide', Role: 'Tour guide', sessionNoun: 'tour', practice: 'guiding', structuredNotes: false, headlineHint: 'Walking tours of Lagos Island’s markets and history', tagsHint: 'history, food, street art…', bodyHint: 'e.g. Lagos State Tourism Board' };
  if (kind === 'car_dealer')
    return { role: 'car dealer', Role: 'Car dealer', sessionNoun: 'test drive', practice: 'dealership', structuredNotes: false, headlineHint: 'Certified pre-owned cars with full service history', tagsHint: 'SUVs, Japanese imports, financing…', bodyHint: 'e.g. Lagos State Motor Dealers Association' };
  if (kind === 'car_rental')
    return { role: 'car-rental company', Role: 'Car-rental company', sessionNoun: 'rental', practice: 'rental company', structuredNotes: false, headlineHint: 'Airport pick-up and one-way rentals along the coast', tagsHint: 'SUVs, airport, chauffeur…', bodyHint: 'e.g. Kenya Tourism Regulatory Authority' };
  return { role: 'coach', Role: 'Coach', sessionNoun: 'session', practice: 'coaching practice', structuredNotes: false, headlineHint: 'Career coach for first-time managers', tagsHint: 'career change, confidence…', bodyHint: 'e.g. International Coaching Federation' };
}

/** The word for the people a provider sees on a given screen ("clients", or "patients" where the spec's address says so). */
export type PersonNoun = 'client' | 'patient';
export const nouns = (n: PersonNoun) => (n === 'patient' ? { one: 'patient', many: 'patients', One: 'Patient', Many: 'Patients' } : { one: 'client', many: 'clients', One: 'Client', Many: 'Clients' });
