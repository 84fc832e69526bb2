/** The user portal's events pages. */
export const EVENTS_PATH = '/events';
export const WEEK_PATH = '/event';
export const MY_TICKETS_PATH = '/my-tickets';
export const eventHref = (id: string) => `${EVENTS_PATH}/${encodeURIComponent(id)}`;
