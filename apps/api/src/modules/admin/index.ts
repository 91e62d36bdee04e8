export { adminRoutes } from './routes';
export { registerMakerChecker, RECORD_OWNERS } from './maker-checker';
