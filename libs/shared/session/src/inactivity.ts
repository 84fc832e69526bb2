import { DEFAULT_INACTIVITY_MINUTES } from '@sojourn/util';

export const ACTIVITY_KEY = 'sojourn:last-activity';
const EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

export function inactivityTimeoutMs(): number {
  const env = (import.meta as ImportMeta & { env?: Record<string, string | undefined> }).env;
  const minutes = Number(env?.VITE_INACTIVITY_MINUTES ?? DEFAULT_INACTIVITY_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_INACTIVITY_MINUTES) * 60_000;
}

export function lastActivity(storage: Storage = localStorage): number {
  return Number(storage.getItem(ACTIVITY_KEY) ?? 0);
}

export function recordActivity(now = Date.now(), storage: Storage = localStorage): void {
  storage.setItem(ACTIVITY_KEY, String(now));
}

/** Idle when the last activity in *any* tab (shared through localStorage) is older than the timeout. */
export function isIdle(now: number, timeoutMs: number, storage: Storage = localStorage): boolean {
  const last = lastActivity(storage);
  return last > 0 && now - last >= timeoutMs;
}

let stop: (() => void) | null = null;

/**
 * Watch for activity in this tab and sign out after `timeoutMs` without activity in any tab. Returns a stop function;
 * starting twice keeps the first monitor.
 */
export function startInactivityMonitor(opts: { timeoutMs: number; onIdle: () => void; isActive: () => boolean }): () => void {
  if (stop) return stop;
  let lastWrite = 0;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastWrite > 5_000) {
      lastWrite = now;
      recordActivity(now);
    }
  };
  recordActivity();
  for (const ev of EVENTS) window.addEventListener(ev, onActivity, { passive: true });
  const timer = window.setInterval(() => {
    if (opts.isActive() && isIdle(Date.now(), opts.timeoutMs)) opts.onIdle();
  }, Math.min(15_000, Math.max(1_000, opts.timeoutMs / 4)));
  stop = () => {
    for (const ev of EVENTS) window.removeEventListener(ev, onActivity);
    window.clearInterval(timer);
    stop = null;
  };
  return stop;
}
