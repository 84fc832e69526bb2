import type { ToastContainerProps } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT, TOAST_LIMIT } from '@sojourn/util';

/** Toast behaviour fixed by the specification: top-right, 5 s, at most 20, close on click, pause on hover, drag 60%. */
export const TOAST_OPTIONS = {
  position: 'top-right',
  autoClose: TOAST_AUTO_CLOSE_MS,
  limit: TOAST_LIMIT,
  closeOnClick: true,
  pauseOnHover: true,
  draggable: true,
  draggablePercent: TOAST_DRAG_PERCENT * 100,
  newestOnTop: true,
} satisfies ToastContainerProps;

export const TOAST_TYPES = ['success', 'error', 'warning', 'info', 'default'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
