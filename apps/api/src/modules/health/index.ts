/** Liveness, readiness (every dependency checked, draining on shutdown) and the health answer. */
export { Readiness } from './readiness';
export { healthRoutes } from './routes';
