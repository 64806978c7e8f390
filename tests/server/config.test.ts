// The API's configuration: defaults, and start-up errors that name the variable to fix.
import { describe, expect, it } from 'vitest';
import { loadConfig, processCount } from '@obra/server';
import { freshDatabase, startProcess } from './support/api.ts';

describe('loadConfig', () => {
  it('has working defaults: embedded database under .data, no site approved beyond the partners, limits on', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8787,
      databaseUrl: undefined,
      databasePoolSize: 10,
      approvedOrigins: [],
      unapprovedSiteWrites: 60,
      unapprovedClientWrites: 10,
      rateLimit: { writes: 20, reads: 600, windowMs: 60_000 },
      bodyLimit: 16_384,
      minFillMs: 2000,
      trustProxy: [],
      logLevel: 'info',
    });
    expect(config.dataDir).toMatch(/[/\\]\.data$/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://obra@db/obra',
      DATABASE_POOL_SIZE: '4',
      OBRA_DATA_DIR: '/srv/obra',
      APPROVED_ORIGINS: 'https://a.example/, https://b.example',
      UNAPPROVED_SITE_WRITES: '5',
      UNAPPROVED_CLIENT_WRITES: '2',
      RATE_LIMIT: '0',
      RATE_LIMIT_READS: '5',
      RATE_LIMIT_WINDOW: '10',
      BODY_LIMIT: '1000',
      MIN_FILL_MS: '0',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_TIMEOUT_MS: '500',
      MAX_CONNECTIONS_PER_CLIENT: '7',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgres://obra@db/obra',
      databasePoolSize: 4,
      dataDir: '/srv/obra',
      approvedOrigins: ['https://a.example', 'https://b.example'],
      unapprovedSiteWrites: 5,
      unapprovedClientWrites: 2,
      rateLimit: { writes: 0, reads: 5, windowMs: 10_000 },
      bodyLimit: 1000,
      minFillMs: 0,
      trustProxy: ['127.0.0.0/8', '::1/128'],
      logLevel: 'warn',
      shutdownTimeoutMs: 500,
      http: { maxConnectionsPerClient: 7 },
    });
  });

  it('still reads CORS_ORIGINS, the former name of APPROVED_ORIGINS; the new name wins', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example' }).approvedOrigins).toEqual(['https://a.example']);
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example', APPROVED_ORIGINS: 'https://b.example' }).approvedOrigins).toEqual([
      'https://b.example',
    ]);
  });

  it('reads TRUST_PROXY as the proxies trusted: 1 is loopback, a list its addresses and ranges, 0 none', () => {
    const trusted = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trusted('true')).toEqual(['127.0.0.0/8', '::1/128']);
    expect(trusted('10.0.0.5, 192.168.1.0/24, ::1')).toEqual(['10.0.0.5/32', '192.168.1.0/24', '::1/128']);
    expect([trusted('0'), trusted('false'), trusted('')]).toEqual([[], [], []]);
    // Once `yes` meant off; now a value that names no proxy stops the start, naming what is wrong.
    expect(() => trusted('yes')).toThrow(/TRUST_PROXY must be 1 .*, got "yes"/);
    expect(() => trusted('10.0.0.1, 10.0.0.0/33')).toThrow(/TRUST_PROXY must be .*, got "10.0.0.0\/33"/);
  });

  it.each([
    ['RATE_LIMIT', 'lots', /RATE_LIMIT must be a whole number/],
    ['PORT', '-1', /PORT must be a whole number/],
    ['BODY_LIMIT', '1.5', /BODY_LIMIT must be a whole number/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL must be one of debug, info, warn, error, silent/],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});

describe('the schema', () => {
  it('treats an empty or blank value as unset, and 0 as the default where the table says "0: the default"', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '  ', DIGEST_HOUR: ' 0 ' })).toMatchObject({ port: 8787, logLevel: 'info', digestHour: 0 });
    expect(loadConfig({ RATE_LIMIT_WINDOW: '0', WEBHOOK_TIMEOUT_MS: '0', DATABASE_POOL_SIZE: '0', RATE_LIMIT: '0' })).toMatchObject({
      rateLimit: { windowMs: 60_000, writes: 0 },
      webhooks: { timeoutMs: 10_000 },
      databasePoolSize: 10,
    });
  });

  it('says what a bad value should be and what it got, for every bad variable at once, on one line', () => {
    expect(() => loadConfig({ RATE_LIMIT: 'lots', DIGEST_HOUR: '24', PUBLIC_URL: 'obra.example' })).toThrow(
      [
        'PUBLIC_URL must be an origin such as https://obra.example, got "obra.example"; fix it in the environment.',
        'DIGEST_HOUR must be an hour from 0 to 23 (UTC), got "24"; fix it in the environment.',
        'RATE_LIMIT must be a whole number of 0 or more, got "lots"; fix it in the environment.',
      ].join(' '),
    );
    // A list names the part that is wrong.
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5000, 5s' })).toThrow(/WEBHOOK_RETRY_SCHEDULE must be .*, got "5s"/);
    expect(() => processCount({ API_PROCESSES: '0' })).toThrow('API_PROCESSES must be a whole number from 1 to 64, got "0"');
    expect(processCount({})).toBe(1);
  });
});

describe('Stripe without PUBLIC_URL', () => {
  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_obra', STRIPE_WEBHOOK_SECRET: 'whsec_obra' };

  it('is refused: the Host header would name the pages Stripe sends a paying buyer back to', () => {
    expect(() => loadConfig(STRIPE)).toThrow(/Stripe Checkout needs PUBLIC_URL/);
    expect(loadConfig({ ...STRIPE, PUBLIC_URL: 'https://obra.example' }).stripe).toMatchObject({ secretKey: 'sk_test_obra' });
    // The embedded test checkout charges no one and needs no PUBLIC_URL.
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('stops the API at start with that one line and exit code 1', async () => {
    const database = await freshDatabase({ empty: true });
    try {
      const error = await startProcess('api', { ...database.env, ...STRIPE, PUBLIC_URL: '' }).then(
        async (api) => {
          await api.stop();
          return undefined;
        },
        (reason: Error) => reason,
      );
      expect(error?.message).toMatch(/exited with 1 before listening/);
      expect(error?.message).toContain('Stripe Checkout needs PUBLIC_URL');
    } finally {
      await database.drop();
    }
  });
});

describe('a bad value at start', () => {
  it.each(['api', 'host'] as const)('stops %s with exit code 1 and one line naming the variable, no stack trace', async (entry) => {
    const database = await freshDatabase({ empty: true });
    try {
      const error = await startProcess(entry, { ...database.env, RATE_LIMIT: 'lots' }).then(
        async (api) => {
          await api.stop();
          return undefined;
        },
        (reason: Error) => reason,
      );
      expect(error?.message).toMatch(/exited with 1 before listening/);
      const printed = error!.message.split('\n').slice(1).filter(Boolean);
      expect(printed).toHaveLength(1);
      expect(JSON.parse(printed[0]!)).toMatchObject({
        level: 'error',
        reason: 'RATE_LIMIT must be a whole number of 0 or more, got "lots"; fix it in the environment.',
      });
    } finally {
      await database.drop();
    }
  });
});
