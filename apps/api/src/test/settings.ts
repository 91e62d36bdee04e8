import { ConfigError, loadConfig } from '../config';

/** Every setting a production start needs, valid: the tests of one setting spread it and change that one. */
export const PRODUCTION_SETTINGS: Readonly<Record<string, string>> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://landunits.example',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  LINK_SIGNING_SECRET: 'test-link-signing-secret-0123456789abcdef',
  FILE_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
};

/** The problems loadConfig reports for `env`, in its order; none when it loads. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}
