export * from './client';
export * from './migrate';
export * as schema from './schema';
export * from './schema';
