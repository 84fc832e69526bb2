import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CursorList, cursorQuery, type CursorQueryState } from './cursor-list';

type Row = { id: string; name: string };

function state(over: Partial<CursorQueryState<Row>>): CursorQueryState<Row> {
  return {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    ...over,
  };
}

const list = (q: CursorQueryState<Row>) =>
  render(
    <CursorList query={q} rowKey={(r) => r.id} empty={{ title: 'No trips yet' }} noun={['trip', 'trips']}>
      {(r) => <span>{r.name}</span>}
    </CursorList>,
  );

describe('CursorList', () => {
  it('shows the empty state when the first page has no rows', () => {
    list(state({ data: { pages: [{ data: [], meta: { next_cursor: null } }] } }));
    expect(screen.getByText('No trips yet')).toBeTruthy();
  });

  it('shows the error with a retry that refetches', async () => {
    const q = state({ isError: true, error: new Error('The server is down') });
    list(q);
    expect(screen.getByRole('alert').textContent).toContain('The server is down');
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(q.refetch).toHaveBeenCalledOnce();
  });

  it('lists the rows of every page and asks for the next one', async () => {
    const q = state({
      data: { pages: [{ data: [{ id: '1', name: 'Lagos' }], meta: { next_cursor: 'c1' } }, { data: [{ id: '2', name: 'Accra' }], meta: { next_cursor: 'c2' } }] },
      hasNextPage: true,
    });
    list(q);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Lagos', 'Accra']);
    await userEvent.click(screen.getByRole('button', { name: /load more/i }));
    expect(q.fetchNextPage).toHaveBeenCalledOnce();
  });

  it('builds infinite-query options that follow next_cursor', async () => {
    const fetchPage = vi.fn(async (cursor: string | undefined) => ({ data: [cursor ?? 'first'], meta: { next_cursor: cursor ? null : 'c1' } }));
    const o = cursorQuery(['k'], fetchPage);
    const first = await o.queryFn({ pageParam: o.initialPageParam });
    expect(first.data).toEqual(['first']);
    expect(o.getNextPageParam(first)).toBe('c1');
    expect(o.getNextPageParam(await o.queryFn({ pageParam: 'c1' }))).toBeUndefined();
  });
});
