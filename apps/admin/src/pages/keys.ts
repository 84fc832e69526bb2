export const adminKeys = {
  applications: (status: string, page: number) => ['admin', 'applications', status, page] as const,
  applicationsAll: ['admin', 'applications'] as const,
  users: (q: string, role: string, status: string, page: number) => ['admin', 'users', q, role, status, page] as const,
  usersAll: ['admin', 'users'] as const,
};
