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
});
