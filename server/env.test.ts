import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('runs with nothing set', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      BASE_URL: 'http://localhost:3000',
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('lists every problem at once', () => {
    try {
      loadEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        SMTP_URL: 'http://mail',
        AUTH_SECRET: 'short',
        GOOGLE_CLIENT_ID: 'id',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const problems = (error as EnvError).problems.join('\n');
      expect(problems).toContain('PORT');
      expect(problems).toContain('DATABASE_URL must start with postgres://');
      expect(problems).toContain('SMTP_URL must start with smtp://');
      expect(problems).toContain('AUTH_SECRET must be at least 32 characters');
      expect(problems).toContain('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together');
    }
  });

  it('wants both halves of a sign-in provider', () => {
    expect(() => loadEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
  });

  it('reaches Google and Apple at their own issuers unless told otherwise', () => {
    expect(loadEnv({})).toMatchObject({
      GOOGLE_ISSUER: 'https://accounts.google.com',
      APPLE_ISSUER: 'https://appleid.apple.com',
    });
    expect(loadEnv({ GOOGLE_ISSUER: 'http://127.0.0.1:9000/' }).GOOGLE_ISSUER).toBe('http://127.0.0.1:9000');
    expect(() => loadEnv({ APPLE_ISSUER: 'appleid' })).toThrow(/APPLE_ISSUER must be a full URL/);
  });

  it('derives BASE_URL from PORT and drops a trailing slash', () => {
    expect(loadEnv({ PORT: '4000' }).BASE_URL).toBe('http://localhost:4000');
    expect(loadEnv({ BASE_URL: 'https://lore.example.com/' }).BASE_URL).toBe('https://lore.example.com');
    expect(loadEnv({ BASE_URL: '' }).BASE_URL).toBe('http://localhost:3000');
  });

  describe('S3 file storage', () => {
    const s3 = {
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_BUCKET: 'lore',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    };

    it('is off with no S3 setting, and files stay in DATA_DIR', () => {
      const env = loadEnv({});
      expect([env.S3_BUCKET, env.S3_ENDPOINT, env.S3_FORCE_PATH_STYLE]).toEqual([undefined, undefined, false]);
    });

    it('takes an S3-compatible server, addressed by path and in us-east-1 unless told otherwise', () => {
      expect(loadEnv(s3)).toMatchObject({ ...s3, S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
      expect(loadEnv({ ...s3, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
        S3_REGION: 'eu-central-1',
        S3_FORCE_PATH_STYLE: false,
      });
    });

    it('takes Amazon S3 itself when there is no endpoint, in the region given', () => {
      const env = loadEnv({
        S3_BUCKET: 'lore',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 's',
        S3_REGION: 'eu-west-1',
      });
      expect([env.S3_ENDPOINT, env.S3_REGION, env.S3_FORCE_PATH_STYLE]).toEqual([undefined, 'eu-west-1', false]);
    });

    it('refuses to start with only part of the settings, naming what is missing', () => {
      expect(() => loadEnv({ S3_ENDPOINT: s3.S3_ENDPOINT, S3_BUCKET: 'lore' })).toThrow(
        'S3 file storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; missing: S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      );
      expect(() => loadEnv({ ...s3, S3_BUCKET: ' ' })).toThrow(/missing: S3_BUCKET$/m);
      expect(() => loadEnv({ S3_REGION: 'eu-west-1' })).toThrow(
        /missing: S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY$/m,
      );
      const { S3_ENDPOINT: _endpoint, ...amazon } = s3;
      expect(() => loadEnv(amazon)).toThrow('S3_REGION is required for Amazon S3 (when S3_ENDPOINT is unset)');
    });

    it('wants a full URL for the endpoint and a yes or no for path style', () => {
      expect(() => loadEnv({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT must be a full URL/);
      expect(() => loadEnv({ ...s3, S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(/S3_FORCE_PATH_STYLE/);
    });
  });
});
