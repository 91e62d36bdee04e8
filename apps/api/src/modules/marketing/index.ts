export { marketingRoutes } from './routes';
export { forwardTracking } from './forward-tracking';
export { forwardTrackingJob, FORWARD_TRACKING_KIND, type ForwardTrackingPayload } from './jobs';
export { analyticsMetaTag, analyticsScriptOrigin } from './show-analytics-script';
export { onMarketingSettingsChange, MARKETING_SETTINGS_KEY } from './store';

/** The job kinds of this module (app.ts hands them to the runner). */
import { forwardTrackingJob } from './jobs';
export const marketingJobs = [forwardTrackingJob];
