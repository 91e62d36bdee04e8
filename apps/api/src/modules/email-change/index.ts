export { emailChangeRoutes } from './routes';
export { emailChangeFrom, emailChangeRowsQuery, type EmailChangeBundleRow } from './dashboard-fragment';
export { emailChangeQueueSummary } from './queue-summary';
export { emailChangeHistoryOf } from './history';
export { emailChangeRequesterOf } from './requester';
export { emailChangeStoredFiles } from './stored-files';
