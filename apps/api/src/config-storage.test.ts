import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { FILE_KEYS_REQUIRED_WITH_S3 } from './config-storage';
import { configProblems as problemsOf, PRODUCTION_SETTINGS } from './test/settings';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const BUCKET = { S3_BUCKET: 'land-units-files', S3_REGION: 'eu-west-2', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret-example-key' };
const S3 = { ...BUCKET, FILE_ENCRYPTION_KEYS: `k1:${KEY_A}` };
/** Production but for the file keys, the setting under test. */
const { FILE_ENCRYPTION_KEYS: _keys, ...PRODUCTION } = PRODUCTION_SETTINGS;

describe('storage settings', () => {
  it('keep files under DATA_DIR without S3 settings', () => {
    expect(loadConfig({}).storage).toEqual({ s3: null, encryptionKeys: null });
  });

  it('read a complete S3 configuration', () => {
    const config = loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true' });
    expect(config.storage.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-2',
      bucket: 'land-units-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret-example-key',
      forcePathStyle: true,
    });
    expect(loadConfig(S3).storage.s3).toMatchObject({ endpoint: null, forcePathStyle: false });
  });

  it('need encryption keys with S3 also outside production: every instance must read what the others encrypted', () => {
    expect(problemsOf(BUCKET)).toEqual([FILE_KEYS_REQUIRED_WITH_S3]);
  });

  it('refuse a partial S3 configuration, naming what is missing', () => {
    expect(problemsOf({ S3_BUCKET: 'land-units-files', S3_REGION: 'auto' })).toEqual(['S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too (S3_BUCKET, S3_REGION are set)']);
    expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:9000' })[0]).toMatch(/^S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY must be set too/);
    expect(problemsOf({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toEqual(['S3_FORCE_PATH_STYLE must be true or false (got "yes")']);
    expect(problemsOf({ ...S3, S3_SECRET_ACCESS_KEY: 'abc123' })).toEqual(['S3_SECRET_ACCESS_KEY must be a secret access key (8 characters or more)']);
  });

  it('read encryption keys in order, the first one for new objects', () => {
    const keys = loadConfig({ FILE_ENCRYPTION_KEYS: `2026b:${KEY_B}, 2026a:${KEY_A}` }).storage.encryptionKeys;
    expect(keys?.map((k) => k.id)).toEqual(['2026b', '2026a']);
    expect(keys?.[0]?.key).toEqual(Buffer.alloc(32, 2));
  });

  it.each([['no-colon'], [`short:${Buffer.alloc(16).toString('base64')}`], [`a:${KEY_A},a:${KEY_B}`], [`bad id:${KEY_A}`]])('refuse malformed encryption keys without echoing them: %s', (value) => {
    const problems = problemsOf({ FILE_ENCRYPTION_KEYS: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^FILE_ENCRYPTION_KEYS must be a comma-separated list of keyId:base64 keys/);
    expect(problems[0]).not.toContain(value);
  });

  it('require an encryption key in production', () => {
    expect(problemsOf(PRODUCTION)).toEqual([expect.stringMatching(/^FILE_ENCRYPTION_KEYS must be set in production \(identity documents/)]);
    expect(loadConfig({ ...PRODUCTION, FILE_ENCRYPTION_KEYS: `k1:${KEY_A}` }).storage.encryptionKeys).toHaveLength(1);
  });
});
