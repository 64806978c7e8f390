// The SSRF guard on its own: which addresses are refused, IPv4 hidden in IPv6, the allow list,
// names with a private address among public ones, and a request that connects to the address
// that was checked (not to what the name resolves to later).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@obra/server';
import { addressAllowed, canonicalAddress, parseWebhookUrl, post, resolveTarget } from '@obra/server/testing';
import { startReceiver, type Receiver } from './support/webhook-receiver.ts';

describe('addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.254',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '::127.0.0.1',
    // IPv4-translated (::ffff:0:0:0/96, RFC 2765): not mapped, still loopback to some stacks.
    '::ffff:0:7f00:1',
    '::ffff:0:127.0.0.1',
    '::ffff:0:808:808',
    '::2:1',
    '64:ff9b::a00:1',
    '2002:a00:1::1',
    '[::1]',
    // IANA's special-purpose IPv6 ranges: documentation, benchmarking, ORCHID, SRv6, the dummy prefix.
    '3fff::1',
    '3fff:fff:ffff::1',
    '2001:2::1',
    '2001:10::1',
    '2001:1f:ffff::1',
    '2001:20::1',
    '2001:30::1',
    '2001:3::1',
    '5f00::1',
    '100:0:0:1::1',
  ])('refuses %s', (address) => {
    expect(addressAllowed(address, [])).toBe(false);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2001:200::1',
    '3fff:1000::1',
    '5f01::1',
  ])('allows the public %s', (address) => {
    expect(addressAllowed(address, [])).toBe(true);
  });

  it('reads IPv4 inside IPv6 as IPv4', () => {
    expect(canonicalAddress('::ffff:7f00:1')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(canonicalAddress('[::FFFF:192.168.1.1]')).toEqual({ address: '192.168.1.1', family: 4 });
    expect(canonicalAddress('2001:4860::8888')).toEqual({ address: '2001:4860::8888', family: 6 });
  });

  it('lets WEBHOOK_ALLOW_PRIVATE open exactly the listed ranges, or everything', () => {
    expect(addressAllowed('127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
    expect(addressAllowed('10.0.0.1', ['127.0.0.0/8'])).toBe(false);
    expect(addressAllowed('::1', ['127.0.0.0/8'])).toBe(false);
    expect(addressAllowed('10.0.0.1', 'all')).toBe(true);
  });
});

describe('resolving', () => {
  it('refuses a name when any of its addresses is private, and takes the first otherwise', async () => {
    const url = new URL('https://hooks.example.com/x');
    await expect(
      resolveTarget(url, [], async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]),
    ).rejects.toMatchObject({ code: 'address' });
    await expect(resolveTarget(url, [], async () => [])).rejects.toMatchObject({ code: 'dns' });
    await expect(
      resolveTarget(url, [], async () => [
        { address: '2606:4700::1', family: 6 },
        { address: '93.184.215.14', family: 4 },
      ]),
    ).resolves.toEqual({ address: '2606:4700::1', family: 6 });
  });

  it('accepts only http(s) URLs without credentials', () => {
    expect(parseWebhookUrl('https://script.google.com/macros/s/abc/exec').hostname).toBe('script.google.com');
    for (const bad of ['file:///etc/passwd', 'gopher://x', 'http://a:b@x.com', '', 'x'.repeat(2001), 42])
      expect(() => parseWebhookUrl(bad)).toThrow();
  });
});

describe('sending', () => {
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('connects to the address that was checked, whatever the name is', async () => {
    const port = new URL(receiver.url()).port;
    // A name no DNS knows: only the checked address can have been used.
    const result = await post(
      new URL(`http://hooks.invalid:${port}/checked`),
      '{}',
      { 'Content-Type': 'application/json' },
      { allow: ['127.0.0.0/8'], timeoutMs: 5000, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    expect(result).toEqual({ status: 200, excerpt: 'ok' });
    expect(receiver.requests.at(-1)).toMatchObject({ path: '/checked', headers: { host: `hooks.invalid:${port}` } });
  });

  it('refuses before connecting when the name resolves to a private address', async () => {
    const before = receiver.requests.length;
    const port = new URL(receiver.url()).port;
    const result = await post(
      new URL(`http://rebound.invalid:${port}/x`),
      '{}',
      {},
      { allow: [], timeoutMs: 5000, resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
    );
    expect(result.status).toBeNull();
    expect(result.error).toMatch(/private, loopback or reserved/);
    expect(receiver.requests.length).toBe(before);
  });

  it('reads at most 64 KiB of an answer, keeps 500 characters, and gives up after the timeout', async () => {
    receiver.answer = (request) => (request.path === '/big' ? { status: 200, body: 'x'.repeat(1024 * 1024) } : { holdMs: 3000 });
    const big = await post(new URL(receiver.url('/big')), '{}', {}, { allow: 'all', timeoutMs: 5000 });
    expect(big).toEqual({ status: 200, excerpt: 'x'.repeat(500) });
    const slow = await post(new URL(receiver.url('/slow')), '{}', {}, { allow: 'all', timeoutMs: 200 });
    expect(slow).toEqual({ status: null, excerpt: '', error: 'no answer within 200 ms' });
  });
});

describe('configuration', () => {
  it('reads the webhook variables and names a bad one', () => {
    expect(loadConfig({}).webhooks).toEqual({
      allowPrivate: [],
      retryScheduleMs: [5000, 300000, 1800000, 7200000, 18000000, 36000000],
      timeoutMs: 10000,
      disableAfterHours: 72,
      pollMs: 60_000,
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_SCHEDULE: '10, 20' }).webhooks).toMatchObject({
      allowPrivate: 'all',
      retryScheduleMs: [10, 20],
    });
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: '127.0.0.0/8, ::1/128' }).webhooks.allowPrivate).toEqual(['127.0.0.0/8', '::1/128']);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'localhost' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
    expect(() => loadConfig({ WEBHOOK_RETRY_SCHEDULE: '5s,1m' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '-1' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});
