import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      isProduction: false,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://landunits.example/',
      DATA_DIR: '/var/lib/landunits',
      DATABASE_URL: 'postgres://app@db:5432/landunits',
      SMTP_URL: 'smtps://user:pass@smtp.example:465',
      TRUST_PROXY: '1',
      LINK_SIGNING_SECRET: 'test-link-signing-secret-0123456789abcdef',
      FILE_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
    });
    expect(config).toMatchObject({
      isProduction: true,
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://landunits.example',
      dataDir: '/var/lib/landunits',
      databaseUrl: 'postgres://app@db:5432/landunits',
      smtpUrl: 'smtps://user:pass@smtp.example:465',
      trustProxy: 1,
    });
  });

  it('refuses production without SMTP, since /dev/mail does not exist there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL must be set in production/);
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number between 1 and 65535 \(got "abc"\)/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ PORT: '0' }, /PORT must be a whole number/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be development, production or test/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /DATABASE_URL must be a postgres:\/\/ URL/],
    [{ HOST: 'a b' }, /HOST must be a host name or IP address/],
  ])('names the bad variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('draws documents in as many threads as cores by default, and refuses more threads than cores or none', () => {
    const cores = availableParallelism();
    expect(loadConfig({}).pdfRenderThreads).toBe(cores);
    expect(loadConfig({ PDF_RENDER_THREADS: '1' }).pdfRenderThreads).toBe(1);
    for (const given of [String(cores + 1), '0']) {
      expect(() => loadConfig({ PDF_RENDER_THREADS: given })).toThrow(new RegExp(`PDF_RENDER_THREADS must be from 1 to ${cores} \\(the cores of this machine\\)`));
    }
    expect(() => loadConfig({ PDF_RENDER_THREADS: 'two' })).toThrow(/PDF_RENDER_THREADS must be a whole number of threads/);
  });

  it('reports every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'x', NODE_ENV: 'y' });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toHaveLength(2);
    }
  });
});
