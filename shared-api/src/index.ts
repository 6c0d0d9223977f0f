export * from './session';
export * from './types';
export * from './http';
export * from './resources';
export * from './content-map';
export * from './wib-time';
