export * from './list-filters';
export * from './types';
export * from './wizard';
