import {
  typedClient,
  unwrap,
  type AdminUserUpdate,
  type ApplicationStatus,
  type ContactMessage,
  type ProfileUpdate,
} from '@sojourn/api-client';
import type { ApplicableRole, Role } from '@sojourn/util';

/**
 * The account calls of api/openapi.yaml (sign-up and sign-in, email and password, profile, role applications, the
 * admin's users and applications, the contact form), typed by the generated client. The session's own calls (who am
 * I, sign out, completeness) live in @sojourn/session.
 */
const api = () => typedClient(true);
const pub = () => typedClient(false);

export const authApi = {
  register: (body: { email: string; password: string; username: string }) => unwrap(pub().POST('/api/auth/register', { body })),
  login: (body: { email: string; password: string }) => unwrap(pub().POST('/api/auth/login', { body })),
  verifyEmail: (token: string) => unwrap(pub().POST('/api/auth/verify-email', { body: { token } })),
  resendVerification: () => unwrap(api().POST('/api/auth/verify-email/resend')),
  forgotPassword: (email: string) => unwrap(pub().POST('/api/auth/forgot-password', { body: { email } })),
  resetPassword: (token: string, password: string) => unwrap(pub().POST('/api/auth/reset-password', { body: { token, password } })),
  changePassword: (current_password: string, new_password: string) =>
    unwrap(api().POST('/api/auth/change-password', { body: { current_password, new_password } })),
};

export const profileApi = {
  get: () => unwrap(api().GET('/api/v1/profile')),
  update: (body: ProfileUpdate) => unwrap(api().PATCH('/api/v1/profile', { body })),
  uploadAvatar: (file: File) =>
    unwrap(
      api().POST('/api/v1/profile/avatar', {
        body: { avatar: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('avatar', file);
          return form;
        },
      }),
    ),
  removeAvatar: () => unwrap(api().DELETE('/api/v1/profile/avatar')),
};

export const roleApplicationsApi = {
  create: (role: ApplicableRole, details: Record<string, unknown>) =>
    unwrap(api().POST('/api/v1/role-applications', { body: { role, details: details as Record<string, never> } })),
  mine: () => unwrap(api().GET('/api/v1/role-applications/mine', { params: { query: { per_page: 100 } } })),
};

export interface AdminUserQuery {
  q?: string | undefined;
  role?: Role | undefined;
  status?: 'active' | 'suspended' | undefined;
  page?: number;
  per_page?: number;
}

export const adminAccountsApi = {
  applications: (query: { status?: ApplicationStatus; role?: ApplicableRole; user_id?: string; page?: number; per_page?: number }) =>
    unwrap(api().GET('/api/v1/admin/role-applications', { params: { query } })),
  approve: (id: string) => unwrap(api().POST('/api/v1/admin/role-applications/{id}/approve', { params: { path: { id } } })),
  reject: (id: string, reason: string) =>
    unwrap(api().POST('/api/v1/admin/role-applications/{id}/reject', { params: { path: { id } }, body: { reason } })),
  users: (query: AdminUserQuery) => unwrap(api().GET('/api/v1/admin/users', { params: { query } })),
  user: (id: string) => unwrap(api().GET('/api/v1/admin/users/{id}', { params: { path: { id } } })),
  updateUser: (id: string, body: AdminUserUpdate) => unwrap(api().PATCH('/api/v1/admin/users/{id}', { params: { path: { id } }, body })),
};

export type InboxState = 'open' | 'handled';

/** The admin's inbox of contact-form messages. */
export const adminContactApi = {
  messages: (query: { state?: InboxState | undefined; q?: string | undefined; cursor?: string | undefined; limit?: number }) =>
    unwrap(api().GET('/api/v1/admin/contact-messages', { params: { query } })),
  setHandled: (id: string, handled: boolean) =>
    unwrap(api().PATCH('/api/v1/admin/contact-messages/{id}', { params: { path: { id } }, body: { handled } })).then((r) => r.data),
};

export const contactApi = {
  send: (body: ContactMessage) => unwrap(pub().POST('/api/v1/contact', { body })),
};

/** react-query keys of the account screens. */
export const accountKeys = {
  me: ['account', 'me'] as const,
  profile: ['account', 'profile'] as const,
  completeness: ['account', 'completeness'] as const,
  applications: ['account', 'role-applications'] as const,
};

/** react-query keys of the admin's account screens. */
export const adminAccountKeys = {
  applications: (status: string, page: number) => ['admin', 'applications', status, page] as const,
  applicationsAll: ['admin', 'applications'] as const,
  users: (q: string, role: string, status: string, page: number) => ['admin', 'users', q, role, status, page] as const,
  usersAll: ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'user', id] as const,
  userApplications: (id: string) => ['admin', 'applications', 'user', id] as const,
  inbox: (state: string, q: string) => ['admin', 'inbox', state, q] as const,
  inboxAll: ['admin', 'inbox'] as const,
};
