/** The user portal's tour addresses (the spec's). */
export const TOUR_PATHS = {
  search: '/booking/tour-guide',
  details: '/booking/tour-guide/tour-details',
  detailsAlias: '/booking/tour-guide/tourdetails',
  book: '/booking/tour-guide/OfferingDetails',
  calendar: '/user-calendar',
} as const;

export const detailsHref = (id: string) => `${TOUR_PATHS.details}?id=${encodeURIComponent(id)}`;
export const bookHref = (id: string, start?: string, travellers?: number) =>
  `${TOUR_PATHS.book}?id=${encodeURIComponent(id)}${start ? `&start=${encodeURIComponent(start)}` : ''}${travellers ? `&travellers=${travellers}` : ''}`;
