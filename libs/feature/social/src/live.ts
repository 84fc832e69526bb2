import { useOnResume, useRealtimeEvent } from '@sojourn/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { FEED_POST_EVENT, FRIEND_REQUEST_EVENT, FRIEND_UPDATED_EVENT, socialKeys } from './api';

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

/**
 * New posts announced while the feed is open: the count of distinct posts, and `show`, which loads them (the feed
 * refetched from its top) and clears the count. The list does not jump under the reader's eyes; they choose when.
 * After a reconnect the feed is simply refetched.
 */
export function useNewPosts(): { count: number; show: () => void } {
  const qc = useQueryClient();
  const [ids, setIds] = useState<string[]>([]);
  useRealtimeEvent(FEED_POST_EVENT, (d) => {
    const id = (d as { post_id?: unknown } | null)?.post_id;
    if (typeof id === 'string') setIds((cur) => (cur.includes(id) ? cur : [...cur, id]));
  });
  useOnResume(() => {
    void qc.invalidateQueries({ queryKey: socialKeys.feed });
  });
  const show = useCallback(() => {
    setIds([]);
    void qc.resetQueries({ queryKey: socialKeys.feed });
  }, [qc]);
  return { count: ids.length, show };
}
