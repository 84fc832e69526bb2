export * from './client';
export * from './errors';
export * from './idempotency';
export * from './typed-client';
export type { components, paths } from './generated/schema';
export type * from './types';
