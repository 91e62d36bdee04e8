export * from './outcome';
export * from './states';
export * from './schemas';
