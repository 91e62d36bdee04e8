import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { DEFAULT_OTLP_TRACES_URL, HEADERS_MESSAGE, parseOtlpHeaders } from './config-tracing';
import { configProblems as problemsOf, PRODUCTION_SETTINGS as PRODUCTION } from './test/settings';

const tracing = (env: Record<string, string>) => loadConfig(env).tracing;

describe('tracing settings (OTEL_*)', () => {
  it('are off by default, and with only the settings that do not ask for an exporter', () => {
    expect(tracing({})).toBeNull();
    expect(tracing({ OTEL_SERVICE_NAME: 'shop', OTEL_TRACES_SAMPLER: 'always_on', OTEL_EXPORTER_OTLP_HEADERS: 'x-key=1' })).toBeNull();
    expect(tracing({ OTEL_TRACES_EXPORTER: '' })).toBeNull();
  });

  it('switch on with an OTLP endpoint: the traces path is added to the general one, the traces endpoint is used as given', () => {
    expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' })).toEqual({
      exporter: { kind: 'otlp', url: 'http://otel-collector:4318/v1/traces', headers: {} },
      serviceName: 'landunits-api',
      sampler: 'parentbased_always_on',
      ratio: 1,
    });
    expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.example/otlp/' })?.exporter).toMatchObject({ url: 'https://collector.example/otlp/v1/traces' });
    expect(tracing({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example/ingest' })?.exporter).toMatchObject({
      url: 'https://traces.example/ingest',
    });
  });

  it('switch on with OTEL_TRACES_EXPORTER=otlp (to the local collector by default) or console; none, or OTEL_SDK_DISABLED=true, keeps them off', () => {
    expect(tracing({ OTEL_TRACES_EXPORTER: 'otlp' })?.exporter).toEqual({ kind: 'otlp', url: DEFAULT_OTLP_TRACES_URL, headers: {} });
    expect(DEFAULT_OTLP_TRACES_URL).toBe('http://localhost:4318/v1/traces');
    expect(tracing({ OTEL_TRACES_EXPORTER: 'Console' })?.exporter).toEqual({ kind: 'console' });
    expect(tracing({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' })).toBeNull();
    expect(tracing({ OTEL_SDK_DISABLED: 'TRUE', OTEL_TRACES_EXPORTER: 'otlp' })).toBeNull();
    expect(tracing({ OTEL_SDK_DISABLED: 'false', OTEL_TRACES_EXPORTER: 'otlp' })).not.toBeNull();
  });

  it('read the service name, the sampler and its ratio, and the headers sent to the collector', () => {
    expect(
      tracing({
        OTEL_TRACES_EXPORTER: 'otlp',
        OTEL_SERVICE_NAME: 'landunits-api-eu',
        OTEL_TRACES_SAMPLER: 'ParentBased_TraceIdRatio',
        OTEL_TRACES_SAMPLER_ARG: '0.25',
        OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20abc%3D%3D, x-team = land',
      }),
    ).toEqual({
      exporter: { kind: 'otlp', url: DEFAULT_OTLP_TRACES_URL, headers: { authorization: 'Bearer abc==', 'x-team': 'land' } },
      serviceName: 'landunits-api-eu',
      sampler: 'parentbased_traceidratio',
      ratio: 0.25,
    });
    expect(parseOtlpHeaders('a=1,,b=two')).toEqual({ a: '1', b: 'two' });
    for (const bad of ['novalue', '=1', 'a b=1', 'a=%E0%A4%A', ',']) expect(parseOtlpHeaders(bad)).toBeNull();
  });

  it.each([
    [{ OTEL_TRACES_EXPORTER: 'jaeger' }, 'OTEL_TRACES_EXPORTER must be otlp, console or none (got "jaeger")'],
    [{ OTEL_SDK_DISABLED: 'yes' }, 'OTEL_SDK_DISABLED must be true or false (got "yes")'],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4318' }, 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://otel-collector:4318 (got "otel-collector:4318")'],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'grpc://otel:4317' }, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s) URL such as http://otel-collector:4318/v1/traces (got "grpc://otel:4317")'],
    [{ OTEL_TRACES_SAMPLER: 'xray' }, /^OTEL_TRACES_SAMPLER must be one of parentbased_always_on, .*traceidratio \(got "xray"\)$/],
    [{ OTEL_TRACES_SAMPLER_ARG: '1.5' }, 'OTEL_TRACES_SAMPLER_ARG must be a sampling ratio from 0 to 1, such as 0.25 (got "1.5")'],
    [{ OTEL_TRACES_SAMPLER_ARG: 'ten percent' }, 'OTEL_TRACES_SAMPLER_ARG must be a sampling ratio from 0 to 1, such as 0.25 (got "ten percent")'],
    [{ OTEL_SERVICE_NAME: ' ' }, 'OTEL_SERVICE_NAME must not be empty (got " ")'],
  ])('names a bad value: %o', (env, message) => {
    expect(problemsOf(env)).toEqual([typeof message === 'string' ? message : expect.stringMatching(message)]);
  });

  it('reports bad headers without repeating them, since they carry credentials', () => {
    const problems = problemsOf({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_HEADERS: 'api-key secret-123' });
    expect(problems).toEqual([HEADERS_MESSAGE]);
    expect(problems.join()).not.toContain('secret-123');
  });

  it('are reported together with the missing production settings, and production refuses the console exporter', () => {
    const problems = problemsOf({ NODE_ENV: 'production', OTEL_TRACES_EXPORTER: 'zipkin', OTEL_TRACES_SAMPLER_ARG: '2' });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^OTEL_TRACES_EXPORTER must be otlp/),
        expect.stringMatching(/^OTEL_TRACES_SAMPLER_ARG must be/),
        expect.stringMatching(/^SMTP_URL must be set in production/),
      ]),
    );
    expect(problemsOf({ ...PRODUCTION, OTEL_TRACES_EXPORTER: 'console' })).toEqual([expect.stringMatching(/^OTEL_TRACES_EXPORTER cannot be console in production/)]);
    expect(problemsOf({ ...PRODUCTION, OTEL_TRACES_EXPORTER: 'console', OTEL_SDK_DISABLED: 'true' })).toEqual([]);
    expect(loadConfig({ ...PRODUCTION, OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' }).tracing?.exporter).toMatchObject({ kind: 'otlp' });
  });
});
