export * from './catalogue';
export * from './common';
