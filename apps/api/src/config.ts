import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { HttpTimeouts } from './platform/http/connections';
import { isLoopbackHost, isLoopbackUrl } from './platform/http/loopback';
import { isPlainHttpElsewhere, productionProblems } from './config-production';
import { StorageEnv, storageConfig, type StorageConfig } from './config-storage';
import { StreamEnv, streamLimitsConfig } from './config-streams';
import { TracingEnv, tracingConfig, type TracingConfig } from './config-tracing';
import { DEFAULT_STREAM_LIMITS, type StreamLimits } from './platform/http/stream-limits';

/**
 * Every setting the API reads, validated once at boot. Nothing else reads process.env.
 * A bad value stops the start with a message naming the variable.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const PORT_MESSAGE = 'must be a whole number between 1 and 65535';

const milliseconds = () =>
  z
    .string()
    .regex(/^\d{3,7}$/, 'must be a whole number of milliseconds (100 to 9999999)')
    .transform(Number)
    .refine((n) => n >= 100, 'must be a whole number of milliseconds (100 to 9999999)');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { message: 'must be development, production or test' }).default('development'),
  PORT: z
    .string()
    .regex(/^\d{1,5}$/, PORT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, PORT_MESSAGE)
    .default(3000),
  HOST: z
    .string()
    .min(1, 'must not be empty')
    .regex(/^[\w.:-]+$/, 'must be a host name or IP address')
    .default('127.0.0.1'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as https://landunits.example' }).optional(),
  /** Production on a plain http:// address of another machine (a closed network without TLS): no Secure cookies, HSTS or upgrade-insecure-requests then. */
  PUBLIC_URL_ALLOW_HTTP: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  WEB_DIST_DIR: z.string().min(1, 'must not be empty').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3, 'must be an address such as "Land Units <no-reply@landunits.example>"').default('Land Units <no-reply@landunits.example>'),
  /** Where contact-form messages are emailed. */
  SUPPORT_EMAIL: z.email({ message: 'must be an email address such as support@landunits.example' }).default('support@landunits.example'),
  TRUST_PROXY: z
    .string()
    .regex(/^\d{1,2}$/, 'must be the number of proxies in front of the app (0 when none)')
    .transform(Number)
    .default(0),
  // Slow clients (docs/operations.md): a whole request, its headers, a kept-alive wait, a silent connection.
  HTTP_REQUEST_TIMEOUT_MS: milliseconds().default(60_000),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds().default(15_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds().default(5_000),
  HTTP_IDLE_TIMEOUT_MS: milliseconds().default(30_000),
  /** The /dev/mail viewer and the TEST MODE card payments: on by default only for a loopback PUBLIC_URL. */
  DEV_TOOLS: z.enum(['on', 'off'], { message: 'must be on or off' }).optional(),
  /** Browser tests: the app's clock is the system clock plus an offset moved by POST /api/dev/clock/advance. */
  DEV_CLOCK: z.enum(['1', '0', 'on', 'off'], { message: 'must be on or off' }).optional(),
  /** How many documents (statements, certificates, invoices) are drawn at once, each in a worker thread. */
  PDF_RENDER_THREADS: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number of threads (1 to the number of cores)')
    .transform(Number)
    .optional(),
  /** On SIGTERM, how long to go on serving while /readyz says draining, before connections close. */
  DRAIN_DELAY_MS: z
    .string()
    .regex(/^\d{1,5}$/, 'must be a whole number of milliseconds (0 to 60000)')
    .transform(Number)
    .refine((n) => n <= 60_000, 'must be a whole number of milliseconds (0 to 60000)')
    .default(0),
  JOBS_DUE_ORDERS_INTERVAL_MS: z
    .string()
    .regex(/^\d{2,7}$/, 'must be a whole number of milliseconds (10 to 9999999)')
    .transform(Number)
    .default(5_000),
  // Card payments (PRODUCT-DECISIONS §7): each provider is on when all of its keys are set.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  /** Where the Stripe library sends its calls (default Stripe's own API); a local stand-in in tests. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  SQUARE_ACCESS_TOKEN: z.string().min(10, 'must be a Square access token').optional(),
  SQUARE_APPLICATION_ID: z.string().min(5, 'must be a Square application id').optional(),
  SQUARE_LOCATION_ID: z.string().min(3, 'must be a Square location id').optional(),
  SQUARE_WEBHOOK_SIGNATURE_KEY: z.string().min(10, 'must be a Square webhook signature key').optional(),
  SQUARE_ENVIRONMENT: z.enum(['sandbox', 'production'], { message: 'must be sandbox or production' }).default('sandbox'),
  /** Where the Square library sends its calls (default from SQUARE_ENVIRONMENT); a local stand-in in tests. */
  SQUARE_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  /**
   * Crypto buys' coin prices from a rate provider with a CoinGecko-compatible API (its base, e.g.
   * https://api.coingecko.com/api/v3); unset: the price an admin sets in the money settings.
   */
  CRYPTO_RATES_URL: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  /** The rate provider's API key, if its plan needs one. */
  CRYPTO_RATES_API_KEY: z.string().min(8, "must be the rate provider's API key").max(200, "must be the rate provider's API key").optional(),
  /** Switches GET /metrics on, for requests carrying `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(24, 'must be 24 characters or more; make one with `openssl rand -base64 32`').optional(),
  /** Signs links that work without a session (one-click unsubscribe); 32 characters or more. */
  LINK_SIGNING_SECRET: z.string().min(32, 'must be 32 characters or more; make one with `openssl rand -base64 32`').optional(),
  ...StorageEnv,
  ...StreamEnv,
  ...TracingEnv,
});

