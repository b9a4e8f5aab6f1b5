import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('defaults to port 3000, SQLite in ./data and the free plan', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.plan).toBe('free');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/mealplan',
      DATABASE_URL: 'postgres://u@h/db',
      SMTP_URL: 'smtp://mail:25',
      MAIL_FROM: 'Plan <plan@example.com>',
      PUBLIC_URL: 'https://plan.example.com/',
      PLAN: 'pro',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/mealplan',
      databaseUrl: 'postgres://u@h/db',
      smtpUrl: 'smtp://mail:25',
      mailFrom: 'Plan <plan@example.com>',
      publicUrl: 'https://plan.example.com',
      plan: 'pro',
      logLevel: 'debug',
    });
  });

  it('limits sign-in attempts and trusts only a proxy on this machine by default', () => {
    expect(loadConfig({})).toMatchObject({
      authRateLimit: 100,
      trustProxy: 'loopback',
    });
    expect(loadConfig({ AUTH_RATE_LIMIT: '0', TRUST_PROXY: 'true' })).toMatchObject({
      authRateLimit: 0,
      trustProxy: true,
    });
    expect(() => loadConfig({ AUTH_RATE_LIMIT: '-1' })).toThrow('AUTH_RATE_LIMIT must be a whole number');
  });

  it('refuses private and loopback addresses for imports unless IMPORT_ALLOW_PRIVATE_ADDRESSES=true', () => {
    expect(loadConfig({})).toMatchObject({
      importAllowPrivateAddresses: false,
      importTimeoutMs: 10_000,
      importMaxBytes: 5 * 1024 * 1024,
    });
    expect(loadConfig({ IMPORT_ALLOW_PRIVATE_ADDRESSES: 'true' }).importAllowPrivateAddresses).toBe(true);
    expect(loadConfig({ IMPORT_ALLOW_PRIVATE_ADDRESSES: 'false' }).importAllowPrivateAddresses).toBe(false);
    expect(() => loadConfig({ IMPORT_ALLOW_PRIVATE_ADDRESSES: 'yes please' })).toThrow(
      'IMPORT_ALLOW_PRIVATE_ADDRESSES must be true or false, got "yes please"',
    );
  });

  it('refuses a bad PORT or PLAN with a clear message', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow('PORT must be a number');
    expect(() => loadConfig({ PLAN: 'gold' })).toThrow('PLAN must be one of free, pro, unlimited');
    // Names reachable through the object's prototype are not plans either.
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(() => loadConfig({ PLAN: name })).toThrow('PLAN must be one of free, pro, unlimited');
  });
});
