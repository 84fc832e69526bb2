export { AirportField, type AirportFieldProps } from './airport-field';
export { airportLabel, airportsApi, isAirportCode, shortName, useAirport, useAirportSearch, type Airport } from './api';
