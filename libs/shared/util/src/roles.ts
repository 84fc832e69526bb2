/**
 * The one TypeScript registry of Sojourn's roles: their names, labels, the portal each works in, which of them are
 * provider roles, which a user may apply for and the profile fields each requires. It is the twin of the Go registry
 * (api/internal/platform/roledef), and roles.test.ts checks the two against api/roles.json, which the Go side writes.
 * Nothing else in the portals keeps a list of roles.
 */

/** Portal ids, the user portal (the apex) first. */
export const PORTAL_IDS = ['user', 'vendor', 'therapy', 'coach', 'tour', 'car-rental', 'car-dealer', 'affiliate', 'writer', 'admin'] as const;
export type PortalId = (typeof PORTAL_IDS)[number];

/** The fields every profile needs to be complete. */
export const BASE_PROFILE_FIELDS = ['display_name', 'avatar_url', 'bio', 'phone', 'date_of_birth', 'city', 'country', 'languages'] as const;

export interface RoleDef {
  /** Stored and token role name. */
  readonly name: string;
  /** How people read the role, sentence case ("Life coach"). */
  readonly label: string;
  /** The portal the role works in ("user" is the apex). */
  readonly portal: PortalId;
  /** Provider roles earn money through Sojourn and may withdraw it. */
  readonly provider: boolean;
  /** Applied for by a user and granted by an admin (never admin or user). */
  readonly applicable: boolean;
  /** Profile fields the role needs beyond BASE_PROFILE_FIELDS. */
  readonly profile_fields: readonly string[];
}

/** Every role, in display order: provider roles, then the others (the same order as the Go registry). */
export const ROLE_DEFS = [
  { name: 'vendor', label: 'Vendor', portal: 'vendor', provider: true, applicable: true, profile_fields: ['business_name'] },
  { name: 'therapist', label: 'Therapist', portal: 'therapy', provider: true, applicable: true, profile_fields: ['licence_number', 'specialties'] },
  { name: 'coach', label: 'Life coach', portal: 'coach', provider: true, applicable: true, profile_fields: ['specialties'] },
  { name: 'tour_guide', label: 'Tour guide', portal: 'tour', provider: true, applicable: true, profile_fields: ['specialties'] },
  { name: 'car_rental', label: 'Car rental company', portal: 'car-rental', provider: true, applicable: true, profile_fields: ['business_name'] },
  { name: 'car_dealer', label: 'Car dealer', portal: 'car-dealer', provider: true, applicable: true, profile_fields: ['business_name', 'licence_number'] },
  { name: 'affiliate', label: 'Affiliate', portal: 'affiliate', provider: true, applicable: true, profile_fields: [] },
  { name: 'writer', label: 'Writer', portal: 'writer', provider: true, applicable: true, profile_fields: [] },
  { name: 'recruiter', label: 'Recruiter', portal: 'user', provider: true, applicable: true, profile_fields: [] },
  { name: 'admin', label: 'Administrator', portal: 'admin', provider: false, applicable: false, profile_fields: [] },
  { name: 'user', label: 'Member', portal: 'user', provider: false, applicable: false, profile_fields: [] },
] as const satisfies readonly RoleDef[];

type Def = (typeof ROLE_DEFS)[number];

/** Every role the API knows. Everyone has `user`. */
export type Role = Def['name'];
/** Roles that earn money through Sojourn (the policy's `provider` group). */
export type ProviderRole = Extract<Def, { provider: true }>['name'];
/** Roles a user applies for and an admin grants. */
export type ApplicableRole = Extract<Def, { applicable: true }>['name'];

const names = <R extends Role>(keep: (d: Def) => boolean) => ROLE_DEFS.filter(keep).map((d) => d.name as R);

export const ROLES: readonly Role[] = names((): boolean => true);
export const PROVIDER_ROLES: readonly ProviderRole[] = names((d) => d.provider);
export const APPLICABLE_ROLES: readonly ApplicableRole[] = names((d) => d.applicable);

/** A map from every role to one of its attributes. */
function byRole<V>(pick: (d: RoleDef) => V): Record<Role, V> {
  const out = {} as Record<Role, V>;
  for (const d of ROLE_DEFS) out[d.name] = pick(d);
  return out;
}

const byName = byRole((d) => d);

export const ROLE_LABELS = byRole((d) => d.label);

/** The portal where each role does its work (recruiters and members work in the user portal). */
export const ROLE_PORTAL = byRole((d) => d.portal);

/** The profile fields each role needs beyond BASE_PROFILE_FIELDS. */
export const ROLE_PROFILE_FIELDS = byRole((d) => d.profile_fields);

export function isRole(name: string): name is Role {
  return Object.hasOwn(byName, name);
}

export function isProviderRole(name: string): name is ProviderRole {
  return isRole(name) && byName[name].provider;
}

export function isApplicableRole(name: string): name is ApplicableRole {
  return isRole(name) && byName[name].applicable;
}

/** The role's label, or the name itself when the role is unknown (a newer API than this build). */
export function roleLabel(name: string): string {
  return isRole(name) ? byName[name].label : name;
}

/** The profile fields someone holding these roles must fill: the base fields, then each role's in registry order. */
export function requiredProfileFields(roles: readonly string[]): string[] {
  const req: string[] = [...BASE_PROFILE_FIELDS];
  for (const d of ROLE_DEFS) {
    if (!roles.includes(d.name)) continue;
    for (const f of d.profile_fields) if (!req.includes(f)) req.push(f);
  }
  return req;
}

/** The portals other than the user portal where these roles work, in registry order, each once. */
export function rolePortals(roles: readonly string[]): PortalId[] {
  const out: PortalId[] = [];
  for (const d of ROLE_DEFS) if (roles.includes(d.name) && d.portal !== 'user' && !out.includes(d.portal)) out.push(d.portal);
  return out;
}

/** Roles for display: provider roles first (alphabetically), the everyone-has-it "user" role last. */
export function sortRoles<R extends Role>(roles: readonly R[]): R[] {
  return [...roles].sort((a, b) => (a === 'user' ? 1 : b === 'user' ? -1 : a.localeCompare(b)));
}
