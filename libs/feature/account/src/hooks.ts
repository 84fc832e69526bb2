import { authApi, profileApi, roleApplicationsApi } from '@sojourn/api-client';
import { useAuthStore, useCompletenessStore } from '@sojourn/session';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';

export const accountKeys = {
  me: ['account', 'me'] as const,
  profile: ['account', 'profile'] as const,
  completeness: ['account', 'completeness'] as const,
  applications: ['account', 'role-applications'] as const,
};

/** The signed-in account, kept fresh from the API and mirrored into the session store. */
export function useMe() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const query = useQuery({ queryKey: accountKeys.me, queryFn: () => authApi.me().then((r) => r.user), enabled: signedIn });
  useEffect(() => {
    if (query.data) useAuthStore.getState().setUser(query.data);
  }, [query.data]);
  return query;
}

export function useProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: () => profileApi.get().then((r) => r.data) });
}

/** Profile completeness, mirrored into the completeness store (which drives the incomplete flag). */
export function useCompleteness(enabled = true) {
  const query = useQuery({ queryKey: accountKeys.completeness, queryFn: () => profileApi.completeness().then((r) => r.data), enabled });
  useEffect(() => {
    if (query.data) useCompletenessStore.getState().setCompleteness(query.data.completeness, query.data.missingFields);
  }, [query.data]);
  return query;
}

export function useMyApplications(enabled = true) {
  return useQuery({ queryKey: accountKeys.applications, queryFn: () => roleApplicationsApi.mine().then((r) => r.data), enabled });
}