/** The name of every setting the server reads (README.md's table and .env.example list each one). */
export const SETTING_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

/** Outside production only: a fixed secret, so links keep working across restarts of a development server. */
const DEV_LINK_SIGNING_SECRET = 'development-only-link-signing-secret-not-for-production';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Base URL of the Stripe API (null: Stripe's own). */
  apiUrl: string | null;
}

export interface SquareConfig {
  accessToken: string;
  applicationId: string;
  locationId: string;
  webhookSignatureKey: string;
  environment: 'sandbox' | 'production';
  /** Base URL of the Square API (null: from the environment). */
  apiUrl: string | null;
  /** The URL Square posts notifications to (part of what it signs): PUBLIC_URL + /api/webhooks/square. */
  notificationUrl: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  /**
   * Whether the site is served over HTTPS only: Secure cookies, HSTS and upgrade-insecure-requests.
   * In production, unless PUBLIC_URL_ALLOW_HTTP let a plain http:// address of another machine through.
   */
  httpsOnly: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  /** SMTP server for email; without it emails are kept for /dev/mail (refused in production). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the contact form's messages are emailed. */
  supportEmail: string;
  /** How many proxies add X-Forwarded-For in front of the app; 0 trusts none. */
  trustProxy: number;
  /** How often each instance looks for due orders (scheduled transfers, buy expiry, unlocks). */
  dueOrdersIntervalMs: number;
  /**
   * The development tools (/dev/mail and its API, TEST MODE card payments): never in production;
   * otherwise on when both PUBLIC_URL and HOST (the interface listened on) are loopback, or when
   * DEV_TOOLS=on (a staging site).
   */
  devTools: boolean;
  /**
   * DEV_CLOCK=on (browser tests only, refused in production): the app's clock is the system clock
   * plus an offset that POST /api/dev/clock/advance moves forward, so waits of minutes are instant.
   */
  devClock: boolean;
  /** How long slow clients may take before their connection is closed. */
  httpTimeouts: HttpTimeouts;
  /** PDF_RENDER_THREADS: documents drawn at once (worker threads), at most the cores; one per person at a time. */
  pdfRenderThreads: number;
  /** Card providers with their keys; null when not configured (the built-in test-mode form is used). */
  stripe: StripeConfig | null;
  square: SquareConfig | null;
  /** The crypto rate provider (CRYPTO_RATES_URL); null: the admin's coin prices. */
  cryptoRates: { url: string; apiKey: string | null } | null;
  /** Where files are kept (a folder under DATA_DIR, or an S3-compatible bucket) and their encryption keys. */
  storage: StorageConfig;
  /** On SIGTERM: serve on for this long while /readyz says draining (a load balancer's probes notice), then close. */
  drainDelayMs: number;
  /** The bearer token of GET /metrics; unset: /metrics answers 404. */
  metricsToken: string | undefined;
  /** The HMAC key of links that work without a session (unsubscribe links in optional emails). */
  linkSigningSecret: string;
  /**
   * Whether the marketing tracker may be on a private or loopback address (and on plain http to
   * 127.0.0.1/localhost): outside production only, for tests and local tools (decision 0031).
   */
  allowPrivateTrackerTargets: boolean;
  /** How many live streams may be open per session, per visitor (IP) and per instance. */
  streamLimits: StreamLimits;
  /** OpenTelemetry tracing from the OTEL_* settings (config-tracing.ts); null: off, nothing traced. */
  tracing: TracingConfig | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): Config {
  // Blank variables count as unset, so `PORT= npm start` uses the default.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  const missingInProduction = productionProblems(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const given = env[name];
      return `${name} ${issue.message}${given !== undefined ? ` (got ${JSON.stringify(given)})` : ''}`;
    });
    throw new ConfigError([...problems, ...missingInProduction]);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const config: Config = {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    httpsOnly: e.NODE_ENV === 'production' && !isPlainHttpElsewhere(publicUrl),
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    trustProxy: e.TRUST_PROXY,
    dueOrdersIntervalMs: e.JOBS_DUE_ORDERS_INTERVAL_MS,
    devTools: e.NODE_ENV !== 'production' && (e.DEV_TOOLS === 'on' || (e.DEV_TOOLS === undefined && isLoopbackUrl(publicUrl) && isLoopbackHost(e.HOST))),
    devClock: e.NODE_ENV !== 'production' && (e.DEV_CLOCK === 'on' || e.DEV_CLOCK === '1'),
    httpTimeouts: { requestMs: e.HTTP_REQUEST_TIMEOUT_MS, headersMs: e.HTTP_HEADERS_TIMEOUT_MS, keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS, idleMs: e.HTTP_IDLE_TIMEOUT_MS },
    pdfRenderThreads: e.PDF_RENDER_THREADS ?? availableParallelism(),
    stripe: null,
    square: null,
    cryptoRates: e.CRYPTO_RATES_URL ? { url: e.CRYPTO_RATES_URL, apiKey: e.CRYPTO_RATES_API_KEY ?? null } : null,
    storage: { s3: null, encryptionKeys: null },
    linkSigningSecret: e.LINK_SIGNING_SECRET ?? DEV_LINK_SIGNING_SECRET,
    metricsToken: e.METRICS_TOKEN,
    drainDelayMs: e.DRAIN_DELAY_MS,
    allowPrivateTrackerTargets: e.NODE_ENV !== 'production',
    streamLimits: DEFAULT_STREAM_LIMITS,
    tracing: null,
  };
  const problems: string[] = [];
  const group = (names: string[]) => {
    const set = names.filter((n) => present[n] !== undefined);
    if (set.length > 0 && set.length < names.length) problems.push(`${names.filter((n) => !set.includes(n)).join(', ')} must be set too (${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set)`);
    return set.length === names.length;
  };
  if (group(['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'])) {
    config.stripe = { secretKey: e.STRIPE_SECRET_KEY!, publishableKey: e.STRIPE_PUBLISHABLE_KEY!, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, apiUrl: e.STRIPE_API_URL ?? null };
  }
  if (group(['SQUARE_ACCESS_TOKEN', 'SQUARE_APPLICATION_ID', 'SQUARE_LOCATION_ID', 'SQUARE_WEBHOOK_SIGNATURE_KEY'])) {
    config.square = {
      accessToken: e.SQUARE_ACCESS_TOKEN!,
      applicationId: e.SQUARE_APPLICATION_ID!,
      locationId: e.SQUARE_LOCATION_ID!,
      webhookSignatureKey: e.SQUARE_WEBHOOK_SIGNATURE_KEY!,
      environment: e.SQUARE_ENVIRONMENT,
      apiUrl: e.SQUARE_API_URL ?? null,
      notificationUrl: `${publicUrl}/api/webhooks/square`,
    };
  }
  const cores = availableParallelism();
  if (config.pdfRenderThreads < 1 || config.pdfRenderThreads > cores)
    problems.push(`PDF_RENDER_THREADS must be from 1 to ${cores} (the cores of this machine): more threads than cores only slow every request (got ${config.pdfRenderThreads})`);
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) problems.push('HTTP_HEADERS_TIMEOUT_MS must not be more than HTTP_REQUEST_TIMEOUT_MS');
  config.storage = storageConfig(e, group, problems);
  config.streamLimits = streamLimitsConfig(e, problems);
  config.tracing = tracingConfig(e, problems);
  problems.push(...missingInProduction);
  if (problems.length) throw new ConfigError(problems);
  return config;
}

export function webBuildExists(config: Config): boolean {
  return existsSync(path.join(config.webDistDir, 'index.html'));
}
