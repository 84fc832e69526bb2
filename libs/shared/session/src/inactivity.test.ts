import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_KEY, isIdle, recordActivity, startInactivityMonitor } from './inactivity';

afterEach(() => vi.useRealTimers());

describe('inactivity logout', () => {
  it('is idle only after the timeout since the last activity in any tab', () => {
    recordActivity(1_000);
    expect(isIdle(1_000 + 29 * 60_000, 30 * 60_000)).toBe(false);
    expect(isIdle(1_000 + 30 * 60_000, 30 * 60_000)).toBe(true);
    // Another tab records activity through the shared localStorage key.
    localStorage.setItem(ACTIVITY_KEY, String(1_000 + 29 * 60_000));
    expect(isIdle(1_000 + 30 * 60_000, 30 * 60_000)).toBe(false);
  });

  it('signs out after the idle period and not while there is activity', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const stop = startInactivityMonitor({ timeoutMs: 60_000, onIdle, isActive: () => true });
    vi.advanceTimersByTime(45_000);
    window.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(45_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(30_000);
    expect(onIdle).toHaveBeenCalled();
    stop();
  });

  it('does nothing for a signed-out visitor', () => {
    vi.useFakeTimers();
    const onIdle = vi.fn();
    const stop = startInactivityMonitor({ timeoutMs: 60_000, onIdle, isActive: () => false });
    vi.advanceTimersByTime(10 * 60_000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });
});
