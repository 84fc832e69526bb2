/** The user portal's car pages (new addresses: the spec's dealer pages imply buyers). */
export const CARS_PATH = '/cars';
export const CAR_PATH = '/cars';
