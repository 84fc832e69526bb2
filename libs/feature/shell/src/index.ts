export * from './config-context';
export * from './create-portal';
export * from './error-pages';
export { SignedInCard } from './portal-home';
