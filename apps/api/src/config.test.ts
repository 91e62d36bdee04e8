import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTING_NAMES } from './config';
import { PUBLIC_URL_HTTPS, PUBLIC_URL_REQUIRED } from './config-production';
import { FILE_KEYS_REQUIRED } from './config-storage';
import { configProblems as problemsOf, PRODUCTION_SETTINGS as PRODUCTION } from './test/settings';

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

  it('reports every missing production setting in one go, beside any invalid value', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      PUBLIC_URL_REQUIRED,
      expect.stringMatching(/^SMTP_URL must be set/),
      FILE_KEYS_REQUIRED,
      expect.stringMatching(/^LINK_SIGNING_SECRET must be set/),
    ]);
    const withBadPort = problemsOf({ NODE_ENV: 'production', PORT: 'x', DEV_CLOCK: 'on' });
    expect(withBadPort).toHaveLength(6);
    expect(withBadPort[0]).toMatch(/^PORT must be a whole number/);
    expect(withBadPort).toContain(PUBLIC_URL_REQUIRED);
    expect(withBadPort).toContain("DEV_CLOCK cannot be on in production (it lets anyone move the app's clock)");
  });

  it('wants an https:// PUBLIC_URL in production, allows plain http on this machine or when PUBLIC_URL_ALLOW_HTTP=on, and then drops HTTPS-only', () => {
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://landunits.example' })).toEqual([PUBLIC_URL_HTTPS]);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'http://landunits.example', PUBLIC_URL_ALLOW_HTTP: 'off' })).toEqual([PUBLIC_URL_HTTPS]);
    expect(problemsOf({ ...PRODUCTION, PUBLIC_URL: 'HTTP://landunits.example' })).toEqual([PUBLIC_URL_HTTPS]);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://landunits.example' }).httpsOnly).toBe(true);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:3000' }).httpsOnly).toBe(true);
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://10.0.0.5:3000', PUBLIC_URL_ALLOW_HTTP: 'on' }).httpsOnly).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://landunits.example' }).httpsOnly).toBe(false);
    expect(problemsOf({ PUBLIC_URL_ALLOW_HTTP: 'yes' })).toEqual(['PUBLIC_URL_ALLOW_HTTP must be on or off (got "yes")']);
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

  it('is documented whole: README.md names every setting, and .env.example lists each one and loads as a production configuration', () => {
    const root = new URL('../../../', import.meta.url);
    const readme = readFileSync(new URL('README.md', root), 'utf8');
    const example = readFileSync(new URL('.env.example', root), 'utf8');
    expect(SETTING_NAMES.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    const lines = example.split('\n').flatMap((line) => {
      const match = /^(#? ?)([A-Z][A-Z0-9_]+)=(.*)$/.exec(line);
      return match ? [{ name: match[2] ?? '', value: match[3] ?? '', set: match[1] === '' }] : [];
    });
    expect(SETTING_NAMES.filter((name) => !lines.some((line) => line.name === name))).toEqual([]);
    expect(lines.map((line) => line.name).filter((name) => !SETTING_NAMES.includes(name))).toEqual([]);
    // Its set lines, with the two secrets filled in, are a configuration production accepts.
    const set = Object.fromEntries(lines.filter((line) => line.set).map((line) => [line.name, line.value]));
    expect(set).toMatchObject({ NODE_ENV: 'production', FILE_ENCRYPTION_KEYS: '', LINK_SIGNING_SECRET: '' });
    expect(problemsOf({ ...set, FILE_ENCRYPTION_KEYS: PRODUCTION.FILE_ENCRYPTION_KEYS ?? '', LINK_SIGNING_SECRET: PRODUCTION.LINK_SIGNING_SECRET ?? '' })).toEqual([]);
  });
});
