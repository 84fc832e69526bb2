import { describe, expect, it } from 'vitest';
import { TOAST_OPTIONS, TOAST_TYPES } from './toasts';

describe('toast configuration', () => {
  it('matches the specification', () => {
    expect(TOAST_OPTIONS).toMatchObject({
      position: 'top-right',
      autoClose: 5000,
      limit: 20,
      closeOnClick: true,
      pauseOnHover: true,
      draggable: true,
      draggablePercent: 60,
    });
    expect(TOAST_TYPES).toEqual(['success', 'error', 'warning', 'info', 'default']);
  });
});
