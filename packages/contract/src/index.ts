export * from './cart';
export * from './catalogue';
export * from './common';
export * from './identity';
