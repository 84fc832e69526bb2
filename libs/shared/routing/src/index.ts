export * from './list-filters';
export * from './types';
