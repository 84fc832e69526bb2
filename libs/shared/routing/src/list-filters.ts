import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The filters of a list page live in the address (?q=…&page=…), so a reload or a shared link shows the same
 * list. `current` are the page's filters as it read them; `update` writes some over them and drops the empty ones.
 * The search box's text reaches `q`, back on page 1, 300 ms after typing stops.
 */
export function useListFilters(current: { q: string; page: string; [filter: string]: string }) {
  const [, setParams] = useSearchParams();
  const update = (next: Record<string, string>) => {
    const merged = { ...current, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== '')), { replace: true });
  };
  const [search, setSearch] = useState(current.q);
  useEffect(() => {
    const t = window.setTimeout(() => {
      if (search !== current.q) update({ q: search, page: '1' });
    }, 300);
    return () => window.clearTimeout(t);
    // Only typing starts the wait; a change of the address (paging, a filter) must not restart it.
  }, [search]);
  return { update, search, setSearch };
}
