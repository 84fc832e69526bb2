import { RealtimeProvider, useRealtimeEvent } from '@sojourn/realtime';
import { reloadUser, useAuthStore } from '@sojourn/session';
import type { ReactNode } from 'react';

/**
 * The server ended this session (signed out elsewhere, suspended): check with the API, whose refusal to refresh signs
 * this tab out through the session's usual path.
 */
function SessionEndedWatcher() {
  useRealtimeEvent('session.ended', () => {
    void reloadUser().catch(() => undefined);
  });
  return null;
}

/** The tab's realtime connection, open while someone is signed in (the hooks of @sojourn/realtime work under it). */
export function SessionRealtime({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const userId = useAuthStore((s) => s.user?.id ?? null);
  return (
    <RealtimeProvider enabled={signedIn} identity={userId}>
      {signedIn ? <SessionEndedWatcher /> : null}
      {children}
    </RealtimeProvider>
  );
}
