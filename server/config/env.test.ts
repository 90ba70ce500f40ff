import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('loadConfig', () => {
  it('has defaults that run on a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      sessionSecret: undefined,
      smtpUrl: undefined,
      mailFrom: 'Townhall <no-reply@localhost>',
      databasePoolMax: 10,
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://town.example.com/',
      DATA_DIR: '/var/lib/townhall',
      DATABASE_URL: 'postgres://u:p@db:5432/townhall',
      REDIS_URL: 'redis://cache:6379',
      SESSION_SECRET: 'a'.repeat(32),
      SMTP_URL: 'smtp://mail:587',
      MAIL_FROM: 'Town Hall <hello@town.example.com>',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      publicUrl: 'https://town.example.com',
      dataDir: '/var/lib/townhall',
      databaseUrl: 'postgres://u:p@db:5432/townhall',
      redisUrl: 'redis://cache:6379',
      sessionSecret: 'a'.repeat(32),
      smtpUrl: 'smtp://mail:587',
      mailFrom: 'Town Hall <hello@town.example.com>',
      logLevel: 'debug',
    });
  });

  it('reads the trusted proxies as a hop count or a list', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
  });

  it('sends e-mail from no-reply at the public host unless MAIL_FROM says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://town.example.com' }).mailFrom).toBe(
      'Townhall <no-reply@town.example.com>',
    );
    expect(loadConfig({ MAIL_FROM: 'hello@town.example.com' }).mailFrom).toBe('hello@town.example.com');
    expect(loadConfig({ MAIL_FROM: ' ' }).mailFrom).toBe('Townhall <no-reply@localhost>');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: ' ' }).databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a port number from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT: must be a port number from 0 to 65535'],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL: must be a URL like postgres://'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL: must be a URL like redis://'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be a URL like smtp://'],
    [{ PUBLIC_URL: 'town.example.com' }, 'PUBLIC_URL: must be a URL like https://'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET: must be at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL:'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM: must be an address like'],
    [{ MAIL_FROM: 'Town, Hall <a@town.example.com>' }, 'MAIL_FROM: must be an address like'],
    [{ MAIL_FROM: 'a@town.example.com, b@town.example.com' }, 'MAIL_FROM: must be an address like'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: must name the proxies'],
  ])('stops on a bad value and names it: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('Google sign-in configuration', () => {
  it('is off unless both the client id and the secret are set', () => {
    expect(loadConfig({}).google).toBeNull();
    expect(loadConfig({ GOOGLE_CLIENT_ID: ' ', GOOGLE_CLIENT_SECRET: '' }).google).toBeNull();
  });

  it("uses Google's issuer unless GOOGLE_ISSUER names another", () => {
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id.apps', GOOGLE_CLIENT_SECRET: 'shh' }).google).toEqual({
      clientId: 'id.apps',
      clientSecret: 'shh',
      issuer: 'https://accounts.google.com',
    });
    expect(
      loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'shh', GOOGLE_ISSUER: 'http://127.0.0.1:9000' }).google
        ?.issuer,
    ).toBe('http://127.0.0.1:9000');
  });

  it.each([
    [{ GOOGLE_CLIENT_ID: 'id' }, 'GOOGLE_CLIENT_SECRET: must be set when GOOGLE_CLIENT_ID is'],
    [{ GOOGLE_CLIENT_SECRET: 'shh' }, 'GOOGLE_CLIENT_ID: must be set when GOOGLE_CLIENT_SECRET is'],
    [{ GOOGLE_ISSUER: 'accounts.google.com' }, 'GOOGLE_ISSUER: must be an issuer URL like https://accounts.google.com'],
    [
      { GOOGLE_ISSUER: 'ftp://accounts.google.com' },
      'GOOGLE_ISSUER: must be an issuer URL like https://accounts.google.com',
    ],
  ])('stops on a half-done setup and names the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('S3 storage configuration', () => {
  const complete = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'townhall-images',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is off (local disk under DATA_DIR) when no S3 variable is set', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(loadConfig({ S3_BUCKET: ' ', S3_ENDPOINT: '' }).s3).toBeNull();
  });

  it('takes the bucket, keys and endpoint, with region us-east-1 and host-style addressing by default', () => {
    expect(loadConfig(complete).s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'townhall-images',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    const custom = loadConfig({ ...complete, S3_REGION: 'eu-west-3', S3_FORCE_PATH_STYLE: 'true' }).s3;
    expect(custom?.region).toBe('eu-west-3');
    expect(custom?.forcePathStyle).toBe(true);
    expect(loadConfig({ ...complete, S3_ENDPOINT: '' }).s3?.endpoint).toBeUndefined();
  });

  it.each([
    [{ S3_BUCKET: 'b' }, 'S3_ACCESS_KEY_ID: must be set when S3_BUCKET is'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET: must be set when S3_ENDPOINT is'],
    [{ ...complete, S3_SECRET_ACCESS_KEY: '' }, 'S3_SECRET_ACCESS_KEY: must be set when'],
    [{ S3_FORCE_PATH_STYLE: 'true' }, 'S3_BUCKET: must be set when S3_FORCE_PATH_STYLE is'],
    [{ ...complete, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE: must be true or false'],
    [{ ...complete, S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: must be a URL like'],
  ])('stops on a partial or bad S3 setup and names the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('metrics configuration', () => {
  it('is off unless METRICS_TOKEN or METRICS_PORT is set', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: ' ', METRICS_PORT: '' }).metrics).toEqual({
      token: undefined,
      port: undefined,
    });
  });

  it('takes a token, a port, or both', () => {
    const token = 'f'.repeat(16);
    expect(loadConfig({ METRICS_TOKEN: ` ${token} ` }).metrics).toEqual({ token, port: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 });
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({ token, port: 9464 });
  });

  it.each([
    [{ METRICS_TOKEN: 'fifteen-chars-x' }, 'METRICS_TOKEN: must be at least 16 characters'],
    [{ METRICS_TOKEN: 'sixteen chars ok' }, 'METRICS_TOKEN: must be printable ASCII without spaces'],
    [{ METRICS_TOKEN: 'sixteen-chars-é-ok' }, 'METRICS_TOKEN: must be printable ASCII without spaces'],
    [{ METRICS_PORT: 'abc' }, 'METRICS_PORT: must be a port number from 1 to 65535'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT: must be a port number from 1 to 65535'],
    [{ METRICS_PORT: '70000' }, 'METRICS_PORT: must be a port number from 1 to 65535'],
    [{ METRICS_PORT: '94.64' }, 'METRICS_PORT: must be a port number from 1 to 65535'],
    [{ METRICS_PORT: '3000' }, 'METRICS_PORT: must differ from PORT (3000)'],
    [{ PORT: '9464', METRICS_PORT: '9464' }, 'METRICS_PORT: must differ from PORT (9464)'],
  ])('stops on a bad metrics setting and names the variable: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('names a bad port once', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(
      /^Invalid configuration:\n {2}METRICS_PORT: must be a port number from 1 to 65535$/,
    );
  });
});
