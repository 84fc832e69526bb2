/** Constants fixed by the product specification (seed spec section 9). */
export const TOAST_AUTO_CLOSE_MS = 5000;
export const TOAST_LIMIT = 20;
export const TOAST_DRAG_PERCENT = 0.6;
export const SCROLL_ANIMATION_MS = 1000;
export const PAGE_TRANSITION_MS = 100;
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
export const DEFAULT_INACTIVITY_MINUTES = 30;
export const PROFILE_COMPLETE = 100;

/** Smoothly scroll the window to `top` over SCROLL_ANIMATION_MS (ease-in-out), honouring reduced motion. */
export function animateScrollTo(top = 0, duration = SCROLL_ANIMATION_MS): void {
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const start = window.scrollY;
  if (reduce || duration <= 0 || start === top) {
    window.scrollTo(0, top);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / duration);
    const eased = p < 0.5 ? 2 * p * p : 1 - Math.pow(-2 * p + 2, 2) / 2;
    window.scrollTo(0, start + (top - start) * eased);
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
