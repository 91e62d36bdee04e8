export { dashboardRoutes } from './routes';
export { dashboardBundle } from './dashboard-bundle';
