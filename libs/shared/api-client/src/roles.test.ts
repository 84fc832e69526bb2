import { APPLICABLE_ROLES, ROLES, type ApplicableRole, type Role } from '@sojourn/util';
import { describe, expectTypeOf, it } from 'vitest';
import type { components } from './generated/schema';

// The contract's role enums (api/openapi.yaml) name exactly the roles of the registry (libs/shared/util/src/roles.ts);
// `npm run typecheck` fails when they part.
describe('the contract’s roles', () => {
  it('are the registry’s roles', () => {
    expectTypeOf<components['schemas']['Role']>().toEqualTypeOf<Role>();
    expectTypeOf<components['schemas']['ApplicableRole']>().toEqualTypeOf<ApplicableRole>();
    expectTypeOf(ROLES).toEqualTypeOf<readonly components['schemas']['Role'][]>();
    expectTypeOf(APPLICABLE_ROLES).toEqualTypeOf<readonly components['schemas']['ApplicableRole'][]>();
  });
});
