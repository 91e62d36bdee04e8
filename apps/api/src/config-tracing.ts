import { z } from 'zod';

/**
 * The tracing settings (OpenTelemetry; decision 0043, docs/operations.md "Traces"), part of the one
 * configuration loaded by config.ts. The variables are the OpenTelemetry specification's own and
 * mean what it says, with one difference: tracing is off unless they ask for it.
 *
 * - `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none`: off, whatever else is set.
 * - `OTEL_TRACES_EXPORTER=otlp` or `console`: on.
 * - `OTEL_TRACES_EXPORTER` unset: on (otlp) when `OTEL_EXPORTER_OTLP_ENDPOINT` or
 *   `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set; otherwise off.
 */

export const SAMPLERS = ['parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio', 'always_on', 'always_off', 'traceidratio'] as const;
export type SamplerName = (typeof SAMPLERS)[number];

export const DEFAULT_SERVICE_NAME = 'landunits-api';
/** Where OTLP/HTTP sends traces when no endpoint is set (the specification's default). */
export const DEFAULT_OTLP_TRACES_URL = 'http://localhost:4318/v1/traces';

/** The specification reads enumerated values without regard to case. */
const choice = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(values, { message }));

export const TracingEnv = {
  OTEL_SDK_DISABLED: choice(['true', 'false'], 'must be true or false').optional(),
  OTEL_TRACES_EXPORTER: choice(['otlp', 'console', 'none'], 'must be otlp, console or none').optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://otel-collector:4318' }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL such as http://otel-collector:4318/v1/traces' }).optional(),
  // Checked in tracingConfig, so that a problem is reported without echoing a credential.
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1, 'must not be empty').max(200, 'must be 200 characters or fewer').optional(),
  OTEL_TRACES_SAMPLER: choice(SAMPLERS, `must be one of ${SAMPLERS.join(', ')}`).optional(),
  OTEL_TRACES_SAMPLER_ARG: z
    .string()
    .regex(/^\s*(?:\d+(?:\.\d*)?|\.\d+)\s*$/, 'must be a sampling ratio from 0 to 1, such as 0.25')
    .transform(Number)
    .refine((n) => n >= 0 && n <= 1, 'must be a sampling ratio from 0 to 1, such as 0.25')
    .optional(),
};

type TracingEnvValues = z.output<z.ZodObject<typeof TracingEnv>>;

export type TraceExporterSettings =
  /** OTLP over HTTP (protobuf) to a collector. */
  | { kind: 'otlp'; url: string; headers: Record<string, string> }
  /** Printed on standard output: a look during development (refused in production). */
  | { kind: 'console' };

export interface TracingConfig {
  exporter: TraceExporterSettings;
  /** `service.name` of every span. */
  serviceName: string;
  sampler: SamplerName;
  /** The share of traces the traceidratio samplers keep, 0 to 1 (OTEL_TRACES_SAMPLER_ARG; 1 by default). */
  ratio: number;
}

export const HEADERS_MESSAGE = 'OTEL_EXPORTER_OTLP_HEADERS must be a comma-separated list of name=value pairs, values URL-encoded (e.g. "authorization=Bearer%20…")';

/** Parses `name=value,name=value` (values percent-encoded, as the specification says); null when malformed. */
export function parseOtlpHeaders(value: string): Record<string, string> | null {
  const headers: Record<string, string> = {};
  for (const item of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const at = item.indexOf('=');
    const name = item.slice(0, at).trim();
    if (at < 1 || !/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return null;
    try {
      headers[name.toLowerCase()] = decodeURIComponent(item.slice(at + 1).trim());
    } catch {
      return null;
    }
  }
  return Object.keys(headers).length ? headers : null;
}

/** The traces URL: the signal's own endpoint as given, or `v1/traces` under the general one. */
function tracesUrl(e: TracingEnvValues): string {
  if (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  if (e.OTEL_EXPORTER_OTLP_ENDPOINT) return `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`;
  return DEFAULT_OTLP_TRACES_URL;
}

/** The tracing part of the configuration (null: off), adding any problem to `problems`. */
export function tracingConfig(e: TracingEnvValues, problems: string[]): TracingConfig | null {
  let headers: Record<string, string> = {};
  if (e.OTEL_EXPORTER_OTLP_HEADERS !== undefined) {
    const parsed = parseOtlpHeaders(e.OTEL_EXPORTER_OTLP_HEADERS);
    if (parsed) headers = parsed;
    else problems.push(HEADERS_MESSAGE);
  }
  if (e.OTEL_SDK_DISABLED === 'true') return null;
  const endpointSet = e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined;
  const kind = e.OTEL_TRACES_EXPORTER ?? (endpointSet ? 'otlp' : 'none');
  if (kind === 'none') return null;
  return {
    exporter: kind === 'otlp' ? { kind, url: tracesUrl(e), headers } : { kind },
    serviceName: e.OTEL_SERVICE_NAME ?? DEFAULT_SERVICE_NAME,
    sampler: e.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on',
    ratio: e.OTEL_TRACES_SAMPLER_ARG ?? 1,
  };
}
