import type { ComponentType } from 'react';

/** What the live room needs of a video call: the room of this round's date and the partner's name. */
export interface DateCallProps {
  roomId: string;
  partnerName: string;
}

/** Loads the call component (the portal passes the video feature's, so this feature never imports another feature). */
export type DateCallLoader = () => Promise<{ default: ComponentType<DateCallProps> }>;

let loader: DateCallLoader | null = null;

export function setDateCallLoader(l: DateCallLoader | undefined): void {
  loader = l ?? null;
}

export function dateCallLoader(): DateCallLoader | null {
  return loader;
}
