import { FILE_KEYS_REQUIRED } from './config-storage';
import { isLoopbackUrl } from './platform/http/loopback';

type Env = Record<string, string | undefined>;

export const PUBLIC_URL_REQUIRED = 'PUBLIC_URL must be set in production: the address people reach the site at, such as https://landunits.example (links in emails and on certificates use it)';
export const PUBLIC_URL_HTTPS =
  'PUBLIC_URL must start with https:// in production: sign-in cookies travel over HTTPS only, so signing in fails on http:// (set PUBLIC_URL_ALLOW_HTTP=on only on a closed network without TLS; the cookies then lose Secure)';

/** Whether PUBLIC_URL is a plain http:// address of another machine (browsers drop Secure cookies there; localhost is exempt). */
export function isPlainHttpElsewhere(publicUrl: string): boolean {
  return URL.canParse(publicUrl) && new URL(publicUrl).protocol === 'http:' && !isLoopbackUrl(publicUrl);
}

/**
 * What production needs that other environments do without, read from the raw variables so that
 * these are reported together with any invalid value (one start shows every problem).
 * `present` holds the variables that are set and not blank.
 */
export function productionProblems(present: Env): string[] {
  if (present.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!present.PUBLIC_URL) problems.push(PUBLIC_URL_REQUIRED);
  else if (isPlainHttpElsewhere(present.PUBLIC_URL.trim()) && present.PUBLIC_URL_ALLOW_HTTP !== 'on') problems.push(PUBLIC_URL_HTTPS);
  if (!present.SMTP_URL) problems.push('SMTP_URL must be set in production (emails cannot be kept for /dev/mail there)');
  if (!present.FILE_ENCRYPTION_KEYS) problems.push(FILE_KEYS_REQUIRED);
  if (!present.LINK_SIGNING_SECRET) problems.push('LINK_SIGNING_SECRET must be set in production (it signs unsubscribe links); make one with `openssl rand -base64 32`');
  if (present.DEV_CLOCK === 'on' || present.DEV_CLOCK === '1') problems.push("DEV_CLOCK cannot be on in production (it lets anyone move the app's clock)");
  if (present.DEV_TOOLS === 'on') problems.push('DEV_TOOLS cannot be on in production (the development tools hand out emails and test payments)');
  if (present.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'console' && present.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true')
    problems.push('OTEL_TRACES_EXPORTER cannot be console in production (every span would be printed into the log); send traces to a collector with otlp');
  return problems;
}
