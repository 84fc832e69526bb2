import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { backTarget, useRouteStore } from './route-store';

/** "Back" that goes to the saved previous route when there is one, else to `fallback`. */
export function useBackNavigation(fallback = '/'): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    navigate(backTarget(useRouteStore.getState(), fallback));
  }, [navigate, fallback]);
}
