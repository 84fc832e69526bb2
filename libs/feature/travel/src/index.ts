// The travel area of the user portal: flights and stays through the travel supplier (Duffel), the airport
// autocomplete, and trips tying a journey's bookings together. Each part lives in its own folder (api.ts, paths.ts,
// pages) and is exported here.
export * from './airports';
export * from './flights';
export * from './trips';
export * from './stays';
