export { verificationAdminRoutes } from './admin-routes';
export { verificationPeriodicTasks, runPassportExpiry } from './passport-expiry';
