export { emailChangeRoutes } from './routes';
export { emailChangeFrom, emailChangeRowsQuery, type EmailChangeBundleRow } from './dashboard-fragment';
export { emailChangeHistoryOf } from './history';
