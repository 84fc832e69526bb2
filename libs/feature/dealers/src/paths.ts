/** The user portal's car pages (new addresses: the spec's dealer pages imply buyers). */
export const CARS_PATH = '/cars';
export const CAR_PATH = '/cars';
/** The buyer's own reservations (a new address, beside the car pages). */
export const MY_RESERVATIONS_PATH = '/cars/reservations';
