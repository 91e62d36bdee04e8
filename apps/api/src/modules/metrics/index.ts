/** GET /metrics: the Prometheus text of the process, the requests, the job queue and the orders. */
export { metricsRoutes } from './routes';
