export * from './cn';
export * from './countries';
export * from './format';
export * from './portals';
export * from './timing';
