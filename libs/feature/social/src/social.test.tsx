import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const handlers = new Map<string, (data: unknown) => void>();
let resume: (() => void) | null = null;
vi.mock('@sojourn/realtime', () => ({
  useRealtimeEvent: (type: string, h: (data: unknown) => void) => handlers.set(type, h),
  useOnResume: (cb: () => void) => {
    resume = cb;
  },
}));

import { FRIEND_REQUEST_EVENT, FRIEND_UPDATED_EVENT, socialKeys, when } from './api';
import { useLiveFriends } from './live';

function Live() {
  useLiveFriends();
  return null;
}

describe('useLiveFriends', () => {
  beforeEach(() => {
    handlers.clear();
    resume = null;
  });

  it('refetches the social lists when a friend event arrives or the socket resumes', () => {
    const qc = new QueryClient();
    const spy = vi.spyOn(qc, 'invalidateQueries');
    render(
      <QueryClientProvider client={qc}>
        <Live />
      </QueryClientProvider>,
    );
    expect([...handlers.keys()].sort()).toEqual([FRIEND_REQUEST_EVENT, FRIEND_UPDATED_EVENT].sort());
    act(() => handlers.get(FRIEND_REQUEST_EVENT)?.({ id: 'r1' }));
    expect(spy).toHaveBeenCalledWith({ queryKey: socialKeys.all });
    spy.mockClear();
    act(() => handlers.get(FRIEND_UPDATED_EVENT)?.({ status: 'friends' }));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockClear();
    act(() => resume?.());
    expect(spy).toHaveBeenCalledTimes(1);
  });
});

describe('when', () => {
  const now = Date.parse('2026-03-02T12:00:00Z');
  it('says just now, minutes, hours and days, then the date', () => {
    expect(when('2026-03-02T11:59:40Z', now)).toBe('just now');
    expect(when('2026-03-02T11:55:00Z', now)).toMatch(/5 minutes ago/);
    expect(when('2026-03-02T09:00:00Z', now)).toMatch(/3 hours ago/);
    expect(when('2026-02-28T12:00:00Z', now)).toMatch(/2 days ago/);
    expect(when('2026-01-02T12:00:00Z', now)).toMatch(/2026/);
  });
});
