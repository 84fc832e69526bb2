import type { User } from '@sojourn/api-client';
import type { Role } from '@sojourn/util';

export { ROLE_LABELS, formatDate } from '@sojourn/util';
export type { Role } from '@sojourn/util';

export function hasRoleIn(user: User | null, role: Role): boolean {
  return Boolean(user?.roles.includes(role));
}
