export { marketingRoutes } from './routes';
export { forwardTracking, forwardTrackingJob, FORWARD_TRACKING_KIND, type ForwardTrackingPayload } from './forward-tracking';
export { analyticsMetaTag, analyticsScriptOrigin } from './analytics-script';
export { onMarketingSettingsChange, MARKETING_SETTINGS_KEY } from './marketing-settings';

/** The job kinds of this module (app.ts hands them to the runner). */
import { forwardTrackingJob } from './forward-tracking';
export const marketingJobs = [forwardTrackingJob];
