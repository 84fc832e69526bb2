import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useSearchParams, type DataRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListFilters } from './list-filters';

type Hook = ReturnType<typeof useListFilters> & { params: URLSearchParams };

/** The hook on a list page of a data router, whose other page (`/users/:id`) loads slowly, as lazy pages do. */
function setup(url: string, releaseDetail?: Promise<void>) {
  const current: { hook?: Hook } = {};
  function ListPage() {
    const [params] = useSearchParams();
    const filters = useListFilters({ q: params.get('q') ?? '', status: params.get('status') ?? '', page: params.get('page') ?? '1' });
    current.hook = { params, ...filters };
    return null;
  }
  const router: DataRouter = createMemoryRouter(
    [
      { path: '/:list', element: <ListPage /> },
      { path: '/users/:id', loader: async () => (await releaseDetail, null), element: <p>detail</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return { router, get result() { return { current: current.hook! }; } };
}

describe('admin list filters in the address', () => {
  afterEach(() => vi.useRealTimers());

  it('writes a filter over the current ones and drops the empty ones', () => {
    const s = setup('/users?q=ada&status=active&page=3');
    act(() => s.result.current.update({ status: '', page: '1' }));
    expect(s.result.current.params.toString()).toBe('q=ada&page=1');
  });
  it('sends the search text to q, back on page 1, 300 ms after typing stops', () => {
    vi.useFakeTimers();
    const s = setup('/payments?status=success&page=4');
    expect(s.result.current.search).toBe('');
    act(() => s.result.current.setSearch('PAY-1'));
    act(() => vi.advanceTimersByTime(299));
    expect(s.result.current.params.get('q')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(s.result.current.params.toString()).toBe('q=PAY-1&status=success&page=1');
  });
  it('drops a pending search when the person opens a row, so the list never pulls them back', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const s = setup('/users?page=1', new Promise<void>((r) => (release = r)));
    act(() => s.result.current.setSearch('ad'));
    act(() => vi.advanceTimersByTime(100));
    act(() => void s.router.navigate('/users/42'));
    act(() => vi.advanceTimersByTime(400));
    await act(async () => release());
    expect(s.router.state.location.pathname).toBe('/users/42');
  });
});
