/** The development tools: the mail viewer at /dev/mail and the clock of test mode (never in production). */
export { devClockRoutes } from './clock-routes';
export { devMailRoutes } from './routes';
