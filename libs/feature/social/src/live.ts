import { useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { FRIEND_REQUEST_EVENT, FRIEND_UPDATED_EVENT, socialKeys } from './api';

/**
 * Keeps the friends screens current: a friend request or a change to a friendship pushed over the realtime
 * channel (either side's action, in another browser) refetches the lists at once; after a reconnect everything is
 * fetched again, since pushes sent while offline are not replayed.
 */
export function useLiveFriends() {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: socialKeys.all });
  };
  useRealtimeEvent(FRIEND_REQUEST_EVENT, refresh);
  useRealtimeEvent(FRIEND_UPDATED_EVENT, refresh);
  useOnResume(refresh);
}
