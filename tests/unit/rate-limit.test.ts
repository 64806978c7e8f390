// @vitest-environment node
// The rate limit's client key (IPv4, IPv6 /64, IPv4-mapped) and its bounded memory (issue 12).
import { describe, expect, it } from 'vitest';
import { clientKey, memoryRateLimiter } from '@obra/server/testing';

describe('clientKey', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:3:4:5:6%eth0', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});

describe('memoryRateLimiter', () => {
  it('answers 429 with Retry-After past the limit, and lets the client in again after the window', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(2, 10_000, 100, () => now);
    await limiter.hit('a');
    await limiter.hit('a');
    await expect(limiter.hit('a')).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': '10' } });
    now = 10_000;
    await expect(limiter.hit('a')).resolves.toBeUndefined();
  });

  it('keeps at most maxKeys clients: finished windows go first, then the oldest', async () => {
    let now = 0;
    const limiter = memoryRateLimiter(1, 1000, 3, () => now);
    for (const client of ['a', 'b', 'c']) await limiter.hit(client);
    // A fourth client evicts the oldest (a), whose window is still running.
    await limiter.hit('d');
    await expect(limiter.hit('a')).resolves.toBeUndefined();
    // b was evicted in turn by a's return; c and d are still counted.
    await expect(limiter.hit('d')).rejects.toMatchObject({ status: 429 });
    now = 2000;
    // Every window has finished: none of the old counts survives.
    for (const client of ['a', 'b', 'c', 'd', 'e']) await expect(limiter.hit(client)).resolves.toBeUndefined();
  });

  it('does nothing with a limit of 0', async () => {
    const limiter = memoryRateLimiter(0, 1000, 10);
    for (let i = 0; i < 100; i += 1) await expect(limiter.hit('a')).resolves.toBeUndefined();
  });
});
