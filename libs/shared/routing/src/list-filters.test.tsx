import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListFilters } from './list-filters';

function setup(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>;
  return renderHook(
    () => {
      const [params] = useSearchParams();
      const filters = useListFilters({ q: params.get('q') ?? '', status: params.get('status') ?? '', page: params.get('page') ?? '1' });
      return { params, ...filters };
    },
    { wrapper },
  );
}

describe('admin list filters in the address', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a filter over the current ones and drops the empty ones', () => {
    const { result } = setup('/users?q=ada&status=active&page=3');
    act(() => result.current.update({ status: '', page: '1' }));
    expect(result.current.params.toString()).toBe('q=ada&page=1');
  });
  it('sends the search text to q, back on page 1, 300 ms after typing stops', () => {
    vi.useFakeTimers();
    const { result } = setup('/payments?status=success&page=4');
    expect(result.current.search).toBe('');
    act(() => result.current.setSearch('PAY-1'));
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.params.get('q')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.params.toString()).toBe('q=PAY-1&status=success&page=1');
  });
});
