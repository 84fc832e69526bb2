export * from './cn';
export * from './countries';
export * from './format';
export * from './money';
export * from './portals';
export * from './roles';
export * from './timing';
