import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PORTALS } from './portals';
import {
  APPLICABLE_ROLES,
  BASE_PROFILE_FIELDS,
  PORTAL_IDS,
  PROVIDER_ROLES,
  ROLES,
  ROLE_DEFS,
  ROLE_LABELS,
  ROLE_PORTAL,
  ROLE_PROFILE_FIELDS,
  isApplicableRole,
  isProviderRole,
  requiredProfileFields,
  roleLabel,
  rolePortals,
  sortRoles,
} from './roles';

interface RegistryJson {
  base_profile_fields: string[];
  portals: string[];
  roles: { name: string; label: string; portal: string; provider: boolean; applicable: boolean; profile_fields: string[] }[];
}

// Written by the Go registry (api/internal/platform/roledef); roledef_test.go keeps it in step with the Go code.
const registry = JSON.parse(readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../../api/roles.json'), 'utf8')) as RegistryJson;

describe('the role registry', () => {
  it('is exactly the Go registry in api/roles.json', () => {
    expect({ base_profile_fields: BASE_PROFILE_FIELDS, portals: PORTAL_IDS, roles: ROLE_DEFS }).toStrictEqual(registry);
  });

  it('derives every list and map from the one table', () => {
    expect(ROLES).toEqual(registry.roles.map((r) => r.name));
    expect(PROVIDER_ROLES).toEqual(registry.roles.filter((r) => r.provider).map((r) => r.name));
    expect(APPLICABLE_ROLES).toEqual(registry.roles.filter((r) => r.applicable).map((r) => r.name));
    for (const r of registry.roles) {
      expect(ROLE_LABELS[r.name as keyof typeof ROLE_LABELS]).toBe(r.label);
      expect(ROLE_PORTAL[r.name as keyof typeof ROLE_PORTAL]).toBe(r.portal);
      expect(ROLE_PROFILE_FIELDS[r.name as keyof typeof ROLE_PROFILE_FIELDS]).toEqual(r.profile_fields);
      expect(isProviderRole(r.name)).toBe(r.provider);
      expect(isApplicableRole(r.name)).toBe(r.applicable);
    }
    expect(isProviderRole('provider')).toBe(false);
    expect(roleLabel('coach')).toBe('Life coach');
    expect(roleLabel('astronaut')).toBe('astronaut');
  });

  it('describes every portal, and each portal guarded by a role is where that role works', () => {
    expect(Object.keys(PORTALS)).toEqual([...PORTAL_IDS]);
    for (const id of PORTAL_IDS) {
      const role = PORTALS[id].role;
      if (role) expect(ROLE_PORTAL[role]).toBe(id);
      else expect(id).toBe('user');
    }
  });

  it('requires the base fields, then each held role’s fields once, in registry order', () => {
    expect(requiredProfileFields(['user'])).toEqual([...BASE_PROFILE_FIELDS]);
    expect(requiredProfileFields(['user', 'car_dealer', 'therapist'])).toEqual([...BASE_PROFILE_FIELDS, 'licence_number', 'specialties', 'business_name']);
  });

  it('lists the provider portals of a set of roles, never the user portal', () => {
    expect(rolePortals(['user', 'recruiter'])).toEqual([]);
    expect(rolePortals(['writer', 'user', 'vendor', 'admin'])).toEqual(['vendor', 'writer', 'admin']);
  });

  it('sorts roles for display with "user" last', () => {
    expect(sortRoles(['user', 'writer', 'coach'])).toEqual(['coach', 'writer', 'user']);
  });
});
