import { isApplicableRole, type ApplicableRole, type Role } from '@sojourn/util';
import { z } from 'zod';

export interface ApplicationField {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'number' | 'url' | 'tags';
  required: boolean;
  description?: string;
}

const about = (label: string, description: string): ApplicationField => ({ name: 'about', label, kind: 'textarea', required: true, description });

/**
 * What each role's application asks for, sent to the API as `details`. Keyed by the registry's applicable roles; a
 * role without an entry (recruiter) is applied for without details.
 */
export const APPLICATION_FIELDS: Partial<Record<ApplicableRole, ApplicationField[]>> = {
  vendor: [
    { name: 'business_name', label: 'Shop or business name', kind: 'text', required: true },
    { name: 'categories', label: 'What you sell', kind: 'tags', required: true, description: 'E.g. travel gear, skincare, crafts. Press Enter after each.' },
    { name: 'website', label: 'Website or social page', kind: 'url', required: false },
    about('About your shop', 'Where your products come from and how you ship them.'),
  ],
  therapist: [
    { name: 'licence_number', label: 'Practising licence number', kind: 'text', required: true, description: 'We verify it with the issuing body.' },
    { name: 'specialties', label: 'Specialties', kind: 'tags', required: true, description: 'E.g. anxiety, grief, couples therapy.' },
    { name: 'years_experience', label: 'Years in practice', kind: 'number', required: true },
    about('Your approach', 'How you work with clients and which modalities you use.'),
  ],
  coach: [
    { name: 'specialties', label: 'Coaching areas', kind: 'tags', required: true, description: 'E.g. career change, confidence, relationships.' },
    { name: 'certification', label: 'Certification', kind: 'text', required: false, description: 'Accrediting body and credential, if any.' },
    { name: 'years_experience', label: 'Years coaching', kind: 'number', required: true },
    about('Your coaching style', 'What a first session with you looks like.'),
  ],
  tour_guide: [
    { name: 'base_city', label: 'Where you guide', kind: 'text', required: true, description: 'City or region.' },
    { name: 'languages', label: 'Languages you guide in', kind: 'tags', required: true },
    { name: 'licence_number', label: 'Guide licence number', kind: 'text', required: false },
    about('Your tours', 'The places and stories you love to show visitors.'),
  ],
  car_rental: [
    { name: 'business_name', label: 'Company name', kind: 'text', required: true },
    { name: 'licence_number', label: 'Operating licence number', kind: 'text', required: true },
    { name: 'fleet_size', label: 'Vehicles in your fleet', kind: 'number', required: true },
    { name: 'base_city', label: 'Main pick-up city', kind: 'text', required: true },
  ],
  car_dealer: [
    { name: 'business_name', label: 'Dealership name', kind: 'text', required: true },
    { name: 'licence_number', label: 'Dealer licence number', kind: 'text', required: true },
    { name: 'base_city', label: 'Showroom city', kind: 'text', required: true },
    about('About your dealership', 'Makes you specialise in and the services you offer.'),
  ],
  affiliate: [
    { name: 'website', label: 'Website, blog or channel', kind: 'url', required: true },
    { name: 'audience', label: 'Your audience', kind: 'textarea', required: true, description: 'Who follows you and roughly how many.' },
  ],
  writer: [
    { name: 'portfolio', label: 'Portfolio link', kind: 'url', required: true },
    { name: 'topics', label: 'Topics you write about', kind: 'tags', required: true },
    about('A short pitch', 'The first story you would like to write for Sojourn.'),
  ],
};

/** The fields of a role's application; none for a role that is not applied for. */
export function applicationFields(role: Role): ApplicationField[] {
  return (isApplicableRole(role) && APPLICATION_FIELDS[role]) || [];
}

export function applicationSchema(role: Role) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of applicationFields(role)) {
    let s: z.ZodType;
    switch (f.kind) {
      case 'tags':
        s = f.required ? z.array(z.string()).min(1, `Add at least one entry to “${f.label}”.`) : z.array(z.string());
        break;
      case 'number':
        s = z
          .string()
          .trim()
          .regex(/^\d{1,4}$/, 'Enter a whole number.')
          .or(f.required ? z.never() : z.literal(''));
        break;
      case 'url':
        s = f.required
          ? z.string().trim().url('Enter a full link starting with https://')
          : z.string().trim().url('Enter a full link starting with https://').or(z.literal(''));
        break;
      default:
        s = f.required
          ? z.string().trim().min(f.kind === 'textarea' ? 30 : 2, f.kind === 'textarea' ? 'Write at least 30 characters.' : `Enter the ${f.label.toLowerCase()}.`).max(2000)
          : z.string().trim().max(200);
    }
    shape[f.name] = s;
  }
  return z.object(shape);
}

export function emptyApplication(role: Role): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of applicationFields(role)) out[f.name] = f.kind === 'tags' ? [] : '';
  return out;
}

/** Numbers go to the API as numbers; empty optional fields are left out. */
export function toDetails(role: Role, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of applicationFields(role)) {
    const v = values[f.name];
    if (v === '' || v === undefined || (Array.isArray(v) && v.length === 0)) continue;
    out[f.name] = f.kind === 'number' ? Number(v) : v;
  }
  return out;
}
