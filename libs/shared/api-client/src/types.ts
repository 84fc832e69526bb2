import type { components, paths } from './generated/schema';

/**
 * Shapes of the Sojourn API (api/openapi.yaml). The generated schema in ./generated follows the same contract. Roles
 * are typed by the role registry in @sojourn/util (roles.test.ts checks the contract names the same ones).
 */

/** Every error code the contract names, plus 'network' for a request that never got an answer. */
export type ErrorCode = components['schemas']['Error']['error']['code'] | 'network';

export interface ErrorEnvelope {
  error: {
    code: ErrorCode;
    message: string;
    request_id?: string;
    fields?: Record<string, string>;
  };
}

export type Profile = components['schemas']['Profile'] & { username?: string };
export type ProfileWithUsername = components['schemas']['ProfileWithUsername'];
export type Gender = Profile['gender'];

export type User = components['schemas']['User'];

export type LoginBody = components['schemas']['LoginResponse'];

export type Completeness = components['schemas']['Completeness'];

export type RoleApplication = components['schemas']['RoleApplication'];
export type ApplicationStatus = RoleApplication['status'];

export type PageMeta = components['schemas']['Meta'];

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export type AdminUserUpdate = NonNullable<paths['/api/v1/admin/users/{id}']['patch']['requestBody']>['content']['application/json'];

export type ContactMessage = components['schemas']['ContactInput'];
