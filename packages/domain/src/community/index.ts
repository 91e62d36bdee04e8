export * from './questions';
export * from './agents';
