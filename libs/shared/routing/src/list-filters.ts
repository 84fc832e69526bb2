import { useContext, useEffect, useRef, useState } from 'react';
import { UNSAFE_DataRouterStateContext, useSearchParams } from 'react-router';

/**
 * The filters of a list page live in the address (?q=…&page=…), so a reload or a shared link shows the same
 * list. `current` are the page's filters as it read them; `update` writes some over them and drops the empty ones.
 * The search box's text reaches `q`, back on page 1, 300 ms after typing stops, unless the person has meanwhile
 * left for another page (a row they clicked): a late search must never pull them back to the list.
 */
export function useListFilters(current: { q: string; page: string; [filter: string]: string }) {
  const [, setParams] = useSearchParams();
  const update = (next: Record<string, string>) => {
    const merged = { ...current, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== '')), { replace: true });
  };
  const [search, setSearch] = useState(current.q);
  const timer = useRef<number | undefined>(undefined);
  // The navigation state of a data router (the portals'); a plain router (a component test) never has one pending.
  const navigating = (useContext(UNSAFE_DataRouterStateContext)?.navigation.state ?? 'idle') !== 'idle';
  useEffect(() => {
    timer.current = window.setTimeout(() => {
      if (search !== current.q) update({ q: search, page: '1' });
    }, 300);
    return () => window.clearTimeout(timer.current);
    // Only typing starts the wait; a change of the address (paging, a filter) must not restart it.
  }, [search]);
  useEffect(() => {
    if (navigating) window.clearTimeout(timer.current);
  }, [navigating]);
  return { update, search, setSearch };
}
