import { request } from './client';
import { typedClient, unwrap } from './typed-client';
import type { AdminUserUpdate, ApplicableRole, ApplicationStatus, ContactMessage, LoginBody, Paged, ProfileUpdate, User } from './types';

const pub = { auth: false } as const;

export const authApi = {
  register: (body: { email: string; password: string; username: string }) =>
    request<LoginBody>('POST', '/api/auth/register', { ...pub, body }),
  login: (body: { email: string; password: string }) => request<LoginBody>('POST', '/api/auth/login', { ...pub, body }),
  logout: (refreshToken: string) =>
    request<void>('POST', '/api/auth/logout', { ...pub, body: { refresh_token: refreshToken } }),
  logoutAll: () => request<void>('POST', '/api/auth/logout-all'),
  me: () => request<{ user: User }>('GET', '/api/auth/user'),
  verifyEmail: (token: string) => request<{ user: User }>('POST', '/api/auth/verify-email', { ...pub, body: { token } }),
  resendVerification: () => request<void>('POST', '/api/auth/verify-email/resend'),
  forgotPassword: (email: string) => request<void>('POST', '/api/auth/forgot-password', { ...pub, body: { email } }),
  resetPassword: (token: string, password: string) =>
    request<void>('POST', '/api/auth/reset-password', { ...pub, body: { token, password } }),
  changePassword: (current_password: string, new_password: string) =>
    request<void>('POST', '/api/auth/change-password', { body: { current_password, new_password } }),
};

/** Profile and role-application calls go through the client generated from api/openapi.yaml. */
export const profileApi = {
  get: () => unwrap(typedClient().GET('/api/v1/profile')),
  update: (body: ProfileUpdate) => unwrap(typedClient().PATCH('/api/v1/profile', { body })),
  uploadAvatar: (file: File) =>
    unwrap(
      typedClient().POST('/api/v1/profile/avatar', {
        body: { avatar: file as unknown as string },
        bodySerializer: () => {
          const form = new FormData();
          form.append('avatar', file);
          return form;
        },
      }),
    ),
  removeAvatar: () => unwrap(typedClient().DELETE('/api/v1/profile/avatar')),
  completeness: () => unwrap(typedClient().GET('/api/v1/profile/completeness')),
};

export const roleApplicationsApi = {
  create: (role: ApplicableRole, details: Record<string, unknown>) =>
    unwrap(typedClient().POST('/api/v1/role-applications', { body: { role, details: details as Record<string, never> } })),
  mine: () => unwrap(typedClient().GET('/api/v1/role-applications/mine', { params: { query: { per_page: 100 } } })),
};

export interface AdminUserQuery {
  q?: string;
  role?: string;
  status?: string;
  page?: number;
  per_page?: number;
}

export const adminApi = {
  applications: (query: { status?: ApplicationStatus; role?: ApplicableRole; page?: number; per_page?: number }) =>
    unwrap(typedClient().GET('/api/v1/admin/role-applications', { params: { query } })),
  approve: (id: string) =>
    unwrap(typedClient().POST('/api/v1/admin/role-applications/{id}/approve', { params: { path: { id } } })),
  reject: (id: string, reason: string) =>
    unwrap(typedClient().POST('/api/v1/admin/role-applications/{id}/reject', { params: { path: { id } }, body: { reason } })),
  users: (query: AdminUserQuery) => request<Paged<User>>('GET', '/api/v1/admin/users', { query: { ...query } }),
  user: (id: string) => request<{ data: User }>('GET', `/api/v1/admin/users/${encodeURIComponent(id)}`),
  updateUser: (id: string, body: AdminUserUpdate) =>
    request<{ data: User }>('PATCH', `/api/v1/admin/users/${encodeURIComponent(id)}`, { body }),
};

export const contactApi = {
  send: (body: ContactMessage) => request<unknown>('POST', '/api/v1/contact', { ...pub, body }),
};
