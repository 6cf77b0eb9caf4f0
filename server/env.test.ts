import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env.ts';

describe('readEnv', () => {
  it('gives a runnable default configuration with nothing set', () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_ON_START: true,
      isProduction: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('derives the public URL from the port and trims its trailing slash when given', () => {
    expect(readEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(readEnv({ PUBLIC_URL: 'https://www.example.cd/' }).PUBLIC_URL).toBe('https://www.example.cd');
  });

  it('treats empty strings as unset, as a copied .env.example leaves them', () => {
    expect(readEnv({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('refuses bad values and names every wrong variable', () => {
    let caught: unknown;
    try {
      readEnv({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short', SEED_ON_START: 'maybe' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    for (const name of ['PORT', 'DATABASE_URL', 'ADMIN_PASSWORD', 'SEED_ON_START']) {
      expect(message).toContain(name);
    }
  });

  it('keeps push services to public addresses by default, and takes only host names as push services', () => {
    expect(readEnv({}).PUSH_ALLOW_PRIVATE_ADDRESSES).toBe(false);
    expect(readEnv({ PUSH_ALLOW_PRIVATE_ADDRESSES: 'true' }).PUSH_ALLOW_PRIVATE_ADDRESSES).toBe(true);
    expect(readEnv({ PUSH_SERVICE_HOSTS: ' FCM.googleapis.com , 127.0.0.1' }).PUSH_SERVICE_HOSTS).toEqual([
      'fcm.googleapis.com',
      '127.0.0.1',
    ]);
    for (const hosts of [
      '127.0.0.1;.fcm.googleapis.com',
      'fcm.googleapis.com.',
      'user@fcm.googleapis.com',
      '[::1]',
    ]) {
      expect(() => readEnv({ PUSH_SERVICE_HOSTS: hosts }), hosts).toThrow(/PUSH_SERVICE_HOSTS/);
    }
  });

  it('keeps raw audience events 90 days, gives the beacons 2 connections and 120 beacons a minute per visitor', () => {
    expect(readEnv({})).toMatchObject({
      AUDIENCE_RETENTION_DAYS: 90,
      AUDIENCE_POOL_SIZE: 2,
      AUDIENCE_RATE_LIMIT: 120,
    });
    expect(
      readEnv({ AUDIENCE_RETENTION_DAYS: '30', AUDIENCE_POOL_SIZE: '4', AUDIENCE_RATE_LIMIT: '600' }),
    ).toMatchObject({ AUDIENCE_RETENTION_DAYS: 30, AUDIENCE_POOL_SIZE: 4, AUDIENCE_RATE_LIMIT: 600 });
    for (const [name, value] of [
      ['AUDIENCE_RETENTION_DAYS', '0'],
      ['AUDIENCE_POOL_SIZE', '0'],
      ['AUDIENCE_RATE_LIMIT', 'beaucoup'],
    ]) {
      expect(() => readEnv({ [name as string]: value as string }), name).toThrow(name);
    }
  });

  it('runs several server processes only on PostgreSQL, and says why otherwise', () => {
    expect(readEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(
      readEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://localhost/agence' }).WEB_CONCURRENCY,
    ).toBe(2);
    expect(() => readEnv({ WEB_CONCURRENCY: '2' })).toThrow(
      /WEB_CONCURRENCY: several processes need DATABASE_URL \(PostgreSQL\)/,
    );
    expect(() => readEnv({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://localhost/agence' })).toThrow(
      /WEB_CONCURRENCY/,
    );
  });
});
