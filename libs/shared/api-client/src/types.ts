import type { Role } from '@sojourn/util';
import type { components } from './generated/schema';

/** Shapes of the Sojourn API (api/openapi.yaml). The generated schema in ./generated follows the same contract. */

export type ErrorCode =
  | 'validation_failed'
  | 'invalid_json'
  | 'unauthenticated'
  | 'invalid_credentials'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'rate_limited'
  | 'internal'
  | 'network';

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

export interface User {
  id: string;
  email: string;
  username: string;
  roles: Role[];
  status: 'active' | 'suspended';
  email_verified: boolean;
  created_at: string;
  profile: Profile;
}

export interface LoginBody {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  email: string;
  user: User;
}

export type Completeness = components['schemas']['Completeness'];

export type RoleApplication = components['schemas']['RoleApplication'];
export type ApplicationStatus = RoleApplication['status'];
export type ApplicableRole = components['schemas']['ApplicableRole'];

export type PageMeta = components['schemas']['Meta'];

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

export type ProfileUpdate = components['schemas']['ProfileUpdate'];

export interface AdminUserUpdate {
  status?: 'active' | 'suspended';
  roles?: Role[];
  reason?: string;
}

export interface ContactMessage {
  name: string;
  email: string;
  subject: string;
  message: string;
}
