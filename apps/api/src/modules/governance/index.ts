export { governanceRoutes } from './routes';
export { governanceJobs, governancePeriodicTasks } from './jobs';
export { seedDemoGovernance } from './seed';
