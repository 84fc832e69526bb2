import { sessionApi, useAuthStore, useCompletenessStore } from '@sojourn/session';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountKeys, profileApi, roleApplicationsApi } from './api';

/** The signed-in account, kept fresh from the API and mirrored into the session store. */
export function useMe() {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const query = useQuery({ queryKey: accountKeys.me, queryFn: () => sessionApi.me().then((r) => r.user), enabled: signedIn });
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
  const query = useQuery({ queryKey: accountKeys.completeness, queryFn: () => sessionApi.completeness().then((r) => r.data), enabled });
  useEffect(() => {
    if (query.data) useCompletenessStore.getState().setCompleteness(query.data.completeness, query.data.missingFields);
  }, [query.data]);
  return query;
}

export function useMyApplications(enabled = true) {
  return useQuery({ queryKey: accountKeys.applications, queryFn: () => roleApplicationsApi.mine().then((r) => r.data), enabled });
}
