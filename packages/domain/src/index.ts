export * from './routes';
export * from './navigation';
export * from './tracking';
export * from './errors';
export * from './format/format';
export * from './validation/field-errors';
export * from './validation/auth';
