export * from './schemas';
export * from './office-hours';
